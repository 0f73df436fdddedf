"""The user's message as the model reads it, attachments included (object_string parts).

- images: for a model whose YAML marks it multimodal, image parts: an uploaded file (file_id) is
  inlined as a data URL (the model server may not reach our storage), a file_url is passed
  through; for other models, a link in the text.
- files: their text, extracted by the indexer (ExtractText), cut to a share of the
  model's context (the prompt says so when a file was cut); a file whose text cannot be read
  becomes a note in the prompt, never a failed chat.

The conversation service already checked that the caller owns every file id; they are read here
as the caller (the request's context)."""

from __future__ import annotations

import asyncio
import base64
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from atelier_common.errors import NotFound
from atelier_common.files import FileStore, StoredFile
from atelier_common.message_content import Part

EXTRACT_MAX_CHARS = 20_000  # per file
CONTEXT_SHARE = 0.5  # of the model's context, at most, for all attached files' text
CHARS_PER_TOKEN = 3  # a cautious estimate for the cut (the context fitting counts real tokens)
MIN_FILE_CHARS = 500
MAX_INLINE_IMAGE_BYTES = 5 * 1024 * 1024


@dataclass(frozen=True)
class Extracted:
    text: str
    file_name: str
    truncated: bool


class Unreadable(Exception):
    """An attachment could not be read; the message says why."""


# (part, max_chars) -> the file's text; raises Unreadable.
Extract = Callable[[Part, int], Awaitable[Extracted]]


def chars_per_file(max_context_tokens: int, files: int) -> int:
    budget = int(max_context_tokens * CONTEXT_SHARE * CHARS_PER_TOKEN) // max(1, files)
    return max(MIN_FILE_CHARS, min(EXTRACT_MAX_CHARS, budget))


def file_text_block(name: str, text: str, truncated: bool, max_chars: int) -> str:
    block = f"[Attached file: {name}]\n{text.strip()}"
    if truncated:
        block += f"\n[The file is longer: only its first {max_chars} characters are shown.]"
    return block


def unreadable_note(kind: str, name: str, reason: str) -> str:
    return f"[Attached {kind}: {name}. Its content could not be read ({reason}); say so if the answer needs it.]"


def image_link(name: str, url: str) -> str:
    return f"[Attached image: {name}]({url})"


def _name(part: Part, stored: StoredFile | None) -> str:
    if stored is not None:
        return stored.file_name
    if part.file_url:
        return part.file_url.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1] or part.file_url
    return f"file {part.file_id}"


class Attachments:
    """Turns one message's parts into model content for one model."""

    def __init__(self, files: FileStore, user_id: int, extract: Extract, *, multimodal: bool,
                 max_context_tokens: int) -> None:
        self.files, self.user_id, self.extract = files, user_id, extract
        self.multimodal, self.max_context_tokens = multimodal, max_context_tokens

    async def _image(self, part: Part) -> dict[str, Any]:
        if not part.file_id:  # a URL: the model (or the reader of a link) fetches it
            if self.multimodal:
                return {"type": "image_url", "image_url": {"url": part.file_url}}
            return {"type": "text", "text": image_link(_name(part, None), part.file_url)}
        try:
            stored = await self.files.owned(part.file_id, self.user_id)
            if self.multimodal and stored.is_image and stored.bytes <= MAX_INLINE_IMAGE_BYTES:
                data = base64.b64encode(await self.files.read(stored)).decode()
                return {"type": "image_url", "image_url": {"url": f"data:{stored.content_type};base64,{data}"}}
            return {"type": "text", "text": image_link(stored.file_name, await self.files.url(stored))}
        except NotFound:
            return {"type": "text", "text": unreadable_note("image", _name(part, None), "the file no longer exists")}

    async def _file_name(self, part: Part) -> str:
        if part.file_id:
            try:
                return (await self.files.owned(part.file_id, self.user_id)).file_name
            except NotFound:
                pass
        return _name(part, None)

    async def _file(self, part: Part, max_chars: int) -> dict[str, Any]:
        try:
            extracted = await self.extract(part, max_chars)
        except Unreadable as e:
            return {"type": "text", "text": unreadable_note("file", await self._file_name(part), str(e))}
        name = extracted.file_name or _name(part, None)
        if not extracted.text.strip():
            return {"type": "text", "text": unreadable_note("file", name, "no text was found in it")}
        return {"type": "text", "text": file_text_block(name, extracted.text, extracted.truncated, max_chars)}

    async def content(self, parts: list[Part]) -> str | list[dict[str, Any]]:
        """The user message's content: parts for a multimodal model, otherwise text."""
        files = sum(p.type == "file" for p in parts)
        max_chars = chars_per_file(self.max_context_tokens, files)

        async def render(part: Part) -> dict[str, Any]:
            if part.type == "image":
                return await self._image(part)
            if part.type == "file":
                return await self._file(part, max_chars)
            return {"type": "text", "text": part.text}

        rendered = [r for r in await asyncio.gather(*(render(p) for p in parts))
                    if r["type"] != "text" or r["text"]]
        if self.multimodal and any(r["type"] == "image_url" for r in rendered):
            return rendered
        return "\n\n".join(r["text"] for r in rendered)
