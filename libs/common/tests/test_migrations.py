"""Migration runner against the session's real Postgres database."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import asyncpg
import pytest

from atelier_common.db.migrations import MigrationError, apply_migrations


def _write(directory: Path, name: str, sql: str) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / name).write_text(sql)


async def test_concurrent_starters_apply_each_migration_once(database_url: str, tmp_path: Path) -> None:
    migrations = tmp_path / "m"
    _write(migrations, "0001_counter.sql", "CREATE TABLE counter (n int NOT NULL); INSERT INTO counter VALUES (1);")
    # Slow enough that the three starters overlap inside the lock.
    _write(migrations, "0002_bump.sql", "SELECT pg_sleep(0.3); INSERT INTO counter VALUES (2);")

    starters = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-m", "atelier_common.db.migrations", "--dsn", database_url, "--schema", "mig_race", str(migrations),
            stdout=asyncio.subprocess.PIPE,
        )
        for _ in range(3)
    ]
    outputs = [(await proc.communicate())[0].decode() for proc in starters]
    assert [proc.returncode for proc in starters] == [0, 0, 0]
    # Exactly one process applied each file; the others found it done.
    assert sum(out.count("applied mig_race/0001_counter.sql") for out in outputs) == 1
    assert sum(out.count("applied mig_race/0002_bump.sql") for out in outputs) == 1

    conn = await asyncpg.connect(database_url)
    try:
        assert await conn.fetchval("SELECT array_agg(n ORDER BY n) FROM mig_race.counter") == [1, 2]
        names = await conn.fetchval("SELECT array_agg(name ORDER BY name) FROM mig_race.schema_migrations")
        assert names == ["0001_counter.sql", "0002_bump.sql"]
    finally:
        await conn.close()
    assert await apply_migrations(database_url, "mig_race", [migrations]) == []


async def test_failed_migration_leaves_nothing_half_applied(database_url: str, tmp_path: Path) -> None:
    migrations = tmp_path / "m"
    _write(migrations, "0001_ok.sql", "CREATE TABLE ok_table (id int);")
    _write(migrations, "0002_broken.sql", "CREATE TABLE half (id int); SELECT no_such_function();")
    with pytest.raises(asyncpg.PostgresError):
        await apply_migrations(database_url, "mig_fail", [migrations])
    conn = await asyncpg.connect(database_url)
    try:
        assert await conn.fetchval("SELECT to_regclass('mig_fail.ok_table') IS NOT NULL")
        assert await conn.fetchval("SELECT to_regclass('mig_fail.half') IS NULL")
        assert await conn.fetchval("SELECT count(*) FROM mig_fail.schema_migrations") == 1
    finally:
        await conn.close()


async def test_modified_applied_migration_is_refused(database_url: str, tmp_path: Path) -> None:
    migrations = tmp_path / "m"
    _write(migrations, "0001_t.sql", "CREATE TABLE t (id int);")
    assert await apply_migrations(database_url, "mig_edit", [migrations]) == ["0001_t.sql"]
    _write(migrations, "0001_t.sql", "CREATE TABLE t (id bigint);")
    with pytest.raises(MigrationError, match="modified"):
        await apply_migrations(database_url, "mig_edit", [migrations])


async def test_migrations_run_in_their_schema_in_directory_order(database_url: str, tmp_path: Path) -> None:
    first, second = tmp_path / "common", tmp_path / "own"
    _write(first, "kafka_0001.sql", "CREATE TABLE shared_t (id int);")
    _write(second, "0001_own.sql", "INSERT INTO shared_t VALUES (7);")  # unqualified: resolves in the schema
    assert await apply_migrations(database_url, "mig_order", [first, second]) == ["kafka_0001.sql", "0001_own.sql"]
    conn = await asyncpg.connect(database_url)
    try:
        assert await conn.fetchval("SELECT id FROM mig_order.shared_t") == 7
        assert await conn.fetchval("SELECT to_regclass('public.shared_t') IS NULL")
    finally:
        await conn.close()


async def test_a_schema_owned_by_a_service_role_is_migrated_as_that_role(database_url: str, tmp_path: Path) -> None:
    """Bootstrap (a superuser) migrates a service's schema as its owner, and the service, logged in
    as that role with no database-wide privilege, migrates it further itself."""
    import uuid
    from urllib.parse import urlsplit, urlunsplit

    role = f"mig_owner_{uuid.uuid4().hex[:10]}"  # roles are cluster-wide
    conn = await asyncpg.connect(database_url)
    await conn.execute(f'CREATE ROLE "{role}" LOGIN')
    await conn.execute(f'CREATE SCHEMA mig_owned AUTHORIZATION "{role}"')
    migrations = tmp_path / "m"
    try:
        _write(migrations, "0001_first.sql", "CREATE TABLE first_table (id int);")
        assert await apply_migrations(database_url, "mig_owned", [migrations]) == ["0001_first.sql"]
        parts = urlsplit(database_url)
        as_role = urlunsplit(parts._replace(netloc=f"{role}@{parts.hostname}:{parts.port or 5432}"))
        _write(migrations, "0002_second.sql", "CREATE TABLE second_table (id int); INSERT INTO first_table VALUES (1);")
        assert await apply_migrations(as_role, "mig_owned", [migrations]) == ["0002_second.sql"]
        owners = await conn.fetch("SELECT tablename, tableowner FROM pg_tables WHERE schemaname = 'mig_owned'")
        assert {r["tableowner"] for r in owners} == {role}, owners
    finally:
        await conn.execute("DROP SCHEMA mig_owned CASCADE")
        await conn.execute(f'DROP ROLE "{role}"')
        await conn.close()
