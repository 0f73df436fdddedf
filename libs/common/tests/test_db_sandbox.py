"""Model-written SQL run confined: caps applied by Postgres, order kept, the reduced role or nothing."""

from __future__ import annotations

import asyncpg
import pytest

from atelier_common.db import sandbox

ROLE = "atelier_sandbox_test"


@pytest.fixture
async def conn(database_url: str):
    conn = await asyncpg.connect(database_url)
    await conn.execute(
        "CREATE SCHEMA IF NOT EXISTS sandbox_s; CREATE TABLE IF NOT EXISTS sandbox_s.t (n int, s text);"
        "TRUNCATE sandbox_s.t; INSERT INTO sandbox_s.t SELECT g, 'row ' || g FROM generate_series(1, 50) g;"
        "CREATE TABLE IF NOT EXISTS public.sandbox_secret (x int)")
    await conn.execute(f"DO $$ BEGIN CREATE ROLE {ROLE} NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$;"
                       f"GRANT USAGE ON SCHEMA sandbox_s TO {ROLE}; GRANT SELECT ON sandbox_s.t TO {ROLE}")
    try:
        yield conn
    finally:
        await conn.close()


async def test_values_are_cut_in_the_database_and_rows_keep_their_order(conn: asyncpg.Connection) -> None:
    caps = sandbox.Caps(max_rows=100, max_value_chars=10, max_result_chars=10_000)
    async with conn.transaction(readonly=True):
        await sandbox.confine(conn, role=ROLE, timeout_ms=2000)
        result = await sandbox.fetch_capped(
            conn, "SELECT n, lpad(s, 5000000) AS padded, n * 1.5 AS x, n > 2 AS big, NULL AS nothing"
                  " FROM sandbox_s.t WHERE n <= $1 ORDER BY n DESC", (3,), caps)
    assert result.columns == ["n", "padded", "x", "big", "nothing"]
    assert [r[0] for r in result.rows] == [3, 2, 1]
    assert result.rows[0][1] == " " * 10 + sandbox.ELLIPSIS and result.rows[0][2:] == [4.5, True, None]
    assert result.values_cut == 3 and not result.rows_left_out


async def test_results_stop_at_their_size_cap_and_column_count_is_bounded(conn: asyncpg.Connection) -> None:
    caps = sandbox.Caps(max_rows=100, max_columns=3, max_value_chars=100, max_result_chars=500)
    async with conn.transaction(readonly=True):
        await sandbox.confine(conn, role=ROLE, timeout_ms=2000)
        result = await sandbox.fetch_capped(conn, "SELECT lpad(s, 100) FROM sandbox_s.t ORDER BY n", (), caps)
        assert 0 < len(result.rows) < 50 and result.rows_left_out
        assert sum(len(str(r)) for r in result.rows) <= 500
        with pytest.raises(sandbox.TooManyColumns, match="4 columns; at most 3"):
            await sandbox.fetch_capped(conn, "SELECT n, n, n, n FROM sandbox_s.t", (), caps)


async def test_the_role_reaches_only_what_it_was_granted(conn: asyncpg.Connection) -> None:
    async with conn.transaction(readonly=True):
        assert await sandbox.confine(conn, role=ROLE, timeout_ms=2000)
        assert await conn.fetchval("SELECT current_user") == ROLE
        with pytest.raises(asyncpg.InsufficientPrivilegeError):
            await sandbox.fetch_capped(conn, "SELECT * FROM public.sandbox_secret", (), sandbox.Caps())
    assert await conn.fetchval("SELECT current_user") != ROLE  # SET LOCAL: gone with the transaction


async def test_a_missing_role_is_refused_unless_optional(conn: asyncpg.Connection) -> None:
    async with conn.transaction():
        with pytest.raises(sandbox.RoleUnavailable, match="no_such_role_x"):
            await sandbox.confine(conn, role="no_such_role_x", timeout_ms=2000)
    async with conn.transaction():
        assert not await sandbox.confine(conn, role="no_such_role_x", timeout_ms=2000, role_required=False)
        assert (await conn.fetchval("SHOW statement_timeout"), await conn.fetchval("SHOW TimeZone")) == ("2s", "UTC")
