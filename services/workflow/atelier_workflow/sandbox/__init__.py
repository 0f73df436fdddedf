"""The code node's sandbox: runs untrusted Python (Coze's `async def main(args: Args) -> Output`)
in a fresh, isolated child process. See the README's "Workflow code nodes: the sandbox"."""

from typing import Any

from atelier_workflow.sandbox.model import (
    ALL_LAYERS,
    CodeFailure,
    CodeResult,
    FailureKind,
    Layer,
    Limits,
    SandboxError,
    SandboxPolicy,
    SandboxUnavailable,
)

__all__ = [
    "ALL_LAYERS",
    "CodeFailure",
    "CodeResult",
    "FailureKind",
    "Layer",
    "Limits",
    "SandboxError",
    "SandboxPolicy",
    "SandboxUnavailable",
    "run_code",
]


def __getattr__(name: str) -> Any:
    # run_code is imported on first use: the sandbox's child imports this package too, and every
    # module it loads is paid for on each run.
    if name == "run_code":
        from atelier_workflow.sandbox.runner import run_code

        return run_code
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
