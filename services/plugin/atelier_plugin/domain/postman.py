"""A Postman collection (v2.0 / v2.1) -> its requests as SampleRequests.

Folders are walked depth first and become tags; auth is inherited from the collection and folders
unless a request sets its own. Collection variables ({{baseUrl}}) are substituted; a variable
without a value in a path segment becomes a path parameter, like Postman's own ':id' segments. A
request whose host is still a variable cannot be placed and is refused, naming the variable."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, urlsplit, urlunsplit

from atelier_plugin.domain.errors import PluginSpecError, format_location
from atelier_plugin.domain.sample_requests import SampleAuth, SampleEncoding, SampleField, SampleRequest

_VARIABLE = re.compile(r"\{\{\s*([^{}]+?)\s*\}\}")
_UNQUOTED_VARIABLE = re.compile(r'(?<!")\{\{[^{}]+\}\}(?!")')
_LEADING_VARIABLE = re.compile(r"^\{\{[^{}]+\}\}")
_SUPPORTED_SCHEMAS = ("v2.0.0", "v2.1.0")
Where = list[str | int]


def is_postman(document: Mapping[str, Any]) -> bool:
    info = document.get("info")
    if isinstance(info, Mapping) and ("_postman_id" in info or "getpostman.com" in str(info.get("schema", ""))):
        return True
    return isinstance(document.get("item"), list) or isinstance(document.get("requests"), list)


def postman_requests(document: Mapping[str, Any], base_url: str | None = None) -> tuple[str, str, list[SampleRequest]]:
    """(collection name, its description, the requests in order). `base_url` stands in for a
    leading variable the collection leaves undefined ({{baseUrl}}/users)."""
    if isinstance(document.get("requests"), list) and "item" not in document:
        raise PluginSpecError("", "this is a Postman collection v1; export it as v2.1 (Collection v2.1 in Postman's "
                                  "export dialog)")
    info = document.get("info") if isinstance(document.get("info"), Mapping) else {}
    schema = str(info.get("schema", ""))
    if schema and not any(v in schema for v in _SUPPORTED_SCHEMAS):
        raise PluginSpecError("info.schema", f"{schema!r} is not a Postman collection v2.0 or v2.1")
    variables = {str(v.get("key")): v.get("value") for v in document.get("variable", []) or []
                 if isinstance(v, Mapping) and v.get("key") and v.get("value") not in (None, "")}
    reader = _CollectionReader(variables, base_url)
    reader.walk(document.get("item") or [], ["item"], (), document.get("auth"))
    if not reader.requests:
        raise PluginSpecError("item", "the collection has no requests")
    return str(info.get("name", "")), _text(info.get("description")), reader.requests


class _CollectionReader:
    def __init__(self, variables: dict[str, Any], base_url: str | None) -> None:
        self.variables = variables
        self.base_url = base_url.rstrip("/") if base_url else None
        self.requests: list[SampleRequest] = []

    def walk(self, items: list[Any], where: Where, tags: tuple[str, ...], auth: Any) -> None:
        for i, item in enumerate(items):
            if not isinstance(item, Mapping):
                raise PluginSpecError([*where, i], "must be an object")
            inherited = item.get("auth") or auth  # a missing or null auth inherits
            if isinstance(item.get("item"), list):  # a folder
                name = str(item.get("name", "")).strip()
                self.walk(item["item"], [*where, i, "item"], (*tags, name) if name else tags, inherited)
            elif "request" in item:
                self.requests.append(self._request(item, [*where, i], tags, inherited))

    def _request(self, item: Mapping[str, Any], where: Where, tags: tuple[str, ...], auth: Any) -> SampleRequest:
        raw = item["request"]
        request = {"url": raw, "method": "GET"} if isinstance(raw, str) else raw
        if not isinstance(request, Mapping):
            raise PluginSpecError([*where, "request"], "must be a URL or a request object")
        url, query, path_params = self._url(request.get("url"), [*where, "request", "url"])
        headers = tuple(self._fields(_header_list(request.get("header"))))
        content_type = next((str(h.value) for h in reversed(headers) if h.name.lower() == "content-type"), "")
        encoding, body, body_fields, media = self._body(request.get("body"), content_type, [*where, "request", "body"])
        return SampleRequest(
            method=str(request.get("method") or "GET").upper(),
            url=url,
            where=format_location(where),
            name=str(item.get("name", "")),
            description=_text(request.get("description")) or _text(item.get("description")),
            query=query,
            headers=headers,
            path_params=path_params,
            body=body,
            body_fields=body_fields,
            encoding=encoding,
            media_type=media,
            auth=_auth(request.get("auth") or auth, [*where, "request", "auth"]),
            tags=tags,
        )

    def _url(self, url: Any, where: Where) -> tuple[str, tuple[SampleField, ...], tuple[SampleField, ...]]:
        if isinstance(url, str):
            url = {"raw": url}
        if not isinstance(url, Mapping) or not url.get("raw"):
            raise PluginSpecError(where, "the request has no URL")
        raw = self._substitute(str(url["raw"]))
        if self.base_url and _LEADING_VARIABLE.match(raw):
            raw = _LEADING_VARIABLE.sub(lambda _m: self.base_url or "", raw, count=1)
        if "://" not in raw:
            raw = f"http://{raw}"
        parts = urlsplit(raw)
        unresolved = _VARIABLE.search(parts.netloc)
        if unresolved:
            raise PluginSpecError(where, f"the host is {{{{{unresolved.group(1)}}}}}, which the collection's "
                                         "variables do not define; define it, or give the plugin URL")
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise PluginSpecError(where, f"{url['raw']!r} is not an http(s) URL with a host")
        descriptions = {str(v.get("key")): v for v in url.get("variable", []) or [] if isinstance(v, Mapping)}
        segments, path_params = [], []
        for segment in parts.path.split("/"):
            name = segment[1:] if segment.startswith(":") else _whole_variable(segment)
            if name:
                known = descriptions.get(name, {})
                path_params.append(SampleField(name, known.get("value"), _text(known.get("description"))))
                segments.append(f"{{{name}}}")
            else:
                segments.append(segment)
        if isinstance(url.get("query"), list):
            query = self._fields(url["query"])
        else:
            query = [SampleField(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)]
        path = "/".join(segments) or "/"
        return urlunsplit((parts.scheme, parts.netloc, path, "", "")), tuple(query), tuple(path_params)

    def _fields(self, entries: list[Any]) -> list[SampleField]:
        out = []
        for entry in entries:
            if isinstance(entry, Mapping) and entry.get("key") and not entry.get("disabled"):
                value = entry.get("value")
                out.append(SampleField(str(entry["key"]), self._substitute(value) if isinstance(value, str) else value,
                                       _text(entry.get("description"))))
        return out

    def _body(self, body: Any, content_type: str, where: Where
              ) -> tuple[SampleEncoding | None, Any, tuple[SampleField, ...], str]:
        if not isinstance(body, Mapping) or body.get("disabled"):
            return None, None, (), ""
        mode = body.get("mode")
        if mode == "urlencoded":
            return "form", None, tuple(self._fields(body.get("urlencoded") or [])), ""
        if mode == "formdata":
            fields: list[SampleField] = []
            for entry in _enabled(body.get("formdata")):
                if entry.get("type") == "file":
                    fields.append(SampleField(str(entry["key"]), None, _text(entry.get("description")), is_file=True))
                else:
                    fields.extend(self._fields([entry]))
            return "multipart", None, tuple(fields), ""
        if mode == "graphql":
            graphql = body.get("graphql") or {}
            variables = _json_or_none(self._substitute(str(graphql.get("variables") or "{}")))
            return "json", {"query": graphql.get("query", ""), "variables": variables or {}}, (), "application/json"
        if mode == "raw":
            return self._raw(str(body.get("raw") or ""), body, content_type, where)
        if mode in (None, ""):
            return None, None, (), ""
        raise PluginSpecError([*where, "mode"], f"a {mode!r} body cannot be described; tools send JSON or form data")

    def _raw(self, raw: str, body: Mapping[str, Any], content_type: str, where: Where
             ) -> tuple[SampleEncoding | None, Any, tuple[SampleField, ...], str]:
        if not raw.strip():
            return None, None, (), ""
        language = str(((body.get("options") or {}).get("raw") or {}).get("language", "")).lower()
        media = content_type.split(";", 1)[0].strip().lower()
        if language == "json" or media == "application/json" or media.endswith("+json"):
            value = _json_or_none(self._substitute(raw))
            if value is None:  # an unquoted {{variable}} standing for a number or object
                value = _json_or_none(_UNQUOTED_VARIABLE.sub("null", self._substitute(raw)))
            if value is None:
                raise PluginSpecError([*where, "raw"], "the JSON body is not valid JSON")
            return "json", value, (), media if media.endswith("json") else "application/json"
        raise PluginSpecError([*where, "raw"], f"a {language or media or 'text'} body cannot be described; "
                                                "tools send JSON or form data")

    def _substitute(self, text: str) -> str:
        return _VARIABLE.sub(lambda m: str(self.variables.get(m.group(1), m.group(0))), text)


def _whole_variable(segment: str) -> str:
    match = _VARIABLE.fullmatch(segment)
    return match.group(1) if match else ""


def _header_list(headers: Any) -> list[Any]:
    if isinstance(headers, str):  # v2.0 allows "Name: value" lines
        return [{"key": k.strip(), "value": v.strip()} for k, _, v in
                (line.partition(":") for line in headers.splitlines()) if k.strip()]
    return headers if isinstance(headers, list) else []


def _enabled(entries: Any) -> list[Any]:
    return [e for e in entries or [] if isinstance(e, Mapping) and e.get("key") and not e.get("disabled")]


def _json_or_none(text: str) -> Any:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return None


def _text(value: Any) -> str:
    if isinstance(value, Mapping):
        value = value.get("content")
    return str(value or "").strip()


def _auth(auth: Any, where: Where) -> SampleAuth | None:
    if not isinstance(auth, Mapping):
        return None
    kind = auth.get("type")
    if kind in (None, "noauth"):
        return None
    if kind in ("bearer", "oauth2", "jwt"):
        return SampleAuth("bearer")
    if kind == "basic":
        return SampleAuth("basic")
    if kind == "apikey":
        settings = {str(e.get("key")): e.get("value") for e in auth.get("apikey", []) or [] if isinstance(e, Mapping)}
        location = str(settings.get("in") or "header")
        return SampleAuth("api_key", "query" if location == "query" else "header", str(settings.get("key") or "X-API-Key"))
    raise PluginSpecError([*where, "type"], f"{kind!r} auth is not supported; plugins authenticate with an API key, "
                                            "a bearer token or OAuth")
