"""Concrete example requests (from a cURL command or a Postman collection) -> an OpenAPI 3.0 document.

An example shows one call, so the document generalises it:
- query parameters and body fields become required inputs of the model, their example values
  kept as `example` (a hint, not a default the model would silently send);
- other headers and cookies are constants of the call and become optional with the example value
  as `default`;
- credentials never enter the document: an Authorization header, `-u`, a Postman auth block, and
  headers, query parameters or cookies whose names say they hold secrets (X-Api-Key, access_token,
  session) become security schemes, which the plugin's auth settings fill. Their values are dropped.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import urlsplit

from atelier_plugin.domain.errors import DuplicateOperation, PluginSpecError
from atelier_plugin.domain.naming import derive_tool_name, sanitize_tool_name
from atelier_plugin.domain.tools import WRITTEN_OPENAPI_VERSION

SampleEncoding = Literal["json", "form", "multipart"]
MAX_EXAMPLE_CHARS = 200

_SECRET_WORDS = frozenset({"auth", "authorization", "token", "secret", "password", "passwd", "pwd", "apikey",
                           "key", "signature", "sig", "session", "sessionid", "sid", "credential", "credentials", "jwt"})
_TEMPLATE = re.compile(r"\{([^{}/]+)\}")
_WORDS = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
# Headers the HTTP client or the tool's body sets, and what a browser adds to a copied request
# (sec-*, origin, caching): never parameters.
_NOT_PARAMETERS = frozenset({
    "content-type", "content-length", "accept", "accept-encoding", "accept-language", "host", "connection",
    "user-agent", "cookie", "transfer-encoding", "expect", "origin", "referer", "priority", "pragma",
    "cache-control", "dnt", "upgrade-insecure-requests", "if-none-match", "if-modified-since", "te",
})


def is_secret_name(name: str) -> bool:
    """Whether a header, query parameter or cookie name says it carries a credential."""
    words = {w.lower() for w in _WORDS.findall(name)}
    return bool(words & _SECRET_WORDS) or "apikey" in name.lower().replace("-", "").replace("_", "")


@dataclass(frozen=True)
class SampleField:
    name: str
    value: Any = None
    description: str = ""
    is_file: bool = False  # a multipart file field


@dataclass(frozen=True)
class SampleAuth:
    kind: Literal["bearer", "basic", "api_key"]
    location: Literal["header", "query", "cookie"] = "header"  # api_key only
    name: str = ""  # api_key only


@dataclass(frozen=True)
class SampleRequest:
    method: str
    url: str  # absolute http(s) URL without query; its path may hold {templates}
    where: str  # where the request came from, for errors ("item[2].item[0]", "the cURL command")
    name: str = ""
    description: str = ""
    query: tuple[SampleField, ...] = ()
    headers: tuple[SampleField, ...] = ()
    cookies: tuple[SampleField, ...] = ()
    path_params: tuple[SampleField, ...] = ()
    body: Any = None
    body_fields: tuple[SampleField, ...] = ()  # form and multipart bodies
    encoding: SampleEncoding | None = None
    media_type: str = ""
    auth: SampleAuth | None = None
    tags: tuple[str, ...] = ()


@dataclass
class SampleDocument:
    document: dict[str, Any]
    duplicates: list[DuplicateOperation] = field(default_factory=list)


def sample_document(requests: Sequence[SampleRequest], title: str, description: str = "") -> SampleDocument:
    """One operation per distinct method and path (the first example of a repeat wins; repeats are
    reported); every request must go to the same server."""
    if not requests:
        raise PluginSpecError("", "no request found to describe")
    server = _server(requests[0])
    paths: dict[str, dict[str, Any]] = {}
    schemes: dict[str, dict[str, Any]] = {}
    seen: Counter[tuple[str, str]] = Counter()
    for request in requests:
        if _server(request) != server:
            raise PluginSpecError(request.where, f"goes to {_server(request)}, not {server}; a plugin calls one server")
        path = urlsplit(request.url).path or "/"
        method = request.method.lower()
        seen[(method, path)] += 1
        if seen[(method, path)] > 1:
            continue
        paths.setdefault(path, {})[method] = _operation(request, path, schemes)
    document: dict[str, Any] = {
        "openapi": WRITTEN_OPENAPI_VERSION,
        "info": {"title": title or urlsplit(server).hostname or "plugin", "description": description, "version": "v1"},
        "servers": [{"url": server}],
        "paths": paths,
    }
    if schemes:
        document["components"] = {"securitySchemes": schemes}
    duplicates = [DuplicateOperation(m.upper(), p, n) for (m, p), n in seen.items() if n > 1]
    return SampleDocument(document, duplicates)


def _server(request: SampleRequest) -> str:
    parts = urlsplit(request.url)
    return f"{parts.scheme}://{parts.netloc}"


def _operation(request: SampleRequest, path: str, schemes: dict[str, dict[str, Any]]) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "operationId": sanitize_tool_name(request.name) if request.name else derive_tool_name(request.method, path),
        "summary": request.name or f"{request.method.upper()} {path}",
    }
    if request.description:
        operation["description"] = request.description
    if request.tags:
        operation["tags"] = list(request.tags)
    security: dict[str, list[str]] = {}
    if request.auth is not None:
        security[_add_scheme(schemes, request.auth)] = []
    declared = {f.name for f in request.path_params}
    templated = [SampleField(name) for name in _TEMPLATE.findall(path) if name not in declared]
    parameters = [_path_parameter(f) for f in (*request.path_params, *templated)]
    for location, fields in (("query", request.query), ("header", request.headers), ("cookie", request.cookies)):
        for sample in _grouped(fields):
            if location == "header" and (sample.name.lower() in _NOT_PARAMETERS or sample.name.lower().startswith("sec-")):
                continue
            if location == "header" and sample.name.lower() == "authorization":
                security[_add_scheme(schemes, _authorization_scheme(sample.value))] = []
            elif is_secret_name(sample.name):
                security[_add_scheme(schemes, SampleAuth("api_key", location, sample.name))] = []  # type: ignore[arg-type]
            else:
                parameters.append(_parameter(location, sample))
    if parameters:
        operation["parameters"] = parameters
    body = _request_body(request)
    if body is not None:
        operation["requestBody"] = body
    operation["responses"] = {"default": {"description": "the API's response"}}
    if security:
        operation["security"] = [security]
    return operation


def _grouped(fields: Sequence[SampleField]) -> list[SampleField]:
    """Repeated names (?tag=a&tag=b) as one field whose value is the list."""
    values: dict[str, list[Any]] = {}
    first: dict[str, SampleField] = {}
    for f in fields:
        values.setdefault(f.name, []).append(f.value)
        first.setdefault(f.name, f)
    return [SampleField(name, vs[0] if len(vs) == 1 else vs, first[name].description) for name, vs in values.items()]


def _path_parameter(sample: SampleField) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    _add_example(schema, sample.name, sample.value)
    parameter: dict[str, Any] = {"name": sample.name, "in": "path", "required": True, "schema": schema}
    if sample.description:
        parameter["description"] = sample.description
    return parameter


def _parameter(location: str, sample: SampleField) -> dict[str, Any]:
    constant = location in ("header", "cookie")
    if isinstance(sample.value, list):
        schema: dict[str, Any] = {"type": "array", "items": {"type": "string"}}
    else:
        schema = {"type": "string"}
    if constant and sample.value not in (None, "") and "{{" not in str(sample.value):
        schema["default"] = sample.value
    elif not constant:
        _add_example(schema, sample.name, sample.value)
    parameter: dict[str, Any] = {"name": sample.name, "in": location, "required": not constant, "schema": schema}
    if location == "query" and isinstance(sample.value, list):
        parameter["explode"] = True
    if sample.description:
        parameter["description"] = sample.description
    return parameter


def _request_body(request: SampleRequest) -> dict[str, Any] | None:
    if request.encoding is None:
        return None
    if request.encoding == "json":
        schema = schema_from_sample(request.body)
        media = request.media_type or "application/json"
    else:
        properties: dict[str, Any] = {}
        for sample in _grouped(request.body_fields):
            if sample.is_file:
                properties[sample.name] = {"type": "string", "format": "binary"}
            else:
                properties[sample.name] = schema_from_sample(sample.value, sample.name)
            if sample.description:
                properties[sample.name]["description"] = sample.description
        schema = {"type": "object", "properties": properties, "required": list(properties)}
        media = "multipart/form-data" if request.encoding == "multipart" else "application/x-www-form-urlencoded"
    return {"required": True, "content": {media: {"schema": schema}}}


def schema_from_sample(value: Any, name: str = "") -> dict[str, Any]:
    """A schema that fits the example value: objects require the keys they show, scalars keep the
    value as `example` (unless the key names a secret)."""
    if isinstance(value, dict):
        schema: dict[str, Any] = {"type": "object",
                                  "properties": {k: schema_from_sample(v, k) for k, v in value.items()}}
        required = [k for k, v in value.items() if v is not None]
        if required:
            schema["required"] = required
        return schema
    if isinstance(value, list):
        item = next((v for v in value if v is not None), None)
        return {"type": "array", "items": schema_from_sample(item, name) if item is not None else {}}
    if value is None:
        return {}
    kind = "boolean" if isinstance(value, bool) else "integer" if isinstance(value, int) else \
        "number" if isinstance(value, float) else "string"
    schema = {"type": kind}
    _add_example(schema, name, value)
    return schema


def _add_example(schema: dict[str, Any], name: str, value: Any) -> None:
    if value in (None, "") or is_secret_name(name):
        return
    if isinstance(value, str) and (len(value) > MAX_EXAMPLE_CHARS or "{{" in value):
        return
    if isinstance(value, list):
        value = [v for v in value if not (isinstance(v, str) and "{{" in v)]
    schema["example"] = value


def _authorization_scheme(value: Any) -> SampleAuth:
    kind = str(value or "").split(" ", 1)[0].lower()
    if kind == "bearer":
        return SampleAuth("bearer")
    if kind == "basic":
        return SampleAuth("basic")
    return SampleAuth("api_key", "header", "Authorization")


def _add_scheme(schemes: dict[str, dict[str, Any]], auth: SampleAuth) -> str:
    if auth.kind == "bearer":
        name, scheme = "bearerAuth", {"type": "http", "scheme": "bearer"}
    elif auth.kind == "basic":
        name, scheme = "basicAuth", {"type": "http", "scheme": "basic"}
    else:
        name = sanitize_tool_name(f"{auth.location}_{auth.name}")
        scheme = {"type": "apiKey", "in": auth.location, "name": auth.name}
    schemes[name] = scheme
    return name
