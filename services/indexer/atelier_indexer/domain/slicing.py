"""Parsed content -> slice drafts (pure). A draft carries what is stored (content), what is
embedded and full-text indexed (search_text) and where it came from (chunk_info)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atelier_indexer.chunking import Chunk, count_tokens
from atelier_indexer.domain.table_rows import Column, RowMismatch, convert_row, embedded_text, row_content
from atelier_indexer.parsing import TableData


@dataclass(frozen=True)
class SliceDraft:
    content: str
    search_text: str
    token_count: int
    chunk_info: dict[str, Any]


def from_chunks(chunks: list[Chunk]) -> list[SliceDraft]:
    drafts = []
    for chunk in chunks:
        info: dict[str, Any] = {}
        if chunk.heading_path:
            info["heading_path"] = list(chunk.heading_path)
        if chunk.page is not None:
            info["page"] = chunk.page
        if chunk.kind != "text":
            info["kind"] = chunk.kind
        drafts.append(SliceDraft(chunk.content, chunk.content, chunk.tokens, info))
    return drafts


def from_table(columns: list[Column], table: TableData, first_row_number: int) -> list[SliceDraft]:
    """One slice per row, content = the row as JSON; RowMismatch names the first bad cell.
    Row numbers in messages are 1-based lines of the source sheet."""
    if table.overlong_rows:
        first = table.overlong_rows[0]
        raise RowMismatch(
            f"row {first_row_number + first}: has more cells than the {len(table.columns)} columns of the header"
        )
    drafts = []
    for i, row in enumerate(table.rows):
        values = convert_row(columns, table.columns, row, first_row_number + i)
        if all(v is None for v in values):
            continue
        text = embedded_text(columns, values)
        drafts.append(SliceDraft(row_content(columns, values), text, count_tokens(text),
                                 {"row": first_row_number + i}))
    return drafts


def from_caption(caption: str, tos_uri: str) -> SliceDraft:
    return SliceDraft(caption, caption, count_tokens(caption), {"image_uri": tos_uri})


def progress_percent(done: int, total: int) -> int:
    """Progress while indexing: parsing counts for 10%, slices for the rest; 100 only when enabled."""
    if total <= 0:
        return 10
    return min(99, 10 + int(89 * done / total))
