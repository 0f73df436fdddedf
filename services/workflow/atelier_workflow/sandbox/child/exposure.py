"""What of the host the code may see: the interpreter's standard library and the system's shared
libraries, read-only, and a few device files. Everything else (the service's code, its virtualenv,
config, /etc, /home, /proc, other runs' scratch dirs) is absent from the sandbox's root and outside
Landlock's rules."""

from __future__ import annotations

import os
import sys
import sysconfig
from dataclasses import dataclass

# /usr holds the shared libraries extension modules load (libssl, libffi, libz...) and zoneinfo;
# the top-level lib dirs are symlinks into it on merged-/usr systems and real dirs elsewhere.
SYSTEM_READ_PATHS = ("/usr", "/lib", "/lib64", "/etc/ld.so.cache")
READ_DEVICES = ("/dev/urandom", "/dev/random", "/dev/zero")
WRITE_DEVICES = ("/dev/null",)


@dataclass(frozen=True)
class Exposure:
    read_paths: tuple[str, ...]  # real paths (dirs or files), none inside another
    symlinks: tuple[tuple[str, str], ...]  # (path, target) of top-level symlinks to recreate
    read_devices: tuple[str, ...]
    write_devices: tuple[str, ...]
    import_paths: tuple[str, ...]  # sys.path entries the code keeps


def stdlib_dir() -> str:
    return os.path.realpath(sysconfig.get_path("stdlib"))


def runtime_exposure(extra_read_paths: tuple[str, ...]) -> Exposure:
    stdlib = stdlib_dir()
    wanted: list[str] = []
    symlinks: list[tuple[str, str]] = []
    for path in (*SYSTEM_READ_PATHS, stdlib, *extra_read_paths):
        if os.path.islink(path) and os.path.dirname(path) == "/":
            symlinks.append((path, os.readlink(path)))
            path = os.path.realpath(path)
        if os.path.exists(path):
            wanted.append(os.path.realpath(path))
    read_paths = tuple(sorted({p for p in wanted if not any(inside(p, q) for q in wanted if q != p)}))
    import_paths = tuple(
        p for p in _sys_path() if os.path.isdir(p) and inside(p, stdlib) and "site-packages" not in p
    )
    return Exposure(
        read_paths=read_paths,
        symlinks=tuple(symlinks),
        read_devices=tuple(d for d in READ_DEVICES if os.path.exists(d)),
        write_devices=tuple(d for d in WRITE_DEVICES if os.path.exists(d)),
        import_paths=import_paths,
    )


def _sys_path() -> list[str]:
    return [os.path.realpath(p) for p in sys.path if p]


def inside(path: str, parent: str) -> bool:
    return path == parent or path.startswith(parent.rstrip("/") + "/")
