"""Migration 0005: date columns of existing table datasets become timestamptz, values kept as UTC."""

from __future__ import annotations

from pathlib import Path

import asyncpg

MIGRATION = Path(__file__).resolve().parents[1] / "atelier_knowledge" / "migrations" / "0005_table_dates_timestamptz.sql"


async def test_existing_timestamp_columns_become_timestamptz_read_as_utc(database_url: str) -> None:
    conn = await asyncpg.connect(database_url)
    try:
        await conn.execute("CREATE SCHEMA IF NOT EXISTS knowledge_tables;"
                           "CREATE TABLE knowledge_tables.t_990001 (_slice_id bigint, c_1 text, c_2 timestamp);"
                           "INSERT INTO knowledge_tables.t_990001 VALUES (1, 'x', '2024-03-01 12:30:00')")
        await conn.execute(MIGRATION.read_text())
        types = dict(await conn.fetch("SELECT column_name, data_type FROM information_schema.columns"
                                      " WHERE table_schema = 'knowledge_tables' AND table_name = 't_990001'"))
        assert types == {"_slice_id": "bigint", "c_1": "text", "c_2": "timestamp with time zone"}
        utc = await conn.fetchval("SELECT (c_2 AT TIME ZONE 'UTC')::text FROM knowledge_tables.t_990001")
        assert utc == "2024-03-01 12:30:00"
    finally:
        await conn.execute("DROP TABLE IF EXISTS knowledge_tables.t_990001")
        await conn.close()
