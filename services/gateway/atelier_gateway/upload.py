"""Multipart uploads (POST /api/knowledge/document/upload): the gateway stores the file in object
storage and forwards only its key and size, so services never receive file bytes over gRPC.

A route takes uploads when its request message has `file_name`, `tos_uri` and `size` fields.
Form fields other than the file fill the rest of the message (text values; JSON objects for
struct fields such as chunk_strategy). The key and size are always the gateway's own: a client
cannot point a document at someone else's object.
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass
from typing import Any

from google.protobuf.message import Message
from starlette.datastructures import UploadFile
from starlette.requests import Request

from atelier_common.errors import InvalidArgument, PayloadTooLarge

UPLOAD_FIELDS = ("file_name", "tos_uri", "size")
FILE_FIELD = "file"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def accepts_upload(request_cls: type[Message]) -> bool:
    fields = request_cls.DESCRIPTOR.fields_by_name
    return all(name in fields for name in UPLOAD_FIELDS)


def is_multipart(request: Request) -> bool:
    return request.headers.get("content-type", "").startswith("multipart/form-data")


def safe_name(filename: str) -> str:
    """The last path component with anything odd replaced: object keys must stay valid."""
    base = filename.replace("\\", "/").rsplit("/", 1)[-1].strip() or "file"
    cleaned = _UNSAFE.sub("_", base).strip("._") or "file"
    return cleaned[-120:]


def object_key(space_id: str, filename: str) -> str:
    space = space_id if space_id.isdigit() else "0"
    return f"uploads/{space}/{uuid.uuid4().hex}/{safe_name(filename)}"


@dataclass
class Upload:
    body: dict[str, Any]  # JSON-object form fields
    query: dict[str, list[str]]  # text form fields, plus file_name / tos_uri / size
    data: bytes
    content_type: str
    key: str


async def read_upload(request: Request, max_bytes: int) -> Upload:
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise PayloadTooLarge(f"upload larger than {max_bytes} bytes")
    async with request.form(max_files=1, max_fields=50) as form:
        file = form.get(FILE_FIELD)
        if not isinstance(file, UploadFile):
            raise InvalidArgument(f"missing required field '{FILE_FIELD}' (a multipart file part)")
        data = await file.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise PayloadTooLarge(f"upload larger than {max_bytes} bytes")
        body: dict[str, Any] = {}
        query: dict[str, list[str]] = {}
        for name, value in form.multi_items():
            if name == FILE_FIELD or not isinstance(value, str) or name in ("tos_uri", "size"):
                continue
            text = value.strip()
            if text.startswith("{"):
                try:
                    body[name] = json.loads(text)
                except ValueError:
                    raise InvalidArgument(f"field '{name}': malformed JSON") from None
            else:
                query.setdefault(name, []).append(value)
        filename = (query.get("file_name") or [file.filename or ""])[-1]
        key = object_key((query.get("space_id") or [""])[-1], filename)
        query["file_name"] = [filename]
        query["tos_uri"] = [key]
        query["size"] = [str(len(data))]
        return Upload(body, query, data, file.content_type or "application/octet-stream", key)
