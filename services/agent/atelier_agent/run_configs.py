"""The published configuration chats run on (a bot with its online version's config and
shortcuts), kept per bot while this process hears of every change to bots and their versions
(atelier_common's NotifiedCache, driven by a ChangeListener on 'bot_changed', migration 0006): a
chat turn of a bot kept reads no configuration from the database. A change drops the bot; while
changes cannot be heard nothing is kept and turns read the database. Drafts are not kept: the
playground chats with a draft right after editing it, so it is read each turn."""

from __future__ import annotations

from atelier_agent.domain.entities import RunnableBot
from atelier_agent.store import bots
from atelier_common.db.notified_cache import NotifiedCache

TOPIC = "bot_changed"  # notified by every change to a bot row or its versions
PUBLISHED = False  # the variant kept: draft_mode false


class RunConfigs(NotifiedCache[RunnableBot]):
    """Per bot id, the published variant only (see the module docstring)."""

    async def runnable(self, conn: bots.Conn, bot_id: int, *, draft_mode: bool) -> RunnableBot | None:
        """bots.get_for_run, from what is kept when it can be."""
        if draft_mode:
            return await bots.get_for_run(conn, bot_id, draft_mode=True)
        found = self.get(bot_id, PUBLISHED)
        if found is None:
            ticket = self.ticket()
            found = await bots.get_for_run(conn, bot_id, draft_mode=False)
            if found is not None:
                self.put(bot_id, PUBLISHED, found, ticket)
        return found
