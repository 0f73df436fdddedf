"""Talks to MCP servers with the `mcp` SDK: list a server's tools, call one.

Each operation opens its own session (initialize, one or two requests, close) under one deadline,
so nothing is left open between a model's tool calls and a slow server cannot hold a run.
Streamable HTTP goes through the SSRF guard's httpx client (every request the SDK makes, redirects
included, is checked); stdio servers start only when the operator listed their command.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, nullcontext
from dataclasses import dataclass
from datetime import timedelta
from typing import IO, Any

import httpx
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import McpError

from atelier_common.outbound import OutboundFailed, OutboundPolicy, OutboundRefused, guarded_client
from atelier_common.settings import Settings, get_settings
from atelier_plugin.mcp.config import (
    McpServerConfig,
    StdioServer,
    StreamableHttpServer,
    parse_stdio_commands,
    stdio_refusal,
)
from atelier_plugin.mcp.errors import McpClientError
from atelier_plugin.mcp.results import McpTool, McpToolResult, result_from_sdk, tool_from_sdk

CLIENT_INFO = types.Implementation(name="atelier", version="0.1.0")
MAX_TOOL_PAGES = 100  # a server whose cursor never ends is a protocol error, not a hang
_STDERR_TAIL_CHARS = 2000
_SDK_SESSION_TERMINATED = 32600  # mcp.client.streamable_http's error for a 404 (no constant of its own)


@dataclass(frozen=True)
class McpAccess:
    """What the operator allows: the outbound policy (SSRF guard and its allow-list), the stdio
    commands that may be started, and the default deadline of one operation."""

    outbound: OutboundPolicy
    stdio_commands: frozenset[str] = frozenset()
    timeout_s: float = 30.0

    @classmethod
    def from_settings(cls, settings: Settings) -> McpAccess:
        return cls(outbound=OutboundPolicy.from_settings(settings),
                   stdio_commands=parse_stdio_commands(settings.mcp_stdio_commands),
                   timeout_s=settings.mcp_timeout_s)


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


def describe(config: McpServerConfig) -> str:
    """The server as named in messages: its URL, or its command (never headers or env)."""
    if isinstance(config, StreamableHttpServer):
        return config.url
    return f"stdio:{config.command}"


async def _all_tools(session: ClientSession, config: McpServerConfig) -> list[types.Tool]:
    tools: list[types.Tool] = []
    cursor: str | None = None
    for _ in range(MAX_TOOL_PAGES):
        page = await session.list_tools(params=types.PaginatedRequestParams(cursor=cursor) if cursor else None)
        tools.extend(page.tools)
        cursor = page.nextCursor
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
    with stderr_file as errlog:
        try:
            async with asyncio.timeout(timeout_s), _session(config, access, timeout_s, errlog) as session:
                yield session
        except BaseException as exc:  # the SDK's task groups wrap what failed in exception groups
            failure = _leaf(exc)
            if failure is None:
                raise
            raise _translate(failure, config, timeout_s, _tail(errlog)) from None


@asynccontextmanager
async def _session(config: McpServerConfig, access: McpAccess, timeout_s: float,
                   errlog: IO[str] | None) -> AsyncIterator[ClientSession]:
    read_timeout = timedelta(seconds=timeout_s)
    if isinstance(config, StreamableHttpServer):
        async with guarded_client(access.outbound, headers=config.headers) as http:
            # The guard's time cap is per fetch; a tool may stream its answer for as long as the call allows.
            http.timeout = httpx.Timeout(min(access.outbound.timeout_s, timeout_s), read=timeout_s)
            async with streamable_http_client(config.url, http_client=http) as (read, write, _session_id), \
                    ClientSession(read, write, read_timeout_seconds=read_timeout, client_info=CLIENT_INFO) as session:
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
            ClientSession(read, write, read_timeout_seconds=read_timeout, client_info=CLIENT_INFO) as session:
        await session.initialize()
        yield session


def _leaf(exc: BaseException) -> Exception | None:
    """The failure that matters inside (nested) exception groups: the first that is not a cancellation."""
    if isinstance(exc, BaseExceptionGroup):
        for inner in exc.exceptions:
            found = _leaf(inner)
            if found is not None:
                return found
        return None
    if isinstance(exc, Exception):
        return exc
    return None


def _translate(exc: Exception, config: McpServerConfig, timeout_s: float, stderr: str) -> McpClientError:
    if isinstance(exc, McpClientError):
        return exc
    server = f"MCP server {describe(config)}"
    said = f" (its stderr: {stderr})" if stderr else ""
    if isinstance(exc, OutboundRefused):
        return McpClientError(f"{server} is refused: it {exc}", kind="refused")
    if isinstance(exc, OutboundFailed):
        return McpClientError(f"{server} is unreachable: {exc}", kind="unreachable", retryable=exc.transient)
    if isinstance(exc, TimeoutError | httpx.TimeoutException):
        return McpClientError(f"{server} did not answer within {timeout_s:g} s{said}", kind="timeout", retryable=True)
    if isinstance(exc, httpx.HTTPStatusError):
        return _http_status_error(server, exc)
    if isinstance(exc, httpx.TransportError | ConnectionError):
        return McpClientError(f"{server} is unreachable: {type(exc).__name__}: {exc}{said}", kind="unreachable",
                              retryable=True)
    if isinstance(exc, OSError):  # the stdio program could not be started
        return McpClientError(f"{server} could not be started: {exc}", kind="unreachable")
    if isinstance(exc, McpError):
        code = exc.error.code
        if code == types.CONNECTION_CLOSED:
            gone = "exited or closed its output" if isinstance(config, StdioServer) else "closed the connection"
            return McpClientError(f"{server} {gone}{said}", kind="unreachable",
                                  retryable=isinstance(config, StreamableHttpServer))
        if code == _SDK_SESSION_TERMINATED:  # what the SDK makes of an HTTP 404 to a request
            return McpClientError(f"{server} answered HTTP 404: no MCP endpoint at this URL, or it ended the session",
                                  kind="protocol")
        if code == httpx.codes.REQUEST_TIMEOUT or "timed out" in exc.error.message.lower():
            return McpClientError(f"{server} did not answer within {timeout_s:g} s", kind="timeout", retryable=True)
        return McpClientError(f"{server} answered with error {code}: {exc.error.message}", kind="protocol")
    return McpClientError(f"{server} did not behave as an MCP server: {type(exc).__name__}: {exc}{said}",
                          kind="protocol")


def _http_status_error(server: str, exc: httpx.HTTPStatusError) -> McpClientError:
    status = exc.response.status_code
    if status in (401, 403):
        return McpClientError(f"{server} refused the credentials (HTTP {status}); check the plugin's headers",
                              kind="refused")
    if 300 <= status < 400:  # the SDK follows redirects only within the endpoint's origin
        return McpClientError(f"{server} {exc}", kind="protocol")
    transient = status >= 500 or status == 429
    return McpClientError(f"{server} answered HTTP {status}", kind="unreachable" if transient else "protocol",
                          retryable=transient)


def _tail(errlog: IO[str] | None) -> str:
    if errlog is None:
        return ""
    try:
        errlog.seek(0)
        text = errlog.read()
    except (OSError, ValueError):
        return ""
    return " ".join(text[-_STDERR_TAIL_CHARS:].split())
