"""Kernel resource limits of the run, set by the child on itself before the code runs. Soft and
hard limits are equal (the code cannot raise them) except CPU, whose soft limit sends SIGXCPU."""

from __future__ import annotations

import resource

from atelier_workflow.sandbox.model import Limits


def disable_core_dumps() -> None:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def apply(limits: Limits) -> None:
    disable_core_dumps()
    resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_time_s, limits.cpu_time_s + 1))
    resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits.max_file_bytes, limits.max_file_bytes))
    resource.setrlimit(resource.RLIMIT_NOFILE, (limits.max_open_files, limits.max_open_files))
    # Counted per user namespace: with the namespaces layer, this run's threads only.
    resource.setrlimit(resource.RLIMIT_NPROC, (limits.max_threads, limits.max_threads))
