"""The knowledge nodes (Coze's nodes/knowledge), over the knowledge service (clients/knowledge.py,
as the run's user within the workflow's space: a knowledge base of another space is not found).

- KnowledgeRetriever (6): the `Query` input searched in the datasetList knowledge bases with the
  node's strategy; `outputList` holds one object per slice found, best first: `output` (its
  text) as Coze, plus `documentId`, `sliceId`, `datasetId` (as strings) and `score`. With
  `chatHistorySetting` on, a chatflow's last rounds go along for the query rewrite (useRewrite).
- KnowledgeIndexer (27): the file at the `knowledge` input's URL (fetched through the SSRF
  guard, its type told by the URL path's extension, as Coze) added to the first datasetList
  knowledge base with the node's strategyParam; indexing goes on in the background, as in Coze.
  Outputs `documentId`, `fileName`, `fileUrl`.
- KnowledgeDeleter (60): deletes the `documentID` input's document, which must belong to the
  first datasetList knowledge base (as Coze checks); output `isSuccess`.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote, urlsplit

from atelier_common.errors import AtelierError, NotFound
from atelier_common.files import normalize_file_type
from atelier_proto.enums import NodeType
from atelier_workflow.clients import CHAT_HISTORY, HTTP, KNOWLEDGE
from atelier_workflow.clients.history import ChatHistory
from atelier_workflow.clients.knowledge import KnowledgeBases
from atelier_workflow.clients.outbound import OutboundFailed, OutboundHttp, OutboundRefused
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput
from atelier_workflow.engine.nodes.knowledge_settings import as_id, chunking, knowledge_ids, parsing, retrieval_settings
from atelier_workflow.engine.nodes.services import declared_outputs, fill_outputs, service


def knowledge_bases(ctx: NodeContext) -> KnowledgeBases:
    kb: KnowledgeBases = service(ctx, KNOWLEDGE, "the knowledge service")
    return kb


def refused(exc: AtelierError) -> NodeError:
    """The knowledge service's refusal as the node's failure."""
    if isinstance(exc, NotFound):
        return NodeError(f"{exc.msg} in this workflow's space (a workflow reaches the knowledge bases of its own "
                         "space only)", "knowledge_not_found")
    if exc.http_status >= 500:
        return NodeError(f"the knowledge service did not answer: {exc.msg}", "knowledge_unavailable")
    return NodeError(f"the knowledge service refused the call: {exc.msg}", "knowledge_failed")


def _text_input(inputs: dict[str, Any], name: str) -> str:
    value = inputs.get(name)
    text = value.strip() if isinstance(value, str) else ""
    if not text:
        raise NodeError(f"the {name} input is empty", "missing_input")
    return text


async def retrieve(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    kb = knowledge_bases(ctx)
    query = _text_input(inputs, "Query")
    ids, settings, history = knowledge_ids(node), retrieval_settings(node), await _chat_history(node, ctx)
    try:
        found = await kb.retrieve(ids, query, settings, history)
    except AtelierError as exc:
        raise refused(exc) from None
    items = [{"output": s.content, "documentId": str(s.document_id), "sliceId": str(s.slice_id),
              "datasetId": str(s.dataset_id), "score": s.score} for s in found]
    return NodeOutput(fill_outputs({"outputList": items}, declared_outputs(node)))


async def _chat_history(node: PlanNode, ctx: NodeContext) -> list[dict[str, Any]]:
    """The conversation's last rounds when `chatHistorySetting` turns it on and the run has one
    (a chatflow's): the knowledge service rewrites the query with it when useRewrite is on."""
    setting = node.config.extra("chatHistorySetting") or {}
    history: ChatHistory | None = ctx.run.services.get(CHAT_HISTORY)
    if not isinstance(setting, dict) or setting.get("enableChatHistory") is not True or history is None:
        return []
    try:
        rounds = int(setting.get("chatHistoryRound") or 0)
    except (TypeError, ValueError):
        raise NodeError(f"the node's chatHistoryRound is invalid: {setting.get('chatHistoryRound')!r}",
                        "invalid_setting") from None
    return await history.messages(rounds)


def file_name_of(url: str) -> str:
    """The file's name: the last segment of the URL's path (as Coze names it), unquoted."""
    return unquote(urlsplit(url).path.rsplit("/", 1)[-1])


async def index(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    kb = knowledge_bases(ctx)
    http: OutboundHttp = service(ctx, HTTP, "outbound HTTP")
    dataset_id = knowledge_ids(node)[0]
    chunks, parse = chunking(node), parsing(node)
    url = _text_input(inputs, "knowledge")
    if urlsplit(url).scheme not in ("http", "https"):
        raise NodeError(f"the knowledge input must be the URL of a file, not {url[:200]!r}", "invalid_input")
    name = file_name_of(url)
    file_type = normalize_file_type(name) if "." in name else ""
    if not file_type:
        raise NodeError(f"cannot tell the type of the file at {url}: its name has no extension", "invalid_input")
    try:
        _, data = await http.download(url)
    except OutboundRefused as exc:
        raise NodeError(f"fetching {url} was refused: {exc}", "outbound_refused") from None
    except OutboundFailed as exc:
        raise NodeError(f"fetching {url} failed: {exc}", "download_failed") from None
    if not data:
        raise NodeError(f"the file at {url} is empty", "invalid_input")
    try:
        document = await kb.add_document(dataset_id, name, data, file_type, chunking=chunks, parsing=parse)
    except AtelierError as exc:
        raise refused(exc) from None
    return NodeOutput(fill_outputs({"documentId": str(document.document_id), "fileName": document.name,
                                    "fileUrl": url}, declared_outputs(node)))


async def delete(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    kb = knowledge_bases(ctx)
    dataset_id = knowledge_ids(node)[0]
    document_id = as_id(_text_input(inputs, "documentID"), "documentID input")
    try:
        if not await kb.has_document(dataset_id, document_id):
            raise NodeError(f"document {document_id} is not part of knowledge base {dataset_id}", "document_not_found")
        await kb.delete_document(document_id)
    except AtelierError as exc:
        raise refused(exc) from None
    return NodeOutput(fill_outputs({"isSuccess": True}, declared_outputs(node)))


EXECUTORS = {NodeType.KnowledgeRetriever: retrieve, NodeType.KnowledgeIndexer: index,
             NodeType.KnowledgeDeleter: delete}
