"""HTML: the main text of a page as markdown (atelier_common.web_pages), so headings survive for
heading-level chunking, plus the page's title."""

from __future__ import annotations

from atelier_common.web_pages import NoReadableText, WebPage
from atelier_common.web_pages import extract_page as extract_main_text
from atelier_indexer.parsing.model import ParsedDocument, ParseError
from atelier_indexer.parsing.text import decode_text

NO_TEXT = "the page has no readable text"


def extract_page(data: bytes | str, url: str = "") -> WebPage:
    """Title and main text of an HTML page; ParseError when there is no text to keep."""
    text = data if isinstance(data, str) else decode_text(data)
    try:
        return extract_main_text(text, url)
    except NoReadableText:
        raise ParseError(NO_TEXT) from None


def parse_html(data: bytes) -> ParsedDocument:
    from atelier_indexer.parsing.markdown import parse_markdown

    return parse_markdown(extract_page(data).markdown.encode())
