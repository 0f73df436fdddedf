"""Plain text: bytes -> str, refusing binary data rather than producing mojibake."""

from __future__ import annotations

import codecs
import re

from atelier_indexer.parsing.model import Block, ParsedDocument, ParseError

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16 LE: its BOM starts with the UTF-16 LE one
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

UNDECODABLE = "the text could not be decoded (not UTF-8 and no encoding detected)"


def _looks_binary(text: str) -> bool:
    # Control characters other than whitespace mean a binary file decoded "successfully" by chance.
    if "\x00" in text:
        return True
    sample = text[:65536]
    bad = sum(1 for ch in sample if (ord(ch) < 32 and ch not in "\t\n\r\f\v") or ch == "\ufffd")
    return bad > max(1, len(sample) // 100)


def decode_text(data: bytes) -> str:
    """BOM first, then strict UTF-8, then charset-normalizer's best guess."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data[len(bom) :].decode(encoding)
            except UnicodeDecodeError:
                raise ParseError(
                    f"the text could not be decoded (invalid {encoding} after its byte order mark)"
                ) from None
    if b"\x00" in data:
        raise ParseError(UNDECODABLE)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = _detect(data)
    if _looks_binary(text):
        raise ParseError(UNDECODABLE)
    return text


def _detect(data: bytes) -> str:
    from charset_normalizer import from_bytes

    try:
        best = from_bytes(data).best()
    except Exception:  # noqa: BLE001 - the detector's own failures are "no encoding detected"
        best = None
    if best is None:
        raise ParseError(UNDECODABLE)
    return str(best)


def paragraphs(text: str, page: int | None = None) -> list[Block]:
    """Blank-line separated paragraphs; line breaks inside a paragraph are kept."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return [
        Block(kind="paragraph", text=part.strip(), page=page) for part in re.split(r"\n[ \t]*\n", text) if part.strip()
    ]


def parse_txt(data: bytes) -> ParsedDocument:
    return ParsedDocument(tuple(paragraphs(decode_text(data))))
