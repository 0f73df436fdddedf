"""Wiring of the gateway: `python -m atelier_gateway` (serve) or
`python -m atelier_gateway create-token --user NAME [--name TOKEN_NAME]` (print a new token).

Serve is the common service runner (atelier_common.service): migrations of schema `gateway`,
the common deps, then this lifespan (bootstrap token file, ATELIER_BOOTSTRAP_TOKEN_FILE) and
uvicorn as the listener instead of a gRPC server. SIGTERM/SIGINT: stop accepting, let in-flight
requests finish for settings.shutdown_grace_s, close channels, ids, Redis and pool, exit 0.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import uvicorn

from atelier_common.service import ServiceDeps, ServiceSpec, migrate, run
from atelier_common.service import serve as serve_service
from atelier_common.settings import Settings, get_settings
from atelier_common.signed_urls import SigningKeyMissing
from atelier_gateway.app import GatewayDeps, create_app
from atelier_gateway.auth.bootstrap import bootstrap_token_file, create_user_token
from atelier_gateway.auth.store import AuthStore

SERVICE = "gateway"
SCHEMA = "gateway"
MIGRATIONS_DIR = Path(__file__).parent / "migrations"

log = logging.getLogger("atelier.gateway")


@contextlib.asynccontextmanager
async def lifespan(deps: ServiceDeps) -> AsyncIterator[GatewayDeps]:
    settings = deps.settings
    if settings.storage_backend == "local" and not settings.url_signing_key:
        log.warning(SigningKeyMissing.default_msg)  # signed file URLs will fail until it is set
    if settings.bootstrap_token_file:
        await bootstrap_token_file(AuthStore(deps.pool), settings.bootstrap_token_file)
    yield GatewayDeps(settings=settings, pool=deps.pool, storage=deps.storage, redis=deps.redis, ids=deps.ids)


class _Server(uvicorn.Server):
    """uvicorn without its own signal handling: the service runner owns SIGTERM."""

    @contextlib.contextmanager
    def capture_signals(self):  # type: ignore[no-untyped-def, override]
        yield


class HttpListener:
    """uvicorn serving the gateway app; `stop` lets in-flight requests finish for `grace` seconds."""

    def __init__(self, server: _Server, task: asyncio.Task[None]) -> None:
        self._server = server
        self._task = task

    @property
    def port(self) -> int:
        return self._server.config.port

    @classmethod
    async def start(cls, deps: ServiceDeps, state: GatewayDeps, port: int) -> HttpListener:
        settings = deps.settings
        config = uvicorn.Config(
            create_app(state),
            host=settings.gateway_host,
            port=port,
            log_config=None,  # our JSON logging stays in charge
            access_log=False,
            lifespan="on",  # the MCP endpoint's session manager runs in it
            http="httptools",  # the C parser: uvicorn's pure-Python h11 took ~15% of the gateway's CPU
            timeout_graceful_shutdown=int(settings.shutdown_grace_s),
            proxy_headers=True,
        )
        server = _Server(config)
        task = asyncio.create_task(server.serve(), name="uvicorn")
        while not server.started:
            if task.done():  # it could not bind, or failed starting
                await task
                raise RuntimeError(f"gateway could not listen on {config.host}:{config.port}")
            await asyncio.sleep(0.02)
        return cls(server, task)

    async def stop(self, grace: float) -> None:
        self._server.should_exit = True  # stop accepting; uvicorn waits timeout_graceful_shutdown
        await self._task


SPEC = ServiceSpec(
    name=SERVICE, schema=SCHEMA, migrations_dir=MIGRATIONS_DIR, lifespan=lifespan, listen=HttpListener.start
)


async def serve(settings: Settings, stop: asyncio.Event, *, port: int | None = None) -> None:
    await serve_service(SPEC, settings, stop, port=port)


async def _create_token(settings: Settings, user: str, name: str) -> str:
    from atelier_common.db.pool import create_pool

    await migrate(SPEC, settings)
    pool = await create_pool(settings.database_url, min_size=1, max_size=1, schema=SCHEMA)
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

    run(SPEC)
