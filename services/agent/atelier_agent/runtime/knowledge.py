"""Calls to the knowledge service for a turn: recall (one Retrieve call with the agent's settings)."""

from __future__ import annotations

from dataclasses import replace

import grpc

from atelier_agent.domain.config import KnowledgeSettings
from atelier_agent.runtime.context_window import HistoryMessage
from atelier_agent.runtime.prompt import KnowledgeItem
from atelier_common.errors import from_rpc_error
from atelier_common.grpc.client import stub
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto import knowledge_pb2_grpc

REWRITE_HISTORY_MESSAGES = 6  # the query rewriter sees the last few messages


class RecallFailed(Exception):
    """Retrieval did not answer; the turn goes on without knowledge."""


async def recall(addr: str, settings: KnowledgeSettings, *, space_id: int, query: str,
                 history: list[HistoryMessage], timeout_s: float) -> list[KnowledgeItem]:
    """The passages found, most relevant first, numbered for citing (ref "1", "2" ...)."""
    rpc = stub(knowledge_pb2_grpc.KnowledgeServiceStub, addr)
    said = [m for m in history if m.role in ("user", "assistant") and m.content]  # no tool traffic
    request = kpb.RetrieveRequest(
        space_id=space_id, dataset_ids=settings.dataset_ids, query=query,
        chat_history=[kpb.ChatHistoryMessage(role=m.role, content=m.content)
                      for m in said[-REWRITE_HISTORY_MESSAGES:]],
        strategy=kpb.RetrievalStrategy(search_type=settings.search_strategy, top_k=settings.top_k,
                                       min_score=settings.min_score, use_rewrite=settings.use_rewrite,
                                       use_rerank=settings.use_rerank, use_nl2sql=settings.use_nl2sql),
    )
    try:
        reply = await rpc.Retrieve(request, timeout=timeout_s)
    except grpc.aio.AioRpcError as e:
        raise RecallFailed(from_rpc_error(e).msg) from None
    items = [KnowledgeItem(content=s.content, source=f"{s.document_name} ({s.dataset_name})", score=s.score,
                           document_id=s.document_id, dataset_id=s.dataset_id,
                           image_url=s.image_url if s.HasField("image_url") else "", image_name=s.document_name,
                           slice_id=s.slice_id, dataset_name=s.dataset_name, document_name=s.document_name,
                           document_url=s.document_url if s.HasField("document_url") else "")
             for s in reply.slices]
    for table in reply.table_results:
        if table.HasField("error") or not table.rows:
            continue
        lines = [" | ".join(table.columns), *(" | ".join(row.values) for row in table.rows)]
        items.append(KnowledgeItem(content=f"SQL: {table.sql}\n" + "\n".join(lines),
                                   source=f"table {table.dataset_name}", score=1.0, document_id=0,
                                   dataset_id=table.dataset_id, dataset_name=table.dataset_name,
                                   document_name=f"table {table.dataset_name}"))
    return [replace(item, ref=str(n)) for n, item in enumerate(items, 1)]
