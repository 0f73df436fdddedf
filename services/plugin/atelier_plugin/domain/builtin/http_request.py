"""The HTTP request tool: the model's arguments (already valid for its schema) -> the request to
send, and an answer -> what the model reads (status, content type, the body trimmed like any
plugin answer). Where the request may go is the SSRF guard's business, at sending time."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from atelier_plugin.domain.errors import ArgumentValueError
from atelier_plugin.domain.request_building import PreparedRequest
from atelier_plugin.domain.response_shaping import body_text, header, trim_for_model

METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD")
DEFAULT_METHOD = "GET"
MAX_URL_CHARS = 4096
TEXT_CONTENT_TYPE = "text/plain; charset=utf-8"
JSON_CONTENT_TYPE = "application/json"

# Set by the HTTP client from the request itself; a model's value could only break the framing.
MANAGED_HEADERS = frozenset({"host", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade",
                             "te", "trailer", "proxy-connection"})
# Header names whose values are masked in the run record: credentials an agent may set as defaults.
_SECRET_NAME = re.compile(r"authorization|cookie|token|secret|password|api[-_]?key|session", re.IGNORECASE)
_TOKEN = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")  # RFC 9110 field name
_HEADER_BREAK = re.compile(r"[\r\n\x00]")


def checked_url(url: str, argument: str = "url") -> str:
    """An absolute http(s) URL with a host and no credentials, its fragment dropped."""
    parts = urlsplit(url.strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ArgumentValueError(f"'{argument}': {url!r} is not an absolute http or https URL")
    if parts.username is not None or parts.password is not None:
        raise ArgumentValueError(f"'{argument}': the URL carries credentials; send them in a header "
                                 "(Authorization) instead")
    return urlunsplit((parts.scheme.lower(), parts.netloc, parts.path, parts.query, ""))


def prepare(arguments: Mapping[str, Any]) -> PreparedRequest:
    """The request the arguments describe. A string body is sent as it is (text/plain unless a
    Content-Type header says otherwise), any other body as JSON."""
    method = str(arguments.get("method", DEFAULT_METHOD))
    url = checked_url(str(arguments["url"]))
    headers = _headers(arguments.get("headers") or {})
    query = tuple((name, _query_value(value)) for name, value in (arguments.get("query") or {}).items())
    request = PreparedRequest(method=method, url=url, query=query, headers=headers,
                              secret_headers=frozenset(n.lower() for n in headers if _SECRET_NAME.search(n)))
    if "body" not in arguments:
        return request
    if method in ("GET", "HEAD"):
        raise ArgumentValueError(f"'body': a {method} request carries no body; use POST, PUT or PATCH")
    body = arguments["body"]
    has_type = any(n.lower() == "content-type" for n in headers)
    if isinstance(body, str):
        return replace(request, headers=headers if has_type else {**headers, "Content-Type": TEXT_CONTENT_TYPE},
                       body_kind="text", text_body=body)
    return replace(request, headers=headers if has_type else {**headers, "Content-Type": JSON_CONTENT_TYPE},
                   body_kind="json", json_body=body)


def _headers(given: Mapping[str, str]) -> dict[str, str]:
    problems = []
    for name, value in given.items():
        if not _TOKEN.match(name):
            problems.append(f"'headers': {name!r} is not a header name")
        elif name.lower() in MANAGED_HEADERS:
            problems.append(f"'headers': {name} is set by the HTTP client; leave it out")
        elif _HEADER_BREAK.search(value):
            problems.append(f"'headers.{name}': a header value cannot contain line breaks")
    if problems:
        raise ArgumentValueError("; ".join(problems))
    return dict(given)


def _query_value(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def for_model(method: str, status: int, headers: Iterable[tuple[str, str]], body: bytes) -> tuple[str, int]:
    """What the model reads of an answer, trimmed to the plugin answer budget, with how many bytes
    were cut: the status and content type first, a HEAD answer's headers (all it has), the body."""
    headers = list(headers)
    content_type = header(headers, "content-type")
    lines = [f"HTTP {status}; Content-Type: {content_type or '(none)'}"]
    if method == "HEAD":
        lines.extend(f"{name}: {value}" for name, value in headers if name.lower() != "content-type")
    text = "\n".join(lines) + "\n\n" + (body_text(content_type, body) if body else "(empty body)")
    return trim_for_model(text)
