"""What a code run is given and what it gives back: limits, the sandbox's layers, typed results.

Pure data, no I/O: the runner (`runner.py`) and the child (`child/`) both build on it."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

MIB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """Caps of one run. Times in seconds, sizes in bytes."""

    wall_time_s: float = 10.0  # whole run, start to exit; the process group is killed past it
    cpu_time_s: int = 5  # RLIMIT_CPU: SIGXCPU at this, SIGKILL one second later
    memory_bytes: int = 256 * MIB  # RLIMIT_AS of the interpreter running the code
    max_output_bytes: int = 64 * 1024  # stdout, and stderr, each
    max_result_bytes: int = 1 * MIB  # main()'s return value as JSON
    max_input_bytes: int = 1 * MIB  # source plus params as JSON
    max_file_bytes: int = 8 * MIB  # RLIMIT_FSIZE: largest file the code may write in its scratch dir
    scratch_bytes: int = 16 * MIB  # size of the scratch tmpfs (namespaces layer)
    max_open_files: int = 64  # RLIMIT_NOFILE
    max_threads: int = 8  # RLIMIT_NPROC of the sandbox user (threads count; processes are refused anyway)

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if value <= 0:
                raise ValueError(f"sandbox limit {name} must be positive, got {value!r}")


class Layer(StrEnum):
    """Independent isolation layers, each applied by the child before the code runs.

    A process of its own with rlimits, an empty environment, a scratch cwd/HOME and (when the
    service runs as root) an unprivileged uid is the base every run has; these come on top."""

    NAMESPACES = "namespaces"  # user+mount+net+ipc+uts+cgroup namespaces, minimal read-only root, tmpfs scratch
    LANDLOCK = "landlock"  # kernel LSM: file access only to the runtime (read) and scratch (read-write); no TCP; signals scoped
    SECCOMP = "seccomp"  # syscall filter: no sockets, exec, fork, ptrace, mount, namespaces, io_uring, bpf...
    AUDIT_HOOK = "audit_hook"  # PEP 578 hook refusing sockets, processes, ctypes, files outside scratch; a second line only


ALL_LAYERS: frozenset[Layer] = frozenset(Layer)


@dataclass(frozen=True)
class SandboxPolicy:
    """How runs are isolated on this host (operator configuration, not per node)."""

    layers: frozenset[Layer] = ALL_LAYERS  # layers applied; fewer only to diagnose a host
    optional: frozenset[Layer] = frozenset()  # layers that may be missing on this host (a weaker sandbox)
    # A root service runs each run as its own uid and gid, drawn from this range (no host account owns
    # them): concurrent runs cannot signal or read each other, and RLIMIT_NPROC counts one run's threads.
    run_uid_base: int = 1_600_000_000
    run_uid_count: int = 65536
    extra_read_paths: tuple[str, ...] = ()  # more read-only paths for the code (e.g. a site-packages of allowed modules)
    scratch_root: str | None = None  # where scratch dirs are made; None means the system temp dir

    @property
    def required(self) -> frozenset[Layer]:
        return self.layers - self.optional


class FailureKind(StrEnum):
    TIMEOUT = "timeout"  # wall time exceeded (sleeping, waiting, or just slow)
    CPU_LIMIT = "cpu_limit"  # CPU time exceeded (a busy loop)
    MEMORY = "memory"  # address-space limit hit (MemoryError)
    OUTPUT_TOO_LARGE = "output_too_large"  # stdout, stderr or the result over its cap
    INPUT_TOO_LARGE = "input_too_large"  # source plus params over the input cap; nothing was started
    USER_EXCEPTION = "user_exception"  # the code raised (or does not define a usable main)
    FORBIDDEN = "forbidden"  # the code tried something the sandbox refuses (network, files, processes...)
    CRASHED = "crashed"  # the process ended without a result (os._exit, a signal)


@dataclass(frozen=True)
class CodeFailure:
    kind: FailureKind
    message: str
    error_type: str = ""  # the exception's class name, for user exceptions and refusals
    traceback: str = ""  # trimmed to the user's own frames


@dataclass(frozen=True)
class CodeResult:
    outputs: dict[str, Any] = field(default_factory=dict)  # main()'s return value; empty on failure
    stdout: str = ""
    stderr: str = ""
    duration_s: float = 0.0
    failure: CodeFailure | None = None
    layers: frozenset[Layer] = frozenset()  # layers that were in force for this run

    @property
    def ok(self) -> bool:
        return self.failure is None


class SandboxError(RuntimeError):
    """The sandbox itself failed (not the code): its child died before it was ready to run code."""


class SandboxUnavailable(SandboxError):
    """A required layer could not be applied on this host: no code runs (fail closed)."""

    def __init__(self, layer: Layer, reason: str) -> None:
        self.layer = layer
        self.reason = reason
        super().__init__(
            f"code sandbox layer '{layer}' is unavailable on this host: {reason}. Code nodes refuse to run "
            f"without it; to accept a weaker sandbox, list it in ATELIER_CODE_SANDBOX_OPTIONAL_LAYERS "
            f"(README: Workflow code nodes: the sandbox)"
        )
