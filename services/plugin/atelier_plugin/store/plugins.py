"""plugins rows (the draft's settings and the publishing state)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import asyncpg

from atelier_plugin.entities import (
    AuthConfig,
    Plugin,
    PluginSettings,
    common_params_doc,
    common_params_of,
    mcp_server_doc,
    mcp_server_of,
)
from atelier_plugin.store import Conn
from atelier_proto.enums import PluginKind


def _plugin(row: asyncpg.Record) -> Plugin:
    settings = PluginSettings(kind=PluginKind(row["kind"]), name=row["name"], description=row["description"],
                              icon_uri=row["icon_uri"], server_url=row["server_url"], manifest=row["manifest"],
                              openapi=row["openapi"],
                              auth=AuthConfig.from_doc(row["auth"]), common_params=common_params_of(row["common_params"]),
                              mcp_server=mcp_server_of(row["mcp_server"]))
    return Plugin(id=row["id"], space_id=row["space_id"], creator_id=row["creator_id"], plugin_type=row["plugin_type"],
                  creation_method=row["creation_method"], settings=settings, secrets_sealed=row["secrets_sealed"],
                  edit_version=row["edit_version"], online_version=row["online_version"],
                  published_at=row["published_at"], draft_changed=row["draft_changed"], created_at=row["created_at"],
                  updated_at=row["updated_at"])


def _settings_columns(settings: PluginSettings) -> dict[str, Any]:
    return {"kind": str(settings.kind), "name": settings.name, "description": settings.description,
            "icon_uri": settings.icon_uri, "server_url": settings.server_url, "manifest": settings.manifest,
            "openapi": settings.openapi,
            "auth": settings.auth.to_doc(), "common_params": common_params_doc(settings.common_params),
            "mcp_server": mcp_server_doc(settings.mcp_server)}


async def insert(conn: Conn, *, id: int, space_id: int, creator_id: int, plugin_type: int, creation_method: int,
                 settings: PluginSettings, secrets_sealed: bytes | None) -> None:
    columns = {"id": id, "space_id": space_id, "creator_id": creator_id, "plugin_type": plugin_type,
               "creation_method": creation_method, **_settings_columns(settings), "secrets_sealed": secrets_sealed}
    names = ", ".join(columns)
    params = ", ".join(f"${i + 1}" for i in range(len(columns)))
    await conn.execute(f"INSERT INTO plugins ({names}) VALUES ({params})", *columns.values())


async def get(conn: Conn, plugin_id: int, *, for_update: bool = False) -> Plugin | None:
    lock = " FOR UPDATE" if for_update else ""
    row = await conn.fetchrow(f"SELECT * FROM plugins WHERE id = $1 AND deleted_at IS NULL{lock}", plugin_id)
    return _plugin(row) if row else None


async def get_many(conn: Conn, plugin_ids: list[int]) -> dict[int, Plugin]:
    rows = await conn.fetch("SELECT * FROM plugins WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL", plugin_ids)
    return {row["id"]: _plugin(row) for row in rows}


@dataclass(frozen=True)
class SpaceFilter:
    """Which of a space's plugins a list shows (None: no condition)."""

    name: str = ""  # contained in the name, any case
    plugin_ids: Sequence[int] | None = None
    plugin_types: Sequence[int] | None = None
    creator_id: int | None = None
    by_created: bool = False  # last created first; else last updated first


async def in_space(conn: Conn, space_id: int, where: SpaceFilter, *, offset: int, limit: int
                   ) -> tuple[list[Plugin], int]:
    """One page of the space's plugins, and how many match."""
    conditions = ("space_id = $1 AND deleted_at IS NULL"
                  " AND ($2 = '' OR position(lower($2) in lower(name)) > 0)"
                  " AND ($3::bigint[] IS NULL OR id = ANY($3::bigint[]))"
                  " AND ($4::int[] IS NULL OR plugin_type = ANY($4::int[]))"
                  " AND ($5::bigint IS NULL OR creator_id = $5)")
    args = (space_id, where.name, list(where.plugin_ids) if where.plugin_ids is not None else None,
            list(where.plugin_types) if where.plugin_types is not None else None, where.creator_id)
    total = await conn.fetchval(f"SELECT count(*) FROM plugins WHERE {conditions}", *args)
    order = "created_at DESC, id DESC" if where.by_created else "updated_at DESC, id DESC"
    rows = await conn.fetch(f"SELECT * FROM plugins WHERE {conditions} ORDER BY {order} OFFSET $6 LIMIT $7",
                            *args, offset, limit) if limit > 0 else []
    return [_plugin(r) for r in rows], total


async def save_draft(conn: Conn, plugin_id: int, settings: PluginSettings, secrets_sealed: bytes | None) -> int:
    """Replace the draft's settings: the draft now differs from the online version. The new edit_version."""
    columns = {**_settings_columns(settings), "secrets_sealed": secrets_sealed}
    sets = ", ".join(f"{name} = ${i + 2}" for i, name in enumerate(columns))
    return await conn.fetchval(
        f"UPDATE plugins SET {sets}, edit_version = edit_version + 1, draft_changed = true, updated_at = now()"
        " WHERE id = $1 RETURNING edit_version", plugin_id, *columns.values())


async def touch_draft(conn: Conn, plugin_id: int) -> int:
    """A change to the draft's tools: the new edit_version."""
    return await conn.fetchval(
        "UPDATE plugins SET edit_version = edit_version + 1, draft_changed = true, updated_at = now()"
        " WHERE id = $1 RETURNING edit_version", plugin_id)


async def mark_published(conn: Conn, plugin_id: int, version: str) -> None:
    await conn.execute("UPDATE plugins SET online_version = $2, published_at = now(), draft_changed = false"
                       " WHERE id = $1", plugin_id, version)


async def soft_delete(conn: Conn, plugin_id: int) -> None:
    await conn.execute("UPDATE plugins SET deleted_at = now() WHERE id = $1", plugin_id)
