"""IndexDocument: claim -> parse -> chunk -> embed -> write search stores -> store slices -> Enable.

Knowledge owns the document and its slices; this handler reaches them through its internal RPCs.
A run starts with ClaimDocument, which gives it a run number, the document and its dataset (and
removes the rows an earlier, interrupted run stored: the run then removes that run's search
entries). Per batch the slices are embedded and written to the search stores first, then stored
(StoreSlices names the run); the last batch's call enables the document. A redelivered event
therefore finds the document either still in flight (a new run redoes it) or final (nothing to
do), never half indexed. Deletion wins over indexing: StoreSlices refuses a run whose document was
deleted or claimed by a newer run, and the run then takes back the search entries it wrote.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field

from atelier_common.ai import EmbeddingError, LLMError
from atelier_common.storage import ObjectNotFound
from atelier_indexer import targets, web
from atelier_indexer.chunking import chunk_document, rules_from_strategy
from atelier_indexer.context import IndexerContext
from atelier_indexer.domain import slicing
from atelier_indexer.domain.file_types import ACCEPTED, MEDIA_TYPES
from atelier_indexer.domain.table_rows import Column, RowMismatch, SchemaMismatch, check_same_columns, infer_columns
from atelier_indexer.errors import BadDocument, Superseded
from atelier_indexer.handlers.common import already_processed, drop_dataset_data, record_processed, remove_document_data
from atelier_indexer.parsing import ParseError, ParseOptions, parse_document, parse_table
from atelier_proto import events_pb2 as epb
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import ClaimOutcome, DocumentSource, FormatType
from atelier_search import SliceDoc

log = logging.getLogger("atelier.indexer.index_document")


@dataclass
class _Run:
    """One claimed run of a document and what it wrote to the search stores so far."""

    number: int
    doc: kpb.IndexingDocument
    dataset: kpb.IndexingDataset
    written: list[int] = field(default_factory=list)  # slice ids upserted
    keys: set[int] = field(default_factory=set)  # indexes they went to
    caption: str | None = None  # written by the caption model during this run


async def handle(ctx: IndexerContext, event: epb.IndexDocument, event_id: str) -> None:
    async with ctx.document_turn(event.document_id):
        await _run(ctx, event, event_id)


async def _run(ctx: IndexerContext, event: epb.IndexDocument, event_id: str) -> None:
    if await already_processed(ctx, event_id):
        return
    claim = await ctx.knowledge.claim(event.document_id, event.dataset_id)
    if claim.outcome == ClaimOutcome.Gone:
        await _cleanup_after_delete(ctx, claim.dataset if claim.HasField("dataset") else None, event.document_id)
    elif claim.outcome == ClaimOutcome.Claimed:
        run = _Run(claim.run, claim.document, claim.dataset)
        if claim.rerun:  # an earlier or interrupted run (or the indexing a resegment replaces) left entries
            await remove_document_data(ctx, run.dataset, event.document_id)
        await _index(ctx, run)
    await record_processed(ctx, event_id)


async def _index(ctx: IndexerContext, run: _Run) -> None:
    try:
        drafts = await _drafts(ctx, run)
        if not drafts:
            raise BadDocument("no text could be extracted from the document")
        await _write(ctx, run, drafts)
    except Superseded:
        log.info("document changed while indexing; run abandoned", extra={"document_id": run.doc.document_id})
        await _take_back(ctx, run)
    except BadDocument as exc:
        if not await fail(ctx, run.dataset, run.doc.document_id, exc.reason, run=run.number):
            await _take_back(ctx, run)


async def fail(ctx: IndexerContext, dataset: kpb.IndexingDataset | None, document_id: int, reason: str, *,
               run: int | None = None) -> bool:
    """Document Failed with a readable reason (knowledge drops its rows), then its search entries
    go; False when the document had left the run (deleted, or another run owns it)."""
    changed = await ctx.knowledge.fail(document_id, reason, run=run)
    if changed:
        if dataset is not None:
            await remove_document_data(ctx, dataset, document_id)
        log.info("document failed", extra={"document_id": document_id, "reason": reason})
    return changed


async def _cleanup_after_delete(ctx: IndexerContext, dataset: kpb.IndexingDataset | None, document_id: int) -> None:
    """Whatever earlier runs wrote after the delete's own cleanup went through."""
    if dataset is None:
        return
    if not dataset.live:
        await drop_dataset_data(ctx, dataset)
    else:
        await remove_document_data(ctx, dataset, document_id)


async def _take_back(ctx: IndexerContext, run: _Run) -> None:
    """The run lost the document (deleted, or claimed by a newer run): its own entries go, by slice
    id, so a newer run's stay; a deleted dataset's indexes go whole (the run may have recreated one)."""
    dataset = await ctx.knowledge.dataset(run.dataset.dataset_id)
    if dataset is None or not dataset.live:
        await drop_dataset_data(ctx, dataset or run.dataset)
    elif run.written:
        await targets.delete_slices(ctx, sorted(run.keys), run.written)


# ---------------------------------------------------------------------------- content -> drafts


async def _fetch(ctx: IndexerContext, doc: kpb.IndexingDocument) -> bytes:
    limit = ctx.deps.settings.max_upload_bytes
    if doc.size > limit:
        raise BadDocument(f"the file is {doc.size} bytes, over the {limit}-byte limit")
    try:
        data = await ctx.deps.storage.get(doc.tos_uri)
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


async def _drafts(ctx: IndexerContext, run: _Run) -> list[slicing.SliceDraft]:
    doc, format_type = run.doc, run.dataset.format_type
    _check_type(format_type, doc.file_type)
    file_type = doc.file_type
    if doc.source_type == DocumentSource.Web:  # the page's main text, as markdown
        data, file_type = await web.text_of(ctx, doc, run.number), "md"
    else:
        data = await _fetch(ctx, doc)
    if format_type == FormatType.Image:
        return [await _caption(ctx, run, data)]
    if format_type == FormatType.Table:
        return await _table_drafts(ctx, run, data)
    parsing = doc.parsing_strategy
    try:  # chunks measured in the embedder's tokenizer
        sizing = ctx.sizing(run.dataset.embedding_model)
    except EmbeddingError as exc:  # its declared tokenizer cannot be loaded: the operator's to fix, named
        raise BadDocument(f"the dataset's embedder {run.dataset.embedding_model} cannot size chunks: {exc}") from None
    rules = rules_from_strategy(doc.chunk_strategy, sizing.limit)
    options = ParseOptions(extract_tables=not parsing.HasField("table_extraction") or parsing.table_extraction)

    def parse_and_chunk() -> list[slicing.SliceDraft]:
        parsed = parse_document(data, file_type, options)
        return slicing.from_chunks(chunk_document(parsed, rules, sizing.counter))

    try:
        return await asyncio.to_thread(parse_and_chunk)
    except ParseError as exc:
        raise BadDocument(exc.reason) from None


async def _caption(ctx: IndexerContext, run: _Run, data: bytes) -> slicing.SliceDraft:
    caption = run.doc.caption.strip()
    if not caption:  # no manual caption: the multimodal model writes one (stored with the slice)
        try:
            caption = (await ctx.caption_model().caption_image(data, MEDIA_TYPES[run.doc.file_type])).strip()
        except LLMError as exc:
            if exc.permanent:
                raise BadDocument(f"the caption model rejected the image: {exc}") from None
            raise
        run.caption = caption
    return slicing.from_caption(caption, run.doc.tos_uri)


async def _table_drafts(ctx: IndexerContext, run: _Run, data: bytes) -> list[slicing.SliceDraft]:
    sheet = run.doc.table_sheet
    header = sheet.header_line_idx
    start = sheet.start_line_idx or header + 1
    try:
        table = await asyncio.to_thread(parse_table, data, run.doc.file_type, sheet_index=sheet.sheet_id,
                                        header_line=header, start_line=start)
    except ParseError as exc:
        raise BadDocument(exc.reason) from None
    if not table.columns:
        raise BadDocument("the table has no header row")
    columns = await _schema(ctx, run, table.columns, infer_columns(table.columns, table.rows))
    try:
        return slicing.from_table(columns, table, first_row_number=start + 1)
    except RowMismatch as exc:
        raise BadDocument(str(exc)) from None


async def _schema(ctx: IndexerContext, run: _Run, names: tuple[str, ...], inferred: list[Column]) -> list[Column]:
    """The dataset's columns: the first document defines them (with the user's overrides), later
    ones must match them."""
    given = {m.column_name: m for m in run.doc.table_meta}
    proposed = []
    for col in inferred:
        override = given.get(col.column_name)
        column_type = override.column_type if override is not None and override.column_type else col.column_type
        proposed.append(kpb.TableColumn(
            column_name=col.column_name, column_type=column_type, sequence=col.sequence,
            is_semantic=override.is_semantic if override is not None else col.is_semantic,
            desc=override.desc if override is not None else ""))
    reply = await ctx.knowledge.ensure_table_schema(run.dataset.dataset_id, proposed)
    if reply.gone:
        raise Superseded()
    columns = [Column.of(c) for c in reply.columns]
    if not reply.created:
        try:
            check_same_columns(columns, names)
        except SchemaMismatch as exc:
            raise BadDocument(str(exc)) from None
    return columns


# ---------------------------------------------------------------------------- drafts -> stores


async def _write(ctx: IndexerContext, run: _Run, drafts: list[slicing.SliceDraft]) -> None:
    """Per batch: embed, write the search stores, then store the slices (knowledge checks the run
    still owns the document); the last batch also enables the document. A run that dies between
    the store write and StoreSlices leaves entries the next run removes (by document id). While an
    embedder switch runs, the batch also goes to the index it builds (`targets`)."""
    doc, dataset = run.doc, run.dataset
    batch_size = ctx.deps.settings.index_batch_size
    indexes = targets.write_targets(dataset)
    ensured: set[int] = set()
    total_chars = 0
    for start in range(0, len(drafts), batch_size):
        batch = drafts[start:start + batch_size]
        new = [kpb.NewSlice(slice_id=ctx.deps.ids.next_id(), sequence=start + i, content=d.content,
                            token_count=d.token_count, chunk_info=json.dumps(d.chunk_info, ensure_ascii=False))
               for i, d in enumerate(batch)]
        run.written.extend(s.slice_id for s in new)
        for target, vectors in await targets.embed_into(ctx, indexes, [d.search_text or d.content for d in batch]):
            if target.key not in ensured:
                await targets.ensure(ctx, dataset.dataset_id, target, len(vectors[0]))
                ensured.add(target.key)
            run.keys.add(target.key)
            await targets.upsert(ctx, target.key, [
                SliceDoc(slice_id=s.slice_id, document_id=doc.document_id, dataset_id=dataset.dataset_id,
                         content=d.search_text or d.content, vector=v)
                for s, d, v in zip(new, batch, vectors, strict=True)])
        total_chars += sum(len(d.content) for d in batch)
        done = start + len(batch)
        finished = None
        if done == len(drafts):
            finished = kpb.IndexingDone(slice_count=len(drafts), char_count=total_chars)
            if run.caption is not None:
                finished.caption = run.caption
        if not await ctx.knowledge.store_slices(doc.document_id, run.number, new,
                                                progress=slicing.progress_percent(done, len(drafts)), done=finished):
            raise Superseded()
