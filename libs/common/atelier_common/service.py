"""The process shape every service shares: `python -m atelier_<name>` calls `run(SPEC)`.

Start: settings -> logging -> telemetry -> migrations of the service's schema -> Postgres pool
(search_path = schema) -> Redis -> id generator -> object storage -> `on_start` -> gRPC server
(health, reflection, interceptors) on `settings.listen_port(name)` -> log "ready".
Ready means Postgres answers `SELECT 1`, Redis answers PING and every extra `ready_checks` passes;
it is re-checked every few seconds and published through the gRPC health service.
Stop (SIGTERM/SIGINT): health NOT_SERVING, new calls refused, in-flight calls get
`settings.shutdown_grace_s`, then `on_stop`, and pool/Redis/ids are closed; exit code 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import signal
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc

from atelier_common.settings import Settings, get_settings

log = logging.getLogger("atelier.service")


@dataclass
class ServiceDeps:
    settings: Settings
    pool: Any  # asyncpg.Pool, search_path set to the service's schema
    redis: Any  # redis.asyncio.Redis
    ids: Any  # atelier_common.ids.IdGenerator (started)
    storage: Any  # atelier_common.storage.ObjectStorage


Register = Callable[[grpc.aio.Server, ServiceDeps], Awaitable[None] | None]
Hook = Callable[[ServiceDeps], Awaitable[None] | None]
ReadyCheck = Callable[[ServiceDeps], Awaitable[bool]]


@dataclass
class ServiceSpec:
    name: str  # service name: logs, traces and the `<name>_addr` setting it listens on
    schema: str  # the Postgres schema it owns
    migrations_dir: Path | None
    register: Register  # adds the servicers to the server
    grpc_service_names: list[str] = field(default_factory=list)  # full names, for health + reflection
    # Applied before migrations_dir, into the same schema (e.g. the Kafka outbox tables).
    extra_migration_dirs: Sequence[Path] = ()
    on_start: Hook | None = None  # after deps exist, before the server listens (start consumers, relays)
    on_stop: Hook | None = None  # after the server drained, before deps close
    ready_checks: Sequence[ReadyCheck] = ()  # besides Postgres and Redis

    @property
    def migration_dirs(self) -> list[Path]:
        dirs = list(self.extra_migration_dirs)
        if self.migrations_dir is not None:
            dirs.append(self.migrations_dir)
        return [d for d in dirs if d.is_dir()]


async def _maybe_await(result: Awaitable[None] | None) -> None:
    if inspect.isawaitable(result):
        await result


async def migrate(spec: ServiceSpec, settings: Settings) -> list[str]:
    """Apply the spec's migrations to its schema; the names applied now."""
    from atelier_common.db.migrations import apply_migrations

    return await apply_migrations(settings.database_url, spec.schema, spec.migration_dirs)


async def _ready(deps: ServiceDeps, extra: Sequence[ReadyCheck]) -> bool:
    if await deps.pool.fetchval("SELECT 1") != 1:
        return False
    if not await deps.redis.ping():
        return False
    for check in extra:
        if not await check(deps):
            return False
    return True


async def serve(spec: ServiceSpec, settings: Settings, stop: asyncio.Event, *, port: int | None = None) -> None:
    """Run the service until `stop` is set, then shut down gracefully. `port` overrides the setting."""
    from atelier_common.db.pool import create_pool
    from atelier_common.grpc.client import close_channels
    from atelier_common.grpc.server import start_server
    from atelier_common.ids import IdGenerator
    from atelier_common.redis import create_redis
    from atelier_common.storage import create_storage

    listen_port = settings.listen_port(spec.name) if port is None else port
    async with contextlib.AsyncExitStack() as stack:
        applied = await migrate(spec, settings)
        if applied:
            log.info("migrations applied", extra={"schema": spec.schema, "applied": applied})
        pool = await create_pool(
            settings.database_url, min_size=settings.db_pool_min, max_size=settings.db_pool_max, schema=spec.schema
        )
        stack.push_async_callback(pool.close)
        redis = create_redis(settings.redis_url)
        stack.push_async_callback(redis.aclose)
        ids = IdGenerator(redis)
        await ids.start()
        stack.push_async_callback(ids.stop)
        deps = ServiceDeps(settings=settings, pool=pool, redis=redis, ids=ids, storage=create_storage(settings))
        stack.push_async_callback(close_channels)

        if spec.on_start is not None:
            await _maybe_await(spec.on_start(deps))
        if spec.on_stop is not None:
            stack.push_async_callback(_maybe_await_hook, spec.on_stop, deps)

        server = await start_server(
            listen_port,
            lambda s: spec.register(s, deps),
            host=settings.grpc_host,
            service_names=spec.grpc_service_names,
            ready_check=lambda: _ready(deps, spec.ready_checks),
        )
        # Registered last so it runs first: the server drains before hooks and deps close.
        stack.push_async_callback(server.stop, settings.shutdown_grace_s)
        log.info("ready", extra={"port": server.port, "healthy": server.ready})

        await stop.wait()
        log.info("stopping", extra={"grace_s": settings.shutdown_grace_s})
    log.info("stopped")


async def _maybe_await_hook(hook: Hook, deps: ServiceDeps) -> None:
    await _maybe_await(hook(deps))


async def _main(spec: ServiceSpec, settings: Settings) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await serve(spec, settings, stop)


def run(spec: ServiceSpec) -> None:
    """Entry point of `python -m atelier_<name>`; returns (exit 0) after a graceful stop."""
    from atelier_common.logging import configure_logging
    from atelier_common.telemetry import setup_telemetry

    settings = get_settings()
    configure_logging(spec.name, settings.log_level)
    setup_telemetry(spec.name, settings.otlp_endpoint)
    try:
        asyncio.run(_main(spec, settings))
    except Exception:
        log.exception("service %s failed", spec.name)
        sys.exit(1)
