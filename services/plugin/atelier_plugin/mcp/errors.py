"""The one exception an MCP server's failure becomes, whatever the transport or the SDK raised."""

from __future__ import annotations

from typing import Literal

McpFailureKind = Literal[
    "not_allowed",   # the config may not be used here (a stdio command the operator did not list)
    "refused",       # the SSRF guard refused the address, or the server refused our credentials
    "unreachable",   # no connection, or it broke (server down, process exited, DNS)
    "timeout",       # no answer in time
    "protocol",      # the server answered, but not as MCP says (bad JSON-RPC, HTTP error, bad result)
    "unknown_tool",  # the server does not list a tool of that name
]


class McpClientError(Exception):
    """Using an MCP server failed. `kind` says how; `retryable`: the same call later may work
    (timeouts, dropped connections, 5xx), so a caller may retry or tell the user to try again."""

    def __init__(self, message: str, *, kind: McpFailureKind, retryable: bool = False) -> None:
        super().__init__(message)
        self.kind: McpFailureKind = kind
        self.retryable = retryable
