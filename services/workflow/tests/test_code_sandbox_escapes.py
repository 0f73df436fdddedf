"""Escape attempts, each refused. Most run twice: with every layer, and without the audit hook, so
the kernel layers are shown to hold by themselves; the network, file and signal attempts also run
against each kernel layer alone. A control case runs the same attack with no layer at all and
shows it succeeds, so a refusal here is the sandbox's doing, not a broken attack."""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import subprocess
import tempfile
import textwrap
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from atelier_workflow.sandbox import ALL_LAYERS, CodeResult, FailureKind, Layer, SandboxPolicy, run_code

ALL = SandboxPolicy()
KERNEL_ONLY = SandboxPolicy(layers=ALL_LAYERS - {Layer.AUDIT_HOOK})
NO_LAYER = SandboxPolicy(layers=frozenset())  # the control: a separate process with rlimits, and nothing more


def only(layer: Layer) -> SandboxPolicy:
    return SandboxPolicy(layers=frozenset({layer}))


HOOK_AND_KERNEL = pytest.mark.parametrize("policy", [ALL, KERNEL_ONLY], ids=["all-layers", "kernel-layers-only"])


def code(source: str) -> str:
    return textwrap.dedent(source).lstrip()


def refused(result: CodeResult) -> bool:
    return result.failure is not None and result.failure.kind in (FailureKind.FORBIDDEN, FailureKind.USER_EXCEPTION)


class ConnectionCounter:
    def __init__(self) -> None:
        self.connections = 0

    def accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        writer.close()


@pytest.fixture
async def tcp_server() -> AsyncIterator[tuple[int, ConnectionCounter]]:
    counter = ConnectionCounter()
    server = await asyncio.start_server(counter.accept, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        yield port, counter


@pytest.fixture
def open_dir() -> Iterator[Path]:
    """A host dir anyone may read and write: only the sandbox stands between the code and it."""
    with tempfile.TemporaryDirectory(prefix="sandbox-escape-") as name:
        os.chmod(name, 0o777)
        yield Path(name)


CONNECT = code("""
    import socket

    async def main(args):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.settimeout(2)
            s.connect(("127.0.0.1", args.params["port"]))
            return {"connected": True}
""")


@pytest.mark.parametrize(
    "policy",
    [ALL, KERNEL_ONLY, only(Layer.NAMESPACES), only(Layer.LANDLOCK), only(Layer.SECCOMP)],
    ids=["all-layers", "kernel-layers-only", "namespaces-only", "landlock-only", "seccomp-only"],
)
async def test_tcp_connection_to_a_local_server_is_refused(policy: SandboxPolicy, tcp_server: tuple[int, ConnectionCounter]) -> None:
    port, counter = tcp_server
    result = await run_code(CONNECT, {"port": port}, policy=policy)
    await asyncio.sleep(0.05)
    assert refused(result), result
    assert counter.connections == 0
    if policy.layers != {Layer.NAMESPACES}:  # there the empty network namespace answers ENETUNREACH
        assert result.failure is not None and result.failure.kind is FailureKind.FORBIDDEN


async def test_network_refusal_names_what_was_refused(tcp_server: tuple[int, ConnectionCounter]) -> None:
    result = await run_code(CONNECT, {"port": tcp_server[0]})
    assert result.failure is not None
    assert result.failure.error_type == "SandboxViolation"
    assert "refuses network access" in result.failure.message


async def test_control_without_layers_the_connection_goes_through(tcp_server: tuple[int, ConnectionCounter]) -> None:
    port, counter = tcp_server
    result = await run_code(CONNECT, {"port": port}, policy=NO_LAYER)
    await asyncio.sleep(0.05)
    assert result.outputs == {"connected": True}, result
    assert counter.connections == 1


READ = code("""
    async def main(args):
        with open(args.params["path"]) as f:
            return {"text": f.read()}
""")
FILE_POLICIES = pytest.mark.parametrize(
    "policy",
    [ALL, KERNEL_ONLY, only(Layer.NAMESPACES), only(Layer.LANDLOCK)],
    ids=["all-layers", "kernel-layers-only", "namespaces-only", "landlock-only"],
)


@FILE_POLICIES
async def test_reading_files_outside_scratch_is_refused(policy: SandboxPolicy, open_dir: Path) -> None:
    secret = open_dir / "secret.txt"
    secret.write_text("the service's secret")
    secret.chmod(0o644)
    for path in ("/etc/passwd", str(secret)):
        result = await run_code(READ, {"path": path}, policy=policy)
        assert refused(result), (path, result)
        assert "root:" not in result.stdout and "secret" not in str(result.outputs)


@FILE_POLICIES
async def test_listing_the_host_shows_nothing_of_it(policy: SandboxPolicy) -> None:
    source = code("""
        import os

        async def main(args):
            return {"root": sorted(os.listdir("/")), "etc": os.listdir("/etc")}
    """)
    result = await run_code(source, {}, policy=policy)
    if result.failure is None:  # the namespaces layer answers with its own small root
        assert not {"home", "work", "proc", "var", "run"} & set(result.outputs["root"]), result.outputs
        assert result.outputs["etc"] == ["ld.so.cache"]
    else:
        assert result.failure.kind is FailureKind.FORBIDDEN


async def test_control_without_layers_the_file_is_read(open_dir: Path) -> None:
    secret = open_dir / "secret.txt"
    secret.write_text("the service's secret")
    secret.chmod(0o644)
    result = await run_code(READ, {"path": str(secret)}, policy=NO_LAYER)
    assert result.outputs == {"text": "the service's secret"}


WRITE = code("""
    async def main(args):
        with open(args.params["path"], "w") as f:
            f.write("escaped")
        return {}
""")


@FILE_POLICIES
async def test_writing_outside_scratch_is_refused(policy: SandboxPolicy, open_dir: Path) -> None:
    target = open_dir / "escaped.txt"
    result = await run_code(WRITE, {"path": str(target)}, policy=policy)
    assert refused(result), result
    assert not target.exists()


async def test_control_without_layers_the_file_is_written(open_dir: Path) -> None:
    target = open_dir / "escaped.txt"
    result = await run_code(WRITE, {"path": str(target)}, policy=NO_LAYER)
    assert result.failure is None
    assert target.read_text() == "escaped"


@HOOK_AND_KERNEL
async def test_fork_bomb_is_refused(policy: SandboxPolicy) -> None:
    source = code("""
        import os

        async def main(args):
            while True:
                os.fork()
    """)
    result = await run_code(source, {}, policy=policy)
    assert result.failure is not None and result.failure.kind is FailureKind.FORBIDDEN, result
    assert result.duration_s < 5


@HOOK_AND_KERNEL
async def test_subprocess_and_os_system_are_refused(policy: SandboxPolicy, open_dir: Path) -> None:
    marker = open_dir / "ran.txt"
    for call in (f"subprocess.run(['/bin/sh', '-c', 'echo ran > {marker}'])", f"os.system('echo ran > {marker}')"):
        source = f"import os, subprocess\n\nasync def main(args):\n    status = {call}\n    return {{'status': str(status)}}\n"
        result = await run_code(source, {}, policy=policy)
        assert result.failure is not None or result.outputs["status"] not in ("0", "CompletedProcess"), (call, result)
        if result.failure is not None:
            assert result.failure.kind is FailureKind.FORBIDDEN, (call, result)
        assert not marker.exists()


@HOOK_AND_KERNEL
async def test_ctypes_cannot_open_a_socket_or_fork(policy: SandboxPolicy, tcp_server: tuple[int, ConnectionCounter]) -> None:
    port, counter = tcp_server
    source = code("""
        import ctypes, os, socket

        async def main(args):
            libc = ctypes.CDLL(None, use_errno=True)
            fd = libc.socket(socket.AF_INET, socket.SOCK_STREAM, 0)
            if fd >= 0:
                port = args.params["port"].to_bytes(2, "big")
                address = socket.AF_INET.to_bytes(2, "little") + port + socket.inet_aton("127.0.0.1") + bytes(8)
                libc.connect(fd, address, len(address))
            pid = libc.fork()
            if pid == 0:
                os._exit(0)
            if fd < 0 or pid < 0:
                raise OSError(ctypes.get_errno(), "refused")
            return {"fd": fd, "pid": pid}
    """)
    result = await run_code(source, {"port": port}, policy=policy)
    await asyncio.sleep(0.05)
    assert result.failure is not None and result.failure.kind is FailureKind.FORBIDDEN, result
    assert counter.connections == 0


@pytest.fixture
def same_uid_victim() -> Iterator[tuple[SandboxPolicy, subprocess.Popen[bytes]]]:
    """A process running as the very uid the run will get, so only the sandbox keeps them apart."""
    uid = 1_600_000_000 + secrets.randbelow(1_000_000)
    victim = subprocess.Popen(["sleep", "30"], user=uid, group=uid)
    try:
        yield SandboxPolicy(run_uid_base=uid, run_uid_count=1), victim
    finally:
        victim.kill()
        victim.wait()


@pytest.mark.parametrize(
    "layers",
    [ALL_LAYERS, ALL_LAYERS - {Layer.AUDIT_HOOK}, frozenset({Layer.SECCOMP}), frozenset({Layer.LANDLOCK})],
    ids=["all-layers", "kernel-layers-only", "seccomp-only", "landlock-only"],
)
async def test_signalling_another_process_of_the_same_uid_is_refused(
    layers: frozenset[Layer], same_uid_victim: tuple[SandboxPolicy, subprocess.Popen[bytes]]
) -> None:
    if os.geteuid() != 0:
        pytest.skip("needs a root service, which gives each run its own uid")
    base, victim = same_uid_victim
    policy = SandboxPolicy(layers=layers, run_uid_base=base.run_uid_base, run_uid_count=1)
    source = f"import os, signal\n\nasync def main(args):\n    os.kill({victim.pid}, signal.SIGKILL)\n    return {{}}\n"
    result = await run_code(source, {}, policy=policy)
    await asyncio.sleep(0.05)
    assert result.failure is not None and result.failure.kind is FailureKind.FORBIDDEN, result
    assert victim.poll() is None


async def test_control_without_layers_the_same_uid_process_is_killed(
    same_uid_victim: tuple[SandboxPolicy, subprocess.Popen[bytes]],
) -> None:
    if os.geteuid() != 0:
        pytest.skip("needs a root service, which gives each run its own uid")
    base, victim = same_uid_victim
    policy = SandboxPolicy(layers=frozenset(), run_uid_base=base.run_uid_base, run_uid_count=1)
    source = f"import os, signal\n\nasync def main(args):\n    os.kill({victim.pid}, signal.SIGKILL)\n    return {{}}\n"
    result = await run_code(source, {}, policy=policy)
    assert result.failure is None, result
    assert victim.wait(timeout=5) == -signal.SIGKILL
