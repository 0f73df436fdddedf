"""ExtractText (internal): the text of a user's uploaded file or of a URL, parsed like a document
would be, for files attached to chat messages (read as the user the call is made for). URLs are
fetched through the SSRF guard."""

from __future__ import annotations

import asyncio

import httpx

from atelier_common.auth import require_user
from atelier_common.errors import InvalidArgument, PayloadTooLarge, Unprocessable
from atelier_common.files import FileStore
from atelier_common.outbound import Fetcher, OutboundFailed, OutboundRefused
from atelier_common.service import ServiceDeps
from atelier_indexer.parsing import TEXT_FILE_TYPES, ParseError, normalize_file_type, parse_document
from atelier_indexer.webpages import USER_AGENT, file_type_of_response
from atelier_proto import indexer_pb2 as ipb

DEFAULT_MAX_CHARS = 20_000
MAX_MAX_CHARS = 1_000_000


async def extract_text(deps: ServiceDeps, fetcher: Fetcher, req: ipb.ExtractTextRequest) -> ipb.ExtractTextResponse:
    max_chars = req.max_chars if req.HasField("max_chars") else DEFAULT_MAX_CHARS
    if not 1 <= max_chars <= MAX_MAX_CHARS:
        raise InvalidArgument(f"max_chars must be between 1 and {MAX_MAX_CHARS}")
    has_file, has_url = req.HasField("file_id"), bool(req.url.strip())
    if has_file == has_url:
        raise InvalidArgument("give exactly one of file_id and url")
    if has_file:
        data, name, kind = await _uploaded_file(deps, req.file_id)
    else:
        data, name, kind = await _web_resource(fetcher, req.url.strip())
    if kind not in TEXT_FILE_TYPES:
        shown = f"'{kind}'" if kind else "(unknown)"
        raise InvalidArgument(f"cannot extract text from {name}: unsupported file type {shown}; "
                              f"supported: {', '.join(TEXT_FILE_TYPES)}")
    try:
        parsed = await asyncio.to_thread(parse_document, data, kind)
    except ParseError as exc:
        raise Unprocessable(f"cannot extract text from {name}: {exc.reason}") from None
    text = parsed.text()
    return ipb.ExtractTextResponse(text=text[:max_chars], file_name=name, truncated=len(text) > max_chars)


async def _uploaded_file(deps: ServiceDeps, file_id: int) -> tuple[bytes, str, str]:
    files = FileStore(deps.storage)
    stored = await files.owned(file_id, require_user())
    if stored.bytes > deps.settings.max_upload_bytes:
        raise PayloadTooLarge(f"file {file_id} is {stored.bytes} bytes; the limit is {deps.settings.max_upload_bytes}")
    kind = stored.extension or file_type_of_response(stored.content_type, f"http://file/{stored.file_name}")
    return await files.read(stored), stored.file_name, normalize_file_type(kind)


async def _web_resource(fetcher: Fetcher, url: str) -> tuple[bytes, str, str]:
    try:
        got = await fetcher.fetch(url, what="URL", headers={"User-Agent": USER_AGENT})
    except OutboundRefused as exc:
        raise InvalidArgument(str(exc)) from None
    except OutboundFailed as exc:
        raise Unprocessable(str(exc)) from None
    parsed = httpx.URL(got.url)
    name = parsed.path.rsplit("/", 1)[-1] or parsed.host
    return got.content, name, file_type_of_response(got.content_type, got.url)
