"""Plain-SQL migrations per schema, each applied once and recorded in `<schema>.schema_migrations`.

Several replicas may start at once: a session-level advisory lock per schema serialises them, so the
second starter finds everything applied. Each file runs in its own transaction with search_path set
to the schema, so migration SQL stays schema-unqualified. A file whose content changed after it was
applied is an error: applied history must not be rewritten.

CLI: python -m atelier_common.db.migrations --dsn DSN --schema NAME DIR [DIR ...]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

import asyncpg

_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


class MigrationError(RuntimeError):
    pass


def discover(dirs: Sequence[Path]) -> list[Path]:
    """*.sql files in directory order, then file name; names must be unique across directories."""
    files: list[Path] = []
    seen: dict[str, Path] = {}
    for directory in dirs:
        for path in sorted(Path(directory).glob("*.sql")):
            if path.name in seen:
                raise MigrationError(f"migration {path.name} exists in both {seen[path.name].parent} and {directory}")
            seen[path.name] = path
            files.append(path)
    return files


def checksum(sql: str) -> str:
    return hashlib.sha256(sql.encode()).hexdigest()


async def apply_migrations(dsn: str, schema: str, dirs: Sequence[Path]) -> list[str]:
    """Apply pending migrations of `schema`; returns the file names applied by this call."""
    if not _SCHEMA_NAME.match(schema):
        raise MigrationError(f"invalid schema name {schema!r}")
    files = discover(dirs)
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute("SELECT pg_advisory_lock(hashtext($1))", f"atelier-migrate:{schema}")
        try:
            return await _apply_locked(conn, schema, files)
        finally:
            await conn.execute("SELECT pg_advisory_unlock(hashtext($1))", f"atelier-migrate:{schema}")
    finally:
        await conn.close()


async def _as_schema_owner(conn: asyncpg.Connection, schema: str) -> None:
    """Create the schema when missing (as the current user); when it exists and belongs to another
    role (a service that runs under a role of its own, e.g. the indexer's), act as that role so the
    objects migrations create belong to it. Only a role that may create schemas needs to: a service
    role that owns an existing schema migrates it without any database-wide privilege."""
    owner = await conn.fetchval("SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = $1", schema)
    if owner is None:
        await conn.execute(f'CREATE SCHEMA "{schema}"')
    elif owner != await conn.fetchval("SELECT current_user") and await conn.fetchval(
            "SELECT pg_has_role(current_user, $1, 'MEMBER')", owner):
        await conn.execute(f'SET ROLE "{owner}"')


async def _apply_locked(conn: asyncpg.Connection, schema: str, files: list[Path]) -> list[str]:
    await _as_schema_owner(conn, schema)
    await conn.execute(
        f'CREATE TABLE IF NOT EXISTS "{schema}".schema_migrations ('
        " name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())"
    )
    applied = {
        row["name"]: row["checksum"] for row in await conn.fetch(f'SELECT name, checksum FROM "{schema}".schema_migrations')
    }
    done: list[str] = []
    for path in files:
        sql = path.read_text()
        digest = checksum(sql)
        if path.name in applied:
            if applied[path.name] != digest:
                raise MigrationError(f"{schema}: applied migration {path.name} was modified; add a new file instead")
            continue
        async with conn.transaction():
            await conn.execute(f'SET LOCAL search_path TO "{schema}", public')
            await conn.execute(sql)
            await conn.execute(
                f'INSERT INTO "{schema}".schema_migrations (name, checksum) VALUES ($1, $2)', path.name, digest
            )
        done.append(path.name)
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description="Apply Atelier SQL migrations to one schema.")
    parser.add_argument("--dsn", required=True)
    parser.add_argument("--schema", required=True)
    parser.add_argument("dirs", nargs="+", type=Path)
    args = parser.parse_args()
    for name in asyncio.run(apply_migrations(args.dsn, args.schema, args.dirs)):
        print(f"applied {args.schema}/{name}")


if __name__ == "__main__":
    main()
