"""bots and bot_versions rows, as Bot and BotVersion entities. Configurations are BotInfo JSON
documents (BotConfig, see domain.config); the pool's codec turns dicts into jsonb and back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import asyncpg

from atelier_agent.domain.entities import (
    Bot,
    BotConfig,
    BotVersion,
    BotVersionSummary,
    BotWithOnlineConfig,
    RunnableBot,
)
from atelier_proto.enums import HistoryType

Conn = asyncpg.Connection | asyncpg.Pool

# The bots columns (a join may add others).
_BOT = ("b.id, b.space_id, b.creator_id, b.draft, b.online_version, b.published_at, b.draft_changed,"
        " b.display_info, b.created_at, b.updated_at")


def _config(doc: Any) -> BotConfig | None:
    return None if doc is None else BotConfig(dict(doc))


def _bot(row: asyncpg.Record) -> Bot:
    return Bot(id=row["id"], space_id=row["space_id"], creator_id=row["creator_id"], draft=BotConfig(dict(row["draft"])),
               online_version=row["online_version"], published_at=row["published_at"],
               draft_changed=row["draft_changed"], display_info=dict(row["display_info"]),
               created_at=row["created_at"], updated_at=row["updated_at"])


def _version(row: asyncpg.Record) -> BotVersion:
    return BotVersion(bot_id=row["bot_id"], version=row["version"], history_type=HistoryType(row["history_type"]),
                      config=BotConfig(dict(row["config"])), shortcuts=list(row["shortcuts"]), info=row["info"],
                      connectors=dict(row["connectors"]), creator_id=row["creator_id"], created_at=row["created_at"])


async def insert(conn: Conn, *, id: int, space_id: int, creator_id: int, draft: BotConfig) -> None:
    await conn.execute(
        "INSERT INTO bots (id, space_id, creator_id, draft) VALUES ($1, $2, $3, $4::jsonb)",
        id, space_id, creator_id, draft.doc,
    )


async def get(conn: Conn, bot_id: int, *, for_update: bool = False) -> Bot | None:
    lock = " FOR UPDATE" if for_update else ""
    row = await conn.fetchrow(f"SELECT {_BOT} FROM bots b WHERE b.id = $1 AND b.deleted_at IS NULL{lock}", bot_id)
    return None if row is None else _bot(row)


async def save_draft(conn: Conn, bot_id: int, draft: BotConfig) -> None:
    await conn.execute(
        "UPDATE bots SET draft = $2::jsonb, draft_changed = true, updated_at = now() WHERE id = $1",
        bot_id, draft.doc,
    )


async def update_draft(conn: asyncpg.Connection, bot_id: int, change: Callable[[BotConfig], BotConfig]
                       ) -> BotConfig | None:
    """Read-modify-write of the draft under a row lock (call inside a transaction); the new draft,
    None when the bot does not exist."""
    bot = await get(conn, bot_id, for_update=True)
    if bot is None:
        return None
    draft = change(bot.draft)
    await save_draft(conn, bot_id, draft)
    return draft


async def ids_using_table(conn: Conn, database_id: int) -> list[int]:
    """The bots whose draft binds the memory database."""
    rows = await conn.fetch("SELECT id FROM bots WHERE deleted_at IS NULL AND draft->'database_list' @> $1::jsonb",
                            [{"table_id": str(database_id)}])
    return [r["id"] for r in rows]


async def soft_delete(conn: Conn, bot_id: int) -> None:
    await conn.execute("UPDATE bots SET deleted_at = now() WHERE id = $1", bot_id)


async def set_display_info(conn: Conn, bot_id: int, info: dict[str, int]) -> None:
    await conn.execute(
        "UPDATE bots SET display_info = display_info || $2::jsonb, updated_at = now() WHERE id = $1",
        bot_id, info,
    )


async def insert_version(conn: Conn, *, bot_id: int, version: str, config: BotConfig,
                         shortcuts: list[dict[str, Any]], info: str, connectors: dict[str, dict[str, str]],
                         creator_id: int) -> None:
    await conn.execute(
        "INSERT INTO bot_versions (bot_id, version, config, shortcuts, info, connectors, creator_id, history_type)"
        " VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6::jsonb, $7, $8)",
        bot_id, version, config.doc, shortcuts, info, connectors, creator_id, HistoryType.FLAG,
    )
    await conn.execute(
        "UPDATE bots SET online_version = $2, published_at = now(), draft_changed = false, updated_at = now()"
        " WHERE id = $1",
        bot_id, version,
    )


async def get_version(conn: Conn, bot_id: int, version: str) -> BotVersion | None:
    row = await conn.fetchrow("SELECT * FROM bot_versions WHERE bot_id = $1 AND version = $2", bot_id, version)
    return None if row is None else _version(row)


async def version_exists(conn: Conn, bot_id: int, version: str) -> bool:
    return bool(await conn.fetchval(
        "SELECT EXISTS (SELECT 1 FROM bot_versions WHERE bot_id = $1 AND version = $2)", bot_id, version))


async def list_versions(conn: Conn, bot_id: int, *, limit: int, offset: int
                        ) -> tuple[list[BotVersionSummary], int]:
    rows = await conn.fetch(
        "SELECT version, history_type, info, creator_id, created_at FROM bot_versions WHERE bot_id = $1"
        " ORDER BY created_at DESC, version DESC LIMIT $2 OFFSET $3",
        bot_id, limit, offset,
    )
    total = await conn.fetchval("SELECT count(*) FROM bot_versions WHERE bot_id = $1", bot_id)
    return [BotVersionSummary(version=r["version"], history_type=HistoryType(r["history_type"]), info=r["info"],
                              creator_id=r["creator_id"], created_at=r["created_at"]) for r in rows], int(total)


async def get_for_run(conn: Conn, bot_id: int, *, draft_mode: bool) -> RunnableBot | None:
    """The bot with what a chat runs on, in one round trip: the online version's config and
    shortcuts, and the draft's shortcuts when draft_mode."""
    row = await conn.fetchrow(
        f"SELECT {_BOT}, v.config AS online_config, v.shortcuts AS online_shortcuts,"
        " CASE WHEN $2 THEN (SELECT coalesce(jsonb_agg(s.command ORDER BY s.id), '[]'::jsonb)"
        "   FROM shortcut_commands s WHERE s.bot_id = b.id) END AS draft_shortcuts"
        " FROM bots b LEFT JOIN bot_versions v ON v.bot_id = b.id AND v.version = b.online_version"
        " WHERE b.id = $1 AND b.deleted_at IS NULL", bot_id, draft_mode)
    if row is None:
        return None
    return RunnableBot(bot=_bot(row), online_config=_config(row["online_config"]),
                       online_shortcuts=None if row["online_shortcuts"] is None else list(row["online_shortcuts"]),
                       draft_shortcuts=None if row["draft_shortcuts"] is None else list(row["draft_shortcuts"]))


async def set_connectors(conn: Conn, bot_id: int, version: str, connectors: dict[str, dict[str, str]]) -> None:
    await conn.execute("UPDATE bot_versions SET connectors = $3::jsonb WHERE bot_id = $1 AND version = $2",
                       bot_id, version, connectors)


async def take_offline(conn: Conn, bot_id: int) -> None:
    """No version is online any more (the versions stay; publishing again brings one back)."""
    await conn.execute(
        "UPDATE bots SET online_version = NULL, published_at = NULL, draft_changed = true, updated_at = now()"
        " WHERE id = $1", bot_id)


async def list_in_space(conn: Conn, space_id: int, *, published: bool | None, connectors: list[str] | None,
                        by_publish_time: bool, limit: int, offset: int) -> tuple[list[BotWithOnlineConfig], int]:
    """Bots of a space with their online version's config: all, only published (published=True) or
    only unpublished ones (False); only those whose online version lists one of `connectors`. Newest
    change (or newest publish) first; and the total."""
    args: list[Any] = [space_id]
    where = ["b.space_id = $1", "b.deleted_at IS NULL"]
    if published is not None:
        where.append("b.online_version IS NOT NULL" if published else "b.online_version IS NULL")
    if connectors:
        args.append(connectors)
        where.append(f"v.connectors ?| ${len(args)}::text[]")
    order = "b.published_at DESC NULLS LAST, b.id DESC" if by_publish_time else "b.updated_at DESC, b.id DESC"
    source = (" FROM bots b LEFT JOIN bot_versions v ON v.bot_id = b.id AND v.version = b.online_version"
              f" WHERE {' AND '.join(where)}")
    rows = await conn.fetch(f"SELECT {_BOT}, v.config AS online_config{source} ORDER BY {order}"
                            f" LIMIT ${len(args) + 1} OFFSET ${len(args) + 2}", *args, limit, offset)
    total = await conn.fetchval(f"SELECT count(*){source}", *args)
    return [BotWithOnlineConfig(bot=_bot(r), online_config=_config(r["online_config"])) for r in rows], int(total)


async def using_workflow(conn: Conn, space_id: int, workflow_id: int) -> list[tuple[int, str, bool, bool]]:
    """The space's bots whose draft or online version binds the workflow (workflow_info_list):
    (bot id, draft name, in the draft, in the online version), by bot id."""
    rows = await conn.fetch(
        "SELECT b.id, b.draft->>'name' AS name,"
        " EXISTS (SELECT 1 FROM jsonb_array_elements(CASE jsonb_typeof(b.draft->'workflow_info_list')"
        "   WHEN 'array' THEN b.draft->'workflow_info_list' ELSE '[]' END) w"
        "   WHERE w->>'workflow_id' = $2) AS in_draft,"
        " EXISTS (SELECT 1 FROM jsonb_array_elements(CASE jsonb_typeof(v.config->'workflow_info_list')"
        "   WHEN 'array' THEN v.config->'workflow_info_list' ELSE '[]' END) w"
        "   WHERE w->>'workflow_id' = $2) AS in_published"
        " FROM bots b LEFT JOIN bot_versions v ON v.bot_id = b.id AND v.version = b.online_version"
        " WHERE b.space_id = $1 AND b.deleted_at IS NULL ORDER BY b.id", space_id, str(workflow_id))
    return [(r["id"], r["name"] or "", r["in_draft"], r["in_published"]) for r in rows
            if r["in_draft"] or r["in_published"]]
