"""Who the code runs as: never root. A root service switches the run to an unprivileged uid
(nobody by default), which empties its capability sets; a run set up through a user namespace
drops the capabilities it held there."""

from __future__ import annotations

import ctypes
import os

from atelier_workflow.sandbox.child import libc

CAP_SETUID = 7
CAP_SYS_ADMIN = 21
_CAPABILITY_VERSION_3 = 0x20080522


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


def privileged() -> bool:
    """Root with the capabilities to set up namespaces itself and then switch uid."""
    if os.geteuid() != 0:
        return False
    with open("/proc/self/status") as status:
        effective = next(int(line.split()[1], 16) for line in status if line.startswith("CapEff:"))
    return all(effective & (1 << cap) for cap in (CAP_SETUID, CAP_SYS_ADMIN))


def switch_user(uid: int, gid: int) -> None:
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)


def drop_capabilities() -> None:
    """Empty the effective, permitted and inheritable sets."""
    libc.capset(_CapHeader(_CAPABILITY_VERSION_3, 0), (_CapData * 2)())
