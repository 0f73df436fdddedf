"""The audit-hook layer (PEP 578): refuses, with a message a user can read, what the kernel layers
refuse anyway: sockets, new processes, signals, ctypes and other native escape hatches, and files
outside the scratch dir and the runtime. A second line only: Python code cannot remove the hook,
but native code can get past it, and the kernel layers do not rely on it."""

from __future__ import annotations

import os
import sys
from typing import Any

from atelier_workflow.sandbox.child.exposure import Exposure, inside

# Event name prefixes, each with what the refusal tells the user.
REFUSED_EVENTS = (
    ("socket.", "network access"),
    ("subprocess.", "starting processes"),
    ("os.system", "starting processes"),
    ("os.exec", "starting processes"),
    ("os.spawn", "starting processes"),
    ("os.posix_spawn", "starting processes"),
    ("os.fork", "starting processes"),
    ("pty.", "starting processes"),
    ("os.kill", "signalling processes"),
    ("os.killpg", "signalling processes"),
    ("ctypes.", "native code (ctypes)"),
    ("gc.get_", "reaching interpreter internals"),
    ("sys._current_frames", "reaching interpreter internals"),
    ("sys.addaudithook", "changing the sandbox"),
)
REFUSED_MODULES = frozenset({"ctypes", "_ctypes", "multiprocessing", "_multiprocessing", "_posixsubprocess", "pty"})
# Events whose leading string arguments are paths that must lie in the scratch dir.
WRITE_EVENTS = frozenset({
    "os.mkdir", "os.remove", "os.rmdir", "os.rename", "os.chmod", "os.chown", "os.symlink", "os.link",
    "os.truncate", "os.utime", "os.chflags", "os.setxattr", "os.removexattr", "shutil.rmtree", "shutil.move",
})
READ_EVENTS = frozenset({"os.listdir", "os.scandir", "os.listxattr", "os.getxattr", "glob.glob", "os.chdir"})
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class SandboxViolation(PermissionError):
    """Raised in place of an operation the sandbox refuses."""


def install(scratch: str, exposure: Exposure) -> None:
    readable = (*exposure.read_paths, *exposure.read_devices, *exposure.write_devices, scratch)
    writable = (scratch, *exposure.write_devices)

    def refuse(what: str, detail: str) -> None:
        raise SandboxViolation(f"the code sandbox refuses {what}: {detail}")

    def check_path(event: str, path: Any, writing: bool) -> None:
        if isinstance(path, int) or path is None:  # an already open descriptor
            return
        absolute = os.path.abspath(os.fsdecode(path))
        if not any(inside(absolute, allowed) for allowed in (writable if writing else readable)):
            refuse("writing outside the scratch dir" if writing else "reading outside the scratch dir", absolute)

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if event == "open":
            path, mode, flags = args
            writing = bool(flags & _WRITE_FLAGS) or (isinstance(mode, str) and any(c in mode for c in "wax+"))
            check_path(event, path, writing)
        elif event == "import":
            if args[0].partition(".")[0] in REFUSED_MODULES:
                refuse("importing this module", args[0])
        elif event in WRITE_EVENTS:
            for arg in args[:2]:
                if isinstance(arg, (str, bytes, os.PathLike)):
                    check_path(event, arg, writing=True)
        elif event in READ_EVENTS:
            if args and isinstance(args[0], (str, bytes, os.PathLike)):
                check_path(event, args[0], writing=False)
        else:
            for prefix, what in REFUSED_EVENTS:
                if event.startswith(prefix):
                    refuse(what, event)

    sys.addaudithook(hook)

