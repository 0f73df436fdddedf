"""How to reach an MCP server, as stored with a plugin: streamable HTTP (anyone) or stdio (operators).

Pure data and checks, no I/O. A stdio server runs a local program, so a config naming one is only
usable when the operator listed that program in ATELIER_MCP_STDIO_COMMANDS (see `McpAccess`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

STDIO_COMMANDS_SETTING = "ATELIER_MCP_STDIO_COMMANDS"

# Environment variables that would change which code an allowed program loads or which program a
# bare command name means; a config may not set them.
_LOADER_ENV_PREFIXES = ("LD_", "DYLD_")
_LOADER_ENV_NAMES = frozenset({"PATH", "PYTHONPATH", "PYTHONSTARTUP", "PYTHONHOME", "NODE_OPTIONS", "NODE_PATH",
                               "PERL5LIB", "PERL5OPT", "RUBYOPT", "RUBYLIB", "BASH_ENV", "ENV"})


class StreamableHttpServer(BaseModel):
    """An MCP server at `url` (its MCP endpoint, e.g. https://example.com/mcp); `headers` go with every
    request (Authorization and the like) and are kept out of reprs and logs."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    transport: Literal["streamable_http"] = "streamable_http"
    url: str = Field(min_length=1, max_length=2048)
    headers: dict[str, str] = Field(default_factory=dict, repr=False)

    @field_validator("url")
    @classmethod
    def _http_url(cls, url: str) -> str:
        scheme, sep, rest = url.partition("://")
        if not sep or scheme.lower() not in ("http", "https") or not rest or rest.startswith("/"):
            raise ValueError(f"the MCP server URL must be an http or https URL with a host, not {url!r}")
        return url

    @field_validator("headers")
    @classmethod
    def _plain_headers(cls, headers: dict[str, str]) -> dict[str, str]:
        for name, value in headers.items():
            if not name or any(c in name for c in " :\r\n\t") or any(c in value for c in "\r\n"):
                raise ValueError(f"header {name!r} is not a valid HTTP header name and value")
        return headers


class StdioServer(BaseModel):
    """An MCP server the plugin service starts as a child process and talks to over stdin/stdout."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    transport: Literal["stdio"] = "stdio"
    command: str = Field(min_length=1, max_length=1024)
    args: tuple[str, ...] = ()
    env: dict[str, str] = Field(default_factory=dict, repr=False)

    @field_validator("env")
    @classmethod
    def _no_loader_env(cls, env: dict[str, str]) -> dict[str, str]:
        for name in env:
            if name.upper() in _LOADER_ENV_NAMES or name.upper().startswith(_LOADER_ENV_PREFIXES):
                raise ValueError(f"environment variable {name} may not be set for an MCP server: it changes "
                                 "which program or code runs")
        return env


McpServerConfig = Annotated[StreamableHttpServer | StdioServer, Field(discriminator="transport")]

_CONFIG_ADAPTER: TypeAdapter[StreamableHttpServer | StdioServer] = TypeAdapter(McpServerConfig)


def parse_server_config(data: object) -> StreamableHttpServer | StdioServer:
    """A stored or requested config (a dict with "transport") -> the typed config; pydantic's
    ValidationError names the field at fault."""
    return _CONFIG_ADAPTER.validate_python(data)


def describe(config: StreamableHttpServer | StdioServer) -> str:
    """The server as named in messages: its URL, or its command (never headers or env)."""
    if isinstance(config, StreamableHttpServer):
        return config.url
    return f"stdio:{config.command}"


def parse_stdio_commands(text: str) -> frozenset[str]:
    """ATELIER_MCP_STDIO_COMMANDS ("/usr/local/bin/mcp-git, uvx") -> the allowed commands, exactly as a
    config must spell them."""
    return frozenset(part.strip() for part in text.replace(";", ",").split(",") if part.strip())


def stdio_refusal(server: StdioServer, allowed_commands: frozenset[str]) -> str | None:
    """Why `server` may not be started, or None when the operator allowed its command."""
    if server.command in allowed_commands:
        return None
    if not allowed_commands:
        return (f"stdio MCP servers are disabled: the command {server.command!r} can only be run when an operator "
                f"lists it in {STDIO_COMMANDS_SETTING}")
    return (f"the command {server.command!r} is not one of the stdio MCP servers the operator allowed in "
            f"{STDIO_COMMANDS_SETTING}")
