"""Documents: create (from stored uploads, inline files or custom text), list, update, delete,
resegment, progress. Creating writes the rows and one IndexDocument event per document in one
transaction and returns at once; the indexer does the work."""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import asyncpg

from atelier_common import object_keys, paging
from atelier_common.errors import InvalidArgument, NotFound, PayloadTooLarge
from atelier_common.files import FileStore
from atelier_common.service import ServiceDeps
from atelier_knowledge import access, convert, events, sources, uploads
from atelier_knowledge.domain.entities import Dataset, Document
from atelier_knowledge.domain.file_types import file_type_of
from atelier_knowledge.domain.strategy import to_json, validate_strategy
from atelier_knowledge.domain.web_url import checked_web_url
from atelier_knowledge.embedders import dataset_chunk_limit
from atelier_knowledge.store import documents, slices, tables
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import CaptionType, DocumentSource, DocumentStatus, FormatType, UpdateType

MAX_PAGE_SIZE = 100


@dataclass
class NewDocument:
    """A document about to be created, with its content already in object storage."""

    name: str
    file_type: str
    source_type: int
    tos_uri: str
    size: int
    table_sheet: dict[str, Any] | None = None
    caption: str = ""
    web: WebSource | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class WebSource:
    """A web page document: fetched by the indexer; refreshed every `update_interval` hours when auto."""

    url: str
    update_type: int = UpdateType.NoUpdate
    update_interval: int = 0


DEFAULT_UPDATE_INTERVAL_H = 24
MAX_UPDATE_INTERVAL_H = 24 * 365


def update_rule(rule: kpb.UpdateRule, where: str) -> tuple[int, int]:
    """(update_type, update_interval hours) of an UpdateRule, or InvalidArgument naming the field."""
    update_type = rule.update_type if rule.HasField("update_type") else UpdateType.NoUpdate
    interval = rule.update_interval if rule.HasField("update_interval") else DEFAULT_UPDATE_INTERVAL_H
    if not 1 <= interval <= MAX_UPDATE_INTERVAL_H:
        raise InvalidArgument(f"{where}.update_interval must be between 1 and {MAX_UPDATE_INTERVAL_H} hours")
    return update_type, interval


def _table_sheet(base: kpb.DocumentBase) -> dict[str, Any] | None:
    sheet: dict[str, Any] = {}
    if base.HasField("table_sheet"):
        ts = base.table_sheet
        sheet = {"sheet_id": ts.sheet_id, "header_line_idx": ts.header_line_idx, "start_line_idx": ts.start_line_idx}
    if base.table_meta:
        sheet["table_meta"] = [
            {"column_name": c.column_name, "is_semantic": c.is_semantic, "column_type": c.column_type,
             "desc": c.desc, "sequence": c.sequence}
            for c in base.table_meta
        ]
    return sheet or None


async def resolve_base(deps: ServiceDeps, dataset: Dataset, base: kpb.DocumentBase, where: str) -> NewDocument:
    """Where a DocumentBase's content lives (storing custom text and inline files first)."""
    space_id = dataset.space_id
    name = base.name.strip()
    info = base.source_info
    if not name and not (info.web_url or info.HasField("source_file_id")):  # those are named by the page / file
        raise InvalidArgument(f"{where}.name must not be empty")
    source = info.document_source if info.HasField("document_source") else DocumentSource.Document
    sheet = _table_sheet(base)
    if source == DocumentSource.Custom:
        if not info.custom_content.strip():
            raise InvalidArgument(f"{where}.source_info.custom_content must not be empty")
        file_type = "json" if dataset.format_type == FormatType.Table else "txt"
        data = info.custom_content.encode()
        key = await uploads.store(deps, space_id, f"custom.{file_type}", data)
        return NewDocument(name, file_type, DocumentSource.Custom, key, len(data), sheet, base.caption)
    if source == DocumentSource.Web or (info.web_url and not info.HasField("document_source")):
        return _web_document(dataset, base, where)
    if source == DocumentSource.FileId or info.HasField("source_file_id"):
        return await _copy_uploaded_file(deps, dataset, base, where)
    if info.file_base64:
        try:
            data = base64.b64decode(info.file_base64, validate=True)
        except (binascii.Error, ValueError):
            raise InvalidArgument(f"{where}.source_info.file_base64 is not valid base64") from None
        _check_size(deps, len(data), where)
        file_type = file_type_of(name, info.file_type)
        key = await uploads.store(deps, space_id, f"file.{file_type or 'bin'}", data)
        return NewDocument(name, file_type, DocumentSource.Document, key, len(data), sheet, base.caption)
    if not info.tos_uri:
        raise InvalidArgument(f"{where}.source_info needs tos_uri, file_base64 or custom_content")
    # A document may only point at objects uploaded into its own space.
    await uploads.require(deps, info.tos_uri, space_id, f"{where}.source_info.tos_uri")
    size = await deps.storage.size(info.tos_uri)
    return NewDocument(name, file_type_of(name, info.file_type), DocumentSource.Document, info.tos_uri, size, sheet, base.caption)


def _check_size(deps: ServiceDeps, size: int, where: str) -> None:
    if size > deps.settings.max_upload_bytes:
        raise PayloadTooLarge(f"{where}: the file is {size} bytes; the limit is {deps.settings.max_upload_bytes}")


def _web_document(dataset: Dataset, base: kpb.DocumentBase, where: str) -> NewDocument:
    if dataset.format_type != FormatType.Text:
        raise InvalidArgument(f"{where}: web pages can only be added to text datasets (format_type 0)")
    url = checked_web_url(base.source_info.web_url, f"{where}.source_info.web_url")
    update_type, interval = (update_rule(base.update_rule, f"{where}.update_rule") if base.HasField("update_rule")
                             else (UpdateType.NoUpdate, DEFAULT_UPDATE_INTERVAL_H))
    # The key the indexer writes the page's extracted text to; nothing is stored yet.
    key = object_keys.upload_key(dataset.space_id, "page.md")
    return NewDocument(base.name.strip() or url, "html", DocumentSource.Web, key, 0,
                       web=WebSource(url, update_type, interval))


async def _copy_uploaded_file(deps: ServiceDeps, dataset: Dataset, base: kpb.DocumentBase, where: str) -> NewDocument:
    """A file from /v1/files/upload, copied under the document's own key: deleting the file or the
    document never breaks the other."""
    info = base.source_info
    if not info.HasField("source_file_id"):
        raise InvalidArgument(f"{where}.source_info.source_file_id is required for document_source 5")
    files = FileStore(deps.storage)
    stored = await files.owned(info.source_file_id, access.caller_id())
    _check_size(deps, stored.bytes, where)
    data = await files.read(stored)
    name = base.name.strip() or stored.file_name
    file_type = file_type_of(stored.file_name, info.file_type)
    key = await uploads.store(deps, dataset.space_id, f"file.{file_type or 'bin'}", data)
    return NewDocument(name, file_type, DocumentSource.Document, key, len(data), _table_sheet(base), base.caption)


async def create(deps: ServiceDeps, dataset_id: int, new_docs: list[NewDocument], *,
                 chunk_strategy: kpb.ChunkStrategy | None, parsing_strategy: kpb.ParsingStrategy | None
                 ) -> list[kpb.DocumentInfo]:
    if not new_docs:
        raise InvalidArgument("document_bases must not be empty")
    validate_strategy(chunk_strategy, dataset_chunk_limit((await access.dataset(deps.pool, dataset_id)).embedding_model, deps.settings))
    chunk_json = to_json(chunk_strategy) if chunk_strategy is not None else {}
    parsing_json = to_json(parsing_strategy) if parsing_strategy is not None else {}
    async with deps.pool.acquire() as conn, conn.transaction():
        dataset = await access.dataset(conn, dataset_id)
        caption_auto = chunk_strategy is None or chunk_strategy.caption_type != CaptionType.Manual
        ids = []
        for doc in new_docs:
            document_id = deps.ids.next_id()
            ids.append(document_id)
            await documents.insert(
                conn, id=document_id, dataset_id=dataset_id, space_id=dataset.space_id,
                creator_id=access.caller_id(), name=doc.name, file_type=doc.file_type, source_type=doc.source_type,
                tos_uri=doc.tos_uri, size=doc.size, status=DocumentStatus.Uploading, chunk_strategy=chunk_json,
                parsing_strategy=parsing_json, table_sheet=doc.table_sheet, caption=doc.caption,
                caption_type=CaptionType.Manual if (doc.caption or not caption_auto) else CaptionType.Auto,
                web_url=doc.web.url if doc.web else "", update_type=doc.web.update_type if doc.web else 0,
                update_interval=doc.web.update_interval if doc.web else 0,
            )
        for document_id in ids:  # one event each, keyed by the document: indexed in parallel across partitions
            await events.index_document(conn, dataset_id=dataset_id, document_id=document_id)
        created = await documents.get_many(conn, ids)
    # The objects (stored here, or by the gateway's upload) are documents' sources now.
    await sources.leases(deps).release([doc.tos_uri for doc in new_docs])
    return [convert.document(doc, dataset.format_type, url=await content_url(deps, doc)) for doc in created]


async def content_url(deps: ServiceDeps, doc: Document) -> str:
    """A URL a browser can open for the document's stored content ("" while a web page is not fetched yet)."""
    if not doc.tos_uri or (doc.source_type == DocumentSource.Web and not doc.content_hash):
        return ""
    return await deps.storage.url(doc.tos_uri)


async def list_(deps: ServiceDeps, dataset_id: int, *, document_ids: list[int], keyword: str, page: int, size: int
                ) -> tuple[list[kpb.DocumentInfo], int]:
    window = paging.page_or_default(page, size, default_size=50, max_size=MAX_PAGE_SIZE)
    dataset = await access.dataset(deps.pool, dataset_id)
    found, total = await documents.list_page(deps.pool, dataset_id=dataset_id, document_ids=document_ids,
                                             keyword=keyword, limit=window.size, offset=window.offset)
    columns = await tables.get_columns(deps.pool, dataset_id) if dataset.format_type == FormatType.Table else None
    return [convert.document(doc, dataset.format_type, columns, url=await content_url(deps, doc)) for doc in found], total


async def update(deps: ServiceDeps, req: kpb.UpdateDocumentRequest | kpb.UpdateDocumentOpenApiRequest) -> None:
    async with deps.pool.acquire() as conn, conn.transaction():
        doc = await access.document(conn, req.document_id, for_update=True)
        fields: dict[str, Any] = {}
        if req.HasField("document_name"):
            if not req.document_name.strip():
                raise InvalidArgument("document_name must not be empty")
            fields["name"] = req.document_name.strip()
        if isinstance(req, kpb.UpdateDocumentRequest) and req.HasField("status"):
            if req.status not in (DocumentStatus.Enable, DocumentStatus.Disable):
                raise InvalidArgument("status may only be set to 1 (enabled) or 2 (disabled)")
            if doc.status not in (DocumentStatus.Enable, DocumentStatus.Disable):
                raise InvalidArgument(f"document {doc.id} is not indexed yet (status {int(doc.status)})")
            fields["status"] = req.status
        if req.HasField("update_rule"):
            if doc.source_type != DocumentSource.Web:
                raise InvalidArgument(f"update_rule applies to web page documents only; document {doc.id} is not one")
            fields["update_type"], fields["update_interval"] = update_rule(req.update_rule, "update_rule")
        await documents.update_fields(conn, doc.id, fields)
        if req.table_meta:
            await _update_table_meta(conn, doc.dataset_id, list(req.table_meta))


async def _update_table_meta(conn: asyncpg.Connection, dataset_id: int, meta: list[kpb.TableColumn]) -> None:
    """Column descriptions and names are metadata; types and the physical layout stay."""
    columns = await tables.get_columns(conn, dataset_id)
    if columns is None:
        raise InvalidArgument("table_meta applies to table datasets only")
    by_id = {c.id: c for c in columns}
    from dataclasses import replace

    for i, item in enumerate(meta):
        if item.id not in by_id:
            raise InvalidArgument(f"table_meta[{i}].id {item.id} is not a column of this table")
        old = by_id[item.id]
        by_id[item.id] = replace(old, column_name=item.column_name or old.column_name,
                                 desc=item.desc if item.HasField("desc") else old.desc)
    names = [c.column_name for c in by_id.values()]
    if len(set(names)) != len(names):
        raise InvalidArgument("table_meta: column names must be unique")
    await tables.update_columns(conn, dataset_id, list(by_id.values()))


async def delete(deps: ServiceDeps, document_ids: list[int]) -> None:
    if not document_ids:
        raise InvalidArgument("document_ids must not be empty")
    async with deps.pool.acquire() as conn, conn.transaction():
        docs = [await access.document(conn, d, for_update=True) for d in document_ids]
        await documents.soft_delete(conn, [d.id for d in docs])
        for doc in docs:
            await slices.delete_for_document(conn, doc.id)
            await tables.delete_document_rows(conn, doc.dataset_id, doc.id)
            await events.delete_data(conn, dataset_id=doc.dataset_id, document_ids=[doc.id])
    await sources.remove_deleted_now(deps, [d.id for d in docs])


async def resegment(deps: ServiceDeps, dataset_id: int, document_ids: list[int], *,
                    chunk_strategy: kpb.ChunkStrategy | None, parsing_strategy: kpb.ParsingStrategy | None
                    ) -> list[kpb.DocumentInfo]:
    if not document_ids:
        raise InvalidArgument("document_ids must not be empty")
    validate_strategy(chunk_strategy, dataset_chunk_limit((await access.dataset(deps.pool, dataset_id)).embedding_model, deps.settings))
    async with deps.pool.acquire() as conn, conn.transaction():
        dataset = await access.dataset(conn, dataset_id)
        for document_id in document_ids:
            doc = await access.document(conn, document_id, for_update=True)
            if doc.dataset_id != dataset_id:
                raise InvalidArgument(f"document {document_id} is not in dataset {dataset_id}")
        await documents.mark_queued(
            conn, document_ids,
            chunk_strategy=to_json(chunk_strategy) if chunk_strategy is not None else None,
            parsing_strategy=to_json(parsing_strategy) if parsing_strategy is not None else None,
        )
        for document_id in document_ids:
            await events.index_document(conn, dataset_id=dataset_id, document_id=document_id)
        queued = await documents.get_many(conn, document_ids)
    return [convert.document(doc, dataset.format_type, url=await content_url(deps, doc)) for doc in queued]


async def progress(deps: ServiceDeps, document_ids: list[int], dataset_id: int | None = None) -> list[kpb.DocumentProgress]:
    if not document_ids:
        raise InvalidArgument("document_ids must not be empty")
    now = datetime.now(UTC)
    found = await access.documents_in_order(deps.pool, document_ids)  # one statement, however many are asked
    for doc in found:
        if dataset_id is not None and doc.dataset_id != dataset_id:
            raise NotFound(f"document {doc.id} is not in dataset {dataset_id}")
    return [convert.document_progress(doc, now, url=await content_url(deps, doc)) for doc in found]
