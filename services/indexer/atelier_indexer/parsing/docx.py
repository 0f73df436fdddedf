"""DOCX: paragraphs, headings (Title / Heading N styles) and tables, in document order."""

from __future__ import annotations

import io
import re
import zipfile

from atelier_indexer.parsing.model import Block, ParsedDocument, ParseError, table_block

DAMAGED = "the DOCX file is damaged or is not a Word document"
_HEADING = re.compile(r"^heading\s*([1-9])$", re.IGNORECASE)


def parse_docx(data: bytes) -> ParsedDocument:
    import docx
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    if not zipfile.is_zipfile(io.BytesIO(data)):
        raise ParseError(DAMAGED)
    try:
        document = docx.Document(io.BytesIO(data))
    except Exception:  # noqa: BLE001 - python-docx/lxml/zipfile each raise their own types
        raise ParseError(DAMAGED) from None
    blocks: list[Block] = []
    try:
        for item in document.iter_inner_content():
            if isinstance(item, Paragraph):
                block = _paragraph(item)
            elif isinstance(item, Table):
                block = table_block(_table_rows(item))
            else:
                block = None
            if block is not None:
                blocks.append(block)
    except ParseError:
        raise
    except Exception:  # noqa: BLE001
        raise ParseError(DAMAGED) from None
    return ParsedDocument(tuple(blocks))


def _paragraph(paragraph) -> Block | None:  # noqa: ANN001 - docx Paragraph
    text = paragraph.text.strip()
    if not text:
        return None
    level = _heading_level(paragraph.style.name if paragraph.style is not None else "")
    if level:
        return Block(kind="heading", text=text, level=level)
    return Block(kind="paragraph", text=text)


def _heading_level(style: str) -> int:
    if style.strip().lower() == "title":
        return 1
    match = _HEADING.match(style.strip())
    return min(int(match.group(1)), 6) if match else 0


def _table_rows(table) -> list[list[str]]:  # noqa: ANN001 - docx Table
    rows = []
    for row in table.rows:
        # Merged cells repeat the same cell object across the span: keep the text once.
        cells, seen = [], set()
        for cell in row.cells:
            key = id(cell._tc)
            cells.append("" if key in seen else " ".join(cell.text.split()))
            seen.add(key)
        rows.append(cells)
    return rows
