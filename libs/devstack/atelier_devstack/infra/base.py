"""A launcher runs one infrastructure server as a detached process on a fixed local port."""

from __future__ import annotations

import signal
from pathlib import Path

from atelier_devstack.health import wait_until
from atelier_devstack.procs import pid_alive, spawn_detached, stop_process, tail


class ComponentFailed(RuntimeError):
    """A component did not become healthy; the message carries the tail of its log."""


class Launcher:
    """start() spawns the server and waits for health(); stop() signals its process group.

    Subclasses give argv(), health() and url; prepare() runs before the first start (initdb...).
    """

    name = "component"
    stop_signal = signal.SIGTERM
    start_timeout_s = 60.0
    user: str | None = None

    def __init__(self, *, port: int, data_dir: Path, log_path: Path, host: str = "127.0.0.1") -> None:
        self.host = host
        self.port = port
        self.data_dir = Path(data_dir).resolve()
        self.log_path = Path(log_path).resolve()
        self.pid: int | None = None

    @property
    def url(self) -> str:
        raise NotImplementedError

    def argv(self) -> list[str]:
        raise NotImplementedError

    async def health(self) -> bool:
        raise NotImplementedError

    def prepare(self) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)

    def spawn(self) -> int:
        """Start the process without waiting for it to answer."""
        self.prepare()
        self.pid = spawn_detached(self.argv(), log_path=self.log_path, user=self.user)
        return self.pid

    async def wait_healthy(self, timeout_s: float | None = None) -> None:
        ok = await wait_until(self.health, timeout_s or self.start_timeout_s, alive=lambda: pid_alive(self.pid))
        if not ok:
            state = "exited" if not pid_alive(self.pid) else "not answering"
            raise ComponentFailed(f"{self.name} {state} (log {self.log_path}):\n{tail(self.log_path)}")

    async def start(self, timeout_s: float | None = None) -> int:
        pid = self.spawn()
        try:
            await self.wait_healthy(timeout_s)
        except BaseException:
            self.stop()
            raise
        return pid

    def stop(self, timeout_s: float = 15.0) -> bool:
        if self.pid is None:
            return True
        gone = stop_process(self.pid, sig=self.stop_signal, timeout_s=timeout_s)
        self.pid = None
        return gone

    def kill(self) -> bool:
        """SIGKILL, as a crash would end it (no clean shutdown)."""
        if self.pid is None:
            return True
        gone = stop_process(self.pid, sig=signal.SIGKILL, timeout_s=5.0)
        self.pid = None
        return gone

    async def restart(self, *, crash: bool = True, timeout_s: float | None = None) -> int:
        """Kill (or stop) the server and start it again on the same port: clients keep their
        address, as they would across a real broker or database restart."""
        if crash:
            self.kill()
        else:
            self.stop()
        return await self.start(timeout_s)
