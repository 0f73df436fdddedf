"""Loading agents on behalf of a caller: 404 when absent or in a space the caller is not in (alike,
so bot ids cannot be probed across spaces)."""

from __future__ import annotations

import asyncpg

from atelier_agent.domain.entities import Bot, RunnableBot
from atelier_agent.run_configs import RunConfigs
from atelier_agent.store import bots
from atelier_common.auth import require_visible
from atelier_common.errors import NotFound

Conn = asyncpg.Connection | asyncpg.Pool


async def bot(conn: Conn, bot_id: int, *, for_update: bool = False, space_id: int | None = None) -> Bot:
    """The bot; `space_id` (when the request named one) must be the bot's own space."""
    return _check(await bots.get(conn, bot_id, for_update=for_update), bot_id, space_id)


async def runnable(conn: Conn, bot_id: int, *, draft_mode: bool, space_id: int | None = None,
                   configs: RunConfigs | None = None) -> RunnableBot:
    """The bot with what its chats run on (the draft's shortcuts when draft_mode), checked alike;
    from what `configs` keeps when given."""
    if configs is not None:
        found = await configs.runnable(conn, bot_id, draft_mode=draft_mode)
    else:
        found = await bots.get_for_run(conn, bot_id, draft_mode=draft_mode)
    if found is None:
        raise _missing(bot_id)
    _check(found.bot, bot_id, space_id)
    return found


def _missing(bot_id: int) -> NotFound:
    return NotFound(f"bot {bot_id} not found")


def _check(found: Bot | None, bot_id: int, space_id: int | None = None) -> Bot:
    """404 for a missing bot and for one in a space the caller is not in."""
    if found is None:
        raise _missing(bot_id)
    require_visible(found.space_id, f"bot {bot_id} not found")
    if space_id and space_id != found.space_id:
        raise NotFound(f"bot {bot_id} not found in space {space_id}")
    return found
