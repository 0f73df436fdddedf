"""The indexer's calls to knowledge, the owner of datasets, documents and slices (its internal
indexing RPCs). Each call goes as a system caller with the indexer's deadline; a failed call
raises the callee's AtelierError (Unavailable / DeadlineExceeded are transient: the dispatcher
retries the event)."""

from __future__ import annotations

from collections.abc import Sequence

from atelier_common.auth import internal_context
from atelier_common.errors import rpc_errors
from atelier_common.grpc.client import channel
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto import knowledge_pb2_grpc


class KnowledgeClient:
    def __init__(self, addr: str, *, timeout_s: float) -> None:
        self._addr = addr
        self._timeout_s = timeout_s

    def _stub(self) -> knowledge_pb2_grpc.KnowledgeServiceStub:
        return knowledge_pb2_grpc.KnowledgeServiceStub(channel(self._addr))  # the channel is per event loop

    async def _call(self, rpc: str, request):  # noqa: ANN001, ANN202 - a request message in, its reply out
        with internal_context(), rpc_errors():
            return await getattr(self._stub(), rpc)(request, timeout=self._timeout_s)

    # ---- a document's indexing run

    async def claim(self, document_id: int, dataset_id: int) -> kpb.ClaimDocumentResponse:
        return await self._call("ClaimDocument", kpb.ClaimDocumentRequest(document_id=document_id,
                                                                            dataset_id=dataset_id))

    async def store_slices(self, document_id: int, run: int, slices: Sequence[kpb.NewSlice], *, progress: int,
                           done: kpb.IndexingDone | None = None) -> bool:
        """False when the run was superseded (the document deleted, or claimed by a newer run)."""
        request = kpb.StoreSlicesRequest(document_id=document_id, run=run, slices=slices, progress=progress)
        if done is not None:
            request.done.CopyFrom(done)
        return not (await self._call("StoreSlices", request)).superseded

    async def fail(self, document_id: int, reason: str, *, run: int | None = None) -> bool:
        """True when the document changed to Failed."""
        request = kpb.FailDocumentIndexingRequest(document_id=document_id, reason=reason)
        if run is not None:
            request.run = run
        return (await self._call("FailDocumentIndexing", request)).changed

    async def record_web_page(self, document_id: int, *, size: int, content_hash: str, title: str,
                              run: int | None = None, reindex: bool = False) -> bool:
        """False when superseded (deleted, or no longer in the state the call expects)."""
        request = kpb.RecordWebPageRequest(document_id=document_id, size=size, content_hash=content_hash, title=title,
                                           reindex=reindex)
        if run is not None:
            request.run = run
        return not (await self._call("RecordWebPage", request)).superseded

    async def heartbeat(self, document_ids: Sequence[int], *, backlog: bool) -> None:
        """The documents this process holds are alive; `backlog`: events still wait on its partitions."""
        await self._call("HeartbeatDocuments", kpb.HeartbeatDocumentsRequest(document_ids=document_ids,
                                                                              backlog=backlog))

    # ---- datasets

    async def dataset(self, dataset_id: int) -> kpb.IndexingDataset | None:
        """The dataset (deleted ones too: `live` false), None when it never existed."""
        reply = await self._call("GetIndexingDatasets", kpb.GetIndexingDatasetsRequest(dataset_ids=[dataset_id]))
        return reply.datasets[0] if reply.datasets else None

    async def set_dimension(self, dataset_id: int, dimension: int, *, switch_id: int | None = None) -> None:
        request = kpb.SetIndexDimensionRequest(dataset_id=dataset_id, dimension=dimension)
        if switch_id is not None:
            request.switch_id = switch_id
        await self._call("SetIndexDimension", request)

    async def ensure_table_schema(self, dataset_id: int, columns: Sequence[kpb.TableColumn]
                                  ) -> kpb.EnsureTableSchemaResponse:
        return await self._call("EnsureTableSchema", kpb.EnsureTableSchemaRequest(dataset_id=dataset_id,
                                                                                    columns=columns))

    async def datasets_to_reanalyze(self, analyzer_version: int, limit: int = 100) -> list[kpb.IndexingDataset]:
        reply = await self._call("ListDatasetsToReanalyze", kpb.ListDatasetsToReanalyzeRequest(
            analyzer_version=analyzer_version, limit=limit))
        return list(reply.datasets)

    async def set_analyzer(self, dataset_id: int, analyzer_version: int) -> None:
        await self._call("SetDatasetAnalyzer", kpb.SetDatasetAnalyzerRequest(dataset_id=dataset_id,
                                                                              analyzer_version=analyzer_version))

    # ---- documents and slices to (re-)embed

    async def document_ids(self, dataset_id: int, *, after: int, limit: int = 100) -> list[int]:
        reply = await self._call("ListDocumentIds", kpb.ListDocumentIdsRequest(dataset_id=dataset_id,
                                                                                after_document_id=after, limit=limit))
        return list(reply.document_ids)

    async def slices_by_id(self, slice_ids: Sequence[int]) -> list[kpb.IndexingSlice]:
        reply = await self._call("ListSlicesForIndexing", kpb.ListSlicesForIndexingRequest(slice_ids=slice_ids))
        return list(reply.slices)

    async def document_slices(self, document_id: int, *, page_size: int) -> list[kpb.IndexingSlice]:
        """Every slice of a document in order, fetched page by page."""
        out: list[kpb.IndexingSlice] = []
        after_sequence, after_id = -1, 0
        while True:
            reply = await self._call("ListSlicesForIndexing", kpb.ListSlicesForIndexingRequest(
                document_id=document_id, after_sequence=after_sequence, after_slice_id=after_id, limit=page_size))
            out.extend(reply.slices)
            if not reply.has_more or not reply.slices:
                return out
            after_sequence, after_id = reply.slices[-1].sequence, reply.slices[-1].slice_id

    async def mark_stored(self, stored: Sequence[kpb.StoredSlice]) -> list[int]:
        """The ids of slices deleted meanwhile (their search entries must go)."""
        reply = await self._call("MarkSlicesStored", kpb.MarkSlicesStoredRequest(slices=stored))
        return list(reply.gone_slice_ids)

    # ---- embedder switches and reviews

    async def report_switch(self, switch_id: int, *, document_id: int | None = None, slices: int = 0,
                            count_total: bool = False) -> None:
        request = kpb.ReportSwitchProgressRequest(switch_id=switch_id, slices=slices, count_total=count_total)
        if document_id is not None:
            request.document_id = document_id
        await self._call("ReportSwitchProgress", request)

    async def finish_switch(self, switch_id: int, *, succeeded: bool, error: str = "", dimension: int = 0) -> bool:
        reply = await self._call("FinishEmbedderSwitch", kpb.FinishEmbedderSwitchRequest(
            switch_id=switch_id, succeeded=succeeded, error=error, dimension=dimension))
        return reply.changed

    async def finish_review(self, review_id: int, *, succeeded: bool, doc_tree_uri: str = "", error: str = "") -> None:
        await self._call("FinishReview", kpb.FinishReviewRequest(review_id=review_id, succeeded=succeeded,
                                                                 doc_tree_uri=doc_tree_uri, error=error))
