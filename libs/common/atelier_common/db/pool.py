"""asyncpg pool factory: JSON codecs installed and search_path pinned to the owning schema.

A released connection is only rolled back when a transaction was left open (asyncpg does that
itself, with the listeners dropped). The server-side reset asyncpg runs by default on every
release (advisory unlock, CLOSE ALL, UNLISTEN *, RESET ALL) is one more round trip and four
statements per pooled query, a good share of a chat's database work; our code keeps no session
state on pooled connections: settings are SET LOCAL, advisory locks are transaction-scoped and
cursors live in transactions; session-level locks and roles (migrations) use connections of their
own, and LISTEN runs on a connection held for the process' life."""

from __future__ import annotations

import json

import asyncpg


async def _init_connection(conn: asyncpg.Connection) -> None:
    for type_name in ("json", "jsonb"):
        await conn.set_type_codec(type_name, encoder=json.dumps, decoder=json.loads, schema="pg_catalog")


async def _keep_session(conn: asyncpg.Connection) -> None:
    """The pool's reset: nothing beyond asyncpg's own (see the module docstring)."""


async def create_pool(dsn: str, *, min_size: int = 1, max_size: int = 10, schema: str | None = None,
                      idle_s: float = 300.0) -> asyncpg.Pool:
    """A pool whose connections resolve unqualified names in `schema` (then public); a connection
    unused for `idle_s` is closed."""
    server_settings = {"search_path": f'"{schema}", public'} if schema else {}
    pool = await asyncpg.create_pool(
        dsn, min_size=min_size, max_size=max_size, server_settings=server_settings, init=_init_connection,
        max_inactive_connection_lifetime=idle_s, reset=_keep_session,
    )
    assert pool is not None
    return pool
