"""tools rows: the draft's tools."""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg

from atelier_plugin.entities import McpToolSchema, Tool
from atelier_plugin.store import Conn


def _tool(row: asyncpg.Record) -> Tool:
    return Tool(id=row["id"], plugin_id=row["plugin_id"], name=row["name"], method=row["method"], path=row["path"],
                disabled=row["disabled"], debug_status=row["debug_status"], created_at=row["created_at"],
                mcp=McpToolSchema.from_doc(row["mcp_tool"]))


def _mcp(tool: Tool) -> dict[str, object] | None:
    return tool.mcp.to_doc() if tool.mcp is not None else None


async def insert(conn: Conn, tool: Tool) -> None:
    await conn.execute(
        "INSERT INTO tools (id, plugin_id, name, method, path, disabled, debug_status, mcp_tool)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        tool.id, tool.plugin_id, tool.name, tool.method, tool.path, tool.disabled, tool.debug_status, _mcp(tool))


async def update(conn: Conn, tool: Tool) -> None:
    await conn.execute(
        "UPDATE tools SET name = $2, method = $3, path = $4, disabled = $5, debug_status = $6, mcp_tool = $7,"
        " updated_at = now() WHERE id = $1",
        tool.id, tool.name, tool.method, tool.path, tool.disabled, tool.debug_status, _mcp(tool))


async def set_debug_status(conn: Conn, tool_id: int, status: int) -> None:
    await conn.execute("UPDATE tools SET debug_status = $2 WHERE id = $1", tool_id, status)


async def delete(conn: Conn, tool_ids: Sequence[int]) -> None:
    await conn.execute("DELETE FROM tools WHERE id = ANY($1::bigint[])", list(tool_ids))


async def of_plugin(conn: Conn, plugin_id: int) -> list[Tool]:
    rows = await conn.fetch("SELECT * FROM tools WHERE plugin_id = $1 ORDER BY created_at, id", plugin_id)
    return [_tool(r) for r in rows]


async def of_plugins(conn: Conn, plugin_ids: Sequence[int]) -> dict[int, list[Tool]]:
    rows = await conn.fetch("SELECT * FROM tools WHERE plugin_id = ANY($1::bigint[]) ORDER BY created_at, id",
                            list(plugin_ids))
    out: dict[int, list[Tool]] = {}
    for row in rows:
        out.setdefault(row["plugin_id"], []).append(_tool(row))
    return out
