"""The route table: which HTTP method + path goes to which RPC, and how the edge treats it.

Read from atelier_proto/routes.json with the format module generated beside it
(atelier_proto.route_table: strict, one spelling per key), then bound to the compiled descriptors:
each route's request/response classes come from its gRPC method, and everything the table names
(messages, streaming, upload, space, stream-switch, SSE and page fields) is checked against them, so a
table and stubs that disagree fail at start-up, naming the route. Field-level annotations
(api.query, api.path, api.body, api.js_conv) are read by atelier_common.jsonpb from the
descriptors' atelier.api.* options.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from google.protobuf import descriptor, message_factory
from google.protobuf.message import Message

from atelier_gateway.domain.paths import to_starlette_path
from atelier_proto import route_table
from atelier_proto.route_table import Page, RouteTableError, Sse, Stream, Upload

IN_PROCESS_SERVICES = frozenset({"permission", "file"})  # served by the gateway itself

__all__ = ["IN_PROCESS_SERVICES", "Page", "Route", "RouteTable", "RouteTableError", "Sse", "Stream", "Upload"]

_F = descriptor.FieldDescriptor


@dataclass(frozen=True)
class Route:
    method: str  # GET, POST, ...
    path: str  # IDL form, "/v1/datasets/:id"
    service: str  # owner service (file stem), dialled at settings.<service>_addr
    rpc: str  # method name in the gRPC service
    grpc_service: str  # full name, "atelier.knowledge.KnowledgeService"
    request_cls: type[Message]
    response_cls: type[Message]
    auth: bool  # api.auth
    category: str  # api.category
    space_fields: tuple[str, ...] = ()  # api.space: request fields whose space ids are checked here
    stream: Stream | None = None  # api.stream: answered as server-sent events
    upload: Upload | None = None  # api.upload: takes multipart/form-data
    page: Page | None = None  # api.page: a browser's route, answered with a redirect or an HTML page

    @property
    def grpc_path(self) -> str:
        return f"/{self.grpc_service}/{self.rpc}"

    @property
    def starlette_path(self) -> str:
        return to_starlette_path(self.path)


@dataclass(frozen=True)
class RouteTable:
    routes: list[Route]


def _method(spec: route_table.Route) -> descriptor.MethodDescriptor:
    module = importlib.import_module(spec.module)
    for svc in module.DESCRIPTOR.services_by_name.values():
        if svc.full_name == spec.grpc_service and spec.rpc in svc.methods_by_name:
            return svc.methods_by_name[spec.rpc]
    raise RouteTableError(f"{spec.method} {spec.path}: {spec.module} has no RPC {spec.grpc_service}/{spec.rpc}")


def _field(
    msg: descriptor.Descriptor, name: str, types: tuple[int, ...], repeated: bool | None = False
) -> descriptor.FieldDescriptor:
    """The field, which must exist with one of `types` (repeated as said; None: either)."""
    fd = msg.fields_by_name.get(name)
    if fd is None or fd.type not in types or (repeated is not None and fd.is_repeated != repeated):
        raise RouteTableError(f"{msg.full_name} has no suitable field {name!r}")
    return fd


def _check(spec: route_table.Route, m: descriptor.MethodDescriptor) -> None:
    """What the table says about a route holds for its compiled messages."""
    req, resp = m.input_type, m.output_type
    if (req.full_name, resp.full_name) != (spec.request, spec.response):
        raise RouteTableError(f"{spec.method} {spec.path}: table says {spec.request} -> {spec.response}, "
                              f"the stubs {req.full_name} -> {resp.full_name}")
    if m.server_streaming != (spec.stream is not None):
        raise RouteTableError(f"{spec.method} {spec.path}: streaming differs between the table and the stubs")
    for name in spec.space_fields:
        _field(req, name, (_F.TYPE_INT64,), repeated=None)
    if spec.stream is not None:
        if spec.stream.switch is not None:
            _field(req, spec.stream.switch, (_F.TYPE_BOOL,))
        sse = spec.stream.sse
        if sse is not None:
            for name in (sse.event, sse.data, sse.id):
                if name is not None:
                    _field(resp, name, (_F.TYPE_STRING,))
    if spec.page is not None:
        for name in (spec.page.redirect, spec.page.title, spec.page.text):
            if name is not None:
                _field(resp, name, (_F.TYPE_STRING,))
    if spec.upload is not None:
        for name in spec.upload.fields.values():
            if name not in req.fields_by_name:
                raise RouteTableError(f"{spec.method} {spec.path}: {req.full_name} has no upload field {name!r}")


def bind(spec: route_table.Route) -> Route:
    """A table entry with its message classes, once checked against the descriptors."""
    m = _method(spec)
    _check(spec, m)
    return Route(
        method=spec.method,
        path=spec.path,
        service=spec.service,
        rpc=spec.rpc,
        grpc_service=spec.grpc_service,
        request_cls=message_factory.GetMessageClass(m.input_type),
        response_cls=message_factory.GetMessageClass(m.output_type),
        auth=spec.auth,
        category=spec.category,
        space_fields=tuple(spec.space_fields),
        stream=spec.stream,
        upload=spec.upload,
        page=spec.page,
    )


def parse_routes(text: str | bytes) -> RouteTable:
    """A RouteTable from routes.json text (RouteTableError naming the key or route at fault)."""
    return RouteTable(routes=[bind(spec) for spec in route_table.loads(text).routes])


def load_routes() -> RouteTable:
    """The route table generated into atelier_proto (routes.json next to the *_pb2 modules)."""
    return parse_routes(proto_resource("routes.json"))


def proto_resource(name: str) -> str:
    """Text of a generated file shipped in atelier_proto (also when it resolves as a namespace package)."""
    try:
        return resources.files("atelier_proto").joinpath(name).read_text()
    except (NotADirectoryError, TypeError):
        package = importlib.import_module("atelier_proto")
        for entry in getattr(package, "__path__", []):
            candidate = Path(entry) / name
            if candidate.is_file():
                return candidate.read_text()
        raise FileNotFoundError(f"atelier_proto/{name}") from None
