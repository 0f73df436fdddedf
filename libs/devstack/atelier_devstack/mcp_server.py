"""A real MCP server for plugin tests: the `mcp` package's MCPServer over streamable HTTP, on 127.0.0.1
and a port bound here, served by uvicorn in a thread. It records every `tools/call` it receives (as
sent on the wire, before the SDK checks anything), so a test can tell whether a call reached it; with
`token` set, a request without `Authorization: Bearer <token>` is answered 401.

    with McpToolServer(token="sk-1") as server:
        ... register f"{server.url}" as an MCP plugin with that header ...
        assert server.calls == [("forecast", {"city": "Paris", "days": 1, "units": "metric"})]

Tools: forecast(city, days 1..7, units metric|imperial), add(a, b), explode(reason) (always an error
result), whoami() (the Authorization header it got). (No `from __future__ import annotations`: the
SDK reads the tools' annotations at run time.)
"""

import json
import socket
import threading
import time
from collections.abc import Collection
from typing import Annotated, Any, Literal

import uvicorn
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field
from starlette.responses import PlainTextResponse


def forecast(city: str, days: Annotated[int, Field(ge=1, le=7, description="How many days")],
             units: Literal["metric", "imperial"] = "metric") -> dict[str, Any]:
    """The forecast of a city for the next days."""
    high = 21 if units == "metric" else 70
    return {"city": city, "units": units, "days": [{"high": high + i, "sky": "clear"} for i in range(days)]}


def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


def explode(reason: str) -> str:
    """Always fails."""
    raise ToolError(f"exploded: {reason}")


def whoami(ctx: Context) -> str:
    """The caller's Authorization header."""
    return (ctx.headers or {}).get("authorization", "anonymous")


TOOLS = (forecast, add, explode, whoami)


def _server(only: Collection[str]) -> MCPServer:
    server = MCPServer("weather-desk")
    for tool in TOOLS:
        if not only or tool.__name__ in only:
            server.tool()(tool)
    return server


class McpToolServer:
    def __init__(self, token: str = "", tools: Collection[str] = ()) -> None:
        """`tools`: the names of the tools it serves (all when empty)."""
        self.token = token
        self.calls: list[tuple[str, dict[str, Any]]] = []  # (tool, arguments) of each tools/call received
        self._lock = threading.Lock()
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self.port = int(self._sock.getsockname()[1])
        app = _server(tools).streamable_http_app()
        self._server = uvicorn.Server(uvicorn.Config(self._recording(app), log_level="warning", access_log=False,
                                                     lifespan="on"))
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [self._sock]}, daemon=True,
                                        name="mcp-tool-server")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    def _record(self, body: bytes) -> None:
        try:
            messages = json.loads(body)
        except ValueError:
            return
        for message in messages if isinstance(messages, list) else [messages]:
            if isinstance(message, dict) and message.get("method") == "tools/call":
                params = message.get("params") or {}
                with self._lock:
                    self.calls.append((params.get("name", ""), params.get("arguments") or {}))

    def _recording(self, app: Any) -> Any:
        async def recorded(scope: dict[str, Any], receive: Any, send: Any) -> None:
            if scope["type"] != "http":
                await app(scope, receive, send)
                return
            if self.token and dict(scope["headers"]).get(b"authorization") != f"Bearer {self.token}".encode():
                await PlainTextResponse("unauthorized", status_code=401)(scope, receive, send)
                return
            if scope["method"] != "POST":
                await app(scope, receive, send)
                return
            received: list[dict[str, Any]] = []
            while True:  # read the whole body, then hand the same messages on
                message = await receive()
                received.append(message)
                if message["type"] != "http.request" or not message.get("more_body"):
                    break
            self._record(b"".join(m.get("body", b"") for m in received))
            pending = iter(received)

            async def replay() -> dict[str, Any]:
                return next(pending, None) or await receive()

            await app(scope, replay, send)
        return recorded

    def __enter__(self) -> "McpToolServer":
        self._thread.start()
        deadline = time.monotonic() + 15
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the MCP test server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.should_exit = True
        self._thread.join(15)
        self._sock.close()
