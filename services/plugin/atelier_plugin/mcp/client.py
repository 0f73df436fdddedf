"""Talks to MCP servers with the `mcp` SDK: list a server's tools, call one.

Each operation opens its own session (initialize, one or two requests, close) under one deadline,
so nothing is left open between a model's tool calls and a slow server cannot hold a run.
Streamable HTTP goes through the SSRF guard's httpx2 client (every request the SDK makes, redirects
included, is checked) and each message the server answers with is capped (ATELIER_MCP_MAX_RESPONSE_BYTES:
a JSON body in the guard, a streamed event by the SDK); stdio servers start only when the operator
listed their command (operator-chosen programs, so their output is not capped).
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, nullcontext
from dataclasses import dataclass
from typing import IO, Any

import httpx2
import mcp_types as types
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

from atelier_common.outbound import OutboundPolicy, guarded_httpx2_client
from atelier_common.settings import Settings, get_settings
from atelier_plugin.mcp.config import (
    McpServerConfig,
    StdioServer,
    StreamableHttpServer,
    describe,
    parse_stdio_commands,
    stdio_refusal,
)
from atelier_plugin.mcp.errors import McpClientError
from atelier_plugin.mcp.failures import Circumstances, client_error, first_failure
from atelier_plugin.mcp.results import McpTool, McpToolResult, result_from_sdk, tool_from_sdk

CLIENT_INFO = types.Implementation(name="atelier", version="0.1.0")
MAX_TOOL_PAGES = 100  # a server whose cursor never ends is a protocol error, not a hang
_STDERR_TAIL_CHARS = 2000
_EVENT_STREAM = "text/event-stream"  # answers streamed as events: the SDK caps each event, not the stream


@dataclass(frozen=True)
class McpAccess:
    """What the operator allows: the outbound policy (SSRF guard and its allow-list), the stdio
    commands that may be started, the default deadline of one operation and the largest message an
    HTTP server may answer with."""

    outbound: OutboundPolicy
    stdio_commands: frozenset[str] = frozenset()
    timeout_s: float = 30.0
    max_response_bytes: int = 4 * 1024 * 1024

    @classmethod
    def from_settings(cls, settings: Settings) -> McpAccess:
        return cls(outbound=OutboundPolicy.from_settings(settings),
                   stdio_commands=parse_stdio_commands(settings.mcp_stdio_commands),
                   timeout_s=settings.mcp_timeout_s, max_response_bytes=settings.mcp_max_response_bytes)


async def list_tools(config: McpServerConfig, *, access: McpAccess | None = None,
                     timeout_s: float | None = None) -> list[McpTool]:
    """The server's tools (every page), in the server's order. McpClientError when it cannot be had."""
    access = access or McpAccess.from_settings(get_settings())
    async with _operation(config, access, timeout_s or access.timeout_s) as session:
        return [tool_from_sdk(tool) for tool in await _all_tools(session, config)]


async def call_tool(config: McpServerConfig, name: str, arguments: dict[str, Any] | None,
                    timeout_s: float | None = None, *, access: McpAccess | None = None) -> McpToolResult:
    """Run tool `name` with `arguments`. A tool that ran and failed is a result with is_error (the model
    reads why); a server that cannot be used, or a name it does not list, is McpClientError."""
    access = access or McpAccess.from_settings(get_settings())
    async with _operation(config, access, timeout_s or access.timeout_s) as session:
        # Listing first names the unknown tool clearly, and primes the SDK's output-schema check.
        names = [tool.name for tool in await _all_tools(session, config)]
        if name not in names:
            shown = ", ".join(names[:20]) + (", ..." if len(names) > 20 else "")
            raise McpClientError(f"MCP server {describe(config)} has no tool {name!r}; its tools: {shown or 'none'}",
                                 kind="unknown_tool")
        result = await session.call_tool(name, arguments or {})
        return result_from_sdk(result)


async def _all_tools(session: ClientSession, config: McpServerConfig) -> list[types.Tool]:
    tools: list[types.Tool] = []
    cursor: str | None = None
    for _ in range(MAX_TOOL_PAGES):
        page = await session.list_tools(params=types.PaginatedRequestParams(cursor=cursor) if cursor else None)
        tools.extend(page.tools)
        cursor = page.next_cursor
        if not cursor:
            return tools
    raise McpClientError(f"MCP server {describe(config)} lists tools over more than {MAX_TOOL_PAGES} pages",
                         kind="protocol")


@asynccontextmanager
async def _operation(config: McpServerConfig, access: McpAccess, timeout_s: float) -> AsyncIterator[ClientSession]:
    """An initialized session under one deadline; every failure inside becomes McpClientError."""
    if isinstance(config, StdioServer) and (refusal := stdio_refusal(config, access.stdio_commands)):
        raise McpClientError(refusal, kind="not_allowed")
    # A stdio server's stderr is kept to say why it failed; HTTP servers have none.
    stderr_file = tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") \
        if isinstance(config, StdioServer) else nullcontext(None)
    status = _HttpStatus()
    with stderr_file as errlog:
        try:
            async with asyncio.timeout(timeout_s), _session(config, access, timeout_s, errlog, status) as session:
                yield session
        except BaseException as exc:  # the SDK's task groups wrap what failed in exception groups
            failure = first_failure(exc)
            if failure is None:
                raise
            seen = Circumstances(server=f"MCP server {describe(config)}", stdio=isinstance(config, StdioServer),
                                 timeout_s=timeout_s, max_response_bytes=access.max_response_bytes,
                                 stderr=_tail(errlog), http_status=status.last_error)
            raise client_error(failure, seen) from None


class _HttpStatus:
    """The HTTP error status of the last message posted, if any: the SDK turns one into a JSON-RPC
    error without the status, which is what says whether credentials were refused or a retry may work."""

    def __init__(self) -> None:
        self.last_error: int | None = None

    async def record(self, response: httpx2.Response) -> None:
        if response.request.method == "POST":
            self.last_error = response.status_code if response.status_code >= 400 else None


@asynccontextmanager
async def _session(config: McpServerConfig, access: McpAccess, timeout_s: float, errlog: IO[str] | None,
                   status: _HttpStatus) -> AsyncIterator[ClientSession]:
    if isinstance(config, StreamableHttpServer):
        # The guard's time cap is per fetch; a tool may stream its answer for as long as the call allows.
        timeout = httpx2.Timeout(min(access.outbound.timeout_s, timeout_s), read=timeout_s)
        async with guarded_httpx2_client(access.outbound, headers=config.headers, timeout=timeout,
                                         max_body_bytes=access.max_response_bytes,
                                         uncapped_media_types=(_EVENT_STREAM,),
                                         event_hooks={"response": [status.record]}) as http, \
                streamable_http_client(config.url, http_client=http,
                                       max_sse_event_size=access.max_response_bytes) as (read, write), \
                ClientSession(read, write, read_timeout_seconds=timeout_s, client_info=CLIENT_INFO) as session:
            await session.initialize()
            yield session
        return
    command = shutil.which(config.command)  # resolved with the service's PATH, never the config's
    if command is None:
        raise McpClientError(f"MCP server {describe(config)}: the command is not found on this host",
                             kind="unreachable")
    # The SDK passes only a few safe variables (HOME, PATH, ...) of ours, never the service's secrets.
    params = StdioServerParameters(command=command, args=list(config.args), env=dict(config.env))
    async with stdio_client(params, errlog=errlog or sys.stderr) as (read, write), \
            ClientSession(read, write, read_timeout_seconds=timeout_s, client_info=CLIENT_INFO) as session:
        await session.initialize()
        yield session


def _tail(errlog: IO[str] | None) -> str:
    if errlog is None:
        return ""
    try:
        errlog.seek(0)
        text = errlog.read()
    except (OSError, ValueError):
        return ""
    return " ".join(text[-_STDERR_TAIL_CHARS:].split())
