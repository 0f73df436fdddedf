"""Chat message content: `text`, or Coze's `object_string` — a JSON list of parts
`{"type": "text"|"image"|"file", "text", "file_id", "file_url"}` (an image or file gives a
`file_id` of an uploaded file or a `file_url`). Pure: no I/O.

The conversation service validates what callers send (and checks that they own the files); the
agent runtime turns the parts into what the model reads. Both parse with this module."""

from __future__ import annotations

import json
from dataclasses import dataclass
from urllib.parse import urlsplit

from atelier_proto.enums import ContentType

CONTENT_TYPES = (ContentType.Text, ContentType.ObjectString)  # what a message's content may be
PART_TYPES = ("text", "image", "file")
MAX_PARTS = 50


class ContentError(ValueError):
    """Content that does not follow its content_type; the message names the part."""


@dataclass(frozen=True)
class Part:
    type: str  # text | image | file
    text: str = ""
    file_id: int = 0  # an uploaded file (atelier_common.files)
    file_url: str = ""

    @property
    def is_attachment(self) -> bool:
        return self.type in ("image", "file")


def _file_id(value: object, where: str) -> int:
    if value in (None, "", 0):
        return 0
    try:
        file_id = int(str(value))
    except ValueError:
        raise ContentError(f"{where}.file_id: {value!r} is not a file id") from None
    if file_id <= 0:
        raise ContentError(f"{where}.file_id: {value!r} is not a file id")
    return file_id


def _url(value: object, where: str) -> str:
    if value in (None, ""):
        return ""
    text = str(value).strip()
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ContentError(f"{where}.file_url: must be an http(s) URL")
    return text


def parse_object_string(content: str) -> list[Part]:
    """The parts of an object_string content; ContentError naming the first bad part."""
    try:
        items = json.loads(content)
    except json.JSONDecodeError:
        raise ContentError("object_string content must be a JSON list of parts") from None
    if not isinstance(items, list) or not items:
        raise ContentError("object_string content must be a non-empty JSON list of parts")
    if len(items) > MAX_PARTS:
        raise ContentError(f"object_string content: at most {MAX_PARTS} parts")
    parts: list[Part] = []
    for i, item in enumerate(items):
        where = f"[{i}]"
        if not isinstance(item, dict):
            raise ContentError(f"{where}: each part must be an object")
        kind = item.get("type")
        if kind not in PART_TYPES:
            raise ContentError(f"{where}.type: must be one of {', '.join(PART_TYPES)}, got {kind!r}")
        if kind == "text":
            text = item.get("text")
            if not isinstance(text, str):
                raise ContentError(f"{where}.text: a text part needs its text")
            parts.append(Part("text", text=text))
            continue
        file_id, file_url = _file_id(item.get("file_id"), where), _url(item.get("file_url"), where)
        if not file_id and not file_url:
            raise ContentError(f"{where}: an {kind} part needs a file_id or a file_url")
        parts.append(Part(kind, file_id=file_id, file_url=file_url))
    if not any(p.is_attachment or p.text.strip() for p in parts):
        raise ContentError("object_string content: every part is empty")
    return parts


def parts_of(content: str, content_type: str) -> list[Part]:
    """Any content as parts (text content is one text part)."""
    if content_type == ContentType.ObjectString:
        return parse_object_string(content)
    return [Part("text", text=content)]


def plain_text(content: str, content_type: str) -> str:
    """What the user wrote, without attachments (for retrieval, suggestions); the content itself
    when it cannot be parsed."""
    if content_type != ContentType.ObjectString:
        return content
    try:
        parts = parse_object_string(content)
    except ContentError:
        return content
    return "\n".join(p.text for p in parts if p.type == "text" and p.text)


def describe(content: str, content_type: str) -> str:
    """The content as plain text with attachments named (earlier turns in the model's history)."""
    if content_type != ContentType.ObjectString:
        return content
    try:
        parts = parse_object_string(content)
    except ContentError:
        return content
    lines = []
    for p in parts:
        if p.type == "text":
            lines.append(p.text)
        else:
            lines.append(f"[attached {p.type}: {p.file_url or f'file {p.file_id}'}]")
    return "\n".join(line for line in lines if line)
