"""Coze's convert_to_openapi: an OpenAPI 3, Swagger 2.0, Postman (v2.x) or cURL input -> an OpenAPI 3
document, with its format detected. The result has passed the importer (parse_openapi), so what
is returned can be registered as it is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atelier_plugin.domain.curl import is_curl, parse_curl
from atelier_plugin.domain.documents import load_document
from atelier_plugin.domain.errors import DuplicateOperation, DuplicateOperationsError, PluginSpecError
from atelier_plugin.domain.openapi_import import parse_openapi
from atelier_plugin.domain.postman import is_postman, postman_requests
from atelier_plugin.domain.sample_requests import sample_document
from atelier_plugin.domain.swagger2 import swagger2_to_openapi3
from atelier_plugin.domain.tools import PluginSpec
from atelier_proto.enums import PluginDataFormat

_UNKNOWN_FORMAT = ("cannot tell the format: expected an OpenAPI 3 or Swagger 2.0 document (JSON or YAML), "
                   "a Postman collection (v2.x) or a cURL command")


@dataclass(frozen=True)
class Conversion:
    document: dict[str, Any]  # OpenAPI 3
    format: PluginDataFormat
    spec: PluginSpec  # the document as a plugin
    duplicates: tuple[DuplicateOperation, ...] = ()  # repeats merged into their first occurrence


def detect_format(text: str) -> PluginDataFormat:
    return _read(text)[0]


def convert_to_openapi(text: str, *, merge_same_paths: bool = False, title: str | None = None,
                       description: str | None = None, server_url: str | None = None) -> Conversion:
    """Convert `text`. `title`, `description` and `server_url` replace what the input says (the
    console's plugin_name, plugin_description and plugin_url); `server_url` also places inputs
    that name no host. Requests sharing a method and path raise DuplicateOperationsError unless
    merge_same_paths keeps the first of each."""
    data_format, document = _read(text)
    duplicates: tuple[DuplicateOperation, ...] = ()
    if data_format == PluginDataFormat.Curl:
        request = parse_curl(text)
        document = sample_document([request], title="").document
    elif data_format == PluginDataFormat.Postman:
        name, about, requests = postman_requests(document or {}, base_url=server_url)
        sampled = sample_document(requests, title=name, description=about)
        document, duplicates = sampled.document, tuple(sampled.duplicates)
        if duplicates and not merge_same_paths:
            raise DuplicateOperationsError(duplicates)
    elif data_format == PluginDataFormat.Swagger:
        document = swagger2_to_openapi3(document or {})
    if document is None:
        raise PluginSpecError("", _UNKNOWN_FORMAT)
    _override(document, title, description, server_url)
    return Conversion(document=document, format=data_format, spec=parse_openapi(document), duplicates=duplicates)


def _read(text: str) -> tuple[PluginDataFormat, dict[str, Any] | None]:
    if is_curl(text):
        return PluginDataFormat.Curl, None
    try:
        document = load_document(text)
    except PluginSpecError:
        if text.lstrip().startswith(("{", "[")):
            raise  # JSON with a mistake: its parse error helps more
        raise PluginSpecError("", _UNKNOWN_FORMAT) from None
    if "openapi" in document:
        return PluginDataFormat.OpenAPI, document
    if "swagger" in document:
        if str(document["swagger"]) != "2.0":
            raise PluginSpecError("swagger", f"version {document['swagger']!r} is not supported; Swagger 2.0 is")
        return PluginDataFormat.Swagger, document
    if is_postman(document):
        return PluginDataFormat.Postman, document
    raise PluginSpecError("", _UNKNOWN_FORMAT)


def _override(document: dict[str, Any], title: str | None, description: str | None, server_url: str | None) -> None:
    info = document.setdefault("info", {})
    if title:
        info["title"] = title
    if description:
        info["description"] = description
    if server_url:
        document["servers"] = [{"url": server_url}]
