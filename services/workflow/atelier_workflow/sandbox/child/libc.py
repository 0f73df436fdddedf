"""Linux calls Python 3.11's os module lacks (unshare, mount, umount2, pivot_root, capset),
made through the C library with their C signatures. A failure raises OSError naming the call."""

from __future__ import annotations

import ctypes
import os

_libc = ctypes.CDLL(None, use_errno=True)
_c_str = ctypes.c_char_p

_libc.unshare.argtypes = [ctypes.c_int]
_libc.mount.argtypes = [_c_str, _c_str, _c_str, ctypes.c_ulong, _c_str]
_libc.umount2.argtypes = [_c_str, ctypes.c_int]
_libc.capset.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
_libc.syscall.restype = ctypes.c_long


def _check(name: str, result: int) -> int:
    if result == -1:
        err = ctypes.get_errno()
        raise OSError(err, f"{name}: {os.strerror(err)}")
    return result


def _encode(value: str | None) -> bytes | None:
    return None if value is None else os.fsencode(value)


def unshare(flags: int) -> None:
    _check("unshare", _libc.unshare(flags))


def mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    _check(f"mount {target}", _libc.mount(_encode(source), _encode(target), _encode(fstype), flags, _encode(data)))


def umount2(target: str, flags: int) -> None:
    _check(f"umount2 {target}", _libc.umount2(_encode(target), flags))


def pivot_root(new_root: str, put_old: str) -> None:
    import pyseccomp  # libseccomp knows the syscall's number on this architecture

    number = pyseccomp.resolve_syscall(pyseccomp.system_arch(), "pivot_root")
    _check("pivot_root", _libc.syscall(ctypes.c_long(number), _c_str(_encode(new_root)), _c_str(_encode(put_old))))


def capset(header: ctypes.Structure, data: ctypes.Array) -> None:  # type: ignore[type-arg]
    _check("capset", _libc.capset(ctypes.byref(header), data))

