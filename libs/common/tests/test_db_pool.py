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
