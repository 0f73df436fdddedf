"""The Starlette application: one HTTP route per IDL route, plus health, docs and signed file URLs.

Per request: authenticate (unless the route says api.auth="false") -> read the body (JSON, or
multipart for api.upload routes; size caps) -> JSON/query/path -> request message -> space check
-> in-process handler (permission, file) or gRPC call (unary -> JSON, server-streaming -> SSE) ->
`{"code": 0, "msg": "", ...}`; routes a browser visits (api.page) answer a redirect or an HTML page,
errors included. Every response carries the request's trace id in `x-tt-logid`.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import grpc
from google.protobuf.message import Message
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute
from starlette.routing import Route as HttpRoute

from atelier_common.auth import ANONYMOUS, RequestContext, use_context
from atelier_common.errors import AtelierError, InvalidArgument, PayloadTooLarge, PermissionDenied, from_rpc_error
from atelier_common.files import FileStore
from atelier_common.settings import SERVICE_NAMES, Settings
from atelier_common.signed_urls import UrlSigner
from atelier_common.upload_leases import UploadLeases
from atelier_gateway import docs, health, pages, signed_files, transcoding
from atelier_gateway.access_log import AccessLogMiddleware
from atelier_gateway.auth.authenticator import Authenticator, Principal
from atelier_gateway.auth.store import AuthStore
from atelier_gateway.console import Console
from atelier_gateway.discovery import DiscoveryHandler
from atelier_gateway.errors import EXCEPTION_HANDLERS
from atelier_gateway.files import FileHandler
from atelier_gateway.forwarding import ChannelFactory, Forwarder
from atelier_gateway.in_process import InProcess
from atelier_gateway.mcp.agents import AgentTools
from atelier_gateway.mcp.endpoint import PATH as MCP_PATH
from atelier_gateway.mcp.endpoint import McpEndpoint
from atelier_gateway.mcp.workflows import WorkflowTools
from atelier_gateway.permission import PermissionHandler
from atelier_gateway.routing import IN_PROCESS_SERVICES, Route, RouteTable, load_routes
from atelier_gateway.sse import json_answer, sse_response, wants_json
from atelier_gateway.tracing import TraceMiddleware, name_span
from atelier_gateway.upload import Upload, read_upload

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
    redis: Any = None  # redis.asyncio.Redis (checked by /readyz when given)
    ids: Any = None  # atelier_common.ids.IdGenerator (started): ids of uploaded files
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


def check_spaces(msg: Message, fields: Sequence[str], ctx: RequestContext) -> None:
    """403 at the edge for a space the caller is not a member of, in the request fields the IDL
    marks api.space (services check again)."""
    for name in fields:
        value = getattr(msg, name)
        wanted = list(value) if msg.DESCRIPTOR.fields_by_name[name].is_repeated else [value] if value else []
        for space_id in wanted:
            if not ctx.can_access(space_id):
                raise PermissionDenied(f"space {space_id} is not yours")


class Gateway:
    def __init__(self, deps: GatewayDeps) -> None:
        self.deps = deps
        self.settings = deps.settings
        self.table = deps.routes if deps.routes is not None else load_routes()
        self.forwarder = Forwarder(deps.settings, deps.channel_factory)
        self.store = AuthStore(deps.pool)
        self.authenticator = Authenticator(self.store)
        self.in_process = InProcess(
            {
                "permission": [PermissionHandler(self.store, self.authenticator), DiscoveryHandler(self.store)],
                "file": [FileHandler(FileStore(self.storage()), deps.ids)],
            }
        )
        self.openapi = deps.openapi if deps.openapi is not None else docs.load_openapi()
        self.mcp = McpEndpoint(self.authenticator, [AgentTools(self.forwarder), WorkflowTools(self.forwarder)],
                               max_body_bytes=deps.settings.max_body_bytes)
        self._signer: UrlSigner | None = None

    # ------------------------------------------------------------------ API routes
    def endpoint(self, by_method: dict[str, Route]):  # type: ignore[no-untyped-def]
        """One endpoint per path, dispatching on the method, so a 405 lists every allowed method."""

        async def handle(request: Request) -> Response:
            route = by_method.get(request.method) or by_method["GET"]  # Starlette adds HEAD for GET
            name_span(route.method, route.path, route.rpc)
            if route.page is None:
                return await self.handle(route, request)
            try:  # a person reads the answer: errors are pages too
                return await self.handle(route, request)
            except (AtelierError, grpc.RpcError) as exc:
                return pages.error(exc)

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
        if route.upload is not None:
            upload = await read_upload(request, self.settings.max_upload_bytes, route.upload, route.space_fields)
            body, query = upload.body, {**query, **upload.query}
        elif request.method in _BODY_METHODS:
            body = await read_json_body(request, self.settings.max_body_bytes)
        msg = transcoding.request_message(route.request_cls, body=body, query=query, path=dict(request.path_params))
        empty_paths = transcoding.sent_empty_paths(route.request_cls, body)
        if upload is not None:
            upload.fill_content(msg)
        if route.auth:
            check_spaces(msg, route.space_fields, ctx)
        if upload is not None and upload.key is not None:  # stored only once the caller proved access to the space
            await self.lease_upload(route.service, upload.key)
            await self.storage().put(upload.key, upload.data, content_type=upload.content_type)
        traceparent = request.headers.get("traceparent")
        with use_context(ctx):
            if route.service in IN_PROCESS_SERVICES:
                if principal is None:  # in-process handlers act for a user
                    principal = await self.authenticator.authenticate(request.headers.get("authorization"))
                reply = await self.in_process.handler(route.service, route.rpc)(msg, principal)
            elif route.stream is not None:
                call = self.forwarder.stream(route, msg, ctx, traceparent, empty_paths)
                if route.stream.sse is not None and wants_json(msg, route.stream):
                    return await json_answer(call, route.stream.sse)
                return await sse_response(call, route.stream.sse)
            else:
                try:
                    reply = await self.forwarder.unary(route, msg, ctx, traceparent, empty_paths)
                except grpc.RpcError as exc:
                    if upload is not None and upload.key is not None and 400 <= from_rpc_error(exc).http_status < 500:
                        # The service refused the document, so nothing refers to the file. (After
                        # a timeout or an unavailable service the document may exist: keep it.)
                        with contextlib.suppress(Exception):
                            await self.storage().delete(upload.key)
                    raise
        if route.page is not None:
            return pages.answer(reply, route.page)
        return JSONResponse(transcoding.response_body(reply))

    async def lease_upload(self, owner: str, key: str) -> None:
        """The owner service releases the lease once its row names the object, or sweeps the object
        when the lease expires unreleased (it crashed, or the call never reached it)."""
        if self.deps.redis is not None:
            settings = self.settings
            await UploadLeases(self.deps.redis, owner, database_url=settings.database_url,
                               ttl_s=settings.upload_lease_s).hold(key)

    def storage(self) -> Any:
        if self.deps.storage is None:
            from atelier_common.storage import create_storage

            self.deps.storage = create_storage(self.settings)
        return self.deps.storage

    def signer(self) -> UrlSigner:
        """Verifies signed file URLs; SigningKeyMissing (naming the setting) when no key is set."""
        if self._signer is None:
            self._signer = UrlSigner(self.settings.url_signing_key, self.settings.public_base_url())
        return self._signer

    async def signed_file(self, request: Request) -> Response:
        return await signed_files.serve(request, self.storage(), self.signer())

    # ------------------------------------------------------------------ health + docs
    def readiness_checks(self) -> list[tuple[str, health.Check]]:
        checks: list[tuple[str, health.Check]] = [("postgres", health.postgres_check(self.deps.pool))]
        if self.deps.redis is not None:
            checks.append(("redis", health.redis_check(self.deps.redis)))
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
        return docs.docs_page(self.openapi)

    def routes(self) -> list[BaseRoute]:
        routes: list[BaseRoute] = [
            HttpRoute("/healthz", health.healthz, methods=["GET"]),
            HttpRoute("/readyz", self.readyz, methods=["GET"]),
            HttpRoute("/openapi.json", self.openapi_json, methods=["GET"]),
            HttpRoute("/docs", self.docs_page, methods=["GET"]),
            HttpRoute(docs.ASSETS_ROUTE, docs.asset, methods=["GET"]),
            HttpRoute(signed_files.ROUTE, self.signed_file, methods=["GET"]),
            HttpRoute(MCP_PATH, self.mcp),  # an ASGI app: the SDK answers each method
        ]
        by_path: dict[str, dict[str, Route]] = {}
        for r in self.table.routes:
            by_path.setdefault(r.starlette_path, {})[r.method] = r
        for path, by_method in by_path.items():
            routes.append(HttpRoute(path, self.endpoint(by_method), methods=list(by_method)))
        return routes


def create_app(deps: GatewayDeps) -> Starlette:
    gateway = Gateway(deps)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with gateway.mcp.lifespan():
            yield

    app = Starlette(
        routes=gateway.routes(),
        lifespan=lifespan,
        exception_handlers=EXCEPTION_HANDLERS,
        middleware=[Middleware(TraceMiddleware), Middleware(AccessLogMiddleware)],  # access log lines carry the trace id
    )
    # What no route matches: the console's pages and files (API paths keep their JSON 404).
    app.router.default = Console(deps.settings.console_dir)
    app.state.gateway = gateway
    return app
