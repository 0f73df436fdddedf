"""The route table: which HTTP method + path goes to which RPC, loaded from atelier_proto/routes.json.

Request/response types come from the compiled service descriptors (so the table and the stubs
cannot disagree); the loader accepts a few key spellings so a format tweak in the compiler does
not break the gateway. Field annotations are not needed here: jsonpb reads them from the
descriptors' atelier.api.* options.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from google.protobuf import descriptor, message_factory
from google.protobuf.message import Message

from atelier_gateway.domain.paths import to_starlette_path

IN_PROCESS_SERVICES = frozenset({"permission", "file"})  # served by the gateway itself


@dataclass(frozen=True)
class UploadSpec:
    """An api.upload route: multipart/form-data with the file in form part `part`; `fields` maps
    each role ("key", "size", "name", "type", "content") to the request field the gateway fills."""

    part: str
    fields: tuple[tuple[str, str], ...] = ()

    def field(self, role: str) -> str | None:
        return dict(self.fields).get(role)

    @property
    def owned(self) -> frozenset[str]:
        """Request fields only the gateway may set (a client's form or query value is ignored)."""
        return frozenset(name for role, name in self.fields if role != "name")


@dataclass(frozen=True)
class Route:
    method: str  # GET, POST, ...
    path: str  # IDL form, "/v1/datasets/:id"
    service: str  # owner service (file stem), dialled at settings.<service>_addr
    rpc: str  # method name in the gRPC service
    grpc_service: str  # full name, "atelier.knowledge.KnowledgeService"
    request_cls: type[Message]
    response_cls: type[Message]
    stream: bool = False
    auth: bool = True
    category: str = ""
    summary: str = ""
    upload: UploadSpec | None = None  # api.upload: takes multipart/form-data

    @property
    def grpc_path(self) -> str:
        return f"/{self.grpc_service}/{self.rpc}"

    @property
    def starlette_path(self) -> str:
        return to_starlette_path(self.path)


@dataclass
class RouteTable:
    routes: list[Route]


def _first(d: Mapping[str, Any], *keys: str, default: Any = None) -> Any:
    for k in keys:
        if k in d and d[k] not in (None, ""):
            return d[k]
    return default


def _truthy(v: Any, default: bool) -> bool:
    if v is None:
        return default
    if isinstance(v, str):
        return v.strip().lower() in ("1", "true", "yes")
    return bool(v)


def _service_descriptor(stem: str, grpc_service: str | None) -> descriptor.ServiceDescriptor:
    module = importlib.import_module(f"atelier_proto.{stem}_pb2")
    services = module.DESCRIPTOR.services_by_name
    if grpc_service:
        for svc in services.values():
            if svc.full_name == grpc_service or svc.name == grpc_service:
                return svc
    if len(services) != 1:
        raise ValueError(f"cannot tell which service of {stem}.proto serves {grpc_service!r}")
    return next(iter(services.values()))


def parse_routes(doc: Any) -> RouteTable:
    """A RouteTable from the parsed routes.json (a list of routes or {"routes": [...], "messages": {...}})."""
    raw_routes = doc.get("routes", []) if isinstance(doc, Mapping) else doc
    routes: list[Route] = []
    for r in raw_routes:
        method = str(_first(r, "method", "http_method", "verb")).upper()
        path = str(_first(r, "path", "http_path", "url"))
        grpc_path = _first(r, "grpc_path", "grpc_method_path", "full_method")
        grpc_service = _first(r, "grpc_service", "service_full_name", "full_service")
        rpc = _first(r, "rpc", "method_name", "grpc_method", "rpc_name")
        if grpc_path and (not grpc_service or not rpc):
            grpc_service, _, rpc = str(grpc_path).strip("/").partition("/")
        service = _first(r, "service", "owner", "owner_service", "file", "module")
        if service is None and grpc_service:
            service = str(grpc_service).split(".")[-2]  # atelier.<stem>.XService
        service = str(service).removesuffix(".thrift").removesuffix("_pb2")
        svc = _service_descriptor(service, grpc_service)
        m = svc.methods_by_name[str(rpc)]
        req_cls = message_factory.GetMessageClass(m.input_type)
        resp_cls = message_factory.GetMessageClass(m.output_type)
        routes.append(
            Route(
                method=method,
                path=path,
                service=service,
                rpc=m.name,
                grpc_service=svc.full_name,
                request_cls=req_cls,
                response_cls=resp_cls,
                stream=_truthy(_first(r, "streaming", "stream", "server_streaming", "api.stream"), m.server_streaming),
                auth=_truthy(_first(r, "auth", "api.auth"), True),
                category=str(_first(r, "category", "api.category", default=service)),
                summary=str(_first(r, "summary", "description", "doc", default="")),
                upload=_upload(r.get("upload")),
            )
        )
    return RouteTable(routes=routes)


def _upload(raw: Any) -> UploadSpec | None:
    if not raw:
        return None
    return UploadSpec(part=str(raw["part"]), fields=tuple(sorted((str(k), str(v)) for k, v in raw.get("fields", {}).items())))


def load_routes() -> RouteTable:
    """The route table generated into atelier_proto (routes.json next to the *_pb2 modules)."""
    return parse_routes(json.loads(proto_resource("routes.json")))


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
