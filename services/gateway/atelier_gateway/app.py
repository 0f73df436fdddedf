"""The Starlette application: one HTTP route per IDL route, plus health and docs.

Per request: authenticate (unless the route says api.auth="false") -> read the body (size cap)
-> JSON/query/path -> request message -> space check -> in-process handler (permission) or gRPC
call (unary -> JSON, server-streaming -> SSE) -> `{"code": 0, "msg": "", ...}`.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import grpc
from google.protobuf.message import Message
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute
from starlette.routing import Route as HttpRoute

from atelier_common.auth import ANONYMOUS, RequestContext, use_context
from atelier_common.errors import InvalidArgument, PayloadTooLarge, PermissionDenied, Unimplemented, from_rpc_error
from atelier_common.settings import SERVICE_NAMES, Settings
from atelier_gateway import docs, health, transcoding
from atelier_gateway.access_log import AccessLogMiddleware
from atelier_gateway.auth.authenticator import Authenticator, Principal
from atelier_gateway.auth.store import AuthStore
from atelier_gateway.errors import EXCEPTION_HANDLERS
from atelier_gateway.forwarding import ChannelFactory, Forwarder
from atelier_gateway.permission import PermissionHandler
from atelier_gateway.routing import IN_PROCESS_SERVICES, Route, RouteTable, load_routes
from atelier_gateway.sse import json_answer, sse_response, wants_json
from atelier_gateway.upload import Upload, accepts_upload, is_multipart, read_upload

_BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


@dataclass
class GatewayDeps:
    settings: Settings
    pool: Any  # asyncpg.Pool with search_path = gateway
    routes: RouteTable | None = None  # default: atelier_proto/routes.json
    channel_factory: ChannelFactory | None = None  # default: atelier_common.grpc.client.channel
    downstream: Sequence[str] | None = None  # services /readyz checks; default: all of them
    openapi: dict[str, Any] | None = None  # default: atelier_proto/openapi.json
    storage: Any = None  # atelier_common.storage.ObjectStorage for uploads; default create_storage(settings)
    extra: dict[str, Any] = field(default_factory=dict)


async def read_json_body(request: Request, max_bytes: int) -> dict[str, Any] | None:
    """The JSON object body, None when empty; 413 past max_bytes (checked while reading, since
    Content-Length can be absent or wrong), 400 when it is not a JSON object."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise PayloadTooLarge(f"request body larger than {max_bytes} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > max_bytes:
            raise PayloadTooLarge(f"request body larger than {max_bytes} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        return None
    try:
        doc = json.loads(raw)
    except ValueError as e:
        raise InvalidArgument(f"malformed JSON body: {e}") from None
    if not isinstance(doc, dict):
        raise InvalidArgument("request body must be a JSON object")
    return doc


def check_spaces(msg: Message, ctx: RequestContext) -> None:
    """403 at the edge for a space_id the caller is not a member of (services check again)."""
    fields = msg.DESCRIPTOR.fields_by_name
    wanted: list[int] = []
    single = fields.get("space_id")
    if single is not None and single.cpp_type in (single.CPPTYPE_INT64, single.CPPTYPE_INT32) and msg.space_id:
        wanted.append(msg.space_id)
    many = fields.get("space_ids")
    if many is not None and many.cpp_type == many.CPPTYPE_INT64:
        wanted.extend(msg.space_ids)
    for space_id in wanted:
        if not ctx.can_access(space_id):
            raise PermissionDenied(f"space {space_id} is not yours")


@contextlib.contextmanager
def _server_span(request: Request, route: Route) -> Iterator[None]:
    """A SERVER span joined to the client's traceparent, when telemetry is available."""
    try:
        from opentelemetry.trace import SpanKind

        from atelier_common import telemetry

        parent = telemetry.extract(dict(request.headers))
        tracer = telemetry.tracer("atelier.gateway")
    except Exception:  # noqa: BLE001 - no tracing is better than no answer
        yield
        return
    with tracer.start_as_current_span(
        f"{route.method} {route.path}",
        context=parent,
        kind=SpanKind.SERVER,
        attributes={"http.request.method": route.method, "http.route": route.path, "rpc.method": route.rpc},
    ):
        yield


class Gateway:
    def __init__(self, deps: GatewayDeps) -> None:
        self.deps = deps
        self.settings = deps.settings
        self.table = deps.routes if deps.routes is not None else load_routes()
        self.forwarder = Forwarder(deps.settings, deps.channel_factory)
        self.store = AuthStore(deps.pool)
        self.authenticator = Authenticator(self.store)
        self.permission = PermissionHandler(self.store, self.authenticator)
        self.openapi = deps.openapi if deps.openapi is not None else docs.load_openapi(self.table)

    # ------------------------------------------------------------------ API routes
    def endpoint(self, by_method: dict[str, Route]):  # type: ignore[no-untyped-def]
        """One endpoint per path, dispatching on the method, so a 405 lists every allowed method."""

        async def handle(request: Request) -> Response:
            route = by_method.get(request.method) or by_method["GET"]  # Starlette adds HEAD for GET
            with _server_span(request, route):
                return await self.handle(route, request)

        return handle

    async def handle(self, route: Route, request: Request) -> Response:
        principal: Principal | None = None
        ctx = ANONYMOUS
        if route.auth:
            principal = await self.authenticator.authenticate(request.headers.get("authorization"))
            ctx = principal.ctx
        query = {k: request.query_params.getlist(k) for k in request.query_params}
        upload: Upload | None = None
        body = None
        if request.method == "POST" and is_multipart(request) and accepts_upload(route.request_cls):
            upload = await read_upload(request, self.settings.max_upload_bytes)
            body, query = upload.body, {**query, **upload.query}
        elif request.method in _BODY_METHODS:
            body = await read_json_body(request, self.settings.max_body_bytes)
        msg = transcoding.request_message(route.request_cls, body=body, query=query, path=dict(request.path_params))
        if route.auth:
            check_spaces(msg, ctx)
        if upload is not None:  # stored only once the caller proved access to the space
            await self.storage().put(upload.key, upload.data, content_type=upload.content_type)
        traceparent = request.headers.get("traceparent")
        with use_context(ctx):
            if route.service in IN_PROCESS_SERVICES:
                if principal is None:  # in-process handlers act for a user
                    principal = await self.authenticator.authenticate(request.headers.get("authorization"))
                handler = getattr(self.permission, route.rpc, None)
                if handler is None:  # an RPC added to permission.thrift but not served here yet
                    raise Unimplemented(f"{route.rpc} is not implemented")
                reply = await handler(msg, principal)
            elif route.stream:
                call = self.forwarder.stream(route, msg, ctx, traceparent)
                if wants_json(msg):
                    return await json_answer(call)
                return await sse_response(call)
            else:
                try:
                    reply = await self.forwarder.unary(route, msg, ctx, traceparent)
                except grpc.RpcError as exc:
                    if upload is not None and 400 <= from_rpc_error(exc).http_status < 500:
                        # The service refused the document, so nothing refers to the file. (After
                        # a timeout or an unavailable service the document may exist: keep it.)
                        with contextlib.suppress(Exception):
                            await self.storage().delete(upload.key)
                    raise
        return JSONResponse(transcoding.response_body(reply))

    def storage(self) -> Any:
        if self.deps.storage is None:
            from atelier_common.storage import create_storage

            self.deps.storage = create_storage(self.settings)
        return self.deps.storage

    # ------------------------------------------------------------------ health + docs
    def readiness_checks(self) -> list[tuple[str, health.Check]]:
        checks: list[tuple[str, health.Check]] = [("postgres", health.postgres_check(self.deps.pool))]
        names = self.deps.downstream if self.deps.downstream is not None else SERVICE_NAMES
        factory = self.forwarder.channel_factory
        for name in names:
            checks.append((name, health.grpc_check(factory, self.settings.service_addr(name))))
        return checks

    async def readyz(self, request: Request) -> Response:
        return await health.readiness(self.readiness_checks())

    async def openapi_json(self, request: Request) -> Response:
        return JSONResponse(self.openapi)

    async def docs_page(self, request: Request) -> Response:
        return HTMLResponse(docs.render_docs(self.openapi))

    def routes(self) -> list[BaseRoute]:
        routes: list[BaseRoute] = [
            HttpRoute("/healthz", health.healthz, methods=["GET"]),
            HttpRoute("/readyz", self.readyz, methods=["GET"]),
            HttpRoute("/openapi.json", self.openapi_json, methods=["GET"]),
            HttpRoute("/docs", self.docs_page, methods=["GET"]),
        ]
        by_path: dict[str, dict[str, Route]] = {}
        for r in self.table.routes:
            by_path.setdefault(r.starlette_path, {})[r.method] = r
        for path, by_method in by_path.items():
            routes.append(HttpRoute(path, self.endpoint(by_method), methods=list(by_method)))
        return routes


def create_app(deps: GatewayDeps) -> Starlette:
    gateway = Gateway(deps)
    app = Starlette(
        routes=gateway.routes(),
        exception_handlers=EXCEPTION_HANDLERS,
        middleware=[Middleware(AccessLogMiddleware)],
    )
    app.state.gateway = gateway
    return app
