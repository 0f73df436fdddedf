"""Wiring of the gateway: `python -m atelier_gateway` (serve) or
`python -m atelier_gateway create-token --user NAME [--name TOKEN_NAME]` (print a new token).

Serve: settings -> logging -> telemetry -> migrations of schema `gateway` -> Postgres pool ->
Redis -> id generator (worker id leased like every service's) -> bootstrap token file
(ATELIER_BOOTSTRAP_TOKEN_FILE) -> uvicorn. SIGTERM/SIGINT: stop accepting, let in-flight requests
finish for settings.shutdown_grace_s, close channels, ids, Redis and pool, exit 0.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from pathlib import Path

import uvicorn

from atelier_common.service import ServiceSpec
from atelier_common.settings import Settings, get_settings
from atelier_common.signed_urls import SigningKeyMissing
from atelier_gateway.app import GatewayDeps, create_app
from atelier_gateway.auth.bootstrap import bootstrap_token_file, create_user_token
from atelier_gateway.auth.store import AuthStore

SERVICE = "gateway"
SCHEMA = "gateway"
MIGRATIONS_DIR = Path(__file__).parent / "migrations"

log = logging.getLogger("atelier.gateway")


def _no_grpc(server: object, deps: object) -> None:
    """The gateway serves HTTP, not gRPC; SPEC exists so `python -m atelier_common.bootstrap
    migrations` (compose init, k8s migration Job) finds and migrates the gateway schema too."""


SPEC = ServiceSpec(name=SERVICE, schema=SCHEMA, migrations_dir=MIGRATIONS_DIR, register=_no_grpc)


async def migrate(settings: Settings) -> list[str]:
    from atelier_common.db.migrations import apply_migrations

    return await apply_migrations(settings.database_url, SCHEMA, [MIGRATIONS_DIR])


async def open_pool(settings: Settings):  # type: ignore[no-untyped-def]
    from atelier_common.db.pool import create_pool

    return await create_pool(
        settings.database_url, min_size=settings.db_pool_min, max_size=settings.db_pool_max, schema=SCHEMA
    )


class _Server(uvicorn.Server):
    """uvicorn without its own signal handling: we own SIGTERM so the exit code stays 0."""

    @contextlib.contextmanager
    def capture_signals(self):  # type: ignore[no-untyped-def, override]
        yield


async def serve(settings: Settings, stop: asyncio.Event, *, port: int | None = None) -> None:
    from atelier_common.grpc.client import close_channels
    from atelier_common.ids import IdGenerator
    from atelier_common.redis import create_redis
    from atelier_common.storage import create_storage

    applied = await migrate(settings)
    if applied:
        log.info("migrations applied", extra={"schema": SCHEMA, "applied": applied})
    if settings.storage_backend == "local" and not settings.url_signing_key:
        log.warning(SigningKeyMissing.default_msg)  # signed file URLs will fail until it is set
    async with contextlib.AsyncExitStack() as stack:
        pool = await open_pool(settings)
        stack.push_async_callback(pool.close)
        redis = create_redis(settings.redis_url)
        stack.push_async_callback(redis.aclose)
        ids = IdGenerator(redis)
        await ids.start()
        stack.push_async_callback(ids.stop)
        stack.push_async_callback(close_channels)
        deps = GatewayDeps(settings=settings, pool=pool, storage=create_storage(settings), redis=redis, ids=ids)
        await _serve_http(settings, stop, port, deps)
    log.info("stopped")


async def _serve_http(settings: Settings, stop: asyncio.Event, port: int | None, deps: GatewayDeps) -> None:
    if settings.bootstrap_token_file:
        await bootstrap_token_file(AuthStore(deps.pool), settings.bootstrap_token_file)
    app = create_app(deps)
    config = uvicorn.Config(
        app,
        host=settings.gateway_host,
        port=settings.gateway_port if port is None else port,
        log_config=None,  # our JSON logging stays in charge
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=int(settings.shutdown_grace_s),
        proxy_headers=True,
    )
    server = _Server(config)
    task = asyncio.create_task(server.serve())
    stopper = asyncio.create_task(stop.wait())
    done, _ = await asyncio.wait({task, stopper}, return_when=asyncio.FIRST_COMPLETED)
    if stopper in done:
        log.info("stopping", extra={"grace_s": settings.shutdown_grace_s})
        server.should_exit = True
    else:
        stopper.cancel()
    await task
    if not server.started:
        raise RuntimeError(f"gateway could not listen on {config.host}:{config.port}")


async def _serve_main(settings: Settings) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await serve(settings, stop)


async def _create_token(settings: Settings, user: str, name: str) -> str:
    await migrate(settings)
    pool = await open_pool(settings)
    try:
        return await create_user_token(AuthStore(pool), user, name)
    finally:
        await pool.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m atelier_gateway", description="Atelier HTTP gateway")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("serve", help="run the gateway (default)")
    tok = sub.add_parser("create-token", help="create a user (if missing) and print a new personal access token")
    tok.add_argument("--user", required=True)
    tok.add_argument("--name", default="cli", help="token name shown in the token list")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)

    from atelier_common.logging import configure_logging

    settings = get_settings()
    configure_logging(SERVICE, settings.log_level)
    if args.command == "create-token":
        print(asyncio.run(_create_token(settings, args.user, args.name)))
        return

    from atelier_common.telemetry import setup_telemetry

    setup_telemetry(SERVICE, settings.otlp_endpoint)
    try:
        asyncio.run(_serve_main(settings))
    except Exception:
        log.exception("gateway failed")
        sys.exit(1)
