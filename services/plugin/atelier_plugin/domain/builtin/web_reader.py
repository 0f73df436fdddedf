"""The web page reader: a URL -> the GET to send, and the answer -> the page's title and main text
as markdown (atelier_common.web_pages), cut to the characters the model asked for. HTML and plain
text only: anything else is refused, saying what it is."""

from __future__ import annotations

from dataclasses import dataclass

from atelier_common.outbound import decode_text
from atelier_common.web_pages import NoReadableText, extract_page
from atelier_plugin.domain.builtin.http_request import checked_url
from atelier_plugin.domain.errors import ToolRunError
from atelier_plugin.domain.request_building import PreparedRequest
from atelier_plugin.domain.response_shaping import media_type

MIN_CHARS = 200
MAX_CHARS = 15_000
DEFAULT_CHARS = 6_000
USER_AGENT = "AtelierBot/1.0 (web page reader)"
HTML_TYPES = ("text/html", "application/xhtml+xml")
TEXT_TYPES = ("text/plain", "text/markdown", "text/x-markdown")


def prepare(url: str) -> PreparedRequest:
    return PreparedRequest(method="GET", url=checked_url(url), headers={
        "User-Agent": USER_AGENT, "Accept": "text/html,application/xhtml+xml,text/plain;q=0.8,*/*;q=0.1"})


@dataclass(frozen=True)
class PageReading:
    url: str  # after redirects
    title: str
    text: str  # the whole main text, markdown

    @property
    def full(self) -> str:
        """The reading as the run record keeps it."""
        return self._framed(self.text)

    def for_model(self, max_chars: int) -> tuple[str, bool]:
        """The reading with at most `max_chars` characters of text, and whether it was cut."""
        if len(self.text) <= max_chars:
            return self.full, False
        note = f"\n\n[cut at {max_chars} of {len(self.text)} characters; a larger max_chars shows more]"
        return self._framed(self.text[:max_chars].rstrip() + note), True

    def _framed(self, text: str) -> str:
        head = f"Title: {self.title}\n" if self.title else ""
        return f"{head}URL: {self.url}\n\n{text}"


def read(url: str, content_type: str, body: bytes) -> PageReading:
    """The page at `url` (where the answer came from) of a 2xx answer. ToolRunError when it is not
    an HTML or text page, or has no readable text. CPU-bound for HTML: run it off the event loop."""
    media, charset = media_type(content_type)
    looks_html = not media and body.lstrip()[:1] == b"<"
    if media in HTML_TYPES or looks_html:
        try:
            page = extract_page(decode_text(body, charset), url)
        except NoReadableText:
            raise ToolRunError(f"{url} has no readable text") from None
        return PageReading(url=url, title=page.title, text=page.markdown)
    if media in TEXT_TYPES or (not media and b"\x00" not in body[:4096]):  # untyped: text unless binary
        text = decode_text(body, charset).strip()
        if not text:
            raise ToolRunError(f"{url} is empty")
        return PageReading(url=url, title="", text=text)
    raise ToolRunError(f"{url} is {media or 'a binary file'}, not an HTML or text page; the reader only reads "
                       "web pages (http_request fetches other content)")
