"""A tiny service for test_service.py, run as a real process: `python service_app.py`.

Listens on ATELIER_PLUGIN_ADDR (it borrows the plugin's address setting), owns the schema named by
PROBE_SCHEMA, and writes markers under PROBE_MARKERS when its lifespan starts and ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
from collections.abc import AsyncIterator
from pathlib import Path

import grpc

from atelier_common.service import ServiceDeps, ServiceSpec, grpc_listener, run

SERVICE = "atelier.test.ServiceProbe"


def register(server: grpc.aio.Server, deps: ServiceDeps) -> None:
    async def note(request: bytes, context) -> bytes:
        # Unqualified table name: proves the pool's search_path is the service schema.
        return (await deps.pool.fetchval("SELECT note FROM probe WHERE id = 1")).encode()

    async def next_id(request: bytes, context) -> bytes:
        return str(deps.ids.next_id()).encode()

    async def frozen(request: bytes, context) -> bytes:
        return str(gc.get_freeze_count()).encode()

    async def slow_stream(request: bytes, context):
        yield b"started"
        await asyncio.sleep(float(request))
        yield b"done"

    handlers = {
        "Note": grpc.unary_unary_rpc_method_handler(note),
        "NextId": grpc.unary_unary_rpc_method_handler(next_id),
        "Frozen": grpc.unary_unary_rpc_method_handler(frozen),
        "SlowStream": grpc.unary_stream_rpc_method_handler(slow_stream),
    }
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, handlers),))


def _marker(name: str) -> None:
    Path(os.environ["PROBE_MARKERS"], name).write_text("1")


@contextlib.asynccontextmanager
async def lifespan(deps: ServiceDeps) -> AsyncIterator[ServiceDeps]:
    _marker("started")
    try:
        yield deps
    finally:
        _marker("stopped")


SPEC = ServiceSpec(
    name="plugin",
    schema=os.environ.get("PROBE_SCHEMA", "service_probe"),
    migrations_dir=Path(__file__).parent / "service_app_migrations",
    lifespan=lifespan,
    listen=grpc_listener(register, [SERVICE]),
)

if __name__ == "__main__":
    run(SPEC)
