"""Uploaded files (Coze's `/v1/files/upload`): immutable blobs in object storage, addressed by id.

A file is two objects (keys by atelier_common.object_keys): its content at `files/<id>/<safe name>`
and a small JSON record at `files/<id>.json` (name, size, content type, uploader, time). The record is written after the
content, so a record always points at a complete blob. Files live in object storage rather than
in a service's tables because every context consumes them (chat attachments, dataset icons,
document sources) and object storage is shared infrastructure: a service resolves a `file_id`
with this module instead of asking another service.

A file belongs to the user who uploaded it: `owned()` answers NotFound for anyone else, so
file ids cannot be probed across accounts.
"""

from __future__ import annotations

import json
import mimetypes
import time
from dataclasses import asdict, dataclass

from atelier_common import object_keys
from atelier_common.errors import NotFound
from atelier_common.storage import ObjectNotFound, ObjectStorage

# Images a knowledge base indexes (by a caption), by extension: the media type a model is sent.
IMAGE_MEDIA_TYPES = {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "webp": "image/webp",
                     "gif": "image/gif", "bmp": "image/bmp"}


@dataclass(frozen=True)
class StoredFile:
    id: int
    file_name: str
    bytes: int
    content_type: str
    created_at: int  # unix seconds
    creator_id: int  # the uploading user
    key: str  # object key of the content

    @property
    def extension(self) -> str:
        """Lower-case extension without the dot ("pdf"), "" when the name has none."""
        _, dot, ext = self.file_name.rpartition(".")
        return ext.lower() if dot and ext else ""

    @property
    def is_image(self) -> bool:
        return self.content_type.startswith("image/")


def normalize_file_type(file_type_or_name: str) -> str:
    """A file's type as documents record it: "Report.PDF" / ".pdf" / "pdf" -> "pdf"."""
    value = (file_type_or_name or "").strip().lower()
    return value.rsplit(".", 1)[-1] if "." in value else value


def guess_content_type(file_name: str, declared: str = "") -> str:
    if declared and declared != "application/octet-stream":
        return declared
    return mimetypes.guess_type(file_name)[0] or "application/octet-stream"


class FileStore:
    def __init__(self, storage: ObjectStorage) -> None:
        self.storage = storage

    async def save(self, *, file_id: int, file_name: str, data: bytes, creator_id: int,
                   content_type: str = "") -> StoredFile:
        name = file_name.strip().rsplit("/", 1)[-1] or "file"
        stored = StoredFile(id=file_id, file_name=name, bytes=len(data),
                            content_type=guess_content_type(name, content_type), created_at=int(time.time()),
                            creator_id=creator_id, key=object_keys.file_key(file_id, name))
        await self.storage.put(stored.key, data, content_type=stored.content_type)
        await self.storage.put(object_keys.file_record_key(file_id), json.dumps(asdict(stored)).encode(), "application/json")
        return stored

    async def get(self, file_id: int) -> StoredFile | None:
        try:
            raw = await self.storage.get(object_keys.file_record_key(file_id))
        except ObjectNotFound:
            return None
        return StoredFile(**json.loads(raw))

    async def owned(self, file_id: int, user_id: int) -> StoredFile:
        """The file, if `user_id` uploaded it; NotFound otherwise (also for other users' files)."""
        found = await self.get(file_id) if file_id > 0 else None
        if found is None or found.creator_id != user_id:
            raise NotFound(f"file {file_id} not found")
        return found

    async def read(self, stored: StoredFile) -> bytes:
        try:
            return await self.storage.get(stored.key)
        except ObjectNotFound:
            raise NotFound(f"file {stored.id} has no content") from None

    async def url(self, stored: StoredFile, expires_s: int = 3600) -> str:
        """A URL a browser can open (signed and expiring)."""
        return await self.storage.url(stored.key, expires_s)
