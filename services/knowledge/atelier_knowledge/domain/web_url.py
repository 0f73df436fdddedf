"""A web page document's URL as users give it: checked when the document is created (its shape
only: the address is checked by the SSRF guard when the indexer fetches the page)."""

from __future__ import annotations

import httpx

from atelier_common.errors import InvalidArgument

MAX_URL = 2048


def checked_web_url(url: str, where: str) -> str:
    """The URL of a new web page document, or InvalidArgument naming the problem. Only its shape is
    checked here: the address is checked by the guard when the indexer fetches it."""
    url = url.strip()
    if not url:
        raise InvalidArgument(f"{where} must not be empty for a web page (document_source 1)")
    if len(url) > MAX_URL:
        raise InvalidArgument(f"{where} is longer than {MAX_URL} characters")
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError):
        raise InvalidArgument(f"{where} {url!r} is not a valid URL") from None
    if parsed.scheme not in ("http", "https") or not parsed.host:
        raise InvalidArgument(f"{where} {url!r} must be an http or https URL with a host")
    return url
