"""asyncpg pool: search_path pinned to the schema, json/jsonb decoded to Python values."""

from __future__ import annotations

from atelier_common.db.pool import create_pool


async def test_pool_resolves_unqualified_names_in_schema_and_decodes_jsonb(database_url: str) -> None:
    admin = await create_pool(database_url, max_size=1)
    try:
        await admin.execute("CREATE SCHEMA IF NOT EXISTS pool_s; CREATE TABLE pool_s.doc (id int, body jsonb)")
    finally:
        await admin.close()
    pool = await create_pool(database_url, min_size=1, max_size=2, schema="pool_s")
    try:
        await pool.execute("INSERT INTO doc VALUES (1, $1)", {"a": [1, 2], "b": None})
        assert await pool.fetchval("SELECT body FROM doc WHERE id = 1") == {"a": [1, 2], "b": None}
        assert await pool.fetchval("SELECT current_schema()") == "pool_s"
    finally:
        await pool.close()


async def test_a_released_connection_comes_back_without_the_transaction_left_open(database_url: str) -> None:
    admin = await create_pool(database_url, max_size=1)
    try:
        await admin.execute("CREATE SCHEMA IF NOT EXISTS pool_r; DROP TABLE IF EXISTS pool_r.t; CREATE TABLE pool_r.t (id int)")
    finally:
        await admin.close()
    pool = await create_pool(database_url, min_size=1, max_size=1, schema="pool_r")
    try:
        async with pool.acquire() as conn:
            await conn.execute("BEGIN")
            await conn.execute("INSERT INTO t VALUES (1)")
            await conn.execute("SET LOCAL statement_timeout = 1234")
        async with pool.acquire() as conn:  # the same connection: max_size=1
            assert not conn.is_in_transaction()
            assert await conn.fetchval("SELECT count(*) FROM t") == 0
            assert await conn.fetchval("SHOW statement_timeout") != "1234ms"
            assert await conn.fetchval("SELECT current_schema()") == "pool_r"
    finally:
        await pool.close()
