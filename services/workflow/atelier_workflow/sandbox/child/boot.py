"""The sandbox child: a fresh interpreter per run that reads its request, closes itself in layer by
layer, and only then runs the user's code. Started by `runner.py` (see its LAUNCH), never by hand.

Order matters: namespaces need privileges the later steps give up; Landlock opens the paths it
allows while the service's uid can still reach them, before the uid switch and rlimits; the event loop is made before seccomp (it needs a socketpair); the audit
hook goes last, since loading the seccomp filter calls into ctypes."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from atelier_workflow.sandbox import protocol
from atelier_workflow.sandbox.child import (
    audit,
    execute,
    exposure,
    landlock_layer,
    namespaces,
    privileges,
    rlimits,
    seccomp_layer,
)
from atelier_workflow.sandbox.model import Layer

try:  # now, while ldconfig can still find libseccomp; a host without it has no seccomp layer
    import pyseccomp  # noqa: F401
except (ImportError, RuntimeError):
    pass

SETUP_FAILED_EXIT = 70
# Modules of the sandbox's own machinery that hold ctypes handles: the code has no use for them.
_MACHINERY_MODULES = ("pyseccomp", "py_landlock", "ctypes", "_ctypes", "atelier_workflow.sandbox.child.libc")


class _Layers:
    def __init__(self, request: protocol.Request, result_fd: int) -> None:
        self.request = request
        self.result_fd = result_fd
        self.active: set[Layer] = set()

    def apply(self, layer: Layer, step: Callable[[], object]) -> None:
        """Apply a requested layer; a required one that fails ends the run before any code runs."""
        if layer not in self.request.layers:
            return
        try:
            step()
        except Exception as exc:  # noqa: BLE001 - any failure means the layer is not in force
            if layer in self.request.required:
                write_all(self.result_fd, protocol.setup_failed(layer, f"{type(exc).__name__}: {exc}"))
                os._exit(SETUP_FAILED_EXIT)
            return
        self.active.add(layer)


def main(result_fd: int) -> None:
    request = protocol.decode_request(sys.stdin.buffer.read())
    _stdin_from_devnull()
    rlimits.disable_core_dumps()
    privileged = privileges.privileged()
    owner = (request.uid, request.gid) if privileged else (os.getuid(), os.getgid())
    view = exposure.runtime_exposure(request.extra_read_paths)
    layers = _Layers(request, result_fd)
    landlock_layer.prepare()

    layers.apply(
        Layer.NAMESPACES,
        lambda: namespaces.enter(request.scratch, view, request.limits.scratch_bytes, owner, privileged),
    )
    layers.apply(Layer.LANDLOCK, lambda: landlock_layer.restrict(view, request.scratch))
    if privileged:
        privileges.switch_user(*owner)
    rlimits.apply(request.limits)
    _reset_process_state(request.scratch, view)
    runner = execute.new_runner()
    layers.apply(Layer.SECCOMP, lambda: seccomp_layer.load(os.getpid()))
    layers.apply(Layer.AUDIT_HOOK, lambda: audit.install(request.scratch, view))
    write_all(result_fd, protocol.setup_ok(frozenset(layers.active)))

    for name in _MACHINERY_MODULES:
        sys.modules.pop(name, None)
    line = execute.run(request.source, request.params, runner, request.limits.max_result_bytes)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    write_all(result_fd, line)
    os._exit(0)  # no atexit handlers of the code's after its result


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _stdin_from_devnull() -> None:
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)


def _reset_process_state(scratch: str, view: exposure.Exposure) -> None:
    """Nothing of the service's environment or import system reaches the code."""
    os.environ.clear()
    os.environ.update(HOME=scratch, TMPDIR=scratch, LANG="C.UTF-8")
    os.umask(0o077)
    sys.path[:] = view.import_paths
    sys.path_importer_cache.clear()
    sys.meta_path[:] = [finder for finder in sys.meta_path if finder.__module__.startswith("_frozen_importlib")]
