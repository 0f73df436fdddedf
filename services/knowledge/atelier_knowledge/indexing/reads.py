"""What the indexer reads and records besides a document's run: datasets' indexes, document ids
and slices to (re-)embed, slices stored, dimensions, table schemas, the full-text analyzer."""

from __future__ import annotations

import hashlib

from atelier_common.errors import InvalidArgument
from atelier_common.service import ServiceDeps
from atelier_knowledge.domain.entities import Slice
from atelier_knowledge.domain.table_schema import Column
from atelier_knowledge.indexing import views
from atelier_knowledge.store import datasets, documents, embedder_switches, slices, tables
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import ColumnType

MAX_PAGE = 1000


def content_hash(content: str) -> str:
    return hashlib.sha256(content.encode()).hexdigest()


def _limit(requested: int, default: int = 100) -> int:
    if requested < 0:
        raise InvalidArgument("limit must not be negative")
    return min(requested or default, MAX_PAGE)


async def get_datasets(deps: ServiceDeps, req: kpb.GetIndexingDatasetsRequest) -> kpb.GetIndexingDatasetsResponse:
    reply = kpb.GetIndexingDatasetsResponse()
    async with deps.pool.acquire() as conn:
        for dataset_id in dict.fromkeys(req.dataset_ids):
            found = await datasets.get_any(conn, dataset_id)
            if found is not None:
                reply.datasets.append(await views.dataset(conn, found))
    return reply


async def set_dimension(deps: ServiceDeps, req: kpb.SetIndexDimensionRequest) -> kpb.SetIndexDimensionResponse:
    if req.dimension <= 0:
        raise InvalidArgument("dimension must be positive")
    if req.HasField("switch_id"):
        await embedder_switches.set_dimension(deps.pool, req.switch_id, req.dimension)
    else:
        await datasets.set_dimension(deps.pool, req.dataset_id, req.dimension)
    return kpb.SetIndexDimensionResponse()


async def ensure_table_schema(deps: ServiceDeps, req: kpb.EnsureTableSchemaRequest) -> kpb.EnsureTableSchemaResponse:
    """The dataset's columns; the first document's become them (physical table created here,
    under the dataset's row lock so two first documents cannot both create it)."""
    async with deps.pool.acquire() as conn, conn.transaction():
        if await datasets.get(conn, req.dataset_id, for_update=True) is None:
            return kpb.EnsureTableSchemaResponse(gone=True)
        existing = await tables.get_columns(conn, req.dataset_id)
        if existing is not None:
            return kpb.EnsureTableSchemaResponse(columns=[c.to_proto() for c in existing], created=False)
        if not req.columns:
            raise InvalidArgument("columns must not be empty")
        columns = [Column(id=deps.ids.next_id(), column_name=c.column_name,
                          column_type=c.column_type if c.HasField("column_type") else ColumnType.Text,
                          is_semantic=c.is_semantic, desc=c.desc, sequence=c.sequence) for c in req.columns]
        await tables.create(conn, req.dataset_id, columns)
    return kpb.EnsureTableSchemaResponse(columns=[c.to_proto() for c in columns], created=True)


async def list_document_ids(deps: ServiceDeps, req: kpb.ListDocumentIdsRequest) -> kpb.ListDocumentIdsResponse:
    ids = await documents.live_ids_after(deps.pool, req.dataset_id, req.after_document_id, _limit(req.limit))
    return kpb.ListDocumentIdsResponse(document_ids=ids)


def _slice(piece: Slice) -> kpb.IndexingSlice:
    return kpb.IndexingSlice(slice_id=piece.id, document_id=piece.document_id, dataset_id=piece.dataset_id,
                             sequence=piece.sequence, content=piece.content, content_hash=content_hash(piece.content))


async def list_slices(deps: ServiceDeps, req: kpb.ListSlicesForIndexingRequest) -> kpb.ListSlicesForIndexingResponse:
    if req.slice_ids:
        found = await slices.get_many(deps.pool, list(req.slice_ids)[:MAX_PAGE])
        return kpb.ListSlicesForIndexingResponse(slices=[_slice(p) for p in found])
    if not req.document_id:
        raise InvalidArgument("document_id or slice_ids is required")
    limit = _limit(req.limit)
    page = await slices.page_for_document(deps.pool, req.document_id, after_sequence=req.after_sequence,
                                          after_id=req.after_slice_id, limit=limit + 1)
    return kpb.ListSlicesForIndexingResponse(slices=[_slice(p) for p in page[:limit]], has_more=len(page) > limit)


async def mark_slices_stored(deps: ServiceDeps, req: kpb.MarkSlicesStoredRequest) -> kpb.MarkSlicesStoredResponse:
    """Slices whose content is still what was embedded become Stored; an edit since leaves them
    for its own IndexSlice event. Slices deleted meanwhile are named so their entries go."""
    gone, stored = [], []
    async with deps.pool.acquire() as conn, conn.transaction():
        for item in req.slices:
            piece = await slices.get(conn, item.slice_id, for_update=True)
            if piece is None:
                gone.append(item.slice_id)
            elif content_hash(piece.content) == item.content_hash:
                stored.append(item.slice_id)
        if stored:
            await slices.mark_stored(conn, stored)
    return kpb.MarkSlicesStoredResponse(gone_slice_ids=gone)


async def datasets_to_reanalyze(deps: ServiceDeps, req: kpb.ListDatasetsToReanalyzeRequest
                                ) -> kpb.ListDatasetsToReanalyzeResponse:
    reply = kpb.ListDatasetsToReanalyzeResponse()
    async with deps.pool.acquire() as conn:
        for found in await datasets.analyzed_before(conn, req.analyzer_version, _limit(req.limit)):
            reply.datasets.append(await views.dataset(conn, found))
    return reply


async def set_analyzer(deps: ServiceDeps, req: kpb.SetDatasetAnalyzerRequest) -> kpb.SetDatasetAnalyzerResponse:
    await datasets.set_analyzer(deps.pool, req.dataset_id, req.analyzer_version)
    return kpb.SetDatasetAnalyzerResponse()
