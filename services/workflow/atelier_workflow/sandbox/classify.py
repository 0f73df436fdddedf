"""From what the child left behind (exit status, its report, its output) to a typed CodeResult.
Pure: the runner gathers the facts, this decides what they mean."""

from __future__ import annotations

import signal
from dataclasses import dataclass
from typing import Any

from atelier_workflow.sandbox import model
from atelier_workflow.sandbox.model import CodeFailure, CodeResult, FailureKind, Layer, Limits
from atelier_workflow.sandbox.protocol import SETUP_FAILED, ChildReport

STDERR_TAIL_CHARS = 2000


@dataclass(frozen=True)
class ChildOutcome:
    returncode: int | None  # negative: killed by that signal
    report: ChildReport
    stdout: bytes
    stderr: bytes
    overflow: str  # "stdout", "stderr" or "result" when one passed its cap (the child was then killed); else ""
    wall_timed_out: bool
    duration_s: float


def classify(outcome: ChildOutcome, limits: Limits) -> CodeResult:
    """The run's result; raises SandboxUnavailable / SandboxError when no code ran."""
    layers = _setup_layers(outcome)
    result = outcome.report.result
    failure: CodeFailure | None = None
    outputs: dict[str, Any] = {}
    if outcome.wall_timed_out:
        failure = CodeFailure(FailureKind.TIMEOUT, f"the code ran longer than its time limit of {limits.wall_time_s:g} s")
    elif outcome.overflow:
        cap = limits.max_result_bytes if outcome.overflow == "result" else limits.max_output_bytes
        failure = CodeFailure(FailureKind.OUTPUT_TOO_LARGE, f"the code's {outcome.overflow} passed its limit of {cap} bytes")
    elif result is None:
        failure = _ended_without_result(outcome.returncode, limits)
    elif result.get("status") == "ok" and isinstance(result.get("outputs"), dict):
        outputs = result["outputs"]
    else:
        failure = _reported_failure(result)
    return CodeResult(
        outputs=outputs,
        stdout=outcome.stdout.decode("utf-8", "replace"),
        stderr=outcome.stderr.decode("utf-8", "replace"),
        duration_s=outcome.duration_s,
        failure=failure,
        layers=layers,
    )


def _setup_layers(outcome: ChildOutcome) -> frozenset[Layer]:
    setup = outcome.report.setup
    if setup is None:
        tail = outcome.stderr.decode("utf-8", "replace")[-STDERR_TAIL_CHARS:]
        raise model.SandboxError(f"the sandbox's child ended before it was ready ({_status(outcome.returncode)}): {tail}")
    if setup.get("setup") == SETUP_FAILED:
        raise model.SandboxUnavailable(Layer(setup["layer"]), str(setup.get("reason", "")))
    return frozenset(Layer(name) for name in setup.get("layers", ()))


def _ended_without_result(returncode: int | None, limits: Limits) -> CodeFailure:
    # SIGXCPU at the soft CPU limit; SIGKILL at the hard one, a second later, if the code caught SIGXCPU.
    if returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        return CodeFailure(FailureKind.CPU_LIMIT, f"the code used more than its CPU time limit of {limits.cpu_time_s} s")
    return CodeFailure(FailureKind.CRASHED, f"the code's process ended without a result ({_status(returncode)})")


def _reported_failure(result: dict[str, Any]) -> CodeFailure:
    try:
        kind = FailureKind(result.get("kind"))
    except ValueError:
        return CodeFailure(FailureKind.CRASHED, "the code's process wrote a malformed result")
    return CodeFailure(
        kind,
        str(result.get("message", "")),
        error_type=str(result.get("error_type", "")),
        traceback=str(result.get("traceback", "")),
    )


def _status(returncode: int | None) -> str:
    if returncode is None:
        return "still running"
    if returncode < 0:
        return f"killed by {signal.Signals(-returncode).name}"
    return f"exit code {returncode}"
