"""The MCP server (the `mcp` SDK's low-level Server): tools/list and tools/call over the tool sources.

The endpoint authenticates each HTTP request and leaves the Caller in the ASGI scope; the SDK hands
handlers that request (`ctx.request`), so every call acts for exactly the token that sent it. A call
that cannot give a result answers an error result (`isError`) whose text says why, which a model
can read and act on; only a listing that fails is a JSON-RPC error.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import metadata
from typing import Any

import grpc
import mcp_types as types
from mcp.server.caching import CacheHint
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError

from atelier_common.errors import from_rpc_error
from atelier_gateway.mcp.tools import Caller, Tool, ToolFailed, ToolSource

CALLER_SCOPE_KEY = "atelier.mcp.caller"
INSTRUCTIONS = ("Each tool is an agent or a workflow published in Atelier. Call an agent with a query; its answer "
                "comes with a conversation_id: pass it back to continue the same conversation. Call a workflow "
                "with its inputs; it runs to its end and answers its output.")


def caller_of(ctx: ServerRequestContext[Any, Any]) -> Caller:
    request = ctx.request
    caller = request.scope.get(CALLER_SCOPE_KEY) if request is not None else None
    if not isinstance(caller, Caller):  # only reachable when the endpoint is bypassed
        raise MCPError(types.INTERNAL_ERROR, "unauthenticated MCP request")
    return caller


def _wire(tool: Tool) -> types.Tool:
    return types.Tool(
        name=tool.name,
        title=tool.title,
        description=tool.description,
        input_schema=dict(tool.input_schema),
        output_schema=dict(tool.output_schema) if tool.output_schema is not None else None,
        annotations=types.ToolAnnotations(title=tool.title, read_only_hint=False, destructive_hint=False,
                                          idempotent_hint=False, open_world_hint=True),
    )


def _error(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=text)], is_error=True)


def _version() -> str:
    try:
        return metadata.version("atelier-gateway")
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a source tree without install
        return ""


def build_server(sources: Sequence[ToolSource]) -> Server[Any]:
    def source_of(name: str) -> ToolSource | None:
        return next((s for s in sources if s.claims(name)), None)

    def input_schema(name: str) -> Mapping[str, Any] | None:
        source = source_of(name)
        return source.input_schema(name) if source is not None else None

    async def list_tools(ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
                         ) -> types.ListToolsResult:
        caller = caller_of(ctx)
        tools: list[types.Tool] = []
        for source in sources:
            try:
                tools.extend(_wire(t) for t in await source.list_tools(caller))
            except grpc.RpcError as exc:
                raise MCPError(types.INTERNAL_ERROR, f"the tools could not be listed: {from_rpc_error(exc).msg}"
                               ) from None
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams
                        ) -> types.CallToolResult:
        caller = caller_of(ctx)
        source = source_of(params.name)
        if source is None:
            return _error(f"unknown tool {params.name!r}: tools/list names the tools this token can call")
        try:
            result = await source.call_tool(caller, params.name, params.arguments or {})
        except ToolFailed as exc:
            return _error(f"{params.name}: {exc}")
        except grpc.RpcError as exc:
            return _error(f"{params.name}: {from_rpc_error(exc).msg}")
        return types.CallToolResult(content=[types.TextContent(text=t) for t in result.texts],
                                    structured_content=dict(result.structured))

    return Server(
        "atelier",
        version=_version(),
        title="Atelier",
        instructions=INSTRUCTIONS,
        # A listing is the token's own and changes with every publish: never shared, never fresh.
        cache_hints={"tools/list": CacheHint(ttl_ms=0, scope="private")},
        # Schemas by name without a listing: the 2026 transport checks Mcp-Param headers against them.
        get_tool_input_schema=input_schema,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
