"""MCP servers as plugins (client side): a server's config, its tools, and calls to them."""

from atelier_plugin.mcp.client import McpAccess, call_tool, list_tools
from atelier_plugin.mcp.config import (
    STDIO_COMMANDS_SETTING,
    McpServerConfig,
    StdioServer,
    StreamableHttpServer,
    describe,
    parse_server_config,
)
from atelier_plugin.mcp.errors import McpClientError, McpFailureKind
from atelier_plugin.mcp.failures import MAX_RESPONSE_SETTING
from atelier_plugin.mcp.results import McpTool, McpToolResult

__all__ = [
    "MAX_RESPONSE_SETTING",
    "STDIO_COMMANDS_SETTING",
    "McpAccess",
    "McpClientError",
    "McpFailureKind",
    "McpServerConfig",
    "McpTool",
    "McpToolResult",
    "StdioServer",
    "StreamableHttpServer",
    "call_tool",
    "describe",
    "list_tools",
    "parse_server_config",
]
