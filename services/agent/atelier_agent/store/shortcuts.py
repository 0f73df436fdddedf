"""shortcut_commands rows (ShortcutCommand JSON documents of an agent's draft)."""

from __future__ import annotations

from typing import Any

import asyncpg

from atelier_agent.domain.entities import ShortcutCommand

Conn = asyncpg.Connection | asyncpg.Pool


async def upsert(conn: Conn, command_id: int, bot_id: int, command: dict[str, Any]) -> None:
    await conn.execute(
        "INSERT INTO shortcut_commands (id, bot_id, command) VALUES ($1, $2, $3::jsonb)"
        " ON CONFLICT (id) DO UPDATE SET command = EXCLUDED.command, updated_at = now()",
        command_id, bot_id, command,
    )


async def get(conn: Conn, command_id: int) -> ShortcutCommand | None:
    row = await conn.fetchrow("SELECT id, bot_id, command FROM shortcut_commands WHERE id = $1", command_id)
    return None if row is None else ShortcutCommand(id=row["id"], bot_id=row["bot_id"], command=dict(row["command"]))


async def list_for_bot(conn: Conn, bot_id: int) -> list[dict[str, Any]]:
    rows = await conn.fetch("SELECT command FROM shortcut_commands WHERE bot_id = $1 ORDER BY id", bot_id)
    return [dict(r["command"]) for r in rows]


async def replace_all(conn: Conn, bot_id: int, commands: list[dict[str, Any]]) -> None:
    """The draft's commands become exactly `commands` (rollback to a version)."""
    await conn.execute("DELETE FROM shortcut_commands WHERE bot_id = $1", bot_id)
    for command in commands:
        await upsert(conn, int(command["command_id"]), bot_id, command)
