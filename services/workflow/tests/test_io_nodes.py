"""The nodes that call out, run by the engine in process with real clients against real servers:
LLM and IntentDetector against the suite's scripted OpenAI-compatible model (config files as the
service reads them), HTTPRequester against a ToolServer through the SSRF guard, Plugin through
the plugin service's InvokeTool (a built-in tool), SubWorkflow from the service's own store."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from atelier_common.ai.models import ModelRegistry, load_models
from atelier_common.db.migrations import apply_migrations
from atelier_common.db.pool import create_pool
from atelier_common.outbound import OutboundPolicy, parse_allowlist
from atelier_devstack.canvas_builders import lit, ref
from atelier_devstack.canvas_builders import param as named
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack, write_stub_models
from atelier_devstack.tool_servers import ToolServer
from atelier_proto.enums import WorkflowMode
from atelier_workflow.clients import CHAT_HISTORY, CHAT_MODELS, DEBUG, HTTP, PLUGINS, WORKFLOWS
from atelier_workflow.clients.chat import RegistryChatModels
from atelier_workflow.clients.history import GivenHistory
from atelier_workflow.clients.outbound import GuardedHttp
from atelier_workflow.clients.plugins import GrpcPluginTools
from atelier_workflow.clients.workflows import StoreWorkflowLoader
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.plan import compile_plan
from atelier_workflow.domain.versions import parse as parse_version
from atelier_workflow.engine import BaseObserver, Engine, MessageEvent, RunContext, RunResult, RunStatus, full_registry
from atelier_workflow.main import SPEC
from atelier_workflow.runs.definitions import PlanCache
from atelier_workflow.store import drafts, versions, workflows

# ------------------------------------------------------------------ canvases




def canvas(middle: dict[str, Any], entry_fields: list[dict[str, Any]], exit_params: list[dict[str, Any]],
           *, answer: str | None = None, extra_edges: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    exit_inputs: dict[str, Any] = {"terminatePlan": "returnVariables" if answer is None else "useAnswerContent",
                                   "inputParameters": exit_params}
    if answer is not None:
        exit_inputs["content"] = lit(answer)
    nodes = [{"id": "100001", "type": "1", "data": {"nodeMeta": {"title": "Start"}, "outputs": entry_fields}},
             middle,
             {"id": "900001", "type": "2", "data": {"nodeMeta": {"title": "End"}, "inputs": exit_inputs}}]
    edges = [{"sourceNodeID": "100001", "targetNodeID": middle["id"]}]
    edges += extra_edges if extra_edges is not None else [{"sourceNodeID": middle["id"], "targetNodeID": "900001"}]
    return {"nodes": nodes, "edges": edges}


def llm_node(*, prompt: str, outputs: list[dict[str, Any]], response_format: int = 0, system: str = "",
             history: bool = False, model: str = "1001") -> dict[str, Any]:
    params = [named("modelType", lit(model, "integer")), named("temperature", lit("0.2", "float")),
              named("prompt", lit(prompt)), named("systemPrompt", lit(system)),
              named("responseFormat", lit(str(response_format), "integer")),
              named("enableChatHistory", lit(history, "boolean")), named("chatHistoryRound", lit("2", "integer"))]
    return {"id": "131001", "type": "3", "data": {
        "nodeMeta": {"title": "LLM"}, "outputs": outputs,
        "inputs": {"inputParameters": [named("question", ref("100001", "question"))], "llmParam": params}}}


class Recorder(BaseObserver):
    def __init__(self) -> None:
        self.messages: list[str] = []

    def message(self, event: MessageEvent) -> None:
        self.messages.append(event.text)


async def run(doc: dict[str, Any], inputs: dict[str, Any], services: dict[str, Any],
              observer: Recorder | None = None) -> RunResult:
    plan = compile_plan(parse_canvas(doc))
    return await Engine(full_registry()).run(plan, inputs, context=RunContext(services=services), observer=observer)


# ------------------------------------------------------------------ clients


@pytest.fixture(scope="module")
def models(tmp_path_factory: pytest.TempPathFactory, openai_stub, monkeypatch_module) -> ModelRegistry:
    directory = write_stub_models(tmp_path_factory.mktemp("models"), openai_stub.base_url)
    monkeypatch_module.setenv("ATELIER_TEST_MODEL_KEY", "test")
    return ModelRegistry(load_models(directory))


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


@pytest.fixture
def chat(models: ModelRegistry, stub) -> dict[str, Any]:
    stub.record_requests(True)
    return {CHAT_MODELS: RegistryChatModels(models, timeout_s=10)}


def guarded(allow: str = "") -> dict[str, Any]:
    networks, hosts = parse_allowlist(allow)
    return {HTTP: GuardedHttp(OutboundPolicy(allow_networks=networks, allow_hosts=hosts, timeout_s=5,
                                             max_bytes=64 * 1024))}


@pytest.fixture
def api() -> AsyncIterator[ToolServer]:
    with ToolServer() as server:
        yield server


# ------------------------------------------------------------------ LLM


async def test_llm_renders_its_prompts_answers_text_and_reports_usage(chat, stub) -> None:
    stub.script({"content": "Refunds take five days."})
    doc = canvas(llm_node(prompt="Answer: {{question}}", system="You help {{question}} askers.",
                          outputs=[{"name": "output", "type": "string"}]),
                 [{"name": "question", "type": "string"}], [], answer="Bot: {{reply}}")
    doc["nodes"][2]["data"]["inputs"]["inputParameters"] = [named("reply", ref("131001", "output"))]
    recorder = Recorder()
    result = await run(doc, {"question": "refund"}, chat, recorder)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.answer == "Bot: Refunds take five days."
    assert recorder.messages == ["Bot: Refunds take five days."]
    sent = stub.requests("/v1/chat/completions")[-1]["json"]
    assert sent["messages"] == [{"role": "system", "content": "You help refund askers."},
                                {"role": "user", "content": "Answer: refund"}]
    assert sent["model"] == "stub-chat" and sent["temperature"] == 0.2
    assert result.usage.input_tokens > 0 and result.usage.output_tokens > 0


async def test_llm_json_answer_fills_the_declared_outputs(chat, stub) -> None:
    stub.script({"content": '```json\n{"category": "refund", "confidence": "0.9", "tags": ["a"], "extra": 1}\n```'})
    doc = canvas(llm_node(prompt="Classify {{question}}", response_format=2, outputs=[
        {"name": "category", "type": "string"}, {"name": "confidence", "type": "float"},
        {"name": "tags", "type": "list", "schema": {"type": "string"}}]),
        [{"name": "question", "type": "string"}],
        [named("category", ref("131001", "category")), named("confidence", ref("131001", "confidence", "float")),
         named("tags", ref("131001", "tags", "list"))])
    result = await run(doc, {"question": "money back"}, chat)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"category": "refund", "confidence": 0.9, "tags": ["a"]}
    prompt = stub.requests("/v1/chat/completions")[-1]["json"]["messages"][-1]["content"]
    assert prompt.startswith("Classify money back\nStrictly reply in valid JSON format.")
    assert '"confidence": {"type": "number"}' in prompt


async def test_llm_reasoning_goes_to_its_reasoning_output(chat, stub) -> None:
    stub.script({"content": "42", "reasoning": "six times seven"})
    doc = canvas(llm_node(prompt="{{question}}", outputs=[{"name": "output", "type": "string"},
                                                          {"name": "reasoning_content", "type": "string"}]),
                 [{"name": "question", "type": "string"}],
                 [named("out", ref("131001", "output")), named("why", ref("131001", "reasoning_content"))])
    result = await run(doc, {"question": "6*7?"}, chat)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"out": "42", "why": "six times seven"}


async def test_llm_with_chat_history_sends_the_last_rounds(chat, stub) -> None:
    stub.script({"content": "ok"})
    history = [{"role": "user", "content": "one"}, {"role": "assistant", "content": "1"},
               {"role": "user", "content": "two"}, {"role": "assistant", "content": "2"},
               {"role": "user", "content": "three"}, {"role": "assistant", "content": "3"}]
    doc = canvas(llm_node(prompt="{{question}}", system="sys", history=True,
                          outputs=[{"name": "output", "type": "string"}]),
                 [{"name": "question", "type": "string"}], [named("out", ref("131001", "output"))])
    result = await run(doc, {"question": "four"}, {**chat, CHAT_HISTORY: GivenHistory(history)})
    assert result.status == RunStatus.SUCCEEDED, result.error
    sent = stub.requests("/v1/chat/completions")[-1]["json"]["messages"]
    assert [m["content"] for m in sent] == ["sys", "two", "2", "three", "3", "four"]


async def test_llm_naming_an_unknown_model_fails_clearly(chat) -> None:
    doc = canvas(llm_node(prompt="hi", model="4242", outputs=[{"name": "output", "type": "string"}]),
                 [{"name": "question", "type": "string"}], [named("out", ref("131001", "output"))])
    result = await run(doc, {"question": "x"}, chat)
    assert result.status == RunStatus.FAILED
    assert result.error.code == "model_unavailable" and "model 4242 is not configured" in result.error.message


# ------------------------------------------------------------------ IntentDetector


def intent_canvas() -> dict[str, Any]:
    detector = {"id": "160001", "type": "22", "data": {
        "nodeMeta": {"title": "Intent"},
        "outputs": [{"name": "classificationId", "type": "integer"}, {"name": "reason", "type": "string"}],
        "inputs": {"inputParameters": [named("query", ref("100001", "question"))],
                   "intents": [{"name": "refund"}, {"name": "shipping"}],
                   "llmParam": {"modelType": int(STUB_MODEL_ID), "temperature": 0.1,
                                "systemPrompt": lit("Orders say shipping. Query: {{query}}")}}}}
    labels = {"branch_0": "refund", "branch_1": "shipping", "default": "other"}
    texts = [{"id": f"15000{i}", "type": "15", "data": {
        "nodeMeta": {"title": label}, "outputs": [{"name": "output", "type": "string"}],
        "inputs": {"method": "concat", "inputParameters": [], "concatParams": [
            named("concatResult", lit(label)), named("arrayItemConcatChar", lit(""))]}}}
        for i, label in enumerate(labels.values())]
    doc = canvas(detector, [{"name": "question", "type": "string"}],
                 [named("route", ref("160001", "classificationId", "integer")),
                  named("reason", ref("160001", "reason"))], extra_edges=[])
    doc["nodes"][1:1] = []
    doc["nodes"] += texts
    for (port, _), text in zip(labels.items(), texts, strict=True):
        doc["edges"] += [{"sourceNodeID": "160001", "targetNodeID": text["id"], "sourcePortID": port},
                         {"sourceNodeID": text["id"], "targetNodeID": "900001"}]
    return doc


async def test_intent_detector_takes_the_branch_of_the_chosen_intent(chat, stub) -> None:
    stub.script({"content": 'Sure: {"classificationId": 2, "reason": "asks where the parcel is"}'},
                {"content": '{"classificationId": 0, "reason": "small talk"}'})
    doc = intent_canvas()
    shipped = await run(doc, {"question": "where is my parcel?"}, chat)
    assert shipped.status == RunStatus.SUCCEEDED, shipped.error
    assert shipped.output == {"route": 2, "reason": "asks where the parcel is"}
    checkpoint = shipped.checkpoint.completed
    assert checkpoint["160001"] == "branch_1" and "150001" in checkpoint and "150000" not in checkpoint
    system = stub.requests("/v1/chat/completions")[-1]["json"]["messages"][0]["content"]
    assert '{"classificationId":2,"content":"shipping"}' in system
    assert "Orders say shipping. Query: where is my parcel?" in system
    other = await run(doc, {"question": "hello"}, chat)
    assert other.checkpoint.completed["160001"] == "default" and "150002" in other.checkpoint.completed


# ------------------------------------------------------------------ HTTPRequester


def http_node(url: str, **inputs: Any) -> dict[str, Any]:
    return {"id": "170001", "type": "45", "data": {
        "nodeMeta": {"title": "HTTP"},
        "outputs": [{"name": "body", "type": "string"}, {"name": "statusCode", "type": "integer"},
                    {"name": "headers", "type": "string"}],
        "inputs": {"apiInfo": {"method": inputs.pop("method", "POST"), "url": url},
                   "headers": [], "params": [], "auth": {"authOpen": False},
                   "body": {"bodyType": "EMPTY", "bodyData": {}}, "setting": {"timeout": 5, "retryTimes": 0},
                   **inputs}}}


HTTP_OUTPUTS = [named("body", ref("170001", "body")), named("status", ref("170001", "statusCode", "integer")),
                named("headers", ref("170001", "headers"))]


async def test_http_request_sends_templates_auth_params_and_json_body(api: ToolServer) -> None:
    api.respond("POST", "/orders/42", {"ok": True}, headers={"X-Trace": "t1"})
    url = api.url("/orders/{{block_output_100001.order}}")
    node = http_node(url, params=[named("verbose", lit("yes"))], headers=[named("X-Caller", ref("100001", "who"))],
                     auth={"authOpen": True, "authType": "BEARER_AUTH",
                           "authData": {"bearerTokenData": [named("token", lit("s3cret"))]}},
                     body={"bodyType": "JSON", "bodyData": {
                         "json": '{"order": {{block_output_100001.order}}, "who": "{{block_output_100001.who}}"}'}})
    doc = canvas(node, [{"name": "order", "type": "integer"}, {"name": "who", "type": "string"}], HTTP_OUTPUTS)
    result = await run(doc, {"order": 42, "who": "ann"}, guarded("127.0.0.1"))
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert json.loads(result.output["body"]) == {"ok": True} and result.output["status"] == 200
    assert json.loads(result.output["headers"])["X-Trace"] == "t1"
    sent = api.calls("POST", "/orders/42")[-1]
    assert sent.query == {"verbose": ["yes"]}
    assert sent.headers["authorization"] == "Bearer s3cret" and sent.headers["x-caller"] == "ann"
    assert sent.headers["content-type"] == "application/json"
    assert sent.json() == {"order": 42, "who": "ann"}


async def test_http_request_custom_and_basic_auth_and_form_bodies(api: ToolServer) -> None:
    node = http_node(api.url("/form"), auth={"authOpen": True, "authType": "CUSTOM_AUTH", "authData": {
        "customData": {"addTo": "query", "data": [named("Key", lit("api_key")), named("Value", lit("k1"))]}}},
        body={"bodyType": "FORM_URLENCODED", "bodyData": {"formURLEncoded": [named("city", ref("100001", "city"))]}})
    doc = canvas(node, [{"name": "city", "type": "string"}], HTTP_OUTPUTS)
    result = await run(doc, {"city": "Lyon & Co"}, guarded("127.0.0.1"))
    assert result.status == RunStatus.SUCCEEDED, result.error
    sent = api.calls("POST", "/form")[-1]
    assert sent.query == {"api_key": ["k1"]} and sent.form() == {"city": "Lyon & Co"}

    api.respond("GET", "/file.bin", raw=b"\x00\x01binary", content_type="application/octet-stream")
    node = http_node(api.url("/upload"), auth={"authOpen": True, "authType": "BASIC_AUTH", "authData": {
        "basicAuthData": [named("username", lit("ann")), named("password", lit("pw"))]}},
        body={"bodyType": "BINARY", "bodyData": {"binary": {"fileURL": lit(api.url("/file.bin"))}}})
    result = await run(canvas(node, [], HTTP_OUTPUTS), {}, guarded("127.0.0.1"))
    assert result.status == RunStatus.SUCCEEDED, result.error
    sent = api.calls("POST", "/upload")[-1]
    assert sent.headers["authorization"] == "Basic YW5uOnB3" and sent.body == b"\x00\x01binary"
    assert sent.headers["content-type"] == "application/octet-stream"

    node = http_node(api.url("/multi"), body={"bodyType": "FORM_DATA", "bodyData": {"formData": {"data": [
        named("note", lit("hello")),
        named("doc", {"type": "string", "assistType": 1, "value": {"type": "literal", "content": api.url("/file.bin")}})]}}})
    result = await run(canvas(node, [], HTTP_OUTPUTS), {}, guarded("127.0.0.1"))
    assert result.status == RunStatus.SUCCEEDED, result.error
    sent = api.calls("POST", "/multi")[-1]
    assert sent.headers["content-type"].startswith("multipart/form-data")
    assert b'name="note"\r\n\r\nhello' in sent.body and b"\x00\x01binary" in sent.body


async def test_http_error_status_fails_the_node_and_big_answers_are_refused(api: ToolServer) -> None:
    api.respond("GET", "/missing", {"error": "no such order"}, status=404)
    doc = canvas(http_node(api.url("/missing"), method="GET"), [], HTTP_OUTPUTS)
    result = await run(doc, {}, guarded("127.0.0.1"))
    assert result.status == RunStatus.FAILED and result.error.code == "http_error"
    assert "status code=404" in result.error.message and "no such order" in result.error.message
    api.respond("GET", "/huge", raw=b"x" * (200 * 1024), content_type="text/plain")
    result = await run(canvas(http_node(api.url("/huge"), method="GET"), [], HTTP_OUTPUTS), {}, guarded("127.0.0.1"))
    assert result.status == RunStatus.FAILED and "limit" in result.error.message


async def test_http_requests_to_private_addresses_are_refused_without_the_allow_list(api: ToolServer) -> None:
    for url in ("http://169.254.169.254/latest/meta-data/", api.url("/orders/1")):
        result = await run(canvas(http_node(url, method="GET"), [], HTTP_OUTPUTS), {}, guarded())
        assert result.status == RunStatus.FAILED and result.error.code == "outbound_refused", url
    assert api.requests == []
    result = await run(canvas(http_node("http://169.254.169.254/latest/meta-data/", method="GET"), [], HTTP_OUTPUTS),
                       {}, guarded("127.0.0.1"))
    assert result.error.code == "outbound_refused" and "169.254.169.254" in result.error.message


# ------------------------------------------------------------------ Plugin


async def test_plugin_node_calls_a_builtin_tool_through_the_plugin_service(plugin_stack: KnowledgeStack) -> None:
    node = {"id": "180001", "type": "4", "data": {
        "nodeMeta": {"title": "Calculator"},
        "outputs": [{"name": "result", "type": "float"}, {"name": "expression", "type": "string"}],
        "inputs": {"inputParameters": [named("expression", ref("100001", "sum"))],
                   "apiParam": [named("pluginID", lit("3")), named("apiID", lit("3001")),
                                named("pluginVersion", lit(""))]}}}
    doc = canvas(node, [{"name": "sum", "type": "string"}],
                 [named("result", ref("180001", "result", "float"))])
    tools = GrpcPluginTools(plugin_stack.env["ATELIER_PLUGIN_ADDR"], space_id=int(plugin_stack.space_id),
                            user_id="end-user-1", timeout_s=10)
    result = await run(doc, {"sum": "(3.5 + 2) * 2"}, {PLUGINS: tools})
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"result": 11.0}
    failed = await run(doc, {"sum": "1 / 0"}, {PLUGINS: tools})
    assert failed.status == RunStatus.FAILED and failed.error.code == "plugin_failed"
    assert "divides by zero" in failed.error.message


# ------------------------------------------------------------------ SubWorkflow


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Any]:
    schema = f"wf_{uuid.uuid4().hex[:10]}"
    await apply_migrations(database_url, schema, [Path(SPEC.migrations_dir)])
    pool = await create_pool(database_url, schema=schema)
    try:
        yield pool
    finally:
        await pool.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await pool.close()


async def save(pool: Any, workflow_id: int, doc: dict[str, Any], *, space_id: int = 7,
               publish: str | None = None) -> None:
    text = json.dumps(doc)
    await workflows.insert(pool, id=workflow_id, space_id=space_id, project_id=None, name=f"wf{workflow_id}",
                           description="", icon_uri="", mode=WorkflowMode.Workflow, creator_id=1)
    await drafts.insert(pool, workflow_id=workflow_id, canvas=text, content_hash=f"d{uuid.uuid4().hex}",
                        commit_id="c1")
    if publish:
        await versions.insert(pool, workflow_id=workflow_id, version=parse_version(publish), description="",
                              canvas=text, content_hash=f"v{uuid.uuid4().hex}", commit_id="c1", creator_id=1)
        await workflows.set_latest_version(pool, workflow_id, publish)


def text_node(template: str) -> dict[str, Any]:
    return {"id": "150001", "type": "15", "data": {
        "nodeMeta": {"title": "Text"}, "outputs": [{"name": "output", "type": "string"}],
        "inputs": {"method": "concat", "inputParameters": [named("name", ref("100001", "name"))],
                   "concatParams": [named("concatResult", lit(template)), named("arrayItemConcatChar", lit(""))]}}}


def sub_node(workflow_id: int, version: str = "") -> dict[str, Any]:
    return {"id": "190001", "type": "9", "data": {
        "nodeMeta": {"title": "Sub"}, "outputs": [{"name": "greeting", "type": "string"}],
        "inputs": {"workflowId": str(workflow_id), "workflowVersion": version,
                   "inputParameters": [named("name", ref("100001", "who"))]}}}


async def test_subworkflow_runs_the_published_version_or_the_draft_in_debug(store) -> None:
    published = canvas(text_node("Hello {{name}}"), [{"name": "name", "type": "string"}],
                       [named("greeting", ref("150001", "output"))])
    await save(store, 501, published, publish="v0.0.1")
    draft = canvas(text_node("Hi {{name}}"), [{"name": "name", "type": "string"}],
                   [named("greeting", ref("150001", "output"))])
    await store.execute("UPDATE workflow_drafts SET canvas = $1 WHERE workflow_id = 501", json.dumps(draft))
    outer = canvas(sub_node(501), [{"name": "who", "type": "string"}], [named("said", ref("190001", "greeting"))])
    plans = PlanCache()
    released = await run(outer, {"who": "Ann"}, {WORKFLOWS: StoreWorkflowLoader(store, plans, space_id=7, debug=False)})
    assert released.status == RunStatus.SUCCEEDED, released.error
    assert released.output == {"said": "Hello Ann"}
    debug = await run(outer, {"who": "Ann"},
                      {WORKFLOWS: StoreWorkflowLoader(store, plans, space_id=7, debug=True), DEBUG: True})
    assert debug.output == {"said": "Hi Ann"}
    elsewhere = await run(outer, {"who": "Ann"},
                          {WORKFLOWS: StoreWorkflowLoader(store, plans, space_id=8, debug=False)})
    assert elsewhere.status == RunStatus.FAILED and "does not exist in this space" in elsewhere.error.message


async def test_a_workflow_running_itself_fails_naming_the_chain(store) -> None:
    await save(store, 601, canvas(sub_node(602), [{"name": "who", "type": "string"}],
                                  [named("said", ref("190001", "greeting"))]), publish="v1.0.0")
    await save(store, 602, canvas(sub_node(601), [{"name": "who", "type": "string"}],
                                  [named("greeting", ref("190001", "greeting"))]), publish="v1.0.0")
    loader = StoreWorkflowLoader(store, PlanCache(), space_id=7, debug=False)
    outer = canvas(sub_node(601), [{"name": "who", "type": "string"}], [named("said", ref("190001", "greeting"))])
    result = await run(outer, {"who": "x"}, {WORKFLOWS: loader})
    assert result.status == RunStatus.FAILED and result.error.code == "recursion"
    assert "601 -> 602 -> 601" in result.error.message
