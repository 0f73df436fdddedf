"""run_code: one fresh, sandboxed interpreter per run (the I/O edge of the sandbox).

The child gets the request as JSON on stdin and answers on a pipe of its own (`protocol`); its
stdout and stderr are captured, each read only up to its cap. It runs in a session of its own, so
the whole process group is killed at the wall-time limit, at an output cap, or when the caller is
cancelled. Its scratch dir (cwd and HOME) is made here and deleted afterwards."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib.util
import os
import secrets
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from atelier_workflow.sandbox import protocol
from atelier_workflow.sandbox.child import privileges
from atelier_workflow.sandbox.classify import ChildOutcome, classify
from atelier_workflow.sandbox.model import CodeFailure, CodeResult, FailureKind, Limits, SandboxPolicy

# The child: isolated mode (-I: no PYTHON* variables, no user site), no site module (-S: the venv's
# .pth hooks cost ~50 ms), no .pyc writes, UTF-8 stdio whatever the (empty) locale says.
LAUNCH = (
    "import sys; sys.path[:0] = sys.argv[2:]; "
    "from atelier_workflow.sandbox.child.boot import main; main(int(sys.argv[1]))"
)
INTERPRETER_FLAGS = ("-I", "-S", "-B", "-X", "utf8")
SETUP_LINE_ROOM = 4096  # the result pipe also carries the setup report and the result's envelope
READ_CHUNK = 65536


@functools.cache
def _child_import_dirs() -> tuple[str, ...]:
    """Where the child finds this package, pyseccomp and py_landlock, without the site module."""
    dirs: list[str] = []
    for module in ("atelier_workflow", "pyseccomp", "py_landlock"):
        spec = importlib.util.find_spec(module)
        if spec is None or spec.origin is None:
            raise ModuleNotFoundError(f"the code sandbox needs {module}")
        origin = Path(spec.origin)
        top = origin.parent.parent if origin.name == "__init__.py" else origin.parent
        if str(top) not in dirs:
            dirs.append(str(top))
    return tuple(dirs)


async def run_code(
    source: str, params: dict[str, Any], limits: Limits | None = None, policy: SandboxPolicy | None = None
) -> CodeResult:
    """Run `async def main(args)` from `source` with `args.params = params` in a fresh sandbox.

    Failures of the code come back typed in CodeResult.failure; SandboxUnavailable is raised when a
    required layer cannot be applied on this host, ValueError when params are not JSON."""
    limits = limits or Limits()
    policy = policy or SandboxPolicy()
    run_uid = policy.run_uid_base + secrets.randbelow(policy.run_uid_count)
    scratch = tempfile.mkdtemp(prefix="atelier-code-", dir=policy.scratch_root)
    try:
        try:
            request = protocol.encode_request(source, params, limits, policy, scratch, run_uid)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"the code's params are not JSON: {exc}") from None
        if len(request) > limits.max_input_bytes:
            message = f"the code and its params are larger than {limits.max_input_bytes} bytes as JSON"
            return CodeResult(failure=CodeFailure(FailureKind.INPUT_TOO_LARGE, message))
        if privileges.privileged():  # the run switches to its own uid, which writes here without namespaces
            os.chown(scratch, run_uid, run_uid)
        outcome = await _run_child(request, scratch, limits)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return classify(outcome, limits)


class _Capped:
    """Reads one stream up to a cap; past it, records the overflow and kills the child."""

    def __init__(self, name: str, cap: int, on_overflow: Any) -> None:
        self.name, self.cap, self.on_overflow = name, cap, on_overflow
        self.data = bytearray()
        self.overflowed = False

    async def drain(self, reader: asyncio.StreamReader) -> None:
        while chunk := await reader.read(READ_CHUNK):
            self.data += chunk
            if len(self.data) > self.cap:
                del self.data[self.cap :]
                self.overflowed = True
                self.on_overflow()
                return


async def _run_child(request: bytes, scratch: str, limits: Limits) -> ChildOutcome:
    loop = asyncio.get_running_loop()
    read_fd, write_fd = os.pipe()
    try:
        process = await asyncio.create_subprocess_exec(
            sys.executable, *INTERPRETER_FLAGS, "-c", LAUNCH, str(write_fd), *_child_import_dirs(),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            pass_fds=(write_fd,),
            env={},
            cwd=scratch,
            start_new_session=True,
        )
    except BaseException:
        os.close(read_fd)
        raise
    finally:
        os.close(write_fd)
    started = time.monotonic()

    def kill() -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)

    result_reader = asyncio.StreamReader()
    transport, _ = await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(result_reader), os.fdopen(read_fd, "rb", buffering=0)
    )
    assert process.stdin and process.stdout and process.stderr
    stdout = _Capped("stdout", limits.max_output_bytes, kill)
    stderr = _Capped("stderr", limits.max_output_bytes, kill)
    result = _Capped("result", limits.max_result_bytes + SETUP_LINE_ROOM, kill)
    timed_out = False
    try:
        async with asyncio.timeout(limits.wall_time_s):
            await asyncio.gather(
                _feed(process.stdin, request),
                stdout.drain(process.stdout),
                stderr.drain(process.stderr),
                result.drain(result_reader),
                process.wait(),
            )
    except TimeoutError:
        timed_out = True
    finally:
        if process.returncode is None:
            kill()
            await process.wait()
        transport.close()
    overflow = next((c.name for c in (stdout, stderr, result) if c.overflowed), "")
    return ChildOutcome(
        returncode=process.returncode,
        report=protocol.parse_report(bytes(result.data)),
        stdout=bytes(stdout.data),
        stderr=bytes(stderr.data),
        overflow=overflow,
        wall_timed_out=timed_out and not overflow,
        duration_s=time.monotonic() - started,
    )


async def _feed(stdin: asyncio.StreamWriter, request: bytes) -> None:
    try:
        stdin.write(request)
        await stdin.drain()
    except (BrokenPipeError, ConnectionResetError):
        pass  # the child died early; its exit status tells why
    finally:
        stdin.close()
