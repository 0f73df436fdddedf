"""HTML: the main text of a page (navigation, footers and boilerplate dropped) as markdown, so
headings survive for heading-level chunking, plus the page's title. trafilatura does the
extraction offline (no network, no models)."""

from __future__ import annotations

from dataclasses import dataclass

from atelier_indexer.parsing.model import ParsedDocument, ParseError
from atelier_indexer.parsing.text import decode_text

NO_TEXT = "the page has no readable text"


@dataclass(frozen=True)
class WebPage:
    title: str
    markdown: str  # the main text, headings as '#' lines


def _title(text: str) -> str:
    import lxml.html

    try:
        found = lxml.html.fromstring(text).findtext(".//title") or ""
    except (ValueError, lxml.etree.ParserError):
        return ""
    return " ".join(found.split())[:200]


def extract_page(data: bytes | str, url: str = "") -> WebPage:
    """Title and main text of an HTML page; ParseError when there is no text to keep."""
    import trafilatura

    text = data if isinstance(data, str) else decode_text(data)
    if not text.strip():
        raise ParseError(NO_TEXT)
    markdown = trafilatura.extract(text, url=url or None, output_format="markdown", include_tables=True,
                                   include_comments=False, favor_recall=True) or ""
    if not markdown.strip():
        raise ParseError(NO_TEXT)
    title = _title(text)
    if not title:
        meta = trafilatura.extract_metadata(text)
        title = (meta.title or "").strip() if meta is not None else ""
    return WebPage(title=title, markdown=markdown.strip())


def parse_html(data: bytes) -> ParsedDocument:
    from atelier_indexer.parsing.markdown import parse_markdown

    return parse_markdown(extract_page(data).markdown.encode())
