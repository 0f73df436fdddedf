"""`GET /storage/<key>?expires=..&signature=..`: the objects of local storage behind the signed,
expiring URLs services hand out (atelier_common.signed_urls). No bearer token: the signature is
the permission, so a browser's <img> or a download link works.

Valid and not expired -> the bytes, with a content type, `Cache-Control: private` until the URL
expires and `nosniff`; types a browser would run (HTML, SVG, scripts...) are sent as attachments
in a CSP sandbox so an uploaded file never runs on the gateway's origin. A bad key is 400, a
tampered or expired URL 403, a missing object 404.
"""

from __future__ import annotations

import mimetypes
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import Response

from atelier_common.errors import InvalidArgument, NotFound
from atelier_common.signed_urls import UrlSigner
from atelier_common.storage import InvalidKey, ObjectNotFound, ObjectStorage, validate_key

ROUTE = "/storage/{key:path}"
_INLINE_TYPES = frozenset({"application/pdf", "text/plain", "text/csv", "text/markdown", "application/json"})


def content_type_for(key: str) -> str:
    return mimetypes.guess_type(key)[0] or "application/octet-stream"


def shown_inline(content_type: str) -> bool:
    """Types a browser only displays; anything else could run script on our origin."""
    if content_type == "image/svg+xml":
        return False
    return content_type.startswith(("image/", "audio/", "video/")) or content_type in _INLINE_TYPES


def _disposition(key: str, inline: bool) -> str:
    name = key.rsplit("/", 1)[-1]
    return f"{'inline' if inline else 'attachment'}; filename*=UTF-8''{quote(name, safe='')}"


async def serve(request: Request, storage: ObjectStorage, signer: UrlSigner) -> Response:
    key = request.path_params["key"]
    try:
        validate_key(key)
    except InvalidKey:
        raise InvalidArgument(f"invalid object key {key!r}") from None
    seconds_left = signer.verify(key, request.query_params.get("expires"), request.query_params.get("signature"))
    try:
        data = await storage.get(key)
    except ObjectNotFound:
        raise NotFound("file not found (it may have been deleted)") from None
    content_type = content_type_for(key)
    inline = shown_inline(content_type)
    headers = {
        "Cache-Control": f"private, max-age={seconds_left}",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": _disposition(key, inline),
    }
    if not inline:
        headers["Content-Security-Policy"] = "sandbox; default-src 'none'"
    return Response(data, media_type=content_type, headers=headers)
