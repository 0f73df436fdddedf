"""asyncpg pool factory: JSON codecs installed and search_path pinned to the owning schema."""

from __future__ import annotations

import json

import asyncpg


async def _init_connection(conn: asyncpg.Connection) -> None:
    for type_name in ("json", "jsonb"):
        await conn.set_type_codec(type_name, encoder=json.dumps, decoder=json.loads, schema="pg_catalog")


async def create_pool(dsn: str, *, min_size: int = 1, max_size: int = 10, schema: str | None = None,
                      idle_s: float = 300.0) -> asyncpg.Pool:
    """A pool whose connections resolve unqualified names in `schema` (then public); a connection
    unused for `idle_s` is closed."""
    server_settings = {"search_path": f'"{schema}", public'} if schema else {}
    pool = await asyncpg.create_pool(
        dsn, min_size=min_size, max_size=max_size, server_settings=server_settings, init=_init_connection,
        max_inactive_connection_lifetime=idle_s,
    )
    assert pool is not None
    return pool
