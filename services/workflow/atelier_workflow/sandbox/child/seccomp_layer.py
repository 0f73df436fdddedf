"""The seccomp layer: a syscall filter (libseccomp through pyseccomp) loaded last, just before the
code runs. Everything not listed is allowed; what is listed fails with EPERM (clone3 with ENOSYS,
so the C library falls back to clone, whose flags the filter can read). Other architectures' and
x32 syscalls kill the process (libseccomp's default for a foreign architecture).

What it refuses, whatever the code reaches (ctypes included):
- sockets: socket(), and socketpair() other than AF_UNIX (the event loop's own pair is made before);
- new processes and programs: fork, vfork, clone without CLONE_THREAD (threads are allowed), execve;
- other processes: ptrace, process_vm_*, pidfd_*, kcmp, and kill/tgkill/sigqueue/prlimit/scheduler
  calls aimed at another pid;
- the kernel's attack surface a run never needs: mount and namespaces, io_uring, bpf, perf,
  userfaultfd, keyrings, modules, kexec, reboot, clocks, handles (open_by_handle_at)..."""

from __future__ import annotations

import errno
import socket

CLONE_THREAD = 0x00010000
PRIO_PROCESS = 0

DENIED = (
    "socket", "execve", "execveat", "fork", "vfork",
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_open", "pidfd_getfd", "pidfd_send_signal",
    "tkill", "get_robust_list", "migrate_pages", "move_pages",
    "mount", "umount2", "pivot_root", "chroot", "unshare", "setns",
    "open_tree", "move_mount", "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr",
    "io_uring_setup", "io_uring_enter", "io_uring_register", "bpf", "perf_event_open", "userfaultfd",
    "keyctl", "add_key", "request_key", "init_module", "finit_module", "delete_module",
    "kexec_load", "kexec_file_load", "reboot", "swapon", "swapoff", "acct", "quotactl", "quotactl_fd",
    "open_by_handle_at", "name_to_handle_at", "iopl", "ioperm", "modify_ldt", "syslog", "personality",
    "settimeofday", "clock_settime", "clock_adjtime", "adjtimex", "fanotify_init", "lookup_dcookie",
    "uselib", "vhangup", "sysfs", "ustat", "nfsservctl",
)
# (syscall, argument index) pairs allowed only when that argument names this process (or 0, "self").
OWN_PID_ONLY = (("kill", 0), ("tgkill", 0), ("rt_sigqueueinfo", 0), ("rt_tgsigqueueinfo", 0))
SELF_ONLY = (
    ("prlimit64", 0), ("sched_setaffinity", 0), ("sched_setparam", 0), ("sched_setscheduler", 0),
    ("sched_setattr", 0), ("setpriority", 1), ("ioprio_set", 1),
)


def load(own_pid: int) -> None:
    import pyseccomp as seccomp  # imported by boot while the host's ldconfig can still find libseccomp

    arch = seccomp.system_arch()
    deny = seccomp.ERRNO(errno.EPERM)
    rules = seccomp.SyscallFilter(seccomp.ALLOW)

    def known(name: str) -> bool:  # a name this architecture lacks (fork on arm64) has nothing to deny
        return seccomp.resolve_syscall(arch, name) >= 0

    for name in filter(known, DENIED):
        rules.add_rule(deny, name)
    rules.add_rule(deny, "socketpair", seccomp.Arg(0, seccomp.NE, socket.AF_UNIX))
    rules.add_rule(deny, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, CLONE_THREAD, 0))
    if known("clone3"):
        rules.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    for name, arg in OWN_PID_ONLY:
        rules.add_rule(deny, name, seccomp.Arg(arg, seccomp.NE, own_pid))
    for name, arg in SELF_ONLY:
        rules.add_rule(deny, name, seccomp.Arg(arg, seccomp.NE, 0))
    rules.add_rule(deny, "setpriority", seccomp.Arg(0, seccomp.NE, PRIO_PROCESS))
    rules.load()
