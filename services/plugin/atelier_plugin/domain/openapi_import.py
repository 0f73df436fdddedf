"""OpenAPI 3.0 / 3.1 (JSON or YAML text) -> PluginSpec: one ToolSpec per operation.

Order of checks: parse, references (local and resolvable, so validation never reads files or the
network), the whole document with openapi-spec-validator, then what a plugin needs beyond a valid
document: a server to call, at least one operation, bodies a tool can send."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from atelier_plugin.domain.documents import as_document, load_document
from atelier_plugin.domain.errors import PluginSpecError
from atelier_plugin.domain.naming import derive_tool_name, sanitize_tool_name, unique_names
from atelier_plugin.domain.refs import DocumentRefs
from atelier_plugin.domain.schemas import to_json_schema
from atelier_plugin.domain.servers import choose_server
from atelier_plugin.domain.spec_validation import validate_openapi3
from atelier_plugin.domain.tools import (
    FORM_MEDIA,
    JSON_MEDIA,
    MULTIPART_MEDIA,
    OPERATION_METHODS,
    BodyEncoding,
    Parameter,
    PluginSpec,
    RequestBody,
    ToolSpec,
)

MAX_DESCRIPTION = 1024
_VERSION = re.compile(r"^3\.(0|1)\.\d+")
# OpenAPI: header parameters with these names "SHALL be ignored" (the client or auth sets them).
_IGNORED_HEADERS = frozenset({"accept", "content-type", "authorization"})

Where = list[str | int]


def parse_openapi(source: str | Mapping[str, Any]) -> PluginSpec:
    """An OpenAPI 3.0/3.1 document (JSON or YAML text, or an already parsed mapping) as a plugin.

    Raises PluginSpecError naming the problem and where it is."""
    document = load_document(source) if isinstance(source, str) else as_document(source)
    minor = _openapi_minor(document)
    refs = DocumentRefs(document)
    refs.check()
    validate_openapi3(document, minor)
    reader = _OperationReader(refs, minor)
    root_server = choose_server(document.get("servers"), ["servers"])
    tools: list[ToolSpec] = []
    for path, item in (document.get("paths") or {}).items():
        if path.startswith("x-"):
            continue
        item, item_where = refs.deref(item, ["paths", path])
        server = choose_server(item.get("servers"), [*item_where, "servers"]) or root_server
        for key, operation in item.items():
            if key == "trace":
                raise PluginSpecError([*item_where, key], "TRACE operations cannot be tools")
            if key in OPERATION_METHODS:
                tools.append(reader.tool(path, key, operation, item.get("parameters") or [], server,
                                         [*item_where, key]))
    if not tools:
        raise PluginSpecError("paths", "the document has no operations; a plugin needs at least one")
    names = unique_names(t.name for t in tools)
    info = document["info"]
    return PluginSpec(
        title=str(info.get("title", "")),
        description=str(info.get("description", "") or ""),
        version=str(info.get("version", "")),
        server_url=root_server or tools[0].server_url,
        tools=tuple(dataclasses.replace(t, name=n) for t, n in zip(tools, names, strict=True)),
        document=document,
    )


def _openapi_minor(document: dict[str, Any]) -> int:
    if "swagger" in document:
        raise PluginSpecError("swagger", "this is a Swagger 2.0 document; convert it to OpenAPI 3 first "
                                         "(convert_to_openapi)")
    version = document.get("openapi")
    if version is None:
        raise PluginSpecError("", "'openapi' is missing: not an OpenAPI 3 document")
    match = _VERSION.match(str(version)) if isinstance(version, str) else None
    if match is None:
        raise PluginSpecError("openapi", f"version {version!r} is not supported; write '3.0.x' or '3.1.x' as a string")
    return int(match.group(1))


class _OperationReader:
    def __init__(self, refs: DocumentRefs, minor: int) -> None:
        self.refs = refs
        self.minor = minor

    def tool(self, path: str, method: str, operation: dict[str, Any], shared: list[Any], server: str | None,
             where: Where) -> ToolSpec:
        server = choose_server(operation.get("servers"), [*where, "servers"]) or server
        if server is None:
            raise PluginSpecError("servers", "the document names no server to call; add "
                                             "servers: [{url: 'https://api.example.com'}]")
        operation_id = operation.get("operationId")
        return ToolSpec(
            name=sanitize_tool_name(operation_id) if operation_id else derive_tool_name(method, path),
            description=_description(operation, method, path),
            method=method.upper(),
            path=path,
            server_url=server,
            parameters=self._parameters(shared, operation.get("parameters") or [], where),
            request_body=self._request_body(operation.get("requestBody"), [*where, "requestBody"]),
        )

    def _parameters(self, shared: list[Any], own: list[Any], where: Where) -> tuple[Parameter, ...]:
        path_item = where[:-1]
        found: dict[tuple[str, str], Parameter] = {}
        for nodes, base in ((shared, [*path_item, "parameters"]), (own, [*where, "parameters"])):
            for i, node in enumerate(nodes):
                parameter = self._parameter(node, [*base, i])
                if parameter is not None:  # an operation's parameter replaces the path item's
                    found[(parameter.name, parameter.location)] = parameter
        return tuple(found.values())

    def _parameter(self, node: Any, where: Where) -> Parameter | None:
        raw, where = self.refs.deref(node, where)
        location = raw["in"]
        if location == "header" and raw["name"].lower() in _IGNORED_HEADERS:
            return None
        schema_node, schema_where = raw.get("schema"), [*where, "schema"]
        if schema_node is None:  # the 'content' form: one media type with its schema
            media, media_obj = next(iter(raw.get("content", {}).items()), ("", {}))
            schema_node, schema_where = media_obj.get("schema", {}), [*where, "content", media, "schema"]
        return Parameter(
            name=raw["name"],
            location=location,
            schema=self._schema(schema_node, schema_where),
            required=bool(raw.get("required", False)),
            description=str(raw.get("description", "") or ""),
            style=str(raw.get("style", "")),
            explode=raw.get("explode"),
        )

    def _request_body(self, node: Any, where: Where) -> RequestBody | None:
        if node is None:
            return None
        raw, where = self.refs.deref(node, where)
        content = raw.get("content") or {}
        chosen = _choose_media(content)
        if chosen is None:
            listed = ", ".join(content) or "none"
            raise PluginSpecError([*where, "content"], f"no media type a tool can send (found: {listed}); "
                                                       f"use {JSON_MEDIA}, {FORM_MEDIA} or {MULTIPART_MEDIA}")
        declared, media_type, encoding = chosen
        schema_where = [*where, "content", declared, "schema"]
        schema = self._schema(content[declared].get("schema", {}), schema_where)
        if encoding != "json" and "object" not in _types(schema):
            raise PluginSpecError(schema_where, f"a {media_type} body must be an object schema")
        return RequestBody(media_type=media_type, encoding=encoding, schema=schema,
                           required=bool(raw.get("required", False)),
                           description=str(raw.get("description", "") or ""))

    def _schema(self, node: Any, where: Where) -> dict[str, Any]:
        schema = to_json_schema(self.refs.inline_schema(node, where), self.minor)
        return schema if isinstance(schema, dict) else {}  # a boolean schema (3.1): anything


def _choose_media(content: dict[str, Any]) -> tuple[str, str, BodyEncoding] | None:
    """(declared key, media type to send, encoding): JSON first, then forms."""
    ranked: list[tuple[int, str, str, BodyEncoding]] = []
    for declared in content:
        media = declared.split(";", 1)[0].strip().lower()
        if media == JSON_MEDIA or media.endswith("+json"):
            ranked.append((0, declared, media, "json"))
        elif media in ("*/*", "application/*"):
            ranked.append((1, declared, JSON_MEDIA, "json"))
        elif media == FORM_MEDIA:
            ranked.append((2, declared, media, "form"))
        elif media == MULTIPART_MEDIA:
            ranked.append((3, declared, media, "multipart"))
    if not ranked:
        return None
    _, declared, media, encoding = min(ranked, key=lambda r: r[0])
    return declared, media, encoding


def _description(operation: dict[str, Any], method: str, path: str) -> str:
    summary = str(operation.get("summary") or "").strip()
    details = str(operation.get("description") or "").strip()
    if summary and details and details != summary:
        text = f"{summary}\n\n{details}"
    else:
        text = summary or details or f"{method.upper()} {path}"
    return text if len(text) <= MAX_DESCRIPTION else text[:MAX_DESCRIPTION - 1] + "…"


def _types(schema: dict[str, Any]) -> list[str]:
    kind = schema.get("type", "object")
    return kind if isinstance(kind, list) else [kind]
