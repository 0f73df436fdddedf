"""Where uploaded bytes live in object storage, built in one place for every writer and checker:

- `files/<file id>/<safe name>` (+ `files/<file id>.json`, its record): a file uploaded with
  /v1/files/upload (atelier_common.files), owned by the user who uploaded it.
- `uploads/<space id>/<random>/<safe name>`: bytes uploaded into a space for knowledge (the
  gateway's multipart upload, inline and custom document content, copies of uploaded files, a web
  page's text). A document or preview may point only at an upload of its own space.

Names are reduced to a safe last path component, so every key passes storage.validate_key."""

from __future__ import annotations

import re
import uuid

from atelier_common.storage import InvalidKey, validate_key

FILES = "files"
UPLOADS = "uploads"
MAX_NAME_CHARS = 120
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def safe_name(file_name: str) -> str:
    """The name's last path component with anything odd replaced; its end (the extension) is kept."""
    base = file_name.replace("\\", "/").rsplit("/", 1)[-1].strip()
    cleaned = _UNSAFE.sub("_", base).strip("._")[-MAX_NAME_CHARS:].lstrip("._")
    return cleaned or "file"


def file_key(file_id: int, file_name: str) -> str:
    return f"{FILES}/{int(file_id)}/{safe_name(file_name)}"


def file_record_key(file_id: int) -> str:
    return f"{FILES}/{int(file_id)}.json"


def upload_prefix(space_id: int) -> str:
    return f"{UPLOADS}/{int(space_id)}/"


def upload_key(space_id: int, file_name: str) -> str:
    """A new key for bytes uploaded into the space (a folder of its own, so names never collide)."""
    return f"{upload_prefix(space_id)}{uuid.uuid4().hex}/{safe_name(file_name)}"


def is_upload_of(key: str, space_id: int) -> bool:
    """Whether `key` is a well-formed upload key of that space."""
    try:
        validate_key(key)
    except InvalidKey:
        return False
    return key.startswith(upload_prefix(space_id))
