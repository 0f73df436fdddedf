"""An HTTP response -> the text the model reads, with the full body kept for the run record.

JSON is compacted (indentation costs tokens and says nothing). Text longer than the budget is cut
at a character boundary and ends with "[truncated N bytes]", N counting the bytes of that text not
shown. Binary bodies (images, archives) are described, not shown. An error status leads the text,
so the model knows the call failed."""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

DEFAULT_MODEL_BUDGET = 16_384  # bytes of UTF-8 text the model sees per call

_TEXT_TYPES = ("application/x-www-form-urlencoded", "application/javascript", "application/xml",
               "application/yaml", "application/x-yaml", "application/graphql", "application/x-ndjson")
_BINARY_FAMILIES = ("image/", "audio/", "video/", "font/")


@dataclass(frozen=True)
class ToolResponse:
    status: int
    content_type: str  # media type without parameters, lower case ("" when absent)
    for_model: str
    truncated_bytes: int  # 0 when the model sees everything
    body: bytes = field(repr=False)  # the full body, for the run record

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300


def shape_response(status: int, headers: Mapping[str, str] | Iterable[tuple[str, str]], body: bytes,
                   budget: int = DEFAULT_MODEL_BUDGET) -> ToolResponse:
    content_type_header = header(headers, "content-type")
    media, _ = media_type(content_type_header)
    text = body_text(content_type_header, body) if body else f"HTTP {status}, empty body"
    if body and not 200 <= status < 300:
        text = f"HTTP {status}: {text}"
    shown, cut = trim_for_model(text, budget)
    return ToolResponse(status=status, content_type=media, for_model=shown, truncated_bytes=cut, body=body)


def body_text(content_type: str, body: bytes) -> str:
    """A body (not empty) as the model reads it, untrimmed: JSON compacted, text decoded by its
    charset, binary described."""
    media, charset = media_type(content_type)
    if _is_binary(media, body):
        return f"binary response ({media or 'unknown type'}, {len(body)} bytes), not shown"
    text = _decoded(body, charset)
    if _is_json(media) or (not media and text.lstrip()[:1] in ("{", "[")):
        return _compact_json(text)
    return text


def header(headers: Mapping[str, str] | Iterable[tuple[str, str]], name: str) -> str:
    """The first value of header `name` (lower case), "" when absent."""
    items = headers.items() if isinstance(headers, Mapping) else headers
    return next((v for k, v in items if k.lower() == name), "")


def media_type(content_type: str) -> tuple[str, str]:
    """(media type in lower case without parameters, charset) of a Content-Type value."""
    media, _, params = content_type.partition(";")
    charset = ""
    for param in params.split(";"):
        key, _, value = param.partition("=")
        if key.strip().lower() == "charset":
            charset = value.strip().strip('"')
    return media.strip().lower(), charset


def _is_json(media: str) -> bool:
    return media == "application/json" or media.endswith("+json")


def _is_binary(media: str, body: bytes) -> bool:
    if media.startswith("text/") or _is_json(media) or media.endswith("+xml") or media in _TEXT_TYPES:
        return False
    if media.startswith(_BINARY_FAMILIES) or media in ("application/octet-stream", "application/pdf", "application/zip"):
        return True
    return b"\x00" in body[:4096]


def _decoded(body: bytes, charset: str) -> str:
    try:
        codec = codecs.lookup(charset).name if charset else "utf-8"
    except LookupError:
        codec = "utf-8"
    return body.decode(codec, errors="replace")


def _compact_json(text: str) -> str:
    try:
        return json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":"))
    except (ValueError, RecursionError):
        return text  # not JSON after all: shown as text


def trim_for_model(text: str, budget: int = DEFAULT_MODEL_BUDGET) -> tuple[str, int]:
    """`text` cut to `budget` bytes of UTF-8, with how many bytes were cut (0: all of it is shown)."""
    data = text.encode("utf-8")
    if len(data) <= budget:
        return text, 0
    room = max(0, budget - len(f"\n[truncated {len(data)} bytes]"))
    kept = data[:room].decode("utf-8", errors="ignore")  # a character cut in half is dropped
    cut = len(data) - len(kept.encode("utf-8"))
    return f"{kept}\n[truncated {cut} bytes]", cut
