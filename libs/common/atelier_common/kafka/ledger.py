"""`processed_events`: the consumer group's record of handled event ids, in the consumer's own
schema (the table comes with atelier_common.kafka's migrations)."""

from __future__ import annotations

import asyncpg


class ProcessedEvents:
    def __init__(self, group_id: str, schema: str | None = None) -> None:
        self.group_id = group_id
        # Schema-qualified when given, so pools without a search_path find the table too.
        self._table = ('"' + schema.replace('"', '""') + '".processed_events') if schema else "processed_events"

    async def claim(self, conn: asyncpg.Connection, event_id: str) -> bool:
        """Inside the handler's transaction: True the first time, False for a duplicate (the row
        commits or rolls back with the handler's writes)."""
        return bool(await conn.fetchval(
            f"INSERT INTO {self._table} (group_id, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING true",
            self.group_id, event_id,
        ))

    async def seen(self, conn: asyncpg.Connection | asyncpg.Pool, event_id: str) -> bool:
        return bool(await conn.fetchval(
            f"SELECT true FROM {self._table} WHERE group_id = $1 AND event_id = $2", self.group_id, event_id,
        ))

    async def record(self, conn: asyncpg.Connection | asyncpg.Pool, event_id: str) -> None:
        await conn.execute(
            f"INSERT INTO {self._table} (group_id, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            self.group_id, event_id,
        )

    async def forget_older_than(self, conn: asyncpg.Connection | asyncpg.Pool, seconds: float) -> None:
        """Past the topic's retention no redelivery can need a record."""
        await conn.execute(
            f"DELETE FROM {self._table} WHERE group_id = $1 AND processed_at < now() - make_interval(secs => $2)",
            self.group_id, seconds,
        )
