"""Entities -> API messages."""

from __future__ import annotations

import json
from datetime import datetime
from typing import TypeVar

from atelier_knowledge.domain import progress
from atelier_knowledge.domain.entities import Dataset, Document, DocumentBrief, Review, Slice
from atelier_knowledge.domain.strategy import chunk_strategy_from_json, parsing_strategy_from_json
from atelier_knowledge.domain.table_schema import Column
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import DatasetStatus, DocumentSource, DocumentStatus, FormatType


def ts(value: datetime | None) -> int:
    return int(value.timestamp()) if value else 0


def dataset(ds: Dataset, docs: list[DocumentBrief] | None = None, icon_url: str = "") -> kpb.Dataset:
    msg = kpb.Dataset(
        dataset_id=ds.id, name=ds.name, description=ds.description, space_id=ds.space_id,
        creator_id=ds.creator_id, icon_uri=ds.icon_uri, icon_url=icon_url, format_type=ds.format_type,
        status=DatasetStatus.DatasetDeleted if ds.deleted_at else ds.status,
        create_time=ts(ds.created_at), update_time=ts(ds.updated_at), can_edit=True,
    )
    if ds.counts is not None:
        msg.doc_count = ds.counts.doc_count
        msg.slice_count = ds.counts.slice_count
        msg.all_file_size = ds.counts.all_file_size
        msg.hit_count = ds.counts.hit_count
    for doc in docs or []:
        msg.file_list.append(doc.name)
        if doc.status in (DocumentStatus.Uploading, DocumentStatus.Chunking, DocumentStatus.Init):
            msg.processing_file_list.append(doc.name)
            msg.processing_file_id_list.append(str(doc.id))
        elif doc.status == DocumentStatus.Failed:
            msg.failed_file_list.append(doc.name)
    return msg


def document(doc: Document, format_type: FormatType, columns: list[Column] | None = None, url: str = ""
             ) -> kpb.DocumentInfo:
    msg = kpb.DocumentInfo(
        name=doc.name, document_id=doc.id, tos_uri=doc.tos_uri, dataset_id=doc.dataset_id,
        create_time=ts(doc.created_at), update_time=ts(doc.updated_at), creator_id=doc.creator_id,
        slice_count=doc.slice_count, type=doc.file_type, size=doc.size, char_count=doc.char_count,
        status=doc.status, hit_count=doc.hit_count, source_type=doc.source_type, format_type=format_type,
        status_descript=doc.status_descript, space_id=doc.space_id,
        chunk_strategy=chunk_strategy_from_json(doc.chunk_strategy),
        parsing_strategy=parsing_strategy_from_json(doc.parsing_strategy),
        editable_append_content=format_type == FormatType.Table,
        update_type=doc.update_type, update_interval=doc.update_interval,
    )
    if doc.source_type == DocumentSource.Web:
        msg.web_url = doc.web_url
    if url:
        msg.url = url
    for column in columns or []:
        msg.table_meta.append(column.to_proto())
    return msg


def document_progress(doc: Document, now: datetime, url: str = "") -> kpb.DocumentProgress:
    msg = kpb.DocumentProgress(
        document_id=doc.id, progress=progress.percent(doc.status, doc.progress), status=doc.status,
        status_descript=doc.status_descript, document_name=doc.name,
        remaining_time=progress.remaining_seconds(doc.status, doc.progress, doc.index_started_at, now),
        size=doc.size, type=doc.file_type, update_type=doc.update_type, update_interval=doc.update_interval,
    )
    if url:
        msg.url = url
    return msg


def slice_(piece: Slice) -> kpb.SliceInfo:
    return kpb.SliceInfo(
        slice_id=piece.id, content=piece.content, status=piece.status, hit_count=piece.hit_count,
        char_count=piece.char_count, sequence=piece.sequence, document_id=piece.document_id,
        chunk_info=json.dumps(piece.chunk_info or {}, ensure_ascii=False),
    )


def photo(doc: Document, url: str) -> kpb.PhotoInfo:
    return kpb.PhotoInfo(
        name=doc.name, document_id=doc.id, url=url, caption=doc.caption, create_time=ts(doc.created_at),
        update_time=ts(doc.updated_at), creator_id=doc.creator_id, type=doc.file_type, size=doc.size,
        status=doc.status, source_type=doc.source_type,
    )


def review(item: Review, tos_url: str, doc_tree_url: str) -> kpb.Review:
    return kpb.Review(
        review_id=item.id, document_name=item.document_name, document_type=item.document_type,
        tos_url=tos_url, status=item.status, doc_tree_tos_url=doc_tree_url,
    )


# ---------------------------------------------------------------------------- the public OpenAPI's view
# Coze's public OpenAPI (and its SDK's enums) know document/photo statuses 0 processing, 1 done and
# 9 failed, and dataset statuses 1 enabled and 3 disabled; the console API keeps the finer ones.

def public_document_status(status: int) -> int:
    if status in (DocumentStatus.Enable, DocumentStatus.Disable):
        return DocumentStatus.Enable
    if status == DocumentStatus.Failed:
        return DocumentStatus.Failed
    return DocumentStatus.Uploading  # init, queued, chunking: "processing" (0)


def public_dataset_status(status: int) -> int:
    return DatasetStatus.DatasetForbid if status in (DatasetStatus.DatasetForbid, DatasetStatus.DatasetDeleted) else DatasetStatus.DatasetReady


PublicStatus = TypeVar("PublicStatus", kpb.DocumentInfo, kpb.DocumentProgress, kpb.PhotoInfo)


def public_document(msg: PublicStatus) -> PublicStatus:
    """A document, its progress or a photo with the status spelled as the public OpenAPI does."""
    msg.status = public_document_status(msg.status)
    return msg


def public_dataset(msg: kpb.Dataset) -> kpb.Dataset:
    msg.status = public_dataset_status(msg.status)
    return msg
