"""An MCP plugin's tools: listed from its server when the plugin is registered or its form saved
(the console's refresh), and kept as the draft's tool rows. A tool keeps its row, and so the id
agents bind it by, for as long as the server lists a tool of that name; publishing freezes the rows."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from atelier_common.errors import InvalidArgument, Unavailable
from atelier_plugin.document import ToolChanges
from atelier_plugin.domain.naming import sanitize_tool_name, unique_names
from atelier_plugin.entities import MCP_METHOD, McpServer, McpToolSchema, Tool
from atelier_plugin.mcp import McpAccess, McpClientError, McpTool, StreamableHttpServer, list_tools
from atelier_proto.enums import APIDebugStatus


def server_config(server: McpServer, headers: Mapping[str, str]) -> StreamableHttpServer:
    return StreamableHttpServer(url=server.url, headers=dict(headers))


async def fetch(access: McpAccess, server: McpServer, headers: Mapping[str, str]) -> list[McpTool]:
    """The server's tools; a server that cannot be listed is a clear error (nothing is saved)."""
    try:
        return await list_tools(server_config(server, headers), access=access)
    except McpClientError as exc:
        error = Unavailable if exc.retryable else InvalidArgument
        raise error(f"field 'mcp_server': could not list the server's tools: {exc}") from None


def sync(listed: Sequence[McpTool], existing: Sequence[Tool], new_id: Iterable[int], plugin_id: int) -> ToolChanges:
    """The rows that make the draft's tools what the server lists, in its order. A tool keeps its row
    by its name on the server; its model name is that name as models accept it, unique in the plugin;
    a changed schema must pass a debug run again."""
    ids = iter(new_id)
    by_server_name = {t.server_name: t for t in existing if t.method == MCP_METHOD}
    names = unique_names(sanitize_tool_name(t.name) for t in listed)
    insert: list[Tool] = []
    update: list[Tool] = []
    kept: set[int] = set()
    for tool, name in zip(listed, names, strict=True):
        schema = McpToolSchema(description=tool.description, input_schema=tool.input_schema)
        row = by_server_name.get(tool.name)
        if row is None:
            insert.append(Tool(id=next(ids), plugin_id=plugin_id, name=name, method=MCP_METHOD, path=tool.name,
                               debug_status=APIDebugStatus.DebugWaiting, mcp=schema))
            continue
        kept.add(row.id)
        changed = replace(row, name=name, mcp=schema)
        if row.mcp is None or row.mcp.input_schema != schema.input_schema:
            changed = replace(changed, debug_status=APIDebugStatus.DebugWaiting)
        if changed != row:
            update.append(changed)
    return ToolChanges(tuple(insert), tuple(update), tuple(t.id for t in existing if t.id not in kept))
