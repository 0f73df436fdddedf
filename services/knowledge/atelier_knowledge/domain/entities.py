"""The knowledge context's entities, as the store returns them (the columns of migrations/*.sql).

Frozen: a change is written through the store, which hands back a new value. Statuses, types and
sources are the IDL's enums (atelier_proto.enums); the store converts them at the row edge. JSON
columns that are documents in their own right (strategies, a table sheet, chunk info) stay dicts.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from atelier_proto.enums import (
    CaptionType,
    DatasetStatus,
    DocumentSource,
    DocumentStatus,
    EmbedderSwitchStatus,
    FormatType,
    ReviewStatus,
    SliceStatus,
    UpdateType,
)


@dataclass(frozen=True)
class DatasetCounts:
    """What a dataset's live documents add up to (read with the listing and detail only)."""

    doc_count: int
    slice_count: int
    all_file_size: int
    hit_count: int


@dataclass(frozen=True)
class Dataset:
    id: int
    space_id: int
    creator_id: int
    name: str
    description: str
    icon_uri: str
    format_type: FormatType
    status: DatasetStatus
    embedding_model: str  # "provider:model@dim": every document and query of the dataset uses it
    embedding_dimension: int  # 0 until the first vector is written
    fulltext_analyzer: int  # the analyzer version its full-text entries were written with
    index_id: int | None  # the search index an embedder switch moved it to (None: its own id)
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None
    counts: DatasetCounts | None = None

    @property
    def live(self) -> bool:
        return self.deleted_at is None


@dataclass(frozen=True)
class Document:
    id: int
    dataset_id: int
    space_id: int
    creator_id: int
    name: str
    file_type: str  # extension: pdf, docx, md, csv, png...
    source_type: DocumentSource
    tos_uri: str
    size: int
    char_count: int
    slice_count: int
    hit_count: int
    status: DocumentStatus
    status_descript: str  # a readable failure reason
    chunk_strategy: dict[str, Any]  # the ChunkStrategy message as JSON
    parsing_strategy: dict[str, Any]  # the ParsingStrategy message as JSON
    table_sheet: dict[str, Any] | None  # table datasets: sheet, header and data lines, columns given
    caption: str  # image datasets
    caption_type: CaptionType
    progress: int  # 0..100 while chunking
    index_attempts: int  # re-drives by the reconciler
    index_started_at: datetime | None
    heartbeat_at: datetime | None
    created_at: datetime
    updated_at: datetime
    web_url: str
    update_type: UpdateType
    update_interval: int  # hours
    web_fetched_at: datetime | None
    content_hash: str  # sha256 of a web page's extracted text
    index_run: int
    source_removed: bool


@dataclass(frozen=True)
class DocumentBrief:
    """A document as its dataset's file lists name it."""

    id: int
    name: str
    status: DocumentStatus


@dataclass(frozen=True)
class Slice:
    id: int
    document_id: int
    dataset_id: int
    space_id: int
    sequence: int
    content: str
    char_count: int
    token_count: int
    status: SliceStatus
    hit_count: int
    chunk_info: dict[str, Any]  # heading path, page, table row, image
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class RetrievableSlice:
    """A slice of an enabled document, with what an answer shows of that document."""

    id: int
    document_id: int
    dataset_id: int
    sequence: int
    content: str
    chunk_info: dict[str, Any]
    document_name: str
    tos_uri: str


@dataclass(frozen=True)
class Review:
    """A chunking preview."""

    id: int
    dataset_id: int
    space_id: int
    document_name: str
    document_type: str
    tos_uri: str
    status: ReviewStatus
    chunk_strategy: dict[str, Any]
    parsing_strategy: dict[str, Any]
    doc_tree_uri: str  # the chunk tree, once built
    error: str
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class EmbedderSwitch:
    id: int  # also the key of the index being built (collection kb_<id>)
    dataset_id: int
    space_id: int
    from_model: str
    to_model: str
    status: EmbedderSwitchStatus
    total_slices: int
    done_slices: int
    last_document: int
    dimension: int
    error: str
    created_at: datetime
    finished_at: datetime | None

    @property
    def progress(self) -> int:
        """Percent of the slices re-embedded; 100 only once the dataset uses the new index."""
        if self.status == EmbedderSwitchStatus.Done:
            return 100
        if self.total_slices <= 0:
            return 0
        return min(99, self.done_slices * 100 // self.total_slices)
