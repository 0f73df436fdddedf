"""IndexDocument: parse -> chunk -> persist slices -> embed -> write search stores -> Enable.

Idempotent by construction: a run first removes whatever an earlier, interrupted run of the same
document left behind, and the document only becomes Enable (with the event recorded as
processed) in the final transaction. A redelivered event therefore finds either nothing done or
everything done, never half. Deletion wins over indexing: each batch checks the document is still
being indexed under a row lock that the delete RPC also takes, and a run that finds it gone removes
what it wrote.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import asyncpg

from atelier_common.ai import LLMError
from atelier_common.storage import ObjectNotFound
from atelier_indexer import targets, web
from atelier_indexer.context import IndexerContext
from atelier_indexer.domain import slicing
from atelier_indexer.errors import BadDocument, Superseded
from atelier_indexer.handlers.common import (
    already_processed,
    drop_dataset_data,
    record_processed,
    remove_document_data,
    remove_source_files,
)
from atelier_knowledge import events
from atelier_knowledge.chunking import chunk_document
from atelier_knowledge.domain.enums import DocStatus, FormatType, SliceStatus, Source
from atelier_knowledge.domain.file_types import ACCEPTED, MIME_TYPES
from atelier_knowledge.domain.strategy import (
    chunk_strategy_from_json,
    parsing_strategy_from_json,
    rules_from_strategy,
)
from atelier_knowledge.domain.table_schema import (
    Column,
    RowMismatch,
    SchemaMismatch,
    check_same_columns,
    infer_columns,
)
from atelier_knowledge.embedders import dataset_chunk_limit
from atelier_knowledge.parsing import ParseError, ParseOptions, parse_document, parse_table
from atelier_knowledge.search import SliceDoc
from atelier_knowledge.store import datasets, documents, slices, tables
from atelier_proto import events_pb2 as epb

log = logging.getLogger("atelier.indexer.index_document")


async def handle(ctx: IndexerContext, event: epb.IndexDocument, event_id: str) -> None:
    async with ctx.document_turn(event.document_id):
        await _run(ctx, event, event_id)


async def _run(ctx: IndexerContext, event: epb.IndexDocument, event_id: str) -> None:
    async with ctx.pool.acquire() as conn, conn.transaction():
        if await already_processed(conn, ctx.group_id, event_id):
            return
        doc = await documents.get(conn, event.document_id, for_update=True)
        dataset = await datasets.get(conn, event.dataset_id)
        if doc is None or dataset is None or doc["status"] == DocStatus.DELETED:
            await record_processed(conn, ctx.group_id, event_id)
            gone = True
        elif doc["status"] not in (DocStatus.UPLOADING, DocStatus.CHUNKING):
            # Already final (a re-drive raced the original run): nothing to do.
            await record_processed(conn, ctx.group_id, event_id)
            return
        else:
            gone = False
            await documents.mark_chunking(conn, doc["id"])
    if gone:
        await _cleanup_after_delete(ctx, event.dataset_id, event.document_id)
        return

    if doc["index_started_at"] is not None:  # an earlier or interrupted run (or a resegment) left data
        await remove_document_data(ctx, dataset["id"], doc["id"])
    try:
        drafts = await _drafts(ctx, dataset, doc)
        if not drafts:
            raise BadDocument("no text could be extracted from the document")
        await _write(ctx, dataset, doc, drafts, event_id)
    except Superseded:
        log.info("document changed while indexing; run abandoned", extra={"document_id": doc["id"]})
        await _cleanup_after_delete(ctx, dataset["id"], doc["id"])
    except BadDocument as exc:
        await fail(ctx, dataset["id"], doc["id"], exc.reason, event_id=event_id)


async def fail(ctx: IndexerContext, dataset_id: int, document_id: int, reason: str, *, event_id: str | None = None) -> None:
    """Document Failed with a readable reason; whatever the run wrote is removed."""
    await remove_document_data(ctx, dataset_id, document_id)
    async with ctx.pool.acquire() as conn, conn.transaction():
        changed = await documents.mark_failed(conn, document_id, reason)
        if event_id:
            await record_processed(conn, ctx.group_id, event_id)
        if changed:
            doc = await documents.get(conn, document_id)
            await events.publish(conn, document_id, epb.DocumentIndexed(
                space_id=doc["space_id"], dataset_id=dataset_id, document_id=document_id,
                status=DocStatus.FAILED, status_descript=reason))
    log.info("document failed", extra={"document_id": document_id, "reason": reason})


async def _cleanup_after_delete(ctx: IndexerContext, dataset_id: int, document_id: int) -> None:
    """Whatever this run wrote after the delete went through (vectors, rows, a fetched web page)."""
    if not await datasets.is_live(ctx.pool, dataset_id):
        await drop_dataset_data(ctx, dataset_id)
        async with ctx.pool.acquire() as conn:
            await tables.drop(conn, dataset_id)
        await remove_source_files(ctx, dataset_id=dataset_id)
        return
    doc = await documents.get(ctx.pool, document_id)
    if doc is None or doc["status"] == DocStatus.DELETED:
        await remove_document_data(ctx, dataset_id, document_id)
        await remove_source_files(ctx, document_ids=[document_id])


# ---------------------------------------------------------------------------- content -> drafts


async def _fetch(ctx: IndexerContext, doc: asyncpg.Record) -> bytes:
    limit = ctx.deps.settings.max_upload_bytes
    if doc["size"] > limit:
        raise BadDocument(f"the file is {doc['size']} bytes, over the {limit}-byte limit")
    try:
        data = await ctx.deps.storage.get(doc["tos_uri"])
    except ObjectNotFound:
        raise BadDocument("the uploaded file is missing from object storage") from None
    if len(data) > limit:
        raise BadDocument(f"the file is {len(data)} bytes, over the {limit}-byte limit")
    if not data:
        raise BadDocument("the file is empty")
    return data


def _check_type(format_type: int, file_type: str) -> None:
    accepted = ACCEPTED[format_type]
    if file_type not in accepted:
        kind = FormatType(format_type).name.lower()
        shown = f"'{file_type}'" if file_type else "(none)"
        raise BadDocument(f"unsupported file type {shown} for a {kind} dataset; supported: {', '.join(accepted)}")


async def _drafts(ctx: IndexerContext, dataset: asyncpg.Record, doc: asyncpg.Record) -> list[slicing.SliceDraft]:
    format_type = dataset["format_type"]
    _check_type(format_type, doc["file_type"])
    file_type = doc["file_type"]
    if doc["source_type"] == Source.WEB:  # the page's main text, as markdown
        data, file_type = await web.text_of(ctx, doc), "md"
    else:
        data = await _fetch(ctx, doc)
    if format_type == FormatType.IMAGE:
        return [await _caption(ctx, doc, data)]
    if format_type == FormatType.TABLE:
        return await _table_drafts(ctx, dataset, doc, data)
    parsing = parsing_strategy_from_json(doc["parsing_strategy"])
    rules = rules_from_strategy(chunk_strategy_from_json(doc["chunk_strategy"]),
                                dataset_chunk_limit(dataset, ctx.deps.settings))
    options = ParseOptions(extract_tables=not parsing.HasField("table_extraction") or parsing.table_extraction)

    def parse_and_chunk() -> list[slicing.SliceDraft]:
        parsed = parse_document(data, file_type, options)
        return slicing.from_chunks(chunk_document(parsed, rules))

    try:
        return await asyncio.to_thread(parse_and_chunk)
    except ParseError as exc:
        raise BadDocument(exc.reason) from None


async def _caption(ctx: IndexerContext, doc: asyncpg.Record, data: bytes) -> slicing.SliceDraft:
    caption = doc["caption"].strip()
    if not caption:  # no manual caption: the multimodal model writes one
        try:
            caption = (await ctx.caption_model().caption_image(data, MIME_TYPES[doc["file_type"]])).strip()
        except LLMError as exc:
            if exc.permanent:
                raise BadDocument(f"the caption model rejected the image: {exc}") from None
            raise
        async with ctx.pool.acquire() as conn:
            await documents.update_fields(conn, doc["id"], {"caption": caption})
    return slicing.from_caption(caption, doc["tos_uri"])


async def _table_drafts(ctx: IndexerContext, dataset: asyncpg.Record, doc: asyncpg.Record, data: bytes
                        ) -> list[slicing.SliceDraft]:
    sheet: dict[str, Any] = doc["table_sheet"] or {}
    header = int(sheet.get("header_line_idx", 0))
    start = int(sheet.get("start_line_idx", header + 1) or header + 1)
    try:
        table = await asyncio.to_thread(parse_table, data, doc["file_type"], sheet_index=int(sheet.get("sheet_id", 0)),
                                        header_line=header, start_line=start)
    except ParseError as exc:
        raise BadDocument(exc.reason) from None
    if not table.columns:
        raise BadDocument("the table has no header row")
    columns = await _schema(ctx, dataset["id"], table.columns, table.rows, sheet.get("table_meta"))
    try:
        return slicing.from_table(columns, table, first_row_number=start + 1)
    except RowMismatch as exc:
        raise BadDocument(str(exc)) from None


async def _schema(ctx: IndexerContext, dataset_id: int, names: tuple[str, ...], rows: Any,
                  meta: list[dict[str, Any]] | None) -> list[Column]:
    """The dataset's columns; the first document defines them (physical table created here),
    later ones must match."""
    async with ctx.pool.acquire() as conn, conn.transaction():
        await datasets.get(conn, dataset_id, for_update=True)  # serialises the first-document race
        existing = await tables.get_columns(conn, dataset_id)
        if existing is not None:
            try:
                check_same_columns(existing, names)
            except SchemaMismatch as exc:
                raise BadDocument(str(exc)) from None
            return existing
        inferred = infer_columns(names, rows)
        given = {m.get("column_name"): m for m in meta or []}
        columns = []
        for col in inferred:
            override = given.get(col["column_name"], {})
            columns.append(Column(
                id=ctx.deps.ids.next_id(), column_name=col["column_name"],
                column_type=int(override.get("column_type") or col["column_type"]),
                is_semantic=bool(override.get("is_semantic", col["is_semantic"])),
                desc=str(override.get("desc", "")), sequence=col["sequence"],
            ))
        await tables.create(conn, dataset_id, columns)
        return columns


# ---------------------------------------------------------------------------- drafts -> stores


async def _check_live(conn: asyncpg.Connection, document_id: int) -> None:
    """Inside a write transaction: the document is still being indexed (the delete RPC takes the
    same row lock, so a delete either waits for this transaction or makes it give up)."""
    status = await conn.fetchval("SELECT status FROM documents WHERE id = $1 FOR UPDATE", document_id)
    if status != DocStatus.CHUNKING:
        raise Superseded()


async def _write(ctx: IndexerContext, dataset: asyncpg.Record, doc: asyncpg.Record,
                 drafts: list[slicing.SliceDraft], event_id: str) -> None:
    """Per batch: embed, write the search stores, then record the slices (stored) in one
    transaction; the last batch's transaction also enables the document. A run that dies between
    the store write and the transaction leaves entries the next run removes (by document id).
    While an embedder switch runs, the batch also goes to the index it builds (`targets`)."""
    batch_size = ctx.deps.settings.index_batch_size
    indexes = await targets.write_targets(ctx, dataset)
    columns = await tables.get_columns(ctx.pool, dataset["id"]) if dataset["format_type"] == FormatType.TABLE else None
    ensured: set[int] = set()
    total_chars = 0
    for start in range(0, len(drafts), batch_size):
        batch = drafts[start:start + batch_size]
        new = [slices.NewSlice(ctx.deps.ids.next_id(), start + i, d.content, d.token_count, d.chunk_info)
               for i, d in enumerate(batch)]
        for target, vectors in await targets.embed_into(ctx, indexes, [d.search_text or d.content for d in batch]):
            if target.key not in ensured:
                await targets.ensure(ctx, dataset["id"], target, len(vectors[0]))
                ensured.add(target.key)
            docs = [SliceDoc(slice_id=s.id, document_id=doc["id"], dataset_id=dataset["id"],
                             content=d.search_text or d.content, vector=v)
                    for s, d, v in zip(new, batch, vectors, strict=True)]
            await targets.upsert(ctx, target.key, docs)
        total_chars += sum(len(d.content) for d in batch)
        done = start + len(batch)
        async with ctx.pool.acquire() as conn, conn.transaction():
            await _check_live(conn, doc["id"])
            await slices.insert_many(conn, document_id=doc["id"], dataset_id=dataset["id"],
                                     space_id=doc["space_id"], slices=new, status=SliceStatus.STORED)
            if columns is not None:
                await tables.insert_rows(conn, dataset["id"], columns, doc["id"],
                                         [(s.id, d.row_values or []) for s, d in zip(new, batch, strict=True)])
            if done < len(drafts):
                await documents.set_progress(conn, doc["id"], slicing.progress_percent(done, len(drafts)))
            else:
                await _enable(conn, ctx, dataset, doc, event_id, len(drafts), total_chars)


async def _enable(conn: asyncpg.Connection, ctx: IndexerContext, dataset: asyncpg.Record, doc: asyncpg.Record,
                  event_id: str, slice_count: int, char_count: int) -> None:
    await documents.mark_enabled(conn, doc["id"], slice_count=slice_count, char_count=char_count)
    await record_processed(conn, ctx.group_id, event_id)
    await events.publish(conn, doc["id"], epb.DocumentIndexed(
        space_id=doc["space_id"], dataset_id=dataset["id"], document_id=doc["id"], status=DocStatus.ENABLE,
        slice_count=slice_count, char_count=char_count))
