"""Workflows reach knowledge bases: Coze canvases whose KnowledgeIndexer (27), KnowledgeRetriever
(6) and KnowledgeDeleter (60) nodes, and an LLM node's knowledge setting, run through the gateway
against the real knowledge service, indexer, Milvus and broker (workflow_knowledge_stack).

A file is indexed from its URL (served by a local web server, fetched through the SSRF guard),
found again by a retriever, and deleted; a workflow never reaches a knowledge base outside its
own space, even one its user owns in another space."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.canvas_builders import chain, entry, exit_, lit, node, out, param, ref
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack, new_user
from atelier_devstack.web_server import LocalWebServer

pytestmark = pytest.mark.e2e

START = "100001"
NODE = "160001"
ENABLED = 1  # DocumentStatus.Enable
RUNNING, SUCCESS = 1, 2  # WorkflowExeStatus

GUIDE = ("Teapot care: rinse the teapot with warm water after every brew, never use soap or a dishwasher, "
         "dry it upside down on a soft towel, and keep the lid off until the clay is completely dry.\n\n"
         "Warranty: every Atelier teapot carries a two year warranty against cracks in the glaze, as long as "
         "the receipt is kept and the pot was never heated empty on a stove or placed in a microwave oven.")


def dataset_param(*dataset_ids: str, **settings: Any) -> list[dict[str, Any]]:
    """Coze's datasetParam: the knowledge ids, then the named retrieval settings."""
    types = {"topK": "integer", "strategy": "integer", "minScore": "float", "useRerank": "boolean",
             "useRewrite": "boolean"}
    return [param("datasetList", {"type": "list", "schema": {"type": "string"},
                                  "value": {"type": "literal", "content": list(dataset_ids)}}),
            *(param(name, lit(value, types[name])) for name, value in settings.items())]


def indexer_canvas(dataset_id: str) -> dict[str, Any]:
    """Start(file) -> KnowledgeIndexer(knowledge = file; custom chunks of up to 50 tokens cut at blank lines) -> End."""
    indexer = node(NODE, 27, {
        "inputParameters": [param("knowledge", ref(START, "file", assistType=1))],
        "datasetParam": dataset_param(dataset_id),
        "strategyParam": {
            "parsingStrategy": {"parsingType": "fast", "imageExtraction": False, "tableExtraction": False,
                                "imageOcr": False},
            "chunkStrategy": {"chunkType": "custom", "separatorType": "\n\n", "separator": "\n\n", "maxToken": 50,
                              "overlap": 0},
            "indexStrategy": {}}},
        [out("documentId"), out("fileName"), out("fileUrl")], "Knowledge writing")
    return {"nodes": [entry(out("file", required=True, assistType=1)), indexer,
                      exit_(*(param(name, ref(NODE, name)) for name in ("documentId", "fileName", "fileUrl")))],
            "edges": chain(START, NODE, "900001")}


def retriever_canvas(*dataset_ids: str) -> dict[str, Any]:
    """Start(question) -> KnowledgeRetriever(Query = question, full text, top 2) -> End(results)."""
    listed = {"type": "list", "schema": {"type": "object", "schema": [{"type": "string", "name": "output"}]}}
    retriever = node(NODE, 6, {
        "datasetParam": dataset_param(*dataset_ids, topK=2, useRerank=False, useRewrite=False, minScore=0, strategy=20),
        "inputParameters": [param("Query", ref(START, "question"))]},
        [out("outputList", "list", schema={"type": "object", "schema": [{"type": "string", "name": "output"}]})],
        "Knowledge retrieval")
    results = {**listed, "value": {"type": "ref", "content": {"source": "block-output", "blockID": NODE,
                                                               "name": "outputList"}}}
    return {"nodes": [entry(out("question", required=True)), retriever, exit_(param("results", results))],
            "edges": chain(START, NODE, "900001")}


def deleter_canvas(dataset_id: str) -> dict[str, Any]:
    """Start(document) -> KnowledgeDeleter(documentID = document) -> End(ok)."""
    deleter = node(NODE, 60, {
        "datasetParam": [*dataset_param(dataset_id), param("datasetType", lit(0, "integer"))],
        "inputParameters": [param("documentID", ref(START, "document"))]},
        [out("isSuccess", "boolean")], "Knowledge deletion")
    return {"nodes": [entry(out("document", required=True)), deleter,
                      exit_(param("ok", ref(NODE, "isSuccess", "boolean")))],
            "edges": chain(START, NODE, "900001")}


def llm_canvas(dataset_id: str, *, no_recall_reply: str = "") -> dict[str, Any]:
    """Start(question) -> LLM(prompt "{{question}}", knowledge: the dataset, full text) -> End(answer)."""
    settings = [param("modelType", lit(STUB_MODEL_ID, "integer")), param("prompt", lit("{{question}}")),
                param("systemPrompt", lit("You answer questions about teapots.")),
                param("responseFormat", lit("0", "integer"))]
    global_setting = {"auto": False, "min_score": 0, "top_k": 2, "search_mode": 20, "use_rerank": False,
                      "use_rewrite": False, "use_nl2_sql": False, "show_source": False,
                      "no_recall_reply_mode": 1 if no_recall_reply else 0,
                      "no_recall_reply_customize_prompt": no_recall_reply}
    llm = node(NODE, 3, {
        "inputParameters": [param("question", ref(START, "question"))], "llmParam": settings,
        "fcParam": {"knowledgeFCParam": {"knowledgeList": [{"id": dataset_id, "name": "Teapots"}],
                                         "global_setting": global_setting}}},
        [out("output")], "LLM")
    return {"nodes": [entry(out("question", required=True)), llm, exit_(param("answer", ref(NODE, "output")))],
            "edges": chain(START, NODE, "900001")}


class Flows:
    """Publishing canvases and running them (sync runs) in one space."""

    def __init__(self, api: AtelierClient) -> None:
        self.api = api

    async def publish(self, canvas: dict[str, Any]) -> str:
        call = self.api.call
        body = {"space_id": self.api.space_id}
        created = await call("/api/workflow_api/create", {**body, "name": f"kb_{id(canvas)}_{len(str(canvas))}",
                                                          "desc": "knowledge nodes"})
        workflow_id = created["data"]["workflow_id"]
        commit = (await call("/api/workflow_api/canvas", {**body, "workflow_id": workflow_id})
                  )["data"]["vcs_data"]["submit_commit_id"]
        await call("/api/workflow_api/save", {**body, "workflow_id": workflow_id, "schema": json.dumps(canvas),
                                              "submit_commit_id": commit})
        await call("/api/workflow_api/publish", {**body, "workflow_id": workflow_id, "force": True})
        return workflow_id

    async def run(self, workflow_id: str, **parameters: Any) -> dict[str, Any]:
        reply = await self.api.call("/v1/workflow/run", {"workflow_id": workflow_id, "parameters": parameters})
        return json.loads(reply["data"])

    async def test_run(self, workflow_id: str, timeout_s: float = 30.0, **inputs: Any) -> dict[str, Any]:
        """A debug run of the draft, executed by a workflow worker (Kafka); its process once finished."""
        body = {"space_id": self.api.space_id, "workflow_id": workflow_id}
        execute_id = (await self.api.call("/api/workflow_api/test_run", {**body, "input": inputs}))["data"]["execute_id"]
        deadline = asyncio.get_running_loop().time() + timeout_s
        while True:
            found = (await self.api.call("/api/workflow_api/get_process", {**body, "execute_id": execute_id},
                                         method="GET"))["data"]
            if found["executeStatus"] != RUNNING or asyncio.get_running_loop().time() > deadline:
                return found
            await asyncio.sleep(0.1)

    def failing(self, workflow_id: str, **parameters: Any) -> Any:
        return self.api.call("/v1/workflow/run", {"workflow_id": workflow_id, "parameters": parameters})


@pytest.fixture
async def api(workflow_knowledge_stack: KnowledgeStack) -> AsyncIterator[AtelierClient]:
    async with workflow_knowledge_stack.client() as client:
        yield client


@pytest.fixture
def web() -> Any:
    with LocalWebServer() as server:
        yield server


async def test_a_file_is_indexed_found_and_deleted_by_workflow_nodes(api: AtelierClient, web: LocalWebServer) -> None:
    flows = Flows(api)
    dataset_id = await api.create_dataset("Teapot guide")
    web.page("/docs/teapot%20guide.md", GUIDE, content_type="text/markdown")
    url = web.url("/docs/teapot%20guide.md")

    indexed = await flows.run(await flows.publish(indexer_canvas(dataset_id)), file=url)
    document_id = indexed["documentId"]
    assert indexed["fileName"] == "teapot guide.md" and indexed["fileUrl"] == url
    done = await api.wait_documents([document_id])
    assert done[document_id]["status"] == ENABLED, done
    # the node's chunk strategy reached knowledge: one slice per paragraph
    assert sorted(s["content"].strip() for s in await api.slices(document_id)) == sorted(GUIDE.split("\n\n"))

    retriever = await flows.publish(retriever_canvas(dataset_id))
    found = (await flows.run(retriever, question="how long is the warranty"))["results"]
    assert found[0]["output"].startswith("Warranty: every Atelier teapot") and found[0]["documentId"] == document_id
    assert all(item["documentId"] == document_id and item["sliceId"] for item in found)
    # the same from a worker's process (a debug run of the draft)
    process = await flows.test_run(retriever, question="how long is the warranty")
    assert process["executeStatus"] == SUCCESS, process
    by_node = {n["nodeId"]: n for n in process["nodeResults"]}
    assert json.loads(by_node[NODE]["output"])["outputList"][0]["output"].startswith("Warranty: every Atelier")

    deleted = await flows.run(await flows.publish(deleter_canvas(dataset_id)), document=document_id)
    assert deleted == {"ok": True}
    listed = await api.call("/api/knowledge/document/list", {"dataset_id": dataset_id, "space_id": api.space_id})
    assert listed["document_infos"] == []
    assert (await flows.run(retriever, question="how long is the warranty"))["results"] == []


async def test_an_llm_node_answers_with_its_knowledge(api: AtelierClient, stub: OpenAIStub) -> None:
    flows = Flows(api)
    dataset_id = await api.create_dataset("Teapot answers")
    document = await api.create_text_document(dataset_id, "care", GUIDE)
    await api.wait_documents([document["document_id"]])
    stub.record_requests(True)

    stub.script({"content": "Two years."})
    workflow_id = await flows.publish(llm_canvas(dataset_id, no_recall_reply="I know nothing about that."))
    assert await flows.run(workflow_id, question="what warranty do teapots have") == {"answer": "Two years."}
    sent = stub.requests("/v1/chat/completions")[-1]["json"]["messages"]
    assert sent[0] == {"role": "system", "content": "You answer questions about teapots."}
    prompt = sent[-1]["content"]
    # the document (one slice, automatic chunking) in front of the question
    assert "recall slice 1:\nTeapot care: rinse" in prompt and "two year warranty" in prompt
    assert "recall slice 2" not in prompt
    assert prompt.endswith("question is:\n\nwhat warranty do teapots have")

    # nothing found: the customized no-recall reply goes in front of the question instead
    stub.script({"content": "Sorry."})
    assert await flows.run(workflow_id, question="zebra migration") == {"answer": "Sorry."}
    prompt = stub.requests("/v1/chat/completions")[-1]["json"]["messages"][-1]["content"]
    assert "recall slice 1:\nI know nothing about that.\n" in prompt and "Warranty" not in prompt


async def test_workflows_reach_only_the_knowledge_of_their_own_space(
        workflow_knowledge_stack: KnowledgeStack, web: LocalWebServer) -> None:
    # a user with two spaces: the workflow lives in the first, a knowledge base of theirs in the second
    token, (home, elsewhere) = await new_user(workflow_knowledge_stack.env["ATELIER_DATABASE_URL"], ("Home", "Elsewhere"))
    gateway = workflow_knowledge_stack.gateway_url
    async with AtelierClient(gateway, token, home) as api, AtelierClient(gateway, token, elsewhere) as other_space:
        flows = Flows(api)
        foreign = await other_space.create_dataset("In another space")
        own = await api.create_dataset("At home")
        await expect_error(flows.failing(await flows.publish(retriever_canvas(own, foreign)), question="anything"),
                           422, f"dataset {foreign} not found in this workflow's space")
        await expect_error(flows.failing(await flows.publish(retriever_canvas("123456789")), question="anything"),
                           422, "dataset 123456789 not found in this workflow's space")

        web.page("/note.txt", "A note.", content_type="text/plain")
        await expect_error(flows.failing(await flows.publish(indexer_canvas(foreign)), file=web.url("/note.txt")),
                           422, f"dataset {foreign} not found")
        listed = await other_space.call("/api/knowledge/document/list",
                                        {"dataset_id": foreign, "space_id": elsewhere})
        assert listed["document_infos"] == []  # nothing half-written

        # a document of the space, but not of the knowledge base the deleter names
        document = await api.create_text_document(own, "kept", "Kept text.")
        other_own = await api.create_dataset("Another one at home")
        await expect_error(flows.failing(await flows.publish(deleter_canvas(other_own)), document=document["document_id"]),
                           422, f"document {document['document_id']} is not part of knowledge base {other_own}")
        # nor is a document of another space, nor may the deleter name that space's knowledge base
        theirs = await other_space.create_text_document(foreign, "theirs", "Their text.")
        await expect_error(flows.failing(await flows.publish(deleter_canvas(own)), document=theirs["document_id"]),
                           422, f"is not part of knowledge base {own}")
        await expect_error(flows.failing(await flows.publish(deleter_canvas(foreign)), document=theirs["document_id"]),
                           422, f"dataset {foreign} not found in this workflow's space")
        assert len((await other_space.call("/api/knowledge/document/list", {
            "dataset_id": foreign, "space_id": elsewhere}))["document_infos"]) == 1
        kept = await api.call("/api/knowledge/document/list", {"dataset_id": own, "space_id": home})
        assert [d["document_id"] for d in kept["document_infos"]] == [document["document_id"]]


async def test_the_indexer_fetches_files_through_the_ssrf_guard(api: AtelierClient, web: LocalWebServer) -> None:
    flows = Flows(api)
    dataset_id = await api.create_dataset("Guarded")
    workflow_id = await flows.publish(indexer_canvas(dataset_id))
    # 127.0.0.2 is a loopback address the test stack's allow-list does not name
    await expect_error(flows.failing(workflow_id, file="http://127.0.0.2:9/secret.txt"), 422, "refused")
    await expect_error(flows.failing(workflow_id, file="http://127.0.0.1:9/no-extension"), 422, "no extension")
    web.page("/empty.txt", "", content_type="text/plain")
    await expect_error(flows.failing(workflow_id, file=web.url("/empty.txt")), 422, "is empty")
    listed = await api.call("/api/knowledge/document/list", {"dataset_id": dataset_id, "space_id": api.space_id})
    assert listed["document_infos"] == []
