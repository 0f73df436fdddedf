"""Multipart uploads: routes the IDL marks with api.upload="<part>" (POST /api/knowledge/document/upload,
/v1/files/upload). The file is read from that form part (size cap -> 413); the request's fields
marked api.file are filled from it: `key` (the gateway stores the file in object storage under a
key of its own, so services never receive file bytes over gRPC), `size`, `name` (a form field of
the same name wins), `type` (the part's content type) and `content` (the bytes, for handlers the
gateway runs in-process).

Other form fields fill the rest of the message (text values; JSON objects for struct fields such
as chunk_strategy). Fields the gateway fills are always the gateway's own: a client cannot point a
document at someone else's object by sending tos_uri.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from google.protobuf.message import Message
from starlette.datastructures import UploadFile
from starlette.requests import Request

from atelier_common import object_keys
from atelier_common.errors import InvalidArgument, PayloadTooLarge
from atelier_gateway.routing import Upload as UploadSpec

MAX_FORM_FIELDS = 50


def is_multipart(request: Request) -> bool:
    return request.headers.get("content-type", "").startswith("multipart/form-data")


def object_key(space_id: str, filename: str) -> str:
    """Where an upload into the request's space goes (a space id that is no number: space 0)."""
    return object_keys.upload_key(int(space_id) if space_id.isdigit() else 0, filename)


def owned_fields(spec: UploadSpec) -> frozenset[str]:
    """Request fields only the gateway may set (a client's form or query value is ignored)."""
    return frozenset(name for role, name in spec.fields.items() if role != "name")


@dataclass
class Upload:
    spec: UploadSpec
    body: dict[str, Any]  # JSON-object form fields
    query: dict[str, list[str]]  # text form fields, plus the text fields filled from the file
    data: bytes
    content_type: str
    key: str | None  # where the gateway stores the file (routes with a "key" field), else None

    def fill_content(self, msg: Message) -> None:
        """Put the bytes into the message's api.file="content" field (in-process handlers only)."""
        content = self.spec.fields.get("content")
        if content is not None:
            setattr(msg, content, self.data)


async def read_upload(request: Request, max_bytes: int, spec: UploadSpec, space_fields: Sequence[str] = ()) -> Upload:
    """The file and the form; the object key is filed under the request's (first) api.space field."""
    if not is_multipart(request):
        raise InvalidArgument(f"this route takes multipart/form-data with the file in part '{spec.part}'")
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > max_bytes + 64 * 1024:  # the file plus form overhead
        raise PayloadTooLarge(f"upload larger than {max_bytes} bytes")
    async with request.form(max_files=1, max_fields=MAX_FORM_FIELDS) as form:
        file = form.get(spec.part)
        if not isinstance(file, UploadFile):
            raise InvalidArgument(f"missing required field '{spec.part}' (a multipart file part)")
        data = await file.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise PayloadTooLarge(f"upload larger than {max_bytes} bytes")
        body: dict[str, Any] = {}
        query: dict[str, list[str]] = {}
        owned = owned_fields(spec)
        for name, value in form.multi_items():
            if name == spec.part or not isinstance(value, str) or name in owned:
                continue
            text = value.strip()
            if text.startswith("{"):
                try:
                    body[name] = json.loads(text)
                except ValueError:
                    raise InvalidArgument(f"field '{name}': malformed JSON") from None
            else:
                query.setdefault(name, []).append(value)
    content_type = file.content_type or "application/octet-stream"
    name_field = spec.fields.get("name")
    filename = ((query.get(name_field) or [""])[-1] if name_field else "") or file.filename or ""
    filled = {"name": filename, "size": str(len(data)), "type": content_type}
    key = None
    if "key" in spec.fields:
        space = (query.get(space_fields[0]) or [""])[-1] if space_fields else ""
        key = object_key(space, filename)
        filled["key"] = key
    for role, value in filled.items():
        field = spec.fields.get(role)
        if field is not None:
            query[field] = [value]
    return Upload(spec, body, query, data, content_type, key)
