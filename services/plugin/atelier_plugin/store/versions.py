"""plugin_versions rows: immutable published snapshots."""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg

from atelier_plugin.entities import PluginSettings, PluginVersion, Tool
from atelier_plugin.store import Conn


def _version(row: asyncpg.Record) -> PluginVersion:
    plugin_id = row["plugin_id"]
    return PluginVersion(plugin_id=plugin_id, version=row["version"], version_name=row["version_name"],
                         version_desc=row["version_desc"], settings=PluginSettings.from_doc(row["settings"]),
                         secrets_sealed=row["secrets_sealed"],
                         tools=tuple(Tool.from_doc(plugin_id, t) for t in row["tools"]), creator_id=row["creator_id"],
                         created_at=row["created_at"])


async def insert(conn: Conn, *, plugin_id: int, version: str, version_name: str, version_desc: str,
                 settings: PluginSettings, secrets_sealed: bytes | None, tools: Sequence[Tool], creator_id: int) -> None:
    await conn.execute(
        "INSERT INTO plugin_versions (plugin_id, version, version_name, version_desc, settings, secrets_sealed, tools,"
        " creator_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        plugin_id, version, version_name, version_desc, settings.to_doc(), secrets_sealed,
        [t.to_doc() for t in tools], creator_id)


async def get(conn: Conn, plugin_id: int, version: str) -> PluginVersion | None:
    row = await conn.fetchrow("SELECT * FROM plugin_versions WHERE plugin_id = $1 AND version = $2", plugin_id, version)
    return _version(row) if row else None


async def get_many(conn: Conn, keys: Sequence[tuple[int, str]]) -> dict[int, PluginVersion]:
    """The versions named by (plugin id, version) pairs, by plugin id."""
    if not keys:
        return {}
    rows = await conn.fetch(
        "SELECT v.* FROM plugin_versions v JOIN unnest($1::bigint[], $2::text[]) AS k(plugin_id, version)"
        " ON v.plugin_id = k.plugin_id AND v.version = k.version",
        [k[0] for k in keys], [k[1] for k in keys])
    return {row["plugin_id"]: _version(row) for row in rows}


async def latest(conn: Conn, plugin_id: int) -> PluginVersion | None:
    row = await conn.fetchrow("SELECT * FROM plugin_versions WHERE plugin_id = $1 ORDER BY created_at DESC,"
                              " version DESC LIMIT 1", plugin_id)
    return _version(row) if row else None
