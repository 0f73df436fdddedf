"""`/v1/mcp`: the MCP server over streamable HTTP, authorised by a personal access token.

Every request is authenticated as the OpenAPI's are (`Authorization: Bearer pat_...`, the gateway's
Authenticator); a refusal is the gateway's `{"code","msg"}` that is also a JSON-RPC error, so MCP
clients show the reason. `?workspace_id=<id>` (Coze's parameter name, repeatable) narrows the
workspaces a request sees; by default it sees all the token reaches. The SDK's session manager runs
stateless with JSON responses: nothing is kept between requests, so any gateway replica answers any
request and a revoked token stops working at once. No DNS-rebinding check is needed: a browser
never attaches the bearer token on its own.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Sequence

from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp_types import INVALID_REQUEST
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import Receive, Scope, Send

from atelier_common.auth import RequestContext
from atelier_common.errors import AtelierError, InvalidArgument, PermissionDenied, Unauthenticated
from atelier_gateway.auth.authenticator import Authenticator
from atelier_gateway.mcp.server import CALLER_SCOPE_KEY, build_server
from atelier_gateway.mcp.tools import Caller, ToolSource
from atelier_gateway.tracing import name_span

PATH = "/v1/mcp"
WORKSPACE_PARAM = "workspace_id"


def chosen_spaces(reachable: frozenset[int], asked: Sequence[str]) -> frozenset[int]:
    """The workspaces a request works in: those it names (each must be the token's), else all."""
    chosen: set[int] = set()
    for raw in asked:
        value = raw.strip()
        if not value.isascii() or not value.isdigit():
            raise InvalidArgument(f"query parameter '{WORKSPACE_PARAM}': {raw!r} is not a workspace id")
        if int(value) not in reachable:
            raise PermissionDenied(f"workspace {value} is not yours")
        chosen.add(int(value))
    return frozenset(chosen) if chosen else reachable


def refusal(err: AtelierError) -> JSONResponse:
    """The gateway's `{"code","msg"}` that is also a JSON-RPC error (id null, extra members are
    ignored): the SDK's client raises it with its message instead of a bare HTTP status."""
    body = {**err.to_dict(), "jsonrpc": "2.0", "id": None, "error": {"code": INVALID_REQUEST, "message": err.msg}}
    # WWW-Authenticate: what RFC 6750 asks of a 401, so a client knows to send a bearer token.
    challenge = {"WWW-Authenticate": 'Bearer realm="atelier"'} if isinstance(err, Unauthenticated) else None
    return JSONResponse(body, status_code=err.http_status, headers=challenge)


class McpEndpoint:
    """The ASGI app mounted at PATH; `lifespan()` must be entered before it serves."""

    def __init__(self, authenticator: Authenticator, sources: Sequence[ToolSource], *, max_body_bytes: int) -> None:
        self.authenticator = authenticator
        self.manager = StreamableHTTPSessionManager(
            app=build_server(sources), json_response=True, stateless=True, max_request_body_size=max_body_bytes)

    @contextlib.asynccontextmanager
    async def lifespan(self) -> AsyncIterator[None]:
        async with self.manager.run():
            yield

    async def caller(self, request: Request) -> Caller:
        principal = await self.authenticator.authenticate(request.headers.get("authorization"))
        spaces = chosen_spaces(principal.ctx.space_ids, request.query_params.getlist(WORKSPACE_PARAM))
        return Caller(RequestContext(user_id=principal.ctx.user_id, space_ids=spaces),
                      traceparent=request.headers.get("traceparent"))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        name_span(scope.get("method", ""), PATH, "mcp")
        try:
            caller = await self.caller(Request(scope))
        except AtelierError as err:
            await refusal(err)(scope, receive, send)
            return
        await self.manager.handle_request({**scope, CALLER_SCOPE_KEY: caller}, receive, send)
