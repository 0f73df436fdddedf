"""The main text of an HTML page (navigation, footers and boilerplate dropped) as markdown, so
headings survive, plus the page's title. trafilatura does the extraction offline (no network, no
models). Shared by the indexer (web pages and HTML files as documents) and the plugin service's
web page reader; needs the `web-pages` extra of atelier-common."""

from __future__ import annotations

from dataclasses import dataclass

MAX_TITLE_CHARS = 200


class NoReadableText(ValueError):
    """The page has no text worth keeping (empty, only scripts or navigation)."""


@dataclass(frozen=True)
class WebPage:
    title: str  # "" when the page has none
    markdown: str  # the main text, headings as '#' lines


def _title(html: str) -> str:
    import lxml.html

    try:
        found = lxml.html.fromstring(html).findtext(".//title") or ""
    except (ValueError, lxml.etree.ParserError):
        return ""
    return " ".join(found.split())[:MAX_TITLE_CHARS]


def extract_page(html: str, url: str = "") -> WebPage:
    """Title and main text of an HTML page (`url` resolves its relative links); NoReadableText
    when there is no text to keep. CPU-bound: run it off the event loop."""
    import trafilatura

    if not html.strip():
        raise NoReadableText("the page has no readable text")
    markdown = trafilatura.extract(html, url=url or None, output_format="markdown", include_tables=True,
                                   include_comments=False, favor_recall=True) or ""
    if not markdown.strip():
        raise NoReadableText("the page has no readable text")
    title = _title(html)
    if not title:
        meta = trafilatura.extract_metadata(html)
        title = (meta.title or "").strip() if meta is not None else ""
    return WebPage(title=title, markdown=markdown.strip())
