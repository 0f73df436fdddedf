"""Web pages as documents: the fetch (through the SSRF guard) and main-text extraction. Also how a
fetched resource's type is told from its Content-Type or URL, for text extraction of any URL.
(Knowledge checks a page's URL when the document is created.)"""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import dataclass

import httpx

from atelier_common.outbound import Fetcher
from atelier_indexer.parsing import ParseError, normalize_file_type
from atelier_indexer.parsing.html import extract_page

USER_AGENT = "AtelierBot/1.0 (knowledge base web page import)"
HTML_TYPES = ("text/html", "application/xhtml+xml")
_MEDIA_FILE_TYPES = {
    "text/html": "html",
    "application/xhtml+xml": "html",
    "text/plain": "txt",
    "text/markdown": "md",
    "text/x-markdown": "md",
    "text/csv": "csv",
    "application/json": "json",
    "application/pdf": "pdf",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
}


def file_type_of_response(content_type: str, url: str) -> str:
    """"pdf", "html"... from the Content-Type, else from the URL path's extension ("" when unknown)."""
    found = _MEDIA_FILE_TYPES.get(content_type)
    if found:
        return found
    last = httpx.URL(url).path.rsplit("/", 1)[-1]
    return normalize_file_type(last) if "." in last else ""


@dataclass(frozen=True)
class FetchedPage:
    url: str  # after redirects
    title: str
    markdown: str  # the main text

    @property
    def data(self) -> bytes:
        return self.markdown.encode()

    @property
    def content_hash(self) -> str:
        return text_hash(self.markdown)


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


async def fetch_page(url: str, fetcher: Fetcher) -> FetchedPage:
    """Fetch a web page through the guard and keep its main text. Raises OutboundRefused,
    OutboundFailed, or ParseError (not a page, no readable text)."""
    got = await fetcher.fetch(url, what="web page",
                              headers={"User-Agent": USER_AGENT, "Accept": "text/html,application/xhtml+xml,text/plain;q=0.8"})
    kind = file_type_of_response(got.content_type, got.url)
    if kind == "html" or (not got.content_type and got.content.lstrip()[:1] == b"<"):
        page = await asyncio.to_thread(extract_page, got.text(), got.url)
        return FetchedPage(url=got.url, title=page.title, markdown=page.markdown)
    if kind in ("txt", "md"):
        text = got.text().strip()
        if not text:
            raise ParseError("the web page is empty")
        return FetchedPage(url=got.url, title="", markdown=text)
    raise ParseError(f"the web page {url} is {got.content_type or 'of an unknown type'}, not an HTML or text page")
