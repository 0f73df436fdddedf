"""Coze OpenAPI files (file.thrift), served in-process: `POST /v1/files/upload` stores the upload
through atelier_common.files under a new 64-bit id; `GET /v1/files/retrieve` answers only the
uploader (anyone else gets 404, so ids cannot be probed across accounts)."""

from __future__ import annotations

from google.protobuf.message import Message

from atelier_common.errors import InvalidArgument, Unavailable
from atelier_common.files import FileStore, StoredFile
from atelier_common.ids import IdGenerator
from atelier_gateway.auth.authenticator import Principal
from atelier_gateway.in_process import new_message


def _fill_file(target: Message, stored: StoredFile) -> None:
    target.id = stored.id
    target.bytes = stored.bytes
    target.created_at = stored.created_at
    target.file_name = stored.file_name


class FileHandler:
    def __init__(self, files: FileStore, ids: IdGenerator | None) -> None:
        self.files = files
        self.ids = ids  # started; None when the gateway was built without one (tests of other routes)

    async def UploadFile(self, req: Message, who: Principal) -> Message:
        if not req.content:
            raise InvalidArgument(f"the uploaded file {req.file_name or ''!r} is empty")
        if self.ids is None:
            raise Unavailable("file uploads need the id generator (Redis), which this gateway has not started")
        stored = await self.files.save(
            file_id=self.ids.next_id(),
            file_name=req.file_name or "file",
            data=req.content,
            creator_id=who.ctx.user_id,
            content_type=req.content_type,
        )
        resp = new_message(req, "UploadFileResponse")
        _fill_file(resp.data, stored)
        return resp

    async def RetrieveFile(self, req: Message, who: Principal) -> Message:
        stored = await self.files.owned(req.file_id, who.ctx.user_id)
        resp = new_message(req, "RetrieveFileResponse")
        _fill_file(resp.data, stored)
        return resp
