"""Knowledge nodes run by the engine against the real knowledge service (workflow_knowledge_stack):
what a chatflow's conversation does for a retriever, and a run given no knowledge service.
(The nodes through the gateway, Coze canvases end to end: tests/e2e/test_workflow_knowledge_nodes.py.)"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.canvas_builders import chain, entry, exit_, lit, node, out, param, ref
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.ports import free_port
from atelier_devstack.stack_fixtures import KnowledgeStack
from atelier_workflow.clients import CHAT_HISTORY, KNOWLEDGE
from atelier_workflow.clients.history import GivenHistory
from atelier_workflow.clients.knowledge import GrpcKnowledgeBases
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.plan import Plan, compile_plan
from atelier_workflow.engine import Engine, RunContext, RunStatus
from atelier_workflow.engine.registry import full_registry

ADMIN_USER_ID = "1"
RETRIEVER = "160001"


def retriever(dataset_id: str, *, history: bool) -> Plan:
    datasets = {"type": "list", "value": {"type": "literal", "content": [dataset_id]}}
    found = node(RETRIEVER, 6, {
        "datasetParam": [param("datasetList", datasets), param("strategy", lit(20, "integer")),
                         param("topK", lit(1, "integer")), param("useRewrite", lit(True, "boolean"))],
        "inputParameters": [param("Query", ref("100001", "question"))],
        "chatHistorySetting": {"enableChatHistory": history, "chatHistoryRound": 3}},
        [out("outputList", "list", schema={"type": "object", "schema": [{"type": "string", "name": "output"}]})])
    doc = {"nodes": [entry(out("question")), found, exit_(param("results", ref(RETRIEVER, "outputList", "list")))],
           "edges": chain("100001", RETRIEVER, "900001")}
    return compile_plan(parse_canvas(doc))


@pytest.fixture
async def api(workflow_knowledge_stack: KnowledgeStack) -> AsyncIterator[AtelierClient]:
    async with workflow_knowledge_stack.client() as client:
        yield client


def services(stack: KnowledgeStack, **more: Any) -> dict[str, Any]:
    return {KNOWLEDGE: GrpcKnowledgeBases(stack.env["ATELIER_KNOWLEDGE_ADDR"], space_id=int(stack.space_id),
                                          user_id=ADMIN_USER_ID, timeout_s=30), **more}


async def test_a_chatflows_conversation_rewrites_the_retrievers_query(
        workflow_knowledge_stack: KnowledgeStack, api: AtelierClient, stub: OpenAIStub) -> None:
    dataset_id = await api.create_dataset("Shop answers")
    documents = [await api.create_text_document(dataset_id, name, text) for name, text in (
        ("warranty", "Warranty: the kettle is covered for two years against any defect."),
        ("shipping", "Shipping: parcels leave the warehouse within three working days."))]
    await api.wait_documents([d["document_id"] for d in documents])
    stub.record_requests(True)
    conversation = GivenHistory([{"role": "user", "content": "I bought the copper kettle last spring"},
                                 {"role": "assistant", "content": "Lovely choice! How can I help?"}])
    stub.script({"content": "copper kettle warranty"})  # the rewriter's answer

    result = await Engine(full_registry()).run(
        retriever(dataset_id, history=True), {"question": "is it still covered?"},
        context=RunContext(services=services(workflow_knowledge_stack, **{CHAT_HISTORY: conversation})))
    assert result.status == RunStatus.SUCCEEDED, result.error
    rewrite = stub.requests("/v1/chat/completions")[-1]["json"]["messages"][-1]["content"]
    assert "I bought the copper kettle last spring" in rewrite and "is it still covered?" in rewrite
    # found with the rewritten query ("covered" alone is in no document)
    assert [item["output"] for item in result.output["results"]] == [
        "Warranty: the kettle is covered for two years against any defect."]


async def test_a_retriever_without_its_history_setting_sends_no_conversation(
        workflow_knowledge_stack: KnowledgeStack, api: AtelierClient, stub: OpenAIStub) -> None:
    dataset_id = await api.create_dataset("No history")
    stub.record_requests(True)
    conversation = GivenHistory([{"role": "user", "content": "a secret earlier message"}])
    result = await Engine(full_registry()).run(
        retriever(dataset_id, history=False), {"question": "kettle"},
        context=RunContext(services=services(workflow_knowledge_stack, **{CHAT_HISTORY: conversation})))
    assert result.status == RunStatus.SUCCEEDED and result.output == {"results": []}
    # no history: the knowledge service has nothing to rewrite with, and asks no model
    assert stub.requests("/v1/chat/completions") == []


async def test_a_knowledge_service_that_does_not_answer_fails_the_node_saying_so() -> None:
    silent = GrpcKnowledgeBases(f"127.0.0.1:{free_port()}", space_id=1, user_id=ADMIN_USER_ID, timeout_s=5)
    result = await Engine(full_registry()).run(retriever("12", history=False), {"question": "kettle"},
                                               context=RunContext(services={KNOWLEDGE: silent}))
    assert result.status == RunStatus.FAILED and result.error.node_id == RETRIEVER
    assert "the knowledge service did not answer" in result.error.message


async def test_knowledge_nodes_need_the_knowledge_service() -> None:
    result = await Engine(full_registry()).run(retriever("12", history=False), {"question": "kettle"})
    assert result.status == RunStatus.FAILED and result.error.node_id == RETRIEVER
    assert "KnowledgeRetriever nodes need the knowledge service, and this run has none" in result.error.message
