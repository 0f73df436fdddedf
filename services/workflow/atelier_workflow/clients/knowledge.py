"""The knowledge service as the knowledge nodes (and an LLM node's knowledge setting) use it:
Retrieve, CreateDocument, ListDocument and DeleteDocument over gRPC.

Every call is made as the run's user, limited to the workflow's space: the knowledge service
then answers NotFound for a knowledge base or document of any other space (even one the user
could open in the console), so a workflow only ever reaches the knowledge of its own space.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import grpc

from atelier_common.auth import RequestContext, use_context
from atelier_common.errors import from_rpc_error
from atelier_common.grpc.client import channel
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto import knowledge_pb2_grpc
from atelier_proto.enums import ChunkType, ParsingType, SearchStrategy

# One call's deadline: a retrieval with rewrite and rerank, or a file of several MB stored.
KNOWLEDGE_TIMEOUT_S = 30.0


@dataclass(frozen=True)
class RetrievalSettings:
    """How to search (Coze's datasetParam / knowledgeFCParam.global_setting); None: the service's default."""

    search_type: SearchStrategy | None = None
    top_k: int | None = None
    min_score: float | None = None
    use_rerank: bool = False
    use_rewrite: bool = False
    use_nl2sql: bool = False


@dataclass(frozen=True)
class FoundSlice:
    content: str
    slice_id: int
    document_id: int
    document_name: str
    dataset_id: int
    dataset_name: str
    score: float


@dataclass(frozen=True)
class Chunking:
    """How a new document is cut (Coze's strategyParam.chunkStrategy); overlap in percent of max_tokens."""

    chunk_type: ChunkType = ChunkType.DefaultChunk
    separator: str | None = None
    max_tokens: int | None = None
    overlap_percent: int | None = None


@dataclass(frozen=True)
class Parsing:
    parsing_type: ParsingType = ParsingType.FastParsing
    image_extraction: bool = False
    table_extraction: bool = False
    image_ocr: bool = False


@dataclass(frozen=True)
class NewDocument:
    document_id: int
    name: str


class KnowledgeBases(Protocol):
    """Each call raises the knowledge service's AtelierError (NotFound for a knowledge base or
    document outside the run's space, InvalidArgument...) when it refuses or cannot answer."""

    async def retrieve(self, dataset_ids: Sequence[int], query: str, settings: RetrievalSettings,
                       history: Sequence[Mapping[str, Any]] = ()) -> list[FoundSlice]:
        """`history`: earlier {"role", "content"} messages, for the query rewrite."""
        ...

    async def add_document(self, dataset_id: int, name: str, data: bytes, file_type: str, *, chunking: Chunking,
                           parsing: Parsing) -> NewDocument:
        ...

    async def has_document(self, dataset_id: int, document_id: int) -> bool:
        ...

    async def delete_document(self, document_id: int) -> None:
        ...


class GrpcKnowledgeBases:
    def __init__(self, addr: str, *, space_id: int, user_id: str, timeout_s: float) -> None:
        self._stub = knowledge_pb2_grpc.KnowledgeServiceStub(channel(addr))
        self.space_id, self.timeout_s = space_id, timeout_s
        # The run's user, seeing the workflow's space only (not every space the user belongs to).
        self._caller = RequestContext(user_id=int(user_id) if user_id.isdigit() else 0,
                                      space_ids=frozenset({space_id}))

    async def _call(self, rpc: str, request: object) -> object:
        try:
            with use_context(self._caller):
                return await getattr(self._stub, rpc)(request, timeout=self.timeout_s)
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc) from None

    async def retrieve(self, dataset_ids: Sequence[int], query: str, settings: RetrievalSettings,
                       history: Sequence[Mapping[str, Any]] = ()) -> list[FoundSlice]:
        strategy = kpb.RetrievalStrategy(use_rerank=settings.use_rerank, use_rewrite=settings.use_rewrite,
                                         use_nl2sql=settings.use_nl2sql)
        if settings.search_type is not None:
            strategy.search_type = settings.search_type
        if settings.top_k is not None:
            strategy.top_k = settings.top_k
        if settings.min_score is not None:
            strategy.min_score = settings.min_score
        said = [kpb.ChatHistoryMessage(role=m["role"], content=m["content"]) for m in history
                if m.get("role") in ("user", "assistant") and isinstance(m.get("content"), str) and m["content"]]
        reply = await self._call("Retrieve", kpb.RetrieveRequest(space_id=self.space_id, dataset_ids=list(dataset_ids),
                                                                 query=query, strategy=strategy, chat_history=said))
        found = [FoundSlice(s.content, s.slice_id, s.document_id, s.document_name, s.dataset_id, s.dataset_name, s.score)
                 for s in reply.slices]  # type: ignore[attr-defined]
        for table in reply.table_results:  # type: ignore[attr-defined]
            if table.HasField("error") or not table.rows:
                continue
            lines = [" | ".join(table.columns), *(" | ".join(row.values) for row in table.rows)]
            found.append(FoundSlice(f"SQL: {table.sql}\n" + "\n".join(lines), 0, 0, "", table.dataset_id,
                                    table.dataset_name, 1.0))
        return found

    async def add_document(self, dataset_id: int, name: str, data: bytes, file_type: str, *, chunking: Chunking,
                           parsing: Parsing) -> NewDocument:
        chunk = kpb.ChunkStrategy(chunk_type=chunking.chunk_type)
        if chunking.separator is not None:
            chunk.separator = chunking.separator
        if chunking.max_tokens is not None:
            chunk.max_tokens = chunking.max_tokens
        if chunking.overlap_percent is not None:
            chunk.overlap = chunking.overlap_percent
        request = kpb.CreateDocumentRequest(
            dataset_id=dataset_id, chunk_strategy=chunk,
            parsing_strategy=kpb.ParsingStrategy(parsing_type=parsing.parsing_type,
                                                 image_extraction=parsing.image_extraction,
                                                 table_extraction=parsing.table_extraction,
                                                 image_ocr=parsing.image_ocr),
            document_bases=[kpb.DocumentBase(name=name, source_info=kpb.SourceInfo(
                file_base64=base64.b64encode(data).decode(), file_type=file_type))])
        reply = await self._call("CreateDocument", request)
        info = reply.document_infos[0]  # type: ignore[attr-defined]
        return NewDocument(info.document_id, info.name)

    async def has_document(self, dataset_id: int, document_id: int) -> bool:
        reply = await self._call("ListDocument", kpb.ListDocumentRequest(dataset_id=dataset_id, document_ids=[document_id],
                                                                         space_id=self.space_id))
        return any(d.document_id == document_id for d in reply.document_infos)  # type: ignore[attr-defined]

    async def delete_document(self, document_id: int) -> None:
        await self._call("DeleteDocument", kpb.DeleteDocumentRequest(document_ids=[document_id], space_id=self.space_id))
