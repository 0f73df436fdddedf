"""The api.* annotations the IDL may carry: where each goes and which values it takes.

This table is the contract's index: the compiler rejects an api.* key it does not list (or one in
the wrong place) and a value its check refuses, naming file:line. What each annotation means, and
who reads it, is in libs/idlc/README.md (a test keeps the two in step). Other keys (`go.tag`...)
are Thrift's business and pass through untouched.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .ast import Loc

FUNCTION, FIELD, ENUM = "function", "field", "enum"
HTTP_METHODS = ("get", "post", "put", "delete", "patch")
UPLOAD_ROLES = ("key", "size", "name", "type", "content")
SSE_ROLES = ("event", "data", "id")
PAGE_ROLES = ("redirect", "title", "text")

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_FORM_PART = re.compile(r"^[A-Za-z0-9_.-]+$")
_CATEGORY = re.compile(r"^[A-Za-z0-9_]+$")

Check = Callable[[str], str | None]  # the value -> why it is wrong, or None


def _bool(v: str) -> str | None:
    return None if v in ("true", "false") else 'takes "true" or "false"'


def _one_of(*allowed: str) -> Check:
    return lambda v: None if v in allowed else "is one of " + ", ".join(f'"{a}"' for a in allowed)


def _matching(pattern: re.Pattern[str], what: str) -> Check:
    return lambda v: None if pattern.match(v) else f"names {what}"


def _http_path(v: str) -> str | None:
    return None if v.startswith("/") else "is an HTTP path starting with '/'"


def _non_empty(v: str) -> str | None:
    return None if v else "needs a value"


@dataclass(frozen=True)
class Annotation:
    key: str
    where: str  # FUNCTION | FIELD | ENUM
    check: Check


ANNOTATIONS: dict[str, Annotation] = {
    a.key: a
    for a in [
        *(Annotation(f"api.{m}", FUNCTION, _http_path) for m in HTTP_METHODS),
        Annotation("api.internal", FUNCTION, _bool),
        Annotation("api.stream", FUNCTION, _bool),
        Annotation("api.auth", FUNCTION, _bool),
        Annotation("api.category", FUNCTION, _matching(_CATEGORY, "a tag (letters, digits, _)")),
        Annotation("api.tag", FUNCTION, _one_of("openapi")),
        Annotation("api.upload", FUNCTION, _matching(_FORM_PART, "the form part of the file (letters, digits, _ . -)")),
        Annotation("api.js_conv", FIELD, _bool),
        Annotation("api.json_text", FIELD, _bool),
        Annotation("api.query", FIELD, _matching(_IDENT, "a query-string parameter (an identifier)")),
        Annotation("api.path", FIELD, _matching(_IDENT, "a path parameter (an identifier)")),
        Annotation("api.body", FIELD, _non_empty),
        Annotation("api.file", FIELD, _one_of(*UPLOAD_ROLES)),
        Annotation("api.space", FIELD, _bool),
        Annotation("api.stream_switch", FIELD, _bool),
        Annotation("api.sse", FIELD, _one_of(*SSE_ROLES)),
        Annotation("api.page", FIELD, _one_of(*PAGE_ROLES)),
        Annotation("api.string", ENUM, _bool),
    ]
}


def check(
    annotations: Mapping[str, str], where: str, name: str, loc: Loc, report: Callable[[str, Loc], None]
) -> None:
    """Report every api.* key that is unknown, misplaced or has a bad value. `where` is the kind of
    definition carrying them (function, field, enum, or anything else, which takes none), `name`
    the definition ("Service.Function", "Struct.field") for the message."""
    for key, value in annotations.items():
        if not key.startswith("api."):
            continue
        known = ANNOTATIONS.get(key)
        if known is None:
            here = sorted(k for k, a in ANNOTATIONS.items() if a.where == where)
            hint = f" (a {where} takes {', '.join(here)})" if here else f" (a {where} takes no api.* annotation)"
            report(f"{name}: unknown annotation {key}{hint}", loc)
        elif known.where != where:
            report(f"{name}: {key} goes on a {known.where}, not on a {where}", loc)
        elif (why := known.check(value)) is not None:
            report(f"{name}: {key}={value!r}: {key} {why}", loc)


def is_true(annotations: Mapping[str, str], key: str, default: bool = False) -> bool:
    """A checked boolean annotation's value."""
    value = annotations.get(key)
    return default if value is None else value == "true"
