"""One call of an MCP plugin's tool (arguments already validated against its input schema): sent with
the `mcp` SDK through the SSRF guard, the result read as the model's text (trimmed like an HTTP
body) and kept whole as JSON for the run record."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from atelier_plugin import mcp_tool_list, views
from atelier_plugin.domain.request_building import REDACTED
from atelier_plugin.domain.response_shaping import trim_for_model
from atelier_plugin.entities import PluginView, Tool
from atelier_plugin.mcp import McpClientError, call_tool
from atelier_plugin.runtime.results import CallResult, failed
from atelier_plugin.state import PluginState
from atelier_proto.enums import InvokeOutcome


async def call(state: PluginState, view: PluginView, tool: Tool, arguments: dict[str, Any],
               base: CallResult) -> CallResult:
    server = view.settings.mcp_server
    if server is None:
        return failed(base, f"plugin '{view.settings.name}' has no MCP server")
    headers = views.credentials(state.keyring, view).mcp_headers
    record = {"server": server.url, "headers": dict.fromkeys(headers, REDACTED), "tool": tool.server_name,
              "arguments": arguments}
    try:
        result = await call_tool(mcp_tool_list.server_config(server, headers), tool.server_name, arguments,
                                 access=state.mcp)
    except McpClientError as exc:
        return replace(failed(base, str(exc)), request=record)
    text = result.text or "(the tool returned no content)"
    if result.is_error:
        # The server rejected the call (its own argument checks, or the tool failed): the model reads why.
        text = f"The tool reported an error: {text}"
    shown, cut = trim_for_model(text)
    return replace(base, outcome=InvokeOutcome.ToolError if result.is_error else InvokeOutcome.Ok,
                   body=json.dumps(result.raw, ensure_ascii=False).encode(), request=record,
                   result_for_model=shown, truncated=cut > 0,
                   error=f"the tool reported an error: {result.text[:500]}" if result.is_error else "")
