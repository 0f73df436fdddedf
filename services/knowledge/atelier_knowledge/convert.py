"""Rows -> API messages."""

from __future__ import annotations

import json
from datetime import datetime
from typing import TypeVar

import asyncpg

from atelier_knowledge.domain import progress
from atelier_knowledge.domain.strategy import chunk_strategy_from_json, parsing_strategy_from_json
from atelier_knowledge.domain.table_schema import Column
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import DatasetStatus, DocumentSource, DocumentStatus, FormatType


def ts(value: datetime | None) -> int:
    return int(value.timestamp()) if value else 0


def dataset(row: asyncpg.Record, docs: list[asyncpg.Record] | None = None, icon_url: str = "") -> kpb.Dataset:
    msg = kpb.Dataset(
        dataset_id=row["id"], name=row["name"], description=row["description"], space_id=row["space_id"],
        creator_id=row["creator_id"], icon_uri=row["icon_uri"], icon_url=icon_url, format_type=row["format_type"],
        status=DatasetStatus.DatasetDeleted if row["deleted_at"] else row["status"],
        create_time=ts(row["created_at"]), update_time=ts(row["updated_at"]), can_edit=True,
    )
    if "doc_count" in row.keys():
        msg.doc_count = row["doc_count"]
        msg.slice_count = row["slice_count"]
        msg.all_file_size = row["all_file_size"]
        msg.hit_count = row["hit_count"]
    for doc in docs or []:
        msg.file_list.append(doc["name"])
        if doc["status"] in (DocumentStatus.Uploading, DocumentStatus.Chunking, DocumentStatus.Init):
            msg.processing_file_list.append(doc["name"])
            msg.processing_file_id_list.append(str(doc["id"]))
        elif doc["status"] == DocumentStatus.Failed:
            msg.failed_file_list.append(doc["name"])
    return msg


def document(row: asyncpg.Record, format_type: int, columns: list[Column] | None = None, url: str = "") -> kpb.DocumentInfo:
    msg = kpb.DocumentInfo(
        name=row["name"], document_id=row["id"], tos_uri=row["tos_uri"], dataset_id=row["dataset_id"],
        create_time=ts(row["created_at"]), update_time=ts(row["updated_at"]), creator_id=row["creator_id"],
        slice_count=row["slice_count"], type=row["file_type"], size=row["size"], char_count=row["char_count"],
        status=row["status"], hit_count=row["hit_count"], source_type=row["source_type"], format_type=format_type,
        status_descript=row["status_descript"], space_id=row["space_id"],
        chunk_strategy=chunk_strategy_from_json(row["chunk_strategy"]),
        parsing_strategy=parsing_strategy_from_json(row["parsing_strategy"]),
        editable_append_content=format_type == FormatType.Table,
        update_type=row["update_type"], update_interval=row["update_interval"],
    )
    if row["source_type"] == DocumentSource.Web:
        msg.web_url = row["web_url"]
    if url:
        msg.url = url
    for column in columns or []:
        msg.table_meta.append(column.to_proto())
    return msg


def document_progress(row: asyncpg.Record, now: datetime, url: str = "") -> kpb.DocumentProgress:
    msg = kpb.DocumentProgress(
        document_id=row["id"], progress=progress.percent(row["status"], row["progress"]), status=row["status"],
        status_descript=row["status_descript"], document_name=row["name"],
        remaining_time=progress.remaining_seconds(row["status"], row["progress"], row["index_started_at"], now),
        size=row["size"], type=row["file_type"], update_type=row["update_type"], update_interval=row["update_interval"],
    )
    if url:
        msg.url = url
    return msg


def slice_(row: asyncpg.Record) -> kpb.SliceInfo:
    return kpb.SliceInfo(
        slice_id=row["id"], content=row["content"], status=row["status"], hit_count=row["hit_count"],
        char_count=row["char_count"], sequence=row["sequence"], document_id=row["document_id"],
        chunk_info=json.dumps(row["chunk_info"] or {}, ensure_ascii=False),
    )


def photo(row: asyncpg.Record, url: str) -> kpb.PhotoInfo:
    return kpb.PhotoInfo(
        name=row["name"], document_id=row["id"], url=url, caption=row["caption"], create_time=ts(row["created_at"]),
        update_time=ts(row["updated_at"]), creator_id=row["creator_id"], type=row["file_type"], size=row["size"],
        status=row["status"], source_type=row["source_type"],
    )


def review(row: asyncpg.Record, tos_url: str, doc_tree_url: str) -> kpb.Review:
    return kpb.Review(
        review_id=row["id"], document_name=row["document_name"], document_type=row["document_type"],
        tos_url=tos_url, status=row["status"], doc_tree_tos_url=doc_tree_url,
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
