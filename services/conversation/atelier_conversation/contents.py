"""Message contents entering a conversation: text, or object_string parts whose files must be the
caller's own uploads. Checked before anything is written, so no message refers to a file its
author cannot read (another user's file id is "not found", as if it did not exist)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from atelier_common.auth import current_context
from atelier_common.errors import InvalidArgument, NotFound
from atelier_common.files import FileStore
from atelier_common.message_content import CONTENT_TYPES, ContentError, parts_of
from atelier_common.service import ServiceDeps
from atelier_proto.enums import ContentType, MessageRole, MessageType

MAX_CHARS = 100_000
Entered = tuple[MessageRole, MessageType, str, ContentType]  # a message given by the caller: role, type, content, content_type


def check_form(content: str, content_type: str, field: str) -> list[int]:
    """InvalidArgument naming `field` for unusable content; the file ids it attaches."""
    if content_type not in CONTENT_TYPES:
        raise InvalidArgument(f"field '{field}': content_type must be text or object_string, got {content_type!r}")
    if len(content) > MAX_CHARS:
        raise InvalidArgument(f"field '{field}': at most {MAX_CHARS} characters")
    if content_type == ContentType.Text and not content.strip():
        raise InvalidArgument(f"field '{field}': the message is empty")
    try:
        parts = parts_of(content, content_type)
    except ContentError as e:
        raise InvalidArgument(f"field '{field}': {e}") from None
    return sorted({p.file_id for p in parts if p.file_id})


async def check_files(deps: ServiceDeps, file_ids: Iterable[int], field: str, owner_id: int | None = None) -> None:
    """NotFound unless the caller (or owner_id, for a service calling for its user) uploaded every file."""
    files, user_id = FileStore(deps.storage), owner_id if owner_id is not None else current_context().user_id

    async def owned(file_id: int) -> None:
        try:
            await files.owned(file_id, user_id)
        except NotFound:
            raise NotFound(f"field '{field}': file {file_id} not found") from None

    await asyncio.gather(*(owned(i) for i in file_ids))


async def check(deps: ServiceDeps, content: str, content_type: str, field: str, owner_id: int | None = None) -> None:
    await check_files(deps, check_form(content, content_type, field), field, owner_id)


async def check_all(deps: ServiceDeps, items: list[Entered], field: str, owner_id: int | None = None) -> None:
    """(role, type, content, content_type) items, as conversations.entered returns them."""
    await asyncio.gather(*(check(deps, content, content_type, f"{field}[{i}].content", owner_id)
                           for i, (_role, _type, content, content_type) in enumerate(items)))
