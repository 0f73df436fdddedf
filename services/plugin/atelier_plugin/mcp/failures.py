"""What went wrong with an MCP server, as one McpClientError: whatever the SSRF guard, httpx2, the
SDK or the server raised, read with what the client saw on the way (stderr, the HTTP status). No I/O."""

from __future__ import annotations

from dataclasses import dataclass

import httpx2
import mcp_types as types
from mcp import MCPError

from atelier_common.outbound import OutboundFailed, OutboundRefused, OutboundTooLarge
from atelier_plugin.mcp.errors import McpClientError

MAX_RESPONSE_SETTING = "ATELIER_MCP_MAX_RESPONSE_BYTES"

# What the SDK says in place of an HTTP error status (a server's own JSON-RPC error is worth quoting).
_SDK_STAND_INS = frozenset({"Not Found", "Session terminated", "Server returned an error response"})


@dataclass(frozen=True)
class Circumstances:
    server: str  # "MCP server <url or stdio:command>"
    stdio: bool
    timeout_s: float
    max_response_bytes: int
    stderr: str = ""  # the tail of a stdio server's stderr
    http_status: int | None = None  # the HTTP error status of the last message posted

    @property
    def said(self) -> str:
        return f" (its stderr: {self.stderr})" if self.stderr else ""


def first_failure(exc: BaseException) -> Exception | None:
    """The failure that matters inside (nested) exception groups: the first that is not a cancellation."""
    if isinstance(exc, BaseExceptionGroup):
        for inner in exc.exceptions:
            found = first_failure(inner)
            if found is not None:
                return found
        return None
    if isinstance(exc, Exception):
        return exc
    return None


def client_error(exc: Exception, seen: Circumstances) -> McpClientError:
    if isinstance(exc, McpClientError):
        return exc
    server = seen.server
    if isinstance(exc, OutboundRefused):
        return McpClientError(f"{server} is refused: it {exc}", kind="refused")
    if isinstance(exc, OutboundTooLarge):  # a JSON answer over the cap (or one that could not be held to it)
        return McpClientError(f"{server} answered over the size limit: {exc} ({MAX_RESPONSE_SETTING})",
                              kind="protocol")
    if isinstance(exc, OutboundFailed):
        return McpClientError(f"{server} is unreachable: {exc}", kind="unreachable", retryable=exc.transient)
    if isinstance(exc, TimeoutError | httpx2.TimeoutException):
        return _timeout(seen)
    if isinstance(exc, httpx2.TransportError | ConnectionError):
        return McpClientError(f"{server} is unreachable: {type(exc).__name__}: {exc}{seen.said}", kind="unreachable",
                              retryable=True)
    if isinstance(exc, OSError):  # the stdio program could not be started
        return McpClientError(f"{server} could not be started: {exc}", kind="unreachable")
    if isinstance(exc, MCPError):
        return _jsonrpc_error(exc, seen)
    return McpClientError(f"{server} did not behave as an MCP server: {type(exc).__name__}: {exc}{seen.said}",
                          kind="protocol")


def _timeout(seen: Circumstances) -> McpClientError:
    return McpClientError(f"{seen.server} did not answer within {seen.timeout_s:g} s{seen.said}", kind="timeout",
                          retryable=True)


def _jsonrpc_error(exc: MCPError, seen: Circumstances) -> McpClientError:
    """The server's own JSON-RPC error, or one the SDK made of what went wrong on the way."""
    if seen.http_status is not None:
        return _http_status_error(seen.server, seen.http_status, exc.message)
    if exc.code == types.REQUEST_TIMEOUT:
        return _timeout(seen)
    if exc.code == types.CONNECTION_CLOSED:
        if "byte limit" in exc.message:  # the SDK's per-event cap (max_sse_event_size) stopped the stream
            return McpClientError(f"{seen.server} answered over the size limit: a streamed message over the "
                                  f"{seen.max_response_bytes}-byte limit ({MAX_RESPONSE_SETTING})", kind="protocol")
        gone = "exited or closed its output" if seen.stdio else "closed the connection"
        return McpClientError(f"{seen.server} {gone}{seen.said}", kind="unreachable", retryable=not seen.stdio)
    return McpClientError(f"{seen.server} answered with error {exc.code}: {exc.message}", kind="protocol")


def _http_status_error(server: str, status: int, message: str) -> McpClientError:
    detail = "" if message in _SDK_STAND_INS else f": {message}"
    if status in (401, 403):
        return McpClientError(f"{server} refused the credentials (HTTP {status}){detail}; check the plugin's headers",
                              kind="refused")
    if status == 404:
        return McpClientError(f"{server} answered HTTP 404: no MCP endpoint at this URL, or it ended the session",
                              kind="protocol")
    transient = status >= 500 or status == 429
    return McpClientError(f"{server} answered HTTP {status}{detail}", kind="unreachable" if transient else "protocol",
                          retryable=transient)
