"""The namespaces layer: the run gets its own mount, network, IPC, UTS and cgroup namespaces.

- network: a fresh namespace whose only interface, loopback, is down: nothing is reachable, not
  even the host's 127.0.0.1, and the host's abstract unix sockets are out of sight;
- mount: a new root made of a small read-only tmpfs holding read-only bind mounts of the runtime
  (`exposure.py`), a few device files and the scratch dir, a size-capped tmpfs that vanishes with
  the run; the host's tree is detached (pivot_root), so no other path exists at all.

A root service sets this up with its own privileges, then the run switches to the sandbox uid,
which drops every capability. Any other service (or root without CAP_SYS_ADMIN) goes through an
unprivileged user namespace that maps its uid to itself; the capabilities held there are dropped
once the root is built, and RLIMIT_NPROC then counts this run's threads only."""

from __future__ import annotations

import os

from atelier_workflow.sandbox.child import libc, privileges
from atelier_workflow.sandbox.child.exposure import Exposure

CLONE_NEWNS = 0x00020000
CLONE_NEWCGROUP = 0x02000000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWNET = 0x40000000

MS_RDONLY = 0x1
MS_NOSUID = 0x2
MS_NODEV = 0x4
MS_NOEXEC = 0x8
MS_REMOUNT = 0x20
MS_NOATIME = 0x400
MS_NODIRATIME = 0x800
MS_BIND = 0x1000
MS_REC = 0x4000
MS_PRIVATE = 0x40000
MS_RELATIME = 0x200000
MNT_DETACH = 0x2

# A read-only remount inside a user namespace must keep the flags the host mount is locked with.
_STATVFS_TO_MOUNT_FLAGS = {
    os.ST_NOSUID: MS_NOSUID,
    os.ST_NODEV: MS_NODEV,
    os.ST_NOEXEC: MS_NOEXEC,
    os.ST_NOATIME: MS_NOATIME,
    os.ST_NODIRATIME: MS_NODIRATIME,
    os.ST_RELATIME: MS_RELATIME,
}
ROOT_TMPFS_OPTIONS = "size=1m,mode=0755"


def enter(scratch: str, exposure: Exposure, scratch_bytes: int, owner: tuple[int, int], privileged: bool) -> None:
    """Enter the namespaces and pivot into the new root, cwd at the scratch dir owned by `owner`."""
    flags = CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP
    if privileged:
        libc.unshare(flags)
    else:
        uid, gid = os.getuid(), os.getgid()
        libc.unshare(flags | CLONE_NEWUSER)
        _map_identity(uid, gid)
    os.umask(0o022)
    libc.mount(None, "/", None, MS_REC | MS_PRIVATE)  # nothing mounted from here on reaches the host
    # The new root is a tmpfs mounted over the scratch dir's own path; the scratch tmpfs then goes at
    # that same path inside it, so the code's cwd is where the host made it.
    root = scratch
    libc.mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, ROOT_TMPFS_OPTIONS)
    for link, target in exposure.symlinks:
        os.symlink(target, root + link)
    for path in exposure.read_paths:
        _bind(path, root + path, read_only=True)
    for path in (*exposure.read_devices, *exposure.write_devices):
        _bind(path, root + path, read_only=False)
    os.makedirs(root + scratch, mode=0o755)
    uid, gid = owner
    libc.mount(
        "tmpfs", root + scratch, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC,
        f"size={scratch_bytes},mode=0700,uid={uid},gid={gid}",
    )
    os.chdir(root)
    libc.pivot_root(".", ".")  # stacks the old root over the new one...
    libc.umount2(".", MNT_DETACH)  # ...and lets go of it: the host's tree is gone from this namespace
    libc.mount(None, "/", None, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)
    os.chdir(scratch)
    if not privileged:
        privileges.drop_capabilities()


def _map_identity(uid: int, gid: int) -> None:
    """Map the run's uid and gid to themselves (the one mapping an unprivileged process may write)."""
    with open("/proc/self/setgroups", "w") as f:
        f.write("deny")
    with open("/proc/self/uid_map", "w") as f:
        f.write(f"{uid} {uid} 1")
    with open("/proc/self/gid_map", "w") as f:
        f.write(f"{gid} {gid} 1")


def _bind(source: str, target: str, read_only: bool) -> None:
    if os.path.isdir(source):
        os.makedirs(target, mode=0o755, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), mode=0o755, exist_ok=True)
        os.close(os.open(target, os.O_CREAT | os.O_WRONLY, 0o644))
    libc.mount(source, target, None, MS_BIND | MS_REC)
    if read_only:
        locked = os.statvfs(target).f_flag
        flags = MS_BIND | MS_REMOUNT | MS_RDONLY
        for statvfs_flag, mount_flag in _STATVFS_TO_MOUNT_FLAGS.items():
            if locked & statvfs_flag:
                flags |= mount_flag
        libc.mount(None, target, None, flags)
