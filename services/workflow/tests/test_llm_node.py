"""The LLM node run by the engine in process against the suite's scripted OpenAI-compatible model
(real HTTP, streamed): its answer streams to a streaming End node as it is written (retries and
tool rounds included), its model calls plugin tools (a plugin registered from a local tool
server, through the plugin service) and workflow tools (from the service's own store) until it
answers, pictures go to the model as image_url parts, and JSON answers fill the outputs or fail
the node clearly."""

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
from atelier_devstack.canvas_builders import chain, concat, entry, exit_, lit, node, out, param, ref
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, TEXT_ONLY_MODEL_ID, KnowledgeStack, write_stub_models
from atelier_devstack.tool_servers import ToolServer, register_api_key_plugin
from atelier_proto.enums import NodeType, WorkflowMode
from atelier_workflow.clients import CHAT_MODELS, PLUGINS, WORKFLOWS
from atelier_workflow.clients.chat import RegistryChatModels
from atelier_workflow.clients.plugins import GrpcPluginTools
from atelier_workflow.clients.workflows import StoreWorkflowLoader
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.plan import compile_plan
from atelier_workflow.domain.progress import FlowTables, RunState
from atelier_workflow.domain.versions import parse as parse_version
from atelier_workflow.engine import (
    BaseObserver,
    Engine,
    MessageEvent,
    NodeEvent,
    RunContext,
    RunResult,
    RunStatus,
    full_registry,
)
from atelier_workflow.engine.nodes.tool_loop import MAX_TOOL_ROUNDS
from atelier_workflow.engine.nodes.vision import user_content
from atelier_workflow.main import SPEC
from atelier_workflow.runs.chat_events import ChatEvents
from atelier_workflow.runs.definitions import PlanCache
from atelier_workflow.store import drafts, versions, workflows

CHAT = "/v1/chat/completions"
LLM_ID = "131001"
NO_TOOLS_MODEL_ID = "2001"  # a model whose config cannot call tools


def llm(prompt: str, *, outputs: list[dict[str, Any]] | None = None, response_format: int = 0,
        model: str = STUB_MODEL_ID, inputs: list[dict[str, Any]] | None = None,
        fc_param: dict[str, Any] | None = None, retries: int = 0) -> dict[str, Any]:
    settings = [param("modelType", lit(model, "integer")), param("prompt", lit(prompt)),
                param("systemPrompt", lit("")), param("responseFormat", lit(str(response_format), "integer"))]
    data: dict[str, Any] = {"llmParam": settings,
                            "inputParameters": inputs if inputs is not None else [param("question", ref("100001", "question"))]}
    if fc_param is not None:
        data["fcParam"] = fc_param
    if retries:
        data["settingOnError"] = {"switch": False, "retryTimes": retries, "processType": 1}
    return node(LLM_ID, 3, data, outputs or [out("output")], "LLM")


def streaming_end(template: str, *params: dict[str, Any]) -> dict[str, Any]:
    end = exit_(*params, text=template)
    end["data"]["inputs"]["streamingOutput"] = True
    return end


def canvas(middle: dict[str, Any], end: dict[str, Any], *fields: dict[str, Any]) -> dict[str, Any]:
    return {"nodes": [entry(*(fields or (out("question"),))), middle, end],
            "edges": chain("100001", middle["id"], "900001")}


class Watcher(BaseObserver):
    """Messages (text, last) and node finishes, in the order the run told them."""

    def __init__(self) -> None:
        self.told: list[tuple[str, Any]] = []

    def message(self, event: MessageEvent) -> None:
        self.told.append(("message", (event.node_id, event.text, event.last)))

    def node_finished(self, event: NodeEvent) -> None:
        self.told.append(("finished", event.node_id))

    def messages(self) -> list[tuple[str, str, bool]]:
        return [what for kind, what in self.told if kind == "message"]

    def said(self) -> str:
        return "".join(text for _, text, _ in self.messages())


async def run(doc: dict[str, Any], inputs: dict[str, Any], services: dict[str, Any],
              observer: BaseObserver | None = None) -> RunResult:
    plan = compile_plan(parse_canvas(doc))
    return await Engine(full_registry()).run(plan, inputs, context=RunContext(services=services), observer=observer)


# ------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


@pytest.fixture(scope="module")
def models(tmp_path_factory: pytest.TempPathFactory, openai_stub: OpenAIStub, monkeypatch_module) -> ModelRegistry:
    directory = write_stub_models(tmp_path_factory.mktemp("models"), openai_stub.base_url)
    (directory / f"stub-{NO_TOOLS_MODEL_ID}.yaml").write_text(
        f"id: {NO_TOOLS_MODEL_ID}\nname: Stub without tools\nbase_url: {openai_stub.base_url}\n"
        "api_key_env: ATELIER_TEST_MODEL_KEY\nmodel: stub-chat\ncapabilities:\n  function_call: false\n")
    monkeypatch_module.setenv("ATELIER_TEST_MODEL_KEY", "test")
    return ModelRegistry(load_models(directory))


@pytest.fixture
def chat(models: ModelRegistry, stub: OpenAIStub) -> dict[str, Any]:
    stub.record_requests(True)
    return {CHAT_MODELS: RegistryChatModels(models, timeout_s=10)}


# ------------------------------------------------------------------ streaming


async def test_the_answer_streams_to_a_streaming_end_node_while_the_model_writes(chat, stub) -> None:
    answer = "Your parcel left the depot and arrives on Friday."
    stub.script({"content": answer, "chunk_size_chars": 5})
    doc = canvas(llm("Where is {{question}}?"), streaming_end("Bot: {{reply}} ({{question}})",
                                                               param("reply", ref(LLM_ID, "output")),
                                                               param("question", ref("100001", "question"))))
    watcher = Watcher()
    result = await run(doc, {"question": "order 7"}, chat, watcher)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.answer == f"Bot: {answer} (order 7)"
    messages = watcher.messages()
    assert watcher.said() == result.answer  # the pieces add up to the answer, nothing repeated
    assert len(messages) >= 5 and all(node_id == "900001" for node_id, _, _ in messages)
    assert [last for _, _, last in messages] == [False] * (len(messages) - 1) + [True]
    assert messages[0][1].startswith("Bot: ") and messages[-1][1].endswith(" (order 7)")
    # most of it was said before the LLM node had even finished
    before = watcher.told[:watcher.told.index(("finished", LLM_ID))]
    assert len([kind for kind, _ in before if kind == "message"]) >= 5

    # without streamingOutput the End node says it all at once, at the end
    doc["nodes"][2]["data"]["inputs"]["streamingOutput"] = False
    stub.script({"content": answer})
    quiet = Watcher()
    await run(doc, {"question": "order 7"}, chat, quiet)
    assert quiet.messages() == [("900001", f"Bot: {answer} (order 7)", True)]


async def test_a_retried_answer_does_not_repeat_what_was_already_streamed(chat, stub) -> None:
    answer = "Refunds take five working days."
    stub.script({"content": answer, "chunk_size_chars": 4, "stream_error": {"after_chars": 12, "message": "overloaded"}},
                {"content": answer, "chunk_size_chars": 4})
    doc = canvas(llm("{{question}}", retries=1), streaming_end("{{reply}}", param("reply", ref(LLM_ID, "output"))))
    watcher = Watcher()
    result = await run(doc, {"question": "refund?"}, chat, watcher)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert len(stub.requests(CHAT)) == 2
    assert watcher.said() == answer == result.answer
    assert len(watcher.messages()) >= 4


async def test_an_output_emitter_streams_too(chat, stub) -> None:
    stub.script({"content": "Step one is done, step two follows.", "chunk_size_chars": 6})
    emitter = node("140001", 13, {"content": lit("Progress: {{text}}"), "streamingOutput": True,
                                  "inputParameters": [param("text", ref(LLM_ID, "output"))]}, [out("output")], "Say")
    doc = {"nodes": [entry(out("question")), llm("{{question}}"), emitter, exit_(param("said", ref("140001", "output")))],
           "edges": chain("100001", LLM_ID, "140001", "900001")}
    watcher = Watcher()
    result = await run(doc, {"question": "status"}, chat, watcher)
    assert result.status == RunStatus.SUCCEEDED, result.error
    emitted = [m for m in watcher.messages() if m[0] == "140001"]
    assert len(emitted) >= 3 and "".join(t for _, t, _ in emitted) == "Progress: Step one is done, step two follows."
    assert result.output == {"said": "Progress: Step one is done, step two follows."}


# ------------------------------------------------------------------ plugin tools


def weather_api(tools: ToolServer) -> dict[str, Any]:
    return {
        "openapi": "3.0.3", "info": {"title": "Weather", "description": "Forecasts", "version": "1"},
        "servers": [{"url": f"http://{tools.host}:{tools.port}/v1"}],
        "paths": {"/forecast/{city}": {"get": {
            "operationId": "forecast", "summary": "The forecast of a city",
            "parameters": [
                {"name": "city", "in": "path", "required": True, "schema": {"type": "string"}},
                {"name": "units", "in": "query", "schema": {"type": "string", "enum": ["metric", "imperial"]}}],
            "responses": {"200": {"description": "OK"}}}}},
    }


@pytest.fixture
async def weather(plugin_stack: KnowledgeStack) -> AsyncIterator[tuple[ToolServer, dict[str, Any], dict[str, Any]]]:
    """A weather plugin registered from a local tool server: (server, its pluginList entry, PLUGINS service)."""
    with ToolServer() as server:
        server.respond("GET", "/v1/forecast/Paris", {"city": "Paris", "high_c": 21, "sky": "clear"})
        async with plugin_stack.client() as console:
            plugin_id, api_id = await register_api_key_plugin(console, weather_api(server), api_key="k-" + "5" * 24)
        item = {"plugin_id": plugin_id, "api_id": api_id, "api_name": "forecast", "plugin_version": "", "is_draft": True,
                "fc_setting": {"request_params": [{"name": "units", "local_default": "metric", "local_disable": True}]}}
        tools = GrpcPluginTools(plugin_stack.env["ATELIER_PLUGIN_ADDR"], space_id=int(plugin_stack.space_id),
                                user_id="end-user-1", timeout_s=10)
        yield server, item, {PLUGINS: tools}


async def test_the_model_calls_a_plugin_tool_and_answers_from_its_result(chat, stub, weather) -> None:
    server, item, plugins = weather
    stub.script({"content": "", "tool_calls": [{"name": "forecast", "arguments": {"city": "Paris"}}]},
                {"content": "Paris will be clear, 21 C.", "chunk_size_chars": 4})
    doc = canvas(llm("Weather in {{question}}?", fc_param={"pluginFCParam": {"pluginList": [item]}}),
                 streaming_end("{{reply}}", param("reply", ref(LLM_ID, "output"))))
    watcher = Watcher()
    result = await run(doc, {"question": "Paris"}, {**chat, **plugins}, watcher)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.answer == "Paris will be clear, 21 C." == watcher.said()
    [call] = server.calls("GET", "/v1/forecast/Paris")
    assert call.query == {"units": ["metric"]}  # the node's hidden default went with the call
    first, second = (r["json"] for r in stub.requests(CHAT)[-2:])
    [offered] = first["tools"]
    assert offered["function"]["name"] == "forecast"
    assert set(offered["function"]["parameters"]["properties"]) == {"city"}  # the hidden one is not offered
    assert second["messages"][-2]["tool_calls"][0]["function"]["name"] == "forecast"
    assert second["messages"][-1]["role"] == "tool"
    assert json.loads(second["messages"][-1]["content"]) == {"city": "Paris", "high_c": 21, "sky": "clear"}
    assert result.usage.input_tokens > 0


async def test_the_tool_loop_answers_mistakes_to_the_model_and_stops_at_its_cap(chat, stub, weather) -> None:
    server, item, plugins = weather
    doc = canvas(llm("Weather in {{question}}?", fc_param={"pluginFCParam": {"pluginList": [item]}}),
                 exit_(param("reply", ref(LLM_ID, "output"))))
    stub.script({"content": "", "tool_calls": [{"name": "horoscope", "arguments": {}},
                                               {"name": "forecast", "arguments": "{not json"}]},
                {"content": "Sorry, I could not find out."})
    result = await run(doc, {"question": "Paris"}, {**chat, **plugins})
    assert result.status == RunStatus.SUCCEEDED, result.error
    told = [m["content"] for m in stub.requests(CHAT)[-1]["json"]["messages"] if m["role"] == "tool"]
    assert "no tool named 'horoscope'" in told[0] and "forecast" in told[0]
    assert "not valid JSON" in told[1]
    assert server.calls("GET", "/v1/forecast/Paris") == []

    looping = {"content": "", "tool_calls": [{"name": "forecast", "arguments": {"city": "Paris"}}]}
    stub.script(*[looping] * (MAX_TOOL_ROUNDS + 1))
    result = await run(doc, {"question": "Paris"}, {**chat, **plugins})
    assert result.status == RunStatus.FAILED and result.error.code == "too_many_tool_rounds"
    assert f"after {MAX_TOOL_ROUNDS} rounds" in result.error.message
    assert len(server.calls("GET", "/v1/forecast/Paris")) == MAX_TOOL_ROUNDS


async def test_tools_need_a_model_that_can_call_them_and_tools_that_exist(chat, stub, weather) -> None:
    _, item, plugins = weather
    doc = canvas(llm("hi", model=NO_TOOLS_MODEL_ID, fc_param={"pluginFCParam": {"pluginList": [item]}}),
                 exit_(param("reply", ref(LLM_ID, "output"))))
    result = await run(doc, {"question": "x"}, {**chat, **plugins})
    assert result.error.code == "model_cannot_call_tools" and "Stub without tools" in result.error.message
    missing = {**item, "api_id": "999999"}
    doc = canvas(llm("hi", fc_param={"pluginFCParam": {"pluginList": [missing]}}),
                 exit_(param("reply", ref(LLM_ID, "output"))))
    result = await run(doc, {"question": "x"}, {**chat, **plugins})
    assert result.status == RunStatus.FAILED and result.error.code == "tool_unavailable"
    assert stub.requests(CHAT) == []  # no model call with a tool missing


# ------------------------------------------------------------------ workflow tools


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


async def save(pool: Any, workflow_id: int, name: str, description: str, doc: dict[str, Any]) -> None:
    text = json.dumps(doc)
    await workflows.insert(pool, id=workflow_id, space_id=7, project_id=None, name=name, description=description,
                           icon_uri="", mode=WorkflowMode.Workflow, creator_id=1)
    await drafts.insert(pool, workflow_id=workflow_id, canvas=text, content_hash=f"d{uuid.uuid4().hex}", commit_id="c1")
    await versions.insert(pool, workflow_id=workflow_id, version=parse_version("v1.0.0"), description="",
                          canvas=text, content_hash=f"v{uuid.uuid4().hex}", commit_id="c1", creator_id=1)
    await workflows.set_latest_version(pool, workflow_id, "v1.0.0")


def greeting_workflow(*, answer: bool) -> dict[str, Any]:
    """Start(name, required) -> "Hello {{name}}" -> End (its variables, or the text)."""
    greeting = param("greeting", ref("150001", "output"))
    end = exit_(greeting, text="{{greeting}}") if answer else exit_(greeting)
    return {"nodes": [entry(out("name", required=True)), concat("150001", "Hello {{name}}", param("name", ref("100001", "name"))),
                      end], "edges": chain("100001", "150001", "900001")}


async def test_the_model_runs_workflows_as_tools(chat, stub, store) -> None:
    await save(store, 701, "greeter", "Greets a person by name", greeting_workflow(answer=False))
    await save(store, 702, "greeter_text", "Greets, answering text", greeting_workflow(answer=True))
    services = {**chat, WORKFLOWS: StoreWorkflowLoader(store, PlanCache(), space_id=7, debug=False)}
    tools = {"workflowFCParam": {"workflowList": [{"workflow_id": "701", "workflow_version": ""}]}}
    doc = canvas(llm("Greet {{question}}", fc_param=tools), exit_(param("reply", ref(LLM_ID, "output"))))
    stub.script({"content": "", "tool_calls": [{"name": "greeter", "arguments": {"name": "Ann"}}]},
                {"content": "I greeted Ann."})
    result = await run(doc, {"question": "Ann"}, services)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"reply": "I greeted Ann."}
    first, second = (r["json"] for r in stub.requests(CHAT)[-2:])
    [offered] = first["tools"]
    assert offered["function"]["name"] == "greeter"
    assert offered["function"]["description"] == "Greets a person by name"
    assert offered["function"]["parameters"] == {"type": "object", "properties": {"name": {"type": "string"}},
                                                 "required": ["name"]}
    assert json.loads(second["messages"][-1]["content"]) == {"greeting": "Hello Ann"}

    # a workflow returning text answers for the node: no model round after it
    stub.reset()
    stub.record_requests(True)
    tools["workflowFCParam"]["workflowList"].append({"workflow_id": "702", "workflow_version": "v1.0.0"})
    stub.script({"content": "", "tool_calls": [{"name": "greeter_text", "arguments": {"name": "Bo"}}]})
    result = await run(doc, {"question": "Bo"}, services)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"reply": "Hello Bo"}
    assert len(stub.requests(CHAT)) == 1

    # a failing workflow tells the model why (a required input missing), and the model carries on
    stub.script({"content": "", "tool_calls": [{"name": "greeter", "arguments": {}}]}, {"content": "I could not."})
    result = await run(doc, {"question": "?"}, services)
    assert result.output == {"reply": "I could not."}
    told = stub.requests(CHAT)[-1]["json"]["messages"][-1]["content"]
    assert told.startswith("the workflow failed") and "name" in told


# ------------------------------------------------------------------ pictures


async def test_a_picture_input_goes_to_the_model_as_an_image_part(chat, stub) -> None:
    picture = "https://files.example.com/cat.png"
    inputs = [param("question", ref("100001", "question")), param("pic", ref("100001", "pic", assistType=2))]
    doc = canvas(llm("What is in {{pic}}? {{question}}", inputs=inputs), exit_(param("reply", ref(LLM_ID, "output"))),
                 out("question"), out("pic", assistType=2))
    result = await run(doc, {"question": "Be brief.", "pic": picture}, chat)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"reply": f"An image: {picture}"}  # the stub captions the picture it was sent
    content = stub.requests(CHAT)[-1]["json"]["messages"][-1]["content"]
    assert content == [{"type": "text", "text": "What is in "}, {"type": "image_url", "image_url": {"url": picture}},
                       {"type": "text", "text": "? Be brief."}]

    blind = canvas(llm("What is in {{pic}}?", inputs=inputs, model=TEXT_ONLY_MODEL_ID),
                   exit_(param("reply", ref(LLM_ID, "output"))), out("question"), out("pic", assistType=2))
    result = await run(blind, {"question": "", "pic": picture}, chat)
    assert result.status == RunStatus.FAILED and result.error.code == "model_cannot_see"
    assert "cannot read pictures" in result.error.message and f"model {TEXT_ONLY_MODEL_ID}" in result.error.message


# ------------------------------------------------------------------ structured output


async def test_an_invalid_json_answer_fails_the_node_and_its_retry_asks_again(chat, stub) -> None:
    outputs = [out("city"), out("days", "integer")]
    doc = canvas(llm("Plan a trip: {{question}}", outputs=outputs, response_format=2),
                 exit_(param("city", ref(LLM_ID, "city")), param("days", ref(LLM_ID, "days", "integer"))))
    stub.script({"content": "Sure! Paris for three days."})
    result = await run(doc, {"question": "short"}, chat)
    assert result.status == RunStatus.FAILED and result.error.code == "invalid_json"
    assert "Sure! Paris for three days." in result.error.message
    sent = stub.requests(CHAT)[-1]["json"]
    assert sent["response_format"] == {"type": "json_object"}  # the model has a JSON mode

    retried = canvas(llm("Plan a trip: {{question}}", outputs=outputs, response_format=2, retries=1),
                     exit_(param("city", ref(LLM_ID, "city")), param("days", ref(LLM_ID, "days", "integer"))))
    stub.script({"content": "Paris, 3 days"}, {"content": '{"city": "Paris", "days": "3"}'})
    result = await run(retried, {"question": "short"}, chat)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"city": "Paris", "days": 3}


def test_an_answer_node_is_next_after_a_streaming_node_only_once_its_other_edges_are_decided() -> None:
    # Start -> LLM -> End, Start -> Selector -(true)-> Text -> End
    tables = FlowTables.build(["start", "llm", "if", "text", "end"], [[], [], ["true", "false"], [], []],
                              [("start", "llm", None), ("start", "if", None), ("if", "text", "true"),
                               ("llm", "end", None), ("text", "end", None)])
    state = RunState(tables)
    state.complete("start")
    assert not state.next_after("end", "llm")  # the branch through Text is not decided yet
    state.complete("if", "false")  # Text is skipped: End waits for the LLM alone
    assert state.next_after("end", "llm")
    assert not state.next_after("end", "if") and not state.next_after("text", "llm")


def test_each_picture_of_a_list_is_a_part_and_a_missing_one_leaves_plain_text() -> None:
    pictures = frozenset({"pics"})
    content = user_content("Compare {{pics}} for {{who}}", {"pics": ["https://x/a.png", "https://x/b.png"], "who": "Ann"},
                           pictures, "!")
    assert content == [{"type": "text", "text": "Compare "},
                       {"type": "image_url", "image_url": {"url": "https://x/a.png"}},
                       {"type": "image_url", "image_url": {"url": "https://x/b.png"}},
                       {"type": "text", "text": " for Ann!"}]
    assert user_content("Compare {{pics}} for {{who}}", {"pics": None, "who": "Ann"}, pictures) == "Compare  for Ann"


def test_a_chatflow_says_a_streamed_answer_as_deltas_of_one_message() -> None:
    ids = iter(range(501, 600))
    events = ChatEvents({"id": "9", "conversation_id": "8"}, 77, lambda: next(ids))
    for text, last in (("Hel", False), ("lo the", False), ("re", True)):
        events.message(MessageEvent("900001", text, None, last, NodeType.Exit, "End"))
    told = []
    while not events.queue.empty():
        event = events.queue.get_nowait()
        told.append((event.event, json.loads(event.data)))
    assert [(name, data["id"], data["content"]) for name, data in told] == [
        ("conversation.message.delta", "501", "Hel"), ("conversation.message.delta", "501", "lo the"),
        ("conversation.message.delta", "501", "re"), ("conversation.message.completed", "501", "Hello there")]
    assert [(a.id, a.content) for a in events.answers] == [(501, "Hello there")]


async def test_a_retry_asks_the_backup_model_the_node_names(chat, stub) -> None:
    doc = canvas(llm("{{question}}", retries=1), exit_(param("reply", ref(LLM_ID, "output"))))
    doc["nodes"][1]["data"]["inputs"]["settingOnError"]["ext"] = {"backupLLMParam": json.dumps(
        {"modelType": int(TEXT_ONLY_MODEL_ID), "modelName": "Stub chat, text only", "temperature": 0.9,
         "maxTokens": 77, "topP": 0.5, "responseFormat": 0, "systemPrompt": ""})}
    stub.script({"error": {"status": 400, "message": "the main model refuses"}}, {"content": "from the backup"})
    result = await run(doc, {"question": "hi"}, chat)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"reply": "from the backup"}
    first, second = (r["json"] for r in stub.requests(CHAT))
    assert "max_tokens" not in first and first.get("temperature") is None
    assert (second["temperature"], second["max_tokens"], second["top_p"]) == (0.9, 77, 0.5)


async def test_the_reasoning_streams_then_the_answer(chat, stub) -> None:
    stub.script({"reasoning": "Six times seven is forty-two.", "content": "The answer is 42.", "chunk_size_chars": 5})
    doc = canvas(llm("{{question}}", outputs=[out("output"), out("reasoning_content")]),
                 streaming_end("Thinking: {{why}}\nAnswer: {{answer}}", param("why", ref(LLM_ID, "reasoning_content")),
                               param("answer", ref(LLM_ID, "output"))))
    watcher = Watcher()
    result = await run(doc, {"question": "6*7?"}, chat, watcher)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.answer == "Thinking: Six times seven is forty-two.\nAnswer: The answer is 42." == watcher.said()
    before = watcher.told[:watcher.told.index(("finished", LLM_ID))]
    streamed = "".join(what[1] for kind, what in before if kind == "message")
    assert streamed == "Thinking: Six times seven is forty-two.\nAnswer: The answer is 42."
