"""The indexer's own database role in the local stack, as in compose and Kubernetes: it owns schema
`indexer` and can read no other service's tables (it reaches knowledge over gRPC only).

Made when the stack's Postgres lets its user create roles and lets the new role log in without a
password (an embedded Postgres, a local one on trust); otherwise the indexer shares the stack's
login and `make dev` says so.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

import asyncpg

INDEXER_ROLE = "atelier_indexer"
INDEXER_SCHEMA = "indexer"


def with_user(dsn: str, user: str) -> str:
    parts = urlsplit(dsn)
    host = f"[{parts.hostname}]" if parts.hostname and ":" in parts.hostname else parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=f"{user}@{host}{port}"))


async def _own_schema(conn: asyncpg.Connection) -> None:
    """The role exists and owns the schema and what an earlier run (as the shared login) made in it."""
    if not await conn.fetchval("SELECT true FROM pg_roles WHERE rolname = $1", INDEXER_ROLE):
        await conn.execute(f'CREATE ROLE "{INDEXER_ROLE}" LOGIN')
    owner = await conn.fetchval("SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = $1", INDEXER_SCHEMA)
    if owner is None:
        await conn.execute(f'CREATE SCHEMA "{INDEXER_SCHEMA}" AUTHORIZATION "{INDEXER_ROLE}"')
    elif owner != INDEXER_ROLE:
        await conn.execute(f'ALTER SCHEMA "{INDEXER_SCHEMA}" OWNER TO "{INDEXER_ROLE}"')
        for table in await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = $1", INDEXER_SCHEMA):
            await conn.execute(f'ALTER TABLE "{INDEXER_SCHEMA}"."{table["tablename"]}" OWNER TO "{INDEXER_ROLE}"')


async def indexer_database_url(database_url: str) -> tuple[str, str]:
    """(the indexer's DSN, what `make dev` prints about it)."""
    try:
        conn = await asyncpg.connect(database_url)
        try:
            async with conn.transaction():
                await _own_schema(conn)
        finally:
            await conn.close()
        own = with_user(database_url, INDEXER_ROLE)
        probe = await asyncpg.connect(own)
        await probe.close()
    except (asyncpg.PostgresError, OSError) as exc:
        return database_url, f"shared login ({type(exc).__name__}: {exc})"[:160]
    return own, f"role {INDEXER_ROLE}: schema {INDEXER_SCHEMA} only"
