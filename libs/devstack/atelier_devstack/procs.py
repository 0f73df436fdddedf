"""Detached child processes recorded by pidfile: spawn, liveness, tail of the log, stop by group."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

import psutil


def spawn_detached(
    argv: Sequence[str],
    *,
    log_path: Path,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    user: str | None = None,
) -> int:
    """Start argv in its own session (so `down` can signal its whole process group and the
    child outlives this CLI), stdout+stderr appended to log_path. Returns the pid."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "ab") as log:
        proc = subprocess.Popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=dict(env) if env is not None else None,
            cwd=str(cwd) if cwd else None,
            start_new_session=True,
            close_fds=True,
            user=user,
        )
    return proc.pid


def pid_alive(pid: int | None) -> bool:
    """True for a live, non-zombie process."""
    if not pid:
        return False
    try:
        proc = psutil.Process(pid)
        return proc.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def read_pidfile(path: Path) -> int | None:
    try:
        return int(path.read_text().strip())
    except (OSError, ValueError):
        return None


def write_pidfile(path: Path, pid: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"{pid}\n")


def _reap(pid: int) -> None:
    # Our own children (tests) stay zombies until waited on; harmless for detached ones.
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass


def stop_process(pid: int, *, sig: int = signal.SIGTERM, timeout_s: float = 15.0) -> bool:
    """Signal pid's process group (pid leads it: spawned with start_new_session), wait, then
    SIGKILL the group. Returns True when the process is gone."""
    try:
        proc = psutil.Process(pid)
    except psutil.NoSuchProcess:
        return True
    # Everything in the group, so workers a service forked die with it.
    try:
        pgid = os.getpgid(pid)
    except ProcessLookupError:
        return True
    group_leader = pgid == pid
    members = [proc] + [c for c in _children(proc)]
    try:
        if group_leader:
            os.killpg(pgid, sig)
        else:
            proc.send_signal(sig)
    except (ProcessLookupError, psutil.NoSuchProcess):
        pass
    _, alive = psutil.wait_procs(members, timeout=timeout_s, callback=lambda p: _reap(p.pid))
    alive = [p for p in alive if _alive(p)]
    if alive:
        try:
            if group_leader:
                os.killpg(pgid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        for p in alive:
            try:
                p.kill()
            except psutil.NoSuchProcess:
                pass
        psutil.wait_procs(alive, timeout=5, callback=lambda p: _reap(p.pid))
    _reap(pid)
    return not pid_alive(pid)


def group_members(pgid: int) -> list[psutil.Process]:
    """Live processes in process group pgid (e.g. workers left behind by a dead group leader)."""
    members = []
    for proc in psutil.process_iter():
        try:
            if os.getpgid(proc.pid) == pgid and _alive(proc):
                members.append(proc)
        except (ProcessLookupError, psutil.Error):
            continue
    return members


def stop_group_leftovers(pgid: int, timeout_s: float = 5.0) -> int:
    """SIGTERM then SIGKILL whatever is left in a group whose leader already exited. Returns how many."""
    members = group_members(pgid)
    for proc in members:
        try:
            proc.terminate()
        except psutil.NoSuchProcess:
            pass
    _, alive = psutil.wait_procs(members, timeout=timeout_s)
    for proc in alive:
        try:
            proc.kill()
        except psutil.NoSuchProcess:
            pass
    return len(members)


def _children(proc: psutil.Process) -> list[psutil.Process]:
    try:
        return proc.children(recursive=True)
    except psutil.Error:
        return []


def _alive(proc: psutil.Process) -> bool:
    try:
        return proc.is_running() and proc.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def tail(path: Path, lines: int = 30) -> str:
    """The last lines of a log file ('' when it does not exist)."""
    try:
        data = path.read_bytes()[-64_000:]
    except OSError:
        return ""
    return "\n".join(data.decode("utf-8", "replace").splitlines()[-lines:])
