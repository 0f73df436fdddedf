"""The parsed shapes every format is reduced to, and the one error parsers raise."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

TEXT_FILE_TYPES = ("txt", "md", "markdown", "pdf", "docx", "csv", "xlsx", "json", "html", "htm")
TABLE_FILE_TYPES = ("csv", "xlsx", "json")
IMAGE_FILE_TYPES = ("png", "jpg", "jpeg", "webp", "gif", "bmp")


class ParseError(Exception):
    """A file that cannot be parsed; .reason is a readable sentence shown to users as the document's failure reason."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Block:
    kind: Literal["paragraph", "heading", "table"]
    text: str  # table: CSV text of the whole table, header first
    level: int = 0  # heading level 1..6 when kind == "heading"
    page: int | None = None  # 1-based PDF page
    rows: tuple[str, ...] = ()  # table: one CSV-encoded line per row, header first


@dataclass(frozen=True)
class ParsedDocument:
    blocks: tuple[Block, ...]

    def text(self) -> str:
        return "\n\n".join(b.text for b in self.blocks)

    @property
    def char_count(self) -> int:
        return sum(len(b.text) for b in self.blocks) + 2 * max(0, len(self.blocks) - 1)


@dataclass(frozen=True)
class SheetInfo:
    index: int
    name: str
    total_rows: int


@dataclass(frozen=True)
class TableData:
    sheets: tuple[SheetInfo, ...]
    sheet_index: int
    columns: tuple[str, ...]  # header cells; blank -> "column_<n>" (1-based), duplicates suffixed "_2"
    rows: tuple[tuple[str, ...], ...]  # data rows, each exactly len(columns) long (padded with "")
    # 0-based indexes (into rows) of source rows with extra non-empty cells beyond the header: the caller reports them
    overlong_rows: tuple[int, ...]


@dataclass(frozen=True)
class ParseOptions:
    pages: tuple[int, ...] | None = None  # PDF: only these 1-based pages
    extract_tables: bool = True


def csv_line(cells: list[str] | tuple[str, ...]) -> str:
    """One row as a CSV line (quoted where needed) without the line terminator."""
    import csv
    import io

    buf = io.StringIO()
    csv.writer(buf, lineterminator="").writerow(cells)
    return buf.getvalue()


def table_block(rows: list[list[str]] | list[tuple[str, ...]], page: int | None = None) -> Block | None:
    """A table block from rows of cells (header first); None when every cell is blank."""
    lines = tuple(csv_line(r) for r in rows if any(c.strip() for c in r))
    if not lines:
        return None
    return Block(kind="table", text="\n".join(lines), page=page, rows=lines)
