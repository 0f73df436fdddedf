"""A tool, its (validated) arguments and the call's credentials -> the HTTP request to send.

Pure: the executor hands the result to httpx. Parameters are serialised by their OpenAPI style and
explode (form, simple, label, matrix, spaceDelimited, pipeDelimited, deepObject). Path values are
percent-encoded whole, so a value cannot reach another path ('../admin', 'a/b', 'x?y=1');
header and cookie values that would split a header are refused rather than mangled."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import quote, urlencode

from atelier_plugin.domain.auth import ApiKeyAuth, Auth, BearerAuth, NoAuth
from atelier_plugin.domain.errors import ToolArgumentsError
from atelier_plugin.domain.tools import Argument, Parameter, ToolSpec
from atelier_proto.enums import AuthorizationServiceLocation

BodyKind = Literal["none", "json", "form", "multipart", "text"]
REDACTED = "***"

_PATH_TEMPLATE = re.compile(r"\{([^{}]+)\}")
_HEADER_BREAK = re.compile(r"[\r\n\x00]")
# RFC 6265 cookie-octet: visible ASCII except DQUOTE, comma, semicolon and backslash.
_COOKIE_VALUE = re.compile(r"^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$")


@dataclass(frozen=True)
class PreparedRequest:
    """What to send. The executor sets Content-Type only from `headers`: for multipart it is left
    out so the HTTP client writes it with the boundary."""

    method: str
    url: str  # server URL and path, path parameters filled in; no query string
    query: tuple[tuple[str, str], ...] = ()
    headers: dict[str, str] = field(default_factory=dict)
    cookies: dict[str, str] = field(default_factory=dict)
    body_kind: BodyKind = "none"
    json_body: Any = None  # body_kind "json"
    form: tuple[tuple[str, str], ...] = ()  # body_kind "form" or "multipart"
    text_body: str = ""  # body_kind "text": sent as UTF-8
    secret_headers: frozenset[str] = frozenset()  # lower-case names whose values are credentials
    secret_query: frozenset[str] = frozenset()

    @property
    def cookie_header(self) -> str | None:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items()) or None

    def for_record(self) -> dict[str, Any]:
        """The request as a run record or debug view shows it: credentials masked."""
        query = [(k, REDACTED if k in self.secret_query else v) for k, v in self.query]
        record: dict[str, Any] = {
            "method": self.method,
            "url": f"{self.url}?{urlencode(query, safe='*')}" if query else self.url,
            "headers": {k: REDACTED if k.lower() in self.secret_headers else v for k, v in self.headers.items()},
        }
        if self.cookies:
            record["cookies"] = dict(self.cookies)
        if self.body_kind == "json":
            record["body"] = self.json_body
        elif self.body_kind == "text":
            record["body"] = self.text_body
        elif self.body_kind != "none":
            record["body"] = [list(pair) for pair in self.form]
        return record


def build_request(tool: ToolSpec, arguments: Mapping[str, Any], auth: Auth | None = None) -> PreparedRequest:
    """The request for `arguments` (already validated against tool.model_schema()) plus the tool's
    per-agent defaults. Raises ToolArgumentsError for values that cannot be sent."""
    values = {**tool.defaults, **arguments}
    parameters = {(p.name, p.location): p for p in tool.parameters}
    builder = _Builder(tool)
    for argument in tool.arguments:
        if argument.name in values:
            builder.add(argument, parameters.get((argument.key or "", argument.location)), values[argument.name])
    return builder.finish(auth or NoAuth())


class _Builder:
    def __init__(self, tool: ToolSpec) -> None:
        self.tool = tool
        self.problems: list[str] = []
        self.path_values: dict[str, str] = {}
        self.query: list[tuple[str, str]] = []
        self.headers: dict[str, str] = {}
        self.cookies: dict[str, str] = {}
        self.body_fields: dict[str, Any] = {}
        self.whole_body: Any = _UNSET

    def add(self, argument: Argument, parameter: Parameter | None, value: Any) -> None:
        if argument.location == "body":
            if argument.key is None:
                self.whole_body = value
            else:
                self.body_fields[argument.key] = value
            return
        if value is None or parameter is None:  # a nullable parameter given null is left out
            if argument.location == "path":
                self.problems.append(f"argument '{argument.name}': a path parameter cannot be null")
            return
        if argument.location == "path":
            self._path(argument, parameter, value)
        elif argument.location == "query":
            self.query.extend(_query_pairs(parameter, value))
        elif argument.location == "header":
            text = _simple(value, parameter.explode)
            if _HEADER_BREAK.search(text):
                self.problems.append(f"argument '{argument.name}': a header value cannot contain line breaks")
            else:
                self.headers[parameter.name] = text
        else:
            text = _simple(value, parameter.explode)
            if not _COOKIE_VALUE.match(text):
                self.problems.append(f"argument '{argument.name}': a cookie value cannot contain spaces, quotes, "
                                     "commas, semicolons or backslashes")
            else:
                self.cookies[parameter.name] = text

    def _path(self, argument: Argument, parameter: Parameter, value: Any) -> None:
        if parameter.style == "simple" and _scalar(value) in (".", ".."):
            self.problems.append(f"argument '{argument.name}': {_scalar(value)!r} is not a valid path segment")
            return
        self.path_values[parameter.name] = _path_value(parameter, value)

    def finish(self, auth: Auth) -> PreparedRequest:
        path = _PATH_TEMPLATE.sub(self._fill, self.tool.path)
        if self.problems:
            raise ToolArgumentsError(self.tool.name, self.problems)
        body_kind, json_body, form = self._body()
        secret_headers: set[str] = set()
        secret_query: set[str] = set()
        if isinstance(auth, ApiKeyAuth) and auth.location == AuthorizationServiceLocation.Query:
            self.query = [(k, v) for k, v in self.query if k != auth.name] + [(auth.name, auth.value)]
            secret_query.add(auth.name)
        elif isinstance(auth, ApiKeyAuth):
            _set_header(self.headers, auth.name, auth.value)
            secret_headers.add(auth.name.lower())
        elif isinstance(auth, BearerAuth):
            _set_header(self.headers, "Authorization", f"Bearer {auth.token}")
            secret_headers.add("authorization")
        return PreparedRequest(
            method=self.tool.method,
            url=self.tool.server_url + path,
            query=tuple(self.query),
            headers=self.headers,
            cookies=self.cookies,
            body_kind=body_kind,
            json_body=json_body,
            form=form,
            secret_headers=frozenset(secret_headers),
            secret_query=frozenset(secret_query),
        )

    def _fill(self, match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in self.path_values:
            argument = next((a.name for a in self.tool.arguments if a.location == "path" and a.key == name), name)
            self.problems.append(f"missing required argument '{argument}'")
            return match.group(0)
        return self.path_values[name]

    def _body(self) -> tuple[BodyKind, Any, tuple[tuple[str, str], ...]]:
        body = self.tool.request_body
        if body is None:
            return "none", None, ()
        given = self.whole_body is not _UNSET or bool(self.body_fields)
        if not given and not body.required:
            return "none", None, ()
        whole = next((a for a in self.tool.arguments if a.location == "body" and a.key is None), None)
        if not given and whole is not None:
            raise ToolArgumentsError(self.tool.name, [f"missing required argument '{whole.name}'"])
        content = self.whole_body if self.whole_body is not _UNSET else self.body_fields
        if body.encoding == "json":
            _set_header(self.headers, "Content-Type", body.media_type)
            return "json", content, ()
        if not isinstance(content, Mapping):
            raise ToolArgumentsError(self.tool.name, ["the body must be an object of form fields"])
        if body.encoding == "form":
            _set_header(self.headers, "Content-Type", body.media_type)
        return body.encoding, None, tuple(_form_pairs(content))


_UNSET = object()


def _set_header(headers: dict[str, str], name: str, value: str) -> None:
    for existing in [k for k in headers if k.lower() == name.lower()]:
        del headers[existing]
    headers[name] = value


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return str(value)


def _simple(value: Any, explode: bool | None) -> str:
    """OpenAPI 'simple' style, values not encoded: a,b,c / k,v,k2,v2 / k=v,k2=v2 (explode)."""
    if isinstance(value, list):
        return ",".join(_scalar(v) for v in value)
    if isinstance(value, dict):
        if explode:
            return ",".join(f"{k}={_scalar(v)}" for k, v in value.items())
        return ",".join(f"{k},{_scalar(v)}" for k, v in value.items())
    return _scalar(value)


def _path_value(parameter: Parameter, value: Any) -> str:
    def enc(v: Any) -> str:
        return quote(_scalar(v), safe="")

    name, explode = parameter.name, bool(parameter.explode)
    if parameter.style == "label":
        if isinstance(value, list):
            return "." + ("." if explode else ",").join(enc(v) for v in value)
        if isinstance(value, dict):
            pairs = [f"{enc(k)}={enc(v)}" if explode else f"{enc(k)},{enc(v)}" for k, v in value.items()]
            return "." + ("." if explode else ",").join(pairs)
        return "." + enc(value)
    if parameter.style == "matrix":
        if isinstance(value, list):
            if explode:
                return "".join(f";{name}={enc(v)}" for v in value)
            return f";{name}=" + ",".join(enc(v) for v in value)
        if isinstance(value, dict):
            if explode:
                return "".join(f";{enc(k)}={enc(v)}" for k, v in value.items())
            return f";{name}=" + ",".join(f"{enc(k)},{enc(v)}" for k, v in value.items())
        return f";{name}={enc(value)}"
    if isinstance(value, list):
        return ",".join(enc(v) for v in value)
    if isinstance(value, dict):
        return ",".join(f"{enc(k)}={enc(v)}" if explode else f"{enc(k)},{enc(v)}" for k, v in value.items())
    return enc(value)


def _query_pairs(parameter: Parameter, value: Any) -> list[tuple[str, str]]:
    """Query pairs, not yet percent-encoded (the HTTP client encodes them)."""
    name, explode, style = parameter.name, bool(parameter.explode), parameter.style
    if isinstance(value, list):
        if explode and style in ("form", "spaceDelimited", "pipeDelimited"):
            return [(name, _scalar(v)) for v in value]
        separator = {"spaceDelimited": " ", "pipeDelimited": "|"}.get(style, ",")
        return [(name, separator.join(_scalar(v) for v in value))]
    if isinstance(value, dict):
        if style == "deepObject":
            return [(f"{name}[{k}]", _scalar(v)) for k, v in value.items()]
        if explode:
            return [(str(k), _scalar(v)) for k, v in value.items()]
        return [(name, ",".join(f"{k},{_scalar(v)}" for k, v in value.items()))]
    return [(name, _scalar(value))]


def _form_pairs(fields: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Form fields: arrays repeat the field, objects travel as JSON text, null fields are left out."""
    pairs: list[tuple[str, str]] = []
    for key, value in fields.items():
        if value is None:
            continue
        if isinstance(value, list):
            pairs.extend((key, _scalar(v)) for v in value)
        else:
            pairs.append((key, _scalar(value)))
    return pairs
