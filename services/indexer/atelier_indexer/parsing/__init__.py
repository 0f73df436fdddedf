"""Pure document parsing for knowledge ingestion: bytes in, blocks or table rows out; no I/O.

Every failure surfaces as ParseError with a sentence fit to show users; library exceptions never escape.
"""

from __future__ import annotations

from atelier_common.files import normalize_file_type
from atelier_indexer.parsing.model import (
    IMAGE_FILE_TYPES,
    TABLE_FILE_TYPES,
    TEXT_FILE_TYPES,
    Block,
    ParsedDocument,
    ParseError,
    ParseOptions,
    SheetInfo,
    TableData,
    table_block,
)

__all__ = [
    "IMAGE_FILE_TYPES",
    "TABLE_FILE_TYPES",
    "TEXT_FILE_TYPES",
    "Block",
    "ParseError",
    "ParseOptions",
    "ParsedDocument",
    "SheetInfo",
    "TableData",
    "list_sheets",
    "normalize_file_type",
    "parse_document",
    "parse_table",
]

EMPTY = "the file is empty"


def _unsupported(file_type: str, supported: tuple[str, ...]) -> ParseError:
    shown = file_type or "(none)"
    return ParseError(f"unsupported file type '{shown}'; supported: {', '.join(supported)}")


def parse_document(data: bytes, file_type: str, options: ParseOptions | None = None) -> ParsedDocument:
    """Blocks of a text-dataset document; csv/xlsx/json become one table block (first sheet)."""
    kind = normalize_file_type(file_type)
    if kind not in TEXT_FILE_TYPES:
        raise _unsupported(kind, TEXT_FILE_TYPES)
    if not data:
        raise ParseError(EMPTY)
    options = options or ParseOptions()
    try:
        doc = _parse(data, kind, options)
    except ParseError:
        raise
    except RecursionError:
        raise ParseError(f"the {kind.upper()} file is nested too deeply to parse") from None
    except Exception as exc:  # noqa: BLE001 - last resort: a parser bug must still read as a reason
        raise ParseError(f"the {kind.upper()} file could not be parsed ({type(exc).__name__})") from None
    if not doc.blocks:
        raise ParseError("the document contains no text")
    return doc


def _parse(data: bytes, kind: str, options: ParseOptions) -> ParsedDocument:
    if kind == "txt":
        from atelier_indexer.parsing.text import parse_txt

        return parse_txt(data)
    if kind in ("md", "markdown"):
        from atelier_indexer.parsing.markdown import parse_markdown

        return parse_markdown(data)
    if kind == "pdf":
        from atelier_indexer.parsing.pdf import parse_pdf

        return parse_pdf(data, options)
    if kind in ("html", "htm"):
        from atelier_indexer.parsing.html import parse_html

        return parse_html(data)
    if kind == "docx":
        from atelier_indexer.parsing.docx import parse_docx

        return parse_docx(data)
    from atelier_indexer.parsing.tables import sheet_rows

    block = table_block(sheet_rows(data, kind, 0))
    return ParsedDocument((block,) if block else ())


def parse_table(
    data: bytes, file_type: str, *, sheet_index: int = 0, header_line: int = 0, start_line: int = 1
) -> TableData:
    """Columns and data rows of one sheet; header_line / start_line are 0-based row indexes
    (Coze's header_line_idx / start_line_idx)."""
    from atelier_indexer.parsing.tables import build_table

    kind = _table_kind(data, file_type)
    return _guard(kind, lambda: build_table(data, kind, sheet_index, header_line, start_line))


def list_sheets(data: bytes, file_type: str) -> tuple[SheetInfo, ...]:
    """Every sheet with its row count; csv/json have one sheet named after the type."""
    from atelier_indexer.parsing.tables import list_table_sheets

    kind = _table_kind(data, file_type)
    return _guard(kind, lambda: list_table_sheets(data, kind))


def _table_kind(data: bytes, file_type: str) -> str:
    kind = normalize_file_type(file_type)
    if kind not in TABLE_FILE_TYPES:
        raise _unsupported(kind, TABLE_FILE_TYPES)
    if not data:
        raise ParseError(EMPTY)
    return kind


def _guard(kind: str, call):  # noqa: ANN001, ANN202
    try:
        return call()
    except ParseError:
        raise
    except Exception as exc:  # noqa: BLE001
        raise ParseError(f"the {kind.upper()} file could not be parsed ({type(exc).__name__})") from None
