"""A document's indexing run, as knowledge sees it: claimed (a new run number, the earlier run's
rows gone), fed slices batch by batch, then enabled or failed. Every write of a run checks, under
the document's row lock (which the delete RPC takes too), that the document is still being
indexed by that run: a delete or a newer run makes the older one stop."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

import asyncpg

from atelier_common.errors import InvalidArgument
from atelier_common.service import ServiceDeps
from atelier_knowledge import events
from atelier_knowledge.domain.table_schema import physical_row
from atelier_knowledge.indexing import views
from atelier_knowledge.store import datasets, documents, slices, tables
from atelier_knowledge.store.documents import IN_FLIGHT
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import ClaimOutcome, DocumentStatus, FormatType, SliceStatus

log = logging.getLogger("atelier.knowledge.indexing")
REFRESHABLE = (DocumentStatus.Enable, DocumentStatus.Failed)


async def claim(deps: ServiceDeps, req: kpb.ClaimDocumentRequest) -> kpb.ClaimDocumentResponse:
    reply = kpb.ClaimDocumentResponse()
    async with deps.pool.acquire() as conn, conn.transaction():
        doc = await documents.get(conn, req.document_id, for_update=True)
        dataset = await datasets.get_any(conn, doc.dataset_id if doc is not None else req.dataset_id)
        if dataset is not None:
            reply.dataset.CopyFrom(await views.dataset(conn, dataset))
        if doc is None or dataset is None or doc.status == DocumentStatus.Deleted or not dataset.live:
            reply.outcome = ClaimOutcome.Gone
            return reply
        if doc.status not in IN_FLIGHT:
            reply.outcome = ClaimOutcome.Final  # a re-drive raced a run that finished
            return reply
        reply.rerun = doc.index_started_at is not None
        if reply.rerun:  # whatever an interrupted run (or the previous indexing, on resegment) stored
            await slices.delete_for_document(conn, doc.id)
            await tables.delete_document_rows(conn, doc.dataset_id, doc.id)
        reply.run = await documents.start_run(conn, doc.id)
        reply.document.CopyFrom(views.document(doc))
        reply.outcome = ClaimOutcome.Claimed
    return reply


def _chunk_info(text: str, slice_id: int) -> dict[str, Any]:
    try:
        info = json.loads(text) if text else {}
    except ValueError:
        info = None
    if not isinstance(info, dict):
        raise InvalidArgument(f"slices: chunk_info of slice {slice_id} is not a JSON object")
    return info


async def store_slices(deps: ServiceDeps, req: kpb.StoreSlicesRequest) -> kpb.StoreSlicesResponse:
    async with deps.pool.acquire() as conn, conn.transaction():
        doc = await documents.get(conn, req.document_id, for_update=True)  # the lock the delete RPC takes too
        if doc is None or not documents.RunState(doc.status, doc.index_run).owned_by(req.run):
            return kpb.StoreSlicesResponse(superseded=True)
        new = [slices.NewSlice(s.slice_id, s.sequence, s.content, s.token_count, _chunk_info(s.chunk_info, s.slice_id))
               for s in req.slices]
        await slices.insert_many(conn, document_id=doc.id, dataset_id=doc.dataset_id, space_id=doc.space_id,
                                 slices=new, status=SliceStatus.Stored)
        await _store_rows(conn, doc.dataset_id, doc.id, new)
        if req.HasField("done"):
            done = req.done
            await documents.mark_enabled(conn, doc.id, slice_count=done.slice_count, char_count=done.char_count,
                                         caption=done.caption if done.HasField("caption") else None)
        else:
            await documents.set_progress(conn, doc.id, req.progress)
    return kpb.StoreSlicesResponse(superseded=False)


# A dataset's format never changes: known once, it is not read again for every batch of slices.
_formats: dict[int, FormatType] = {}


async def _format_of(conn: asyncpg.Connection, dataset_id: int) -> FormatType | None:
    known = _formats.get(dataset_id)
    if known is None:
        dataset = await datasets.get(conn, dataset_id)
        if dataset is None:
            return None
        if len(_formats) >= 10_000:
            _formats.clear()
        known = _formats[dataset_id] = FormatType(dataset.format_type)
    return known


async def _store_rows(conn: asyncpg.Connection, dataset_id: int, document_id: int, new: list[slices.NewSlice]) -> None:
    """Table datasets: each slice is a row, also written to the dataset's physical table."""
    if not new or await _format_of(conn, dataset_id) != FormatType.Table:
        return
    columns = await tables.get_columns(conn, dataset_id)
    if columns is None:
        raise InvalidArgument(f"dataset {dataset_id} has no table schema: EnsureTableSchema comes first")
    try:
        rows = [(s.id, physical_row(columns, s.content)) for s in new]
    except ValueError as exc:
        raise InvalidArgument(f"slices: a row of document {document_id} does not fit the table: {exc}") from None
    await tables.insert_rows(conn, dataset_id, columns, document_id, rows)


async def fail(deps: ServiceDeps, req: kpb.FailDocumentIndexingRequest) -> kpb.FailDocumentIndexingResponse:
    """Failed with a readable reason and nothing of the run kept (the indexer removes its search
    entries once this says the document changed)."""
    async with deps.pool.acquire() as conn, conn.transaction():
        state = await documents.run_state(conn, req.document_id)
        if state is None or state.status not in IN_FLIGHT:
            return kpb.FailDocumentIndexingResponse(changed=False)  # deleted, or finished by another run
        if req.HasField("run") and not state.owned_by(req.run):
            return kpb.FailDocumentIndexingResponse(changed=False)
        doc = await documents.get(conn, req.document_id)
        await slices.delete_for_document(conn, doc.id)
        await tables.delete_document_rows(conn, doc.dataset_id, doc.id)
        await documents.mark_failed(conn, doc.id, req.reason)
    log.info("document failed", extra={"document_id": req.document_id, "reason": req.reason})
    return kpb.FailDocumentIndexingResponse(changed=True)


async def record_web_page(deps: ServiceDeps, req: kpb.RecordWebPageRequest) -> kpb.RecordWebPageResponse:
    """The text the indexer stored for a web page document: its hash, size, fetch time and title.
    During a run the run must still own the document; on a refresh (reindex) the document must be
    indexed or failed, and is queued for indexing again in the same transaction."""
    async with deps.pool.acquire() as conn, conn.transaction():
        state = await documents.run_state(conn, req.document_id)
        if state is None:
            return kpb.RecordWebPageResponse(superseded=True)
        if state.status == DocumentStatus.Deleted:
            await documents.sweep_source_again(conn, req.document_id)  # the page was written after the delete
            return kpb.RecordWebPageResponse(superseded=True)
        owned = state.owned_by(req.run) if req.HasField("run") else req.reindex and state.status in REFRESHABLE
        if not owned:
            return kpb.RecordWebPageResponse(superseded=True)
        doc = await documents.get(conn, req.document_id)
        fields: dict[str, Any] = {"size": req.size, "content_hash": req.content_hash,
                                  "web_fetched_at": datetime.now(UTC)}
        if req.title and doc.name == doc.web_url:
            fields["name"] = req.title
        await documents.update_fields(conn, doc.id, fields)
        if req.reindex and not req.HasField("run"):
            await documents.mark_queued(conn, [doc.id])
            await events.index_document(conn, dataset_id=doc.dataset_id, document_id=doc.id)
    return kpb.RecordWebPageResponse(superseded=False)
