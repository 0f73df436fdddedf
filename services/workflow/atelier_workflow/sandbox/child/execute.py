"""Running the user's code the way Coze's code node does: the source defines
`async def main(args: Args) -> Output`, `args.params` holds the node's inputs, and the dict main
returns becomes the node's outputs. `Args` and `Output` are in scope without an import."""

from __future__ import annotations

import asyncio
import inspect
import json
import linecache
import traceback
from typing import Any

from atelier_workflow.sandbox import protocol
from atelier_workflow.sandbox.model import FailureKind

USER_FILENAME = "<code>"  # the file name tracebacks show for the user's lines
MAX_MESSAGE_CHARS = 2000
MAX_TRACEBACK_CHARS = 4000


class Args:
    def __init__(self, params: dict[str, Any]) -> None:
        self.params = params


class Output(dict):  # type: ignore[type-arg]
    """What main returns: a dict of the node's outputs."""


def new_runner() -> asyncio.Runner:
    """The event loop main runs on, made before the sandbox closes (it needs a socketpair)."""
    runner = asyncio.Runner()
    runner.get_loop()
    return runner


def run(source: str, params: dict[str, Any], runner: asyncio.Runner, max_result_bytes: int) -> bytes:
    """Run main and return the result line for the runner (see `protocol`)."""
    try:
        main = _load_main(source)
        value = runner.run(_call(main, params))
        encoded = _encode_outputs(value)
    except MemoryError as exc:
        _drop_frames(exc)
        return protocol.result_failed(FailureKind.MEMORY, "the code ran out of memory (its address-space limit)")
    except BaseException as exc:  # SystemExit and KeyboardInterrupt too: each ends the run as the code's failure
        return _failure(exc)
    if len(encoded.encode()) > max_result_bytes:
        return protocol.result_failed(
            FailureKind.OUTPUT_TOO_LARGE, f"main's result is larger than {max_result_bytes} bytes as JSON"
        )
    return protocol.result_ok(encoded)


def _load_main(source: str) -> Any:
    linecache.cache[USER_FILENAME] = (len(source), None, source.splitlines(keepends=True), USER_FILENAME)
    namespace: dict[str, Any] = {"__name__": "__main__", "Args": Args, "Output": Output}
    exec(compile(source, USER_FILENAME, "exec"), namespace)
    main = namespace.get("main")
    if not callable(main):
        raise NameError("the code must define `async def main(args: Args) -> Output`")
    return main


async def _call(main: Any, params: dict[str, Any]) -> Any:
    value = main(Args(params))
    return await value if inspect.isawaitable(value) else value


def _encode_outputs(value: Any) -> str:
    if not isinstance(value, dict):
        raise TypeError(f"main must return a dict (the node's outputs), not {type(value).__name__}")
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"main's result is not JSON: {exc}") from None


def _failure(exc: BaseException) -> bytes:
    kind = FailureKind.FORBIDDEN if _refused(exc) else FailureKind.USER_EXCEPTION
    message = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return protocol.result_failed(kind, message[:MAX_MESSAGE_CHARS], type(exc).__name__, _user_traceback(exc))


def _refused(exc: BaseException) -> bool:
    """A refusal by any layer surfaces as PermissionError (EPERM from seccomp, EACCES from Landlock,
    SandboxViolation from the audit hook), possibly wrapped by the code or a library."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, PermissionError):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def _user_traceback(exc: BaseException) -> str:
    """The traceback cut to the user's own frames (the sandbox's are noise), at most a few KB."""
    summary = traceback.TracebackException.from_exception(exc, capture_locals=False)
    summary.stack = traceback.StackSummary.from_list([f for f in summary.stack if f.filename == USER_FILENAME])
    text = "".join(summary.format(chain=False))
    return text if len(text) <= MAX_TRACEBACK_CHARS else "...\n" + text[-MAX_TRACEBACK_CHARS:]


def _drop_frames(exc: BaseException) -> None:
    """Release what the failed allocation's frames hold before anything else allocates."""
    if exc.__traceback__ is not None:
        traceback.clear_frames(exc.__traceback__)
    exc.__traceback__ = None
