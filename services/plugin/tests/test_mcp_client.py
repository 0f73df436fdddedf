"""MCP servers as plugins, client side: against a FastMCP server started here over streamable HTTP (in a
thread) and the same tools as a stdio server (a child process), through the SSRF guard."""

from __future__ import annotations

import importlib.util
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from atelier_common.settings import Settings
from atelier_plugin.mcp import (
    McpAccess,
    McpClientError,
    StdioServer,
    StreamableHttpServer,
    call_tool,
    list_tools,
    parse_server_config,
)

SERVER_SCRIPT = Path(__file__).with_name("mcp_test_server.py")


def _load_server_module():
    spec = importlib.util.spec_from_file_location("mcp_test_server", SERVER_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def access(allowlist: str = "", stdio_commands: str = "", **settings: object) -> McpAccess:
    return McpAccess.from_settings(Settings(outbound_allowlist=allowlist, mcp_stdio_commands=stdio_commands,
                                            mcp_timeout_s=20.0, **settings))


LOCAL = access(allowlist="127.0.0.1")


class ThreadServer:
    """An ASGI app on 127.0.0.1, on a port bound here, served by uvicorn in a thread."""

    def __init__(self, app) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = int(self.sock.getsockname()[1])
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test MCP server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(15)
        self.sock.close()


@pytest.fixture(scope="module")
def mcp_url() -> Iterator[str]:
    app = _load_server_module().build_server().streamable_http_app()
    with ThreadServer(app) as server:
        yield f"http://127.0.0.1:{server.port}/mcp"


def behind_token(app, token: str):
    """`app`, answering HTTP 401 to a request without `Authorization: Bearer <token>`."""
    async def guarded(scope, receive, send):
        if scope["type"] == "http" and dict(scope["headers"]).get(b"authorization") != f"Bearer {token}".encode():
            await PlainTextResponse("unauthorized", status_code=401)(scope, receive, send)
            return
        await app(scope, receive, send)
    return guarded


@pytest.fixture(scope="module")
def json_mcp_url() -> Iterator[str]:
    """The same tools from a stateless server that answers in JSON bodies (as the gateway's does), behind a token."""
    app = _load_server_module().build_server().streamable_http_app(json_response=True, stateless_http=True)
    with ThreadServer(behind_token(app, "sk-test-123")) as server:
        yield f"http://127.0.0.1:{server.port}/mcp"


@pytest.fixture
def http_server(mcp_url: str) -> StreamableHttpServer:
    return StreamableHttpServer(url=mcp_url, headers={"Authorization": "Bearer sk-test-123"})


@pytest.fixture
def json_server(json_mcp_url: str) -> StreamableHttpServer:
    return StreamableHttpServer(url=json_mcp_url, headers={"Authorization": "Bearer sk-test-123"})


# ---------------------------------------------------------------- streamable HTTP


async def test_lists_tools_with_their_schemas(http_server):
    tools = {tool.name: tool for tool in await list_tools(http_server, access=LOCAL)}

    assert set(tools) == {"add", "search_books", "explode", "whoami", "getenv", "wait", "ramble"}
    assert tools["add"].description == "Add two integers."
    assert tools["add"].input_schema["properties"]["a"]["type"] == "integer"
    assert tools["add"].input_schema["required"] == ["a", "b"]
    search = tools["search_books"].input_schema
    assert search["required"] == ["query", "filters"]
    filters = search["$defs"]["BookFilters"]
    assert filters["properties"]["genre"]["enum"] == ["fantasy", "history", "science"]
    assert filters["properties"]["max_pages"]["minimum"] == 1


async def test_calls_a_tool_with_arguments(http_server):
    result = await call_tool(http_server, "add", {"a": 2, "b": 40}, timeout_s=10, access=LOCAL)

    assert not result.is_error
    assert result.text == "42"
    assert result.structured == {"result": 42}
    assert result.raw["content"] == [{"type": "text", "text": "42"}]


async def test_structured_arguments_reach_the_tool_and_structured_results_come_back(http_server):
    result = await call_tool(http_server, "search_books",
                             {"query": "the", "filters": {"genre": "fantasy", "max_pages": 350}}, timeout_s=10,
                             access=LOCAL)

    assert not result.is_error
    assert result.structured == {"result": [{"title": "The Hobbit", "pages": 310}]}
    assert "The Hobbit" in result.text and "Silmarillion" not in result.text


async def test_headers_of_the_config_reach_the_server(http_server):
    result = await call_tool(http_server, "whoami", {}, timeout_s=10, access=LOCAL)

    assert result.text == "Bearer sk-test-123"


async def test_a_tool_that_raises_is_an_error_result_the_model_can_read(http_server):
    result = await call_tool(http_server, "explode", {"reason": "on purpose"}, timeout_s=10, access=LOCAL)

    assert result.is_error
    assert "exploded: on purpose" in result.text
    assert result.raw["isError"] is True


async def test_arguments_the_tool_rejects_are_an_error_result(http_server):
    result = await call_tool(http_server, "search_books", {"query": "x", "filters": {"genre": "poetry",
                                                                                  "max_pages": 0}},
                             timeout_s=10, access=LOCAL)

    assert result.is_error
    assert "genre" in result.text and "max_pages" in result.text


async def test_an_unknown_tool_is_refused_naming_the_tools_there_are(http_server):
    with pytest.raises(McpClientError) as caught:
        await call_tool(http_server, "delete_everything", {}, timeout_s=10, access=LOCAL)

    assert caught.value.kind == "unknown_tool"
    assert not caught.value.retryable
    assert "'delete_everything'" in str(caught.value) and "search_books" in str(caught.value)


async def test_a_call_over_its_deadline_times_out(http_server):
    with pytest.raises(McpClientError) as caught:
        await call_tool(http_server, "wait", {"seconds": 30}, timeout_s=1, access=LOCAL)

    assert caught.value.kind == "timeout"
    assert caught.value.retryable
    assert "did not answer within 1 s" in str(caught.value)


async def test_a_server_answering_in_json_bodies_works_the_same(json_server):
    tools = await list_tools(json_server, access=LOCAL)
    result = await call_tool(json_server, "search_books",
                             {"query": "s", "filters": {"genre": "history", "max_pages": 700}}, timeout_s=10,
                             access=LOCAL)

    assert "search_books" in [tool.name for tool in tools]
    assert result.structured == {"result": [{"title": "SPQR", "pages": 608}]}


# ---------------------------------------------------------------- the size cap


@pytest.mark.parametrize("answers", ["streamed events", "json bodies"])
async def test_an_answer_over_the_size_cap_fails_naming_the_setting(answers, http_server, json_server):
    server = http_server if answers == "streamed events" else json_server
    capped = access(allowlist="127.0.0.1", mcp_max_response_bytes=16_000)  # room for the tool list

    fits = await call_tool(server, "ramble", {"size": 5_000}, timeout_s=10, access=capped)
    with pytest.raises(McpClientError) as caught:
        await call_tool(server, "ramble", {"size": 20_000}, timeout_s=10, access=capped)

    assert fits.text == "x" * 5_000  # text and structured content: ~10 kB
    assert caught.value.kind == "protocol"
    assert not caught.value.retryable
    message = str(caught.value)
    assert message.startswith(f"MCP server {server.url} answered over the size limit: ")
    assert "16000-byte limit" in message and message.endswith("(ATELIER_MCP_MAX_RESPONSE_BYTES)")
    assert (await call_tool(server, "ramble", {"size": 20_000}, timeout_s=10, access=LOCAL)).text == "x" * 20_000


# ---------------------------------------------------------------- HTTP errors


async def test_credentials_the_server_refuses_are_named(json_mcp_url):
    server = StreamableHttpServer(url=json_mcp_url, headers={"Authorization": "Bearer wrong"})

    with pytest.raises(McpClientError) as caught:
        await list_tools(server, access=LOCAL, timeout_s=10)

    assert caught.value.kind == "refused"
    assert not caught.value.retryable
    assert str(caught.value) == (f"MCP server {json_mcp_url} refused the credentials (HTTP 401); "
                                 "check the plugin's headers")


async def test_a_server_answering_503_is_unreachable_and_retryable():
    async def busy(_request):
        return PlainTextResponse("overloaded", status_code=503)

    app = Starlette(routes=[Route("/mcp", busy, methods=["GET", "POST", "DELETE"])])
    with ThreadServer(app) as web:
        server = StreamableHttpServer(url=f"http://127.0.0.1:{web.port}/mcp")
        with pytest.raises(McpClientError) as caught:
            await list_tools(server, access=LOCAL, timeout_s=10)

    assert (caught.value.kind, caught.value.retryable) == ("unreachable", True)
    assert str(caught.value) == f"MCP server {server.url} answered HTTP 503"


# ---------------------------------------------------------------- the SSRF guard


async def test_a_loopback_server_is_refused_without_the_operator_allow_list(http_server):
    with pytest.raises(McpClientError) as caught:
        await list_tools(http_server, access=access())

    message = str(caught.value)
    assert caught.value.kind == "refused"
    assert not caught.value.retryable
    assert "127.0.0.1, a loopback address" in message
    assert "ATELIER_OUTBOUND_ALLOWLIST" in message


async def test_a_name_resolving_to_loopback_is_refused_too(mcp_url):
    server = StreamableHttpServer(url=mcp_url.replace("127.0.0.1", "localhost"))

    with pytest.raises(McpClientError) as caught:
        await call_tool(server, "add", {"a": 1, "b": 2}, timeout_s=10, access=access())

    assert caught.value.kind == "refused"
    assert "a loopback address" in str(caught.value)


async def test_a_private_address_is_refused(http_server):
    server = StreamableHttpServer(url="http://10.0.0.1:8080/mcp")

    with pytest.raises(McpClientError) as caught:
        await list_tools(server, access=LOCAL)

    assert caught.value.kind == "refused"
    assert "10.0.0.1, a private address" in str(caught.value)


# ---------------------------------------------------------------- unusable servers


async def test_a_server_that_is_down_is_unreachable_and_retryable():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # bound, never listening: connections are refused
        server = StreamableHttpServer(url=f"http://127.0.0.1:{port}/mcp")
        with pytest.raises(McpClientError) as caught:
            await list_tools(server, access=LOCAL, timeout_s=10)

    assert caught.value.kind == "unreachable"
    assert caught.value.retryable
    assert f"127.0.0.1:{port}" in str(caught.value)


async def test_a_url_that_is_not_an_mcp_endpoint_is_a_protocol_error(mcp_url):
    server = StreamableHttpServer(url=mcp_url.replace("/mcp", "/not-mcp"))

    with pytest.raises(McpClientError) as caught:
        await list_tools(server, access=LOCAL, timeout_s=10)

    assert caught.value.kind == "protocol"
    assert not caught.value.retryable
    assert "/not-mcp answered HTTP 404" in str(caught.value)


# ---------------------------------------------------------------- stdio (operators only)


def stdio_server(tmp_path: Path, *args: str) -> StdioServer:
    return StdioServer(command=sys.executable, args=(str(SERVER_SCRIPT), *args),
                       env={"MCP_TEST_MARKER": str(tmp_path / "started"), "MCP_TEST_WHO": "operator"})


async def test_an_allowed_stdio_server_lists_and_calls_tools(tmp_path, monkeypatch):
    monkeypatch.setenv("ATELIER_TEST_SECRET", "service-only")
    server = stdio_server(tmp_path)
    allowed = access(stdio_commands=f"/usr/bin/true, {sys.executable}")

    tools = await list_tools(server, access=allowed)
    added = await call_tool(server, "add", {"a": 5, "b": 6}, timeout_s=20, access=allowed)
    who = await call_tool(server, "getenv", {"name": "MCP_TEST_WHO"}, timeout_s=20, access=allowed)
    secret = await call_tool(server, "getenv", {"name": "ATELIER_TEST_SECRET"}, timeout_s=20, access=allowed)
    failed = await call_tool(server, "explode", {"reason": "stdio"}, timeout_s=20, access=allowed)

    assert [t.name for t in tools] == ["add", "search_books", "explode", "whoami", "getenv", "wait", "ramble"]
    assert added.text == "11" and not added.is_error
    assert who.text == "operator"  # the config's env reached the process
    assert secret.text == "unset"  # the service's own environment did not
    assert failed.is_error and "exploded: stdio" in failed.text


async def test_a_stdio_command_the_operator_did_not_allow_is_never_started(tmp_path):
    server = stdio_server(tmp_path)

    with pytest.raises(McpClientError) as caught:
        await list_tools(server, access=access(stdio_commands="/usr/local/bin/mcp-server-git"))
    with pytest.raises(McpClientError) as disabled:
        await call_tool(server, "add", {"a": 1, "b": 1}, timeout_s=10, access=access())

    assert caught.value.kind == "not_allowed"
    assert "ATELIER_MCP_STDIO_COMMANDS" in str(caught.value) and sys.executable in str(caught.value)
    assert disabled.value.kind == "not_allowed"
    assert "disabled" in str(disabled.value)
    assert not (tmp_path / "started").exists()


async def test_a_stdio_server_that_dies_at_start_says_what_it_printed(tmp_path):
    server = stdio_server(tmp_path, "--crash")

    with pytest.raises(McpClientError) as caught:
        await list_tools(server, access=access(stdio_commands=sys.executable), timeout_s=20)

    assert caught.value.kind == "unreachable"
    assert not caught.value.retryable
    assert "exited" in str(caught.value) and "no database configured" in str(caught.value)


# ---------------------------------------------------------------- configs


def test_configs_parse_by_transport_and_name_bad_fields():
    http = parse_server_config({"transport": "streamable_http", "url": "https://mcp.example.com/mcp",
                                "headers": {"Authorization": "Bearer secret"}})
    stdio = parse_server_config({"transport": "stdio", "command": "uvx", "args": ["mcp-server-time"]})

    assert isinstance(http, StreamableHttpServer) and http.headers == {"Authorization": "Bearer secret"}
    assert "secret" not in repr(http)
    assert isinstance(stdio, StdioServer) and stdio.args == ("mcp-server-time",)
    with pytest.raises(ValidationError, match="http or https URL"):
        parse_server_config({"transport": "streamable_http", "url": "file:///etc/passwd"})
    with pytest.raises(ValidationError, match="LD_PRELOAD"):
        parse_server_config({"transport": "stdio", "command": "uvx", "env": {"LD_PRELOAD": "/tmp/x.so"}})
    with pytest.raises(ValidationError, match="PATH"):
        parse_server_config({"transport": "stdio", "command": "uvx", "env": {"PATH": "/tmp"}})
    with pytest.raises(ValidationError, match="transport"):
        parse_server_config({"transport": "websocket", "url": "ws://x"})
