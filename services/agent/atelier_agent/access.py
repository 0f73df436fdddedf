"""Loading agents on behalf of a caller: 404 when absent or in a space the caller is not in (alike,
so bot ids cannot be probed across spaces)."""

from __future__ import annotations

import asyncpg

from atelier_agent.store import bots
from atelier_common.auth import require_visible
from atelier_common.errors import NotFound

Conn = asyncpg.Connection | asyncpg.Pool


async def bot(conn: Conn, bot_id: int, *, for_update: bool = False, space_id: int | None = None) -> asyncpg.Record:
    """The bot row; `space_id` (when the request named one) must be the bot's own space."""
    return check(await bots.get(conn, bot_id, for_update=for_update), bot_id, space_id)


def check(row: asyncpg.Record | None, bot_id: int, space_id: int | None = None) -> asyncpg.Record:
    """404 for a missing bot and for one in a space the caller is not in."""
    if row is None:
        raise NotFound(f"bot {bot_id} not found")
    require_visible(row["space_id"], f"bot {bot_id} not found")
    if space_id and space_id != row["space_id"]:
        raise NotFound(f"bot {bot_id} not found in space {space_id}")
    return row
