"""Workflows as a developer builds them in the console, end to end through the gateway: canvases
in Coze Studio's JSON shape covering the control-flow, data, user-input and calling-out node
types, run the three ways a caller runs them (a sync run and a streamed run of the published
version; a console test run executed by a workflow worker and followed with get_process), and
the canvases the validator and publishing refuse, naming the node.

Real processes (gateway, workflow service, workflow worker, plugin and agent services) on the
session's Postgres, Redis and broker; the IntentDetector asks the suite's scripted
OpenAI-compatible model; an HTTP server and a plugin's API server are started by the tests.
Knowledge, database, conversation and LLM nodes have e2e files of their own."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.canvas_builders import (
    ENTRY_ID,
    EXIT_ID,
    chain,
    concat,
    edge,
    entry,
    exit_,
    lit,
    node,
    out,
    param,
    ref,
)
from atelier_devstack.stack_fixtures import (
    STUB_MODEL_ID,
    KnowledgeStack,
)
from atelier_devstack.tool_servers import ToolServer, register_api_key_plugin
from atelier_proto.enums import CanvasIssueKind, NodeType

pytestmark = pytest.mark.e2e

RUNNING, SUCCESS, FAIL, CANCEL, INTERRUPTED = 1, 2, 3, 4, 5  # WorkflowExeStatus
NODE_SUCCESS = 3  # NodeExeStatus
QUESTION, INPUT = 2, 5  # InterruptType of a QuestionAnswer and an InputReceiver
KIND = {kind.name: kind.value for kind in CanvasIssueKind}
T = {t.name: int(t) for t in NodeType}  # canvas node types by Coze's name
LIST_OF_STRINGS = {"schema": {"type": "string"}}


# ------------------------------------------------------------------ the stack


@pytest.fixture(scope="module")
def canvas_stack(chat_stack: KnowledgeStack) -> KnowledgeStack:
    """workflow + a workflow worker + plugin + agent + gateway; models are the scripted stub."""
    return chat_stack


@pytest.fixture
async def console(canvas_stack: KnowledgeStack) -> AsyncIterator[Console]:
    async with canvas_stack.client() as client:
        yield Console(client)


class Console:
    """The workflow console's calls, and the OpenAPI runs, in the admin's space."""

    def __init__(self, client: AtelierClient) -> None:
        self.client = client
        self.space_id = client.space_id

    async def call(self, route: str, **body: Any) -> dict[str, Any]:
        return await self.client.call(f"/api/workflow_api/{route}", {"space_id": self.space_id, **body})

    async def get(self, route: str, **query: Any) -> dict[str, Any]:
        return (await self.client.call(f"/api/workflow_api/{route}", {"space_id": self.space_id, **query},
                                       method="GET"))["data"]

    async def workflow(self, doc: dict[str, Any], *, publish: bool = False, name: str = "") -> str:
        """A new workflow whose draft is `doc` (published when asked)."""
        name = name or f"flow_{uuid.uuid4().hex[:8]}"
        workflow_id = (await self.call("create", name=name, desc="an e2e canvas"))["data"]["workflow_id"]
        commit = (await self.call("canvas", workflow_id=workflow_id))["data"]["vcs_data"]["submit_commit_id"]
        await self.call("save", workflow_id=workflow_id, schema=json.dumps(doc), submit_commit_id=commit)
        if publish:
            await self.call("publish", workflow_id=workflow_id, force=True)
        return workflow_id

    async def run(self, workflow_id: str, parameters: dict[str, Any], **extra: Any) -> Any:
        """/v1/workflow/run: the published version's result, decoded."""
        reply = await self.client.call("/v1/workflow/run", {"workflow_id": workflow_id,
                                                            "parameters": json.dumps(parameters), **extra})
        return json.loads(reply["data"])

    async def stream(self, workflow_id: str, parameters: dict[str, Any]) -> list[dict[str, Any]]:
        """/v1/workflow/stream_run: its server-sent events, data decoded."""
        reply = await self.client.raw("POST", "/v1/workflow/stream_run", json={
            "workflow_id": workflow_id, "parameters": json.dumps(parameters)})
        assert reply.status_code == 200 and reply.headers["content-type"].startswith("text/event-stream"), reply.text
        events = []
        for block in reply.text.strip().split("\n\n"):
            fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
            events.append({"event": fields.get("event"), "data": json.loads(fields["data"])})
        return events

    async def test_run(self, workflow_id: str, inputs: dict[str, Any]) -> str:
        return (await self.call("test_run", workflow_id=workflow_id, input={
            k: v if isinstance(v, str) else json.dumps(v) for k, v in inputs.items()}))["data"]["execute_id"]

    async def wait(self, workflow_id: str, execute_id: str, *statuses: int, timeout_s: float = 30.0) -> dict[str, Any]:
        """get_process until the run is in one of `statuses` (any but running by default)."""
        statuses = statuses or (SUCCESS, FAIL, CANCEL, INTERRUPTED)
        deadline = asyncio.get_running_loop().time() + timeout_s
        while True:
            found = await self.get("get_process", workflow_id=workflow_id, execute_id=execute_id)
            if found.get("executeStatus") in statuses:
                return found
            assert asyncio.get_running_loop().time() < deadline, f"run {execute_id} still running: {found}"
            await asyncio.sleep(0.1)


def nodes_of(process: dict[str, Any]) -> dict[tuple[str, int], dict[str, Any]]:
    """get_process's node results by (node, iteration; -1 for a node of the canvas)."""
    return {(n["nodeId"], n.get("index", -1)): n for n in process["nodeResults"]}


def output_of(process: dict[str, Any], node_id: str) -> Any:
    return json.loads(nodes_of(process)[(node_id, -1)]["output"])


def linked(*nodes: dict[str, Any], edges: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A canvas of these nodes; edges chain them in order unless given."""
    return {"nodes": list(nodes), "edges": edges if edges is not None else chain(*(n["id"] for n in nodes
                                                                                   if n["type"] != "31"))}


def comment(id_: str, text: str) -> dict[str, Any]:
    """A Comment (the console's sticky note: Slate JSON), never run."""
    note = json.dumps([{"type": "paragraph", "children": [{"text": text, "type": "text"}]}])
    return {"id": id_, "type": str(T["Comment"]), "meta": {"position": {"x": 300, "y": 300}},
            "data": {"inputs": {"note": note, "schemaType": "slate"}, "size": {"width": 240, "height": 150}}}


def selector(id_: str, *branches: list[dict[str, Any]], logic: int = 2) -> dict[str, Any]:
    """A Selector: one branch (ports "true", "true_1"...; else "false") per list of conditions."""
    return node(id_, T["Selector"], {"branches": [{"condition": {"logic": logic, "conditions": conditions}}
                                                  for conditions in branches]}, title=f"If {id_}")


def condition(operator: int, left: dict[str, Any], right: dict[str, Any] | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"operator": operator, "left": {"input": left}}
    if right is not None:
        found["right"] = {"input": right}
    return found


EQUAL, GREATER = 1, 13  # Selector operators (Coze's vo.OperatorType)


# ------------------------------------------------------------------ Entry, Exit, Selector, VariableAggregator


def greeting_canvas() -> dict[str, Any]:
    """Start(name, age) -> if age > 17 "Welcome {{n}}" else "Hi young {{n}}" -> one label (the
    branch that ran) -> End answering "{{label}}, {{age}} years" with the label as a variable too."""
    age = ref(ENTRY_ID, "age", "integer")
    return linked(
        entry(out("name", required=True), out("age", "integer", defaultValue=30)),
        selector("110001", [condition(GREATER, age, lit(17, "integer"))]),
        concat("120001", "Welcome {{n}}", param("n", ref(ENTRY_ID, "name"))),
        concat("120002", "Hi young {{n}}", param("n", ref(ENTRY_ID, "name"))),
        node("130001", T["VariableAggregator"], {"mergeGroups": [{"name": "label", "variables": [
            ref("120001", "output"), ref("120002", "output")]}]}, [out("label")], title="Pick"),
        exit_(param("label", ref("130001", "label")), param("age", age), text="{{label}}, {{age}} years"),
        comment("190001", "grown-ups are welcomed, the young greeted"),
        edges=[edge(ENTRY_ID, "110001"), edge("110001", "120001", "true"), edge("110001", "120002", "false"),
               edge("120001", "130001"), edge("120002", "130001"), edge("130001", EXIT_ID)])


async def test_entry_exit_selector_and_aggregator_in_sync_and_streamed_runs(console: Console) -> None:
    workflow_id = await console.workflow(greeting_canvas(), publish=True)
    assert await console.run(workflow_id, {"name": "Ada", "age": 36}) == {"output": "Welcome Ada, 36 years"}
    assert await console.run(workflow_id, {"name": "Bo", "age": "9"}) == {"output": "Hi young Bo, 9 years"}
    assert await console.run(workflow_id, {"name": "Cy"}) == {"output": "Welcome Cy, 30 years"}  # the default age
    await expect_error(console.client.call("/v1/workflow/run", {"workflow_id": workflow_id, "parameters": "{}"}),
                       422, "name", "required")

    events = await console.stream(workflow_id, {"name": "Di", "age": 12})
    assert [e["event"] for e in events] == ["Message", "Done"]
    assert (events[0]["data"]["content"], events[0]["data"]["node_type"]) == ("Hi young Di, 12 years", "End")

    # the Exit returning variables instead
    doc = greeting_canvas()
    doc["nodes"][5] = exit_(param("label", ref("130001", "label")), param("age", ref(ENTRY_ID, "age", "integer")))
    variables = await console.workflow(doc, publish=True)
    assert await console.run(variables, {"name": "Ed", "age": 40}) == {"label": "Welcome Ed", "age": 40}
    execute_id = await console.test_run(variables, {"name": "Fa", "age": 3})
    done = await console.wait(variables, execute_id)
    assert done["executeStatus"] == SUCCESS, done
    ran = {node_id for node_id, _ in nodes_of(done)}
    assert ran == {ENTRY_ID, "110001", "120002", "130001", EXIT_ID}  # not the other branch, not the comment
    assert output_of(done, EXIT_ID) == {"label": "Hi young Fa", "age": 3}


# ------------------------------------------------------------------ Loop: array and count, Break, Continue, loop variables


def loops_canvas() -> dict[str, Any]:
    """Start(words, times) ->
    Loop 210001 over words: "skip" -> Continue; "stop" -> Break; else "- {{w}}" and the loop
    variable `last` set to it (outputs: the lines, the last line);
    Loop 220001 counting `times`: "#{{i}}" per iteration (output: the marks) -> End."""
    words = node("210001", T["Loop"], {
        "loopType": "array", "loopCount": lit("10", "integer"),
        "inputParameters": [param("w", ref(ENTRY_ID, "words", "list", **LIST_OF_STRINGS))],
        "variableParameters": [param("last", lit(""))]},
        [param("lines", ref("211003", "output", "list", **LIST_OF_STRINGS)),
         param("last_line", ref("210001", "last"))], title="Each word",
        blocks=[selector("211001", [condition(EQUAL, ref("210001", "w"), lit("skip"))],
                         [condition(EQUAL, ref("210001", "w"), lit("stop"))]),
                node("211002", T["Continue"], title="Skip it"),
                node("211005", T["Break"], title="Stop here"),
                concat("211003", "- {{w}}", param("w", ref("210001", "w"))),
                node("211004", T["VariableAssignerWithinLoop"], {"inputParameters": [
                    {"left": ref("210001", "last"), "right": ref("211003", "output")}]}, title="Remember")],
        edges=[edge("210001", "211001", "loop-function-inline-output"), edge("211001", "211002", "true"),
               edge("211001", "211005", "true_1"), edge("211001", "211003", "false"), edge("211003", "211004"),
               edge("211004", "210001")])
    counting = node("220001", T["Loop"], {
        "loopType": "count", "loopCount": ref(ENTRY_ID, "times", "integer"), "inputParameters": [],
        "variableParameters": []},
        [param("marks", ref("221001", "output", "list", **LIST_OF_STRINGS))], title="Count",
        blocks=[concat("221001", "#{{i}}", param("i", ref("220001", "index", "integer")))],
        edges=[edge("220001", "221001", "loop-function-inline-output"), edge("221001", "220001")])
    return {"nodes": [entry(out("words", "list", **LIST_OF_STRINGS), out("times", "integer")), words, counting,
                      exit_(param("lines", ref("210001", "lines", "list", **LIST_OF_STRINGS)),
                            param("last", ref("210001", "last_line")),
                            param("marks", ref("220001", "marks", "list", **LIST_OF_STRINGS)))],
            "edges": [edge(ENTRY_ID, "210001"), edge("210001", "220001", "loop-output"),
                      edge("220001", EXIT_ID, "loop-output")]}


async def test_loops_over_a_list_and_a_count_with_break_continue_and_loop_variables(console: Console) -> None:
    workflow_id = await console.workflow(loops_canvas(), publish=True)
    events = await console.stream(workflow_id, {"words": ["a", "skip", "b", "stop", "c"], "times": 3})
    assert [e["event"] for e in events] == ["Message", "Done"], events
    assert json.loads(events[0]["data"]["content"]) == {
        "lines": ["- a", "- b"], "last": "- b", "marks": ["#0", "#1", "#2"]}

    assert await console.run(workflow_id, {"words": ["x"], "times": 0}) == {"lines": ["- x"], "last": "- x",
                                                                          "marks": []}

    # the console's view: every iteration of a body node, by index
    execute_id = await console.test_run(workflow_id, {"words": ["p", "skip", "q"], "times": 1})
    done = await console.wait(workflow_id, execute_id)
    assert done["executeStatus"] == SUCCESS, done
    shown = nodes_of(done)
    assert json.loads(shown[("211003", 2)]["output"]) == {"output": "- q"}
    assert ("211003", 1) not in shown and ("211002", 1) in shown  # the skipped word went to the Continue
    assert output_of(done, "210001") == {"lines": ["- p", "- q"], "last_line": "- q"}


# ------------------------------------------------------------------ TextProcessor split, Batch, CodeRunner, JSON nodes

SHOUT = """
async def main(args: Args) -> Output:
    word = args.params["word"]
    return {"loud": word.strip().upper() + "!", "size": len(word.strip())}
"""


def batch_canvas() -> dict[str, Any]:
    """Start(csv) -> split at ";" and "," -> Batch (2 at a time) running Python code on each piece
    -> to JSON text -> back from JSON -> End(json, back, sizes)."""
    split = node("310001", T["TextProcessor"], {
        "method": "split", "inputParameters": [param("String", ref(ENTRY_ID, "csv"))],
        "splitParams": [param("delimiters", lit([";", ","], "list") | LIST_OF_STRINGS),
                        param("allDelimiters", lit([{"label": ";", "value": ";"}, {"label": ",", "value": ","}],
                                                   "list") | {"schema": {"type": "object"}})]},
        [out("output", "list", **LIST_OF_STRINGS)], title="Split")
    batch = node("320001", T["Batch"], {
        "batchSize": lit("100", "integer"), "concurrentSize": lit("2", "integer"),
        "inputParameters": [param("piece", ref("310001", "output", "list", **LIST_OF_STRINGS))]},
        [param("loud", ref("321001", "loud", "list", **LIST_OF_STRINGS)),
         param("sizes", ref("321001", "size", "list", schema={"type": "integer"}))], title="Each piece",
        blocks=[node("321001", T["CodeRunner"], {
            "code": SHOUT, "language": 3, "inputParameters": [param("word", ref("320001", "piece"))]},
            [out("loud"), out("size", "integer")], title="Shout")],
        edges=[edge("320001", "321001", "batch-function-inline-output"), edge("321001", "320001")])
    to_json = node("330001", T["JsonSerialization"], {"inputParameters": [
        param("input", ref("320001", "loud", "list", **LIST_OF_STRINGS))]}, [out("output")], title="To JSON")
    from_json = node("340001", T["JsonDeserialization"], {"inputParameters": [param("input", ref("330001", "output"))]},
                     [out("output", "list", **LIST_OF_STRINGS)], title="From JSON")
    return linked(entry(out("csv", required=True)), split, batch, to_json, from_json,
                  exit_(param("json", ref("330001", "output")),
                        param("back", ref("340001", "output", "list", **LIST_OF_STRINGS)),
                        param("sizes", ref("320001", "sizes", "list", schema={"type": "integer"}))))


async def test_split_batch_code_and_json_nodes_in_a_test_run(console: Console) -> None:
    workflow_id = await console.workflow(batch_canvas())
    execute_id = await console.test_run(workflow_id, {"csv": "tea;cake, jam"})
    done = await console.wait(workflow_id, execute_id)
    assert done["executeStatus"] == SUCCESS, done
    assert output_of(done, "310001") == {"output": ["tea", "cake", " jam"]}
    assert output_of(done, EXIT_ID) == {"json": '["TEA!","CAKE!","JAM!"]', "back": ["TEA!", "CAKE!", "JAM!"],
                                        "sizes": [3, 4, 3]}
    shown = nodes_of(done)
    assert [json.loads(shown[("321001", i)]["input"]) for i in range(3)] == [
        {"word": "tea"}, {"word": "cake"}, {"word": " jam"}]
    assert done["rate"] == "1.00"
    # the console's view of one iteration of a body node, and of the node's last one
    second = await console.get("get_node_execute_history", workflow_id=workflow_id, execute_id=execute_id,
                               node_id="321001", is_batch=True, batch_index=1)
    assert (json.loads(second["input"]), json.loads(second["output"])) == ({"word": "cake"}, {"loud": "CAKE!", "size": 4})
    last = await console.get("get_node_execute_history", workflow_id=workflow_id, execute_id=execute_id,
                             node_id="321001")
    assert (last["index"], json.loads(last["input"])) == (2, {"word": " jam"})  # the last to start

    # the code's failure fails the run naming the node; nothing after it runs
    execute_id = await console.test_run(workflow_id, {"csv": "tea;;cake"})  # an empty piece is fine: ""
    assert (await console.wait(workflow_id, execute_id))["executeStatus"] == SUCCESS
    broken = batch_canvas()
    broken["nodes"][2]["blocks"][0]["data"]["inputs"]["code"] = SHOUT.replace('args.params["word"]', "args.params[7]")
    failing = await console.workflow(broken)
    failed = await console.wait(failing, await console.test_run(failing, {"csv": "a"}))
    assert failed["executeStatus"] == FAIL and "7" in failed["reason"], failed
    assert ("330001", -1) not in nodes_of(failed)


# ------------------------------------------------------------------ SubWorkflow, OutputEmitter


def child_canvas() -> dict[str, Any]:
    return linked(entry(out("text", required=True)), concat("410001", "<{{t}}>", param("t", ref(ENTRY_ID, "text"))),
                  exit_(param("wrapped", ref("410001", "output"))))


def parent_canvas(child_id: str, version: str) -> dict[str, Any]:
    """Start(text) -> a message "working on {{t}}" -> the child workflow on it -> End "done: {{w}}"."""
    emitter = node("420001", T["OutputEmitter"], {
        "inputParameters": [param("t", ref(ENTRY_ID, "text"))], "content": lit("working on {{t}}"),
        "streamingOutput": False}, [], title="Progress")
    sub = node("430001", T["SubWorkflow"], {
        "workflowId": child_id, "workflowVersion": version, "spaceId": "",
        "inputParameters": [param("text", ref(ENTRY_ID, "text"))], "inputDefs": [out("text", required=True)]},
        [out("wrapped")], title="Wrap")
    return linked(entry(out("text", required=True)), emitter, sub,
                  exit_(param("w", ref("430001", "wrapped")), text="done: {{w}}"))


async def test_a_sub_workflow_and_an_output_emitter_in_a_streamed_run(console: Console) -> None:
    child = await console.workflow(child_canvas(), publish=True)
    parent = await console.workflow(parent_canvas(child, "v0.0.1"), publish=True)
    events = await console.stream(parent, {"text": "tea"})
    assert [(e["event"], e["data"].get("node_type"), e["data"].get("content")) for e in events] == [
        ("Message", "Message", "working on tea"), ("Message", "End", "done: <tea>"), ("Done", None, None)]
    assert await console.run(parent, {"text": "jam"}) == {"output": "done: <jam>"}

    # the child's draft moves on: the pinned version still runs; a test run of the parent takes drafts
    commit = (await console.call("canvas", workflow_id=child))["data"]["vcs_data"]["submit_commit_id"]
    changed = child_canvas()
    changed["nodes"][1] = concat("410001", "[{{t}}]", param("t", ref(ENTRY_ID, "text")))
    await console.call("save", workflow_id=child, schema=json.dumps(changed), submit_commit_id=commit)
    assert await console.run(parent, {"text": "jam"}) == {"output": "done: <jam>"}
    done = await console.wait(parent, await console.test_run(parent, {"text": "jam"}))
    assert output_of(done, "430001") == {"wrapped": "[jam]"}
    references = (await console.call("workflow_references", workflow_id=child))["data"]["workflow_list"]
    assert [w["workflow_id"] for w in references] == [parent]


# ------------------------------------------------------------------ QuestionAnswer, InputReceiver


def interview_canvas() -> dict[str, Any]:
    """Start(name) -> a question "Hi {{n}}, which city?" -> a form (age, pets) -> End(summary)."""
    question = node("510001", T["QuestionAnswer"], {
        "inputParameters": [param("n", ref(ENTRY_ID, "name"))], "question": "Hi {{n}}, which city?",
        "answer_type": "text", "limit": 3}, [out("USER_RESPONSE")], title="City?")
    form_fields = [out("age", "integer", required=True), out("pets", "list", **LIST_OF_STRINGS)]
    form = node("520001", T["InputReceiver"], {"outputSchema": json.dumps(form_fields), "inputParameters": []},
                form_fields, title="About you")
    summary = concat("530001", "{{n}} ({{a}}) lives in {{c}} with {{p}}", param("n", ref(ENTRY_ID, "name")),
                     param("a", ref("520001", "age", "integer")), param("c", ref("510001", "USER_RESPONSE")),
                     param("p", ref("520001", "pets", "list", **LIST_OF_STRINGS)))
    return linked(entry(out("name")), question, form, summary, exit_(param("summary", ref("530001", "output"))))


async def test_a_question_and_a_form_interrupt_a_test_run_and_test_resume_answers_them(console: Console) -> None:
    workflow_id = await console.workflow(interview_canvas())
    execute_id = await console.test_run(workflow_id, {"name": "Ada"})
    asked = await console.wait(workflow_id, execute_id)
    assert asked["executeStatus"] == INTERRUPTED, asked
    [event] = asked["nodeEvents"]
    assert (event["node_id"], event["type"], event["node_title"]) == ("510001", QUESTION, "City?")
    assert json.loads(event["data"])["messages"][0]["content"] == "Hi Ada, which city?"
    await console.call("test_resume", workflow_id=workflow_id, execute_id=execute_id, event_id=event["id"],
                       data="Lyon")

    deadline = asyncio.get_running_loop().time() + 30
    while True:  # the run goes on to the form and stops again
        form = await console.wait(workflow_id, execute_id)
        if form["nodeEvents"] and form["nodeEvents"][0]["node_id"] == "520001":
            break
        assert asyncio.get_running_loop().time() < deadline, form
        await asyncio.sleep(0.1)
    [event] = form["nodeEvents"]
    assert event["type"] == INPUT
    schema = json.loads(json.loads(event["data"])["content"])
    assert [field["name"] for field in schema] == ["age", "pets"]
    await console.call("test_resume", workflow_id=workflow_id, execute_id=execute_id, event_id=event["id"],
                       data=json.dumps({"age": "36", "pets": ["cat", "owl"]}))
    done = await console.wait(workflow_id, execute_id, SUCCESS, FAIL)
    assert output_of(done, EXIT_ID) == {"summary": "Ada (36) lives in Lyon with cat, owl"}  # a list joined by ", "
    await expect_error(console.call("test_resume", workflow_id=workflow_id, execute_id=execute_id,
                                    event_id=event["id"], data="{}"), 409, "not waiting")


# ------------------------------------------------------------------ IntentDetector, HTTPRequester, Plugin

WEATHER_API = {
    "openapi": "3.0.1", "info": {"title": "Weather", "description": "Today's weather", "version": "1"},
    "paths": {"/weather": {"get": {
        "operationId": "get_weather", "summary": "The weather in a city",
        "parameters": [{"name": "city", "in": "query", "required": True, "schema": {"type": "string"}}],
        "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {
            "type": "object", "properties": {"sky": {"type": "string"}, "degrees": {"type": "integer"}}}}}}}}}},
}


def router_canvas(http_url: str, plugin_id: str, api_id: str) -> dict[str, Any]:
    """Start(question, city) -> intent: 0 "refund" -> HTTP POST {"order"...} to the shop; 1 "weather"
    -> the Weather plugin; else a canned text -> one answer -> End(answer, intent)."""
    detector = node("610001", T["IntentDetector"], {
        "inputParameters": [param("query", ref(ENTRY_ID, "question"))],
        "intents": [{"name": "refund an order"}, {"name": "the weather"}],
        "llmParam": {"modelType": int(STUB_MODEL_ID), "temperature": 0.1, "prompt": lit("{{query}}"),
                     "systemPrompt": lit("Route the customer's message.")},
        "mode": "all"}, [out("classificationId", "integer"), out("reason")], title="Route")
    http = node("620001", T["HTTPRequester"], {
        "apiInfo": {"method": "POST", "url": http_url + "/refunds?city={{block_output_100001.city}}"},
        "headers": [param("X-Shop", lit("e2e"))], "params": [], "auth": {"authOpen": False},
        "body": {"bodyType": "JSON", "bodyData": {"json": '{"question": "{{block_output_100001.question}}"}'}},
        "setting": {"timeout": 5, "retryTimes": 0}},
        [out("body"), out("statusCode", "integer"), out("headers")], title="Shop API")
    weather = node("630001", T["Plugin"], {
        "inputParameters": [param("city", ref(ENTRY_ID, "city"))],
        "apiParam": [param("pluginID", lit(plugin_id)), param("apiID", lit(api_id)), param("pluginVersion", lit("")),
                     param("apiName", lit("get_weather")), param("pluginName", lit("Weather"))]},
        [out("sky"), out("degrees", "integer")], title="get_weather")
    weather_text = concat("640001", "{{sky}}, {{d}} degrees", param("sky", ref("630001", "sky")),
                          param("d", ref("630001", "degrees", "integer")))
    canned = concat("650001", "Sorry, I only do refunds and weather")
    answer = node("660001", T["VariableAggregator"], {"mergeGroups": [{"name": "answer", "variables": [
        ref("620001", "body"), ref("640001", "output"), ref("650001", "output")]}]}, [out("answer")], title="Answer")
    return linked(entry(out("question", required=True), out("city")), detector, http, weather, weather_text, canned,
                  answer, exit_(param("answer", ref("660001", "answer")),
                                param("intent", ref("610001", "classificationId", "integer"))),
                  edges=[edge(ENTRY_ID, "610001"), edge("610001", "620001", "branch_0"),
                         edge("610001", "630001", "branch_1"), edge("610001", "650001", "default"),
                         edge("630001", "640001"), edge("620001", "660001"), edge("640001", "660001"),
                         edge("650001", "660001"), edge("660001", EXIT_ID)])


async def test_an_intent_routes_to_an_http_request_or_a_plugin(console: Console, stub) -> None:
    with ToolServer() as shop, ToolServer() as weather_api:
        shop.respond("POST", "/refunds", {"refund": "accepted"})
        weather_api.respond("GET", "/weather", {"sky": "sunny", "degrees": 21})
        document = {**WEATHER_API, "servers": [{"url": weather_api.url()}]}
        plugin_id, api_id = await register_api_key_plugin(console.client, document, api_key="k-123")
        workflow_id = await console.workflow(router_canvas(shop.url(), plugin_id, api_id), publish=True)

        stub.script({"content": '{"classificationId": 1, "reason": "wants money back"}'},
                    {"content": '{"classificationId": 2, "reason": "asks about the sky"}'},
                    {"content": '{"classificationId": 0, "reason": "small talk"}'})
        refund = await console.run(workflow_id, {"question": "refund order 7", "city": "Oslo"})
        assert (json.loads(refund["answer"]), refund["intent"]) == ({"refund": "accepted"}, 1)
        sent = shop.calls("POST", "/refunds")[-1]
        assert sent.query == {"city": ["Oslo"]} and sent.json() == {"question": "refund order 7"}
        assert sent.headers["x-shop"] == "e2e"
        assert weather_api.calls("GET", "/weather") == []

        execute_id = await console.test_run(workflow_id, {"question": "sunny in Rome?", "city": "Rome"})
        done = await console.wait(workflow_id, execute_id)
        assert done["executeStatus"] == SUCCESS, done
        assert output_of(done, EXIT_ID) == {"answer": "sunny, 21 degrees", "intent": 2}
        called = weather_api.calls("GET", "/weather")[-1]
        assert called.query == {"city": ["Rome"]} and called.headers["x-api-key"] == "k-123"
        assert output_of(done, "630001") == {"sky": "sunny", "degrees": 21}
        assert ("620001", -1) not in nodes_of(done)
        system = stub.requests("/v1/chat/completions")[-1]["json"]["messages"][0]["content"]
        assert "the weather" in system and "refund an order" in system

        other = await console.run(workflow_id, {"question": "hello"})
        assert other == {"answer": "Sorry, I only do refunds and weather", "intent": 0}

        # one node debugged alone: the HTTP request with the values the console's form gives it
        debug = (await console.call("nodeDebug", workflow_id=workflow_id, node_id="620001",
                                    input={"city": "Nice", "question": "just this"}))["data"]
        debugged = await console.wait(workflow_id, debug["execute_id"])
        assert [n["nodeId"] for n in debugged["nodeResults"]] == ["620001"]
        assert shop.calls("POST", "/refunds")[-1].query == {"city": ["Nice"]}
        last = await console.get("get_node_execute_history", workflow_id=workflow_id, node_id="620001",
                                 execute_id=debug["execute_id"])
        assert json.loads(json.loads(last["output"])["body"]) == {"refund": "accepted"}


# ------------------------------------------------------------------ VariableAssigner


async def test_a_variable_assigner_sets_the_bots_user_variables(console: Console) -> None:
    client = console.client
    bot_id = (await client.call("/api/draftbot/create", {"space_id": console.space_id,
                                                         "name": f"wf-{uuid.uuid4().hex[:8]}"}))["data"]["bot_id"]
    await client.call("/api/playground_api/draftbot/update_draft_bot_info", {"space_id": console.space_id, "bot_info": {
        "bot_id": bot_id, "model_info": {"model_id": STUB_MODEL_ID},
        "variable_list": [{"key": "city", "default_value": "Oslo"}, {"key": "visits"}]}})
    user_variable = {"type": "string", "value": {"type": "ref", "content": {
        "source": "global_variable_user", "path": ["city"], "blockID": "", "name": ""}}}
    assigner = node("710001", T["VariableAssigner"], {
        "inputParameters": [{"name": "city", "left": user_variable, "input": ref(ENTRY_ID, "city")}],
        "variableTypeMap": {"city": "global_variable_user"}}, [out("isSuccess", "boolean")], title="Remember")
    workflow_id = await console.workflow(linked(entry(out("city")), assigner,
                                                exit_(param("ok", ref("710001", "isSuccess", "boolean")))),
                                         publish=True)
    assert await console.run(workflow_id, {"city": "Rome"}, bot_id=bot_id) == {"ok": True}
    memories = (await client.call("/api/memory/variable/get", {"bot_id": bot_id}))["memories"]
    assert {m["keyword"]: m["value"] for m in memories}["city"] == "Rome"
    # without a bot there is no user to remember it for: the run fails naming the node
    await expect_error(client.call("/v1/workflow/run", {"workflow_id": workflow_id,
                                                        "parameters": json.dumps({"city": "Pisa"})}),
                       422, "Remember")


# ------------------------------------------------------------------ canvases that cannot run


async def test_bad_canvases_are_reported_by_validate_tree_and_refused_by_publish(console: Console) -> None:
    doc = greeting_canvas()
    doc["nodes"][2]["data"]["inputs"]["inputParameters"][0]["input"] = ref("404404", "name")  # no such node
    doc["edges"] = [e for e in doc["edges"] if e["targetNodeID"] != "120002"]  # the else branch leads nowhere
    loops = loops_canvas()
    loops["nodes"][1]["blocks"].append(node("211009", T["Batch"], {}, title="Batch in a loop"))
    loops["nodes"][1]["edges"].append(edge("211004", "211009"))

    for broken, expected in ((doc, {("MissingNode", "120001"), ("Unconnected", "110001")}),
                             (loops, {("NestedComposite", "211009")})):
        workflow_id = await console.workflow(broken)  # saved: a draft is work in progress
        [info] = (await console.call("validate_tree", workflow_id=workflow_id))["data"]
        found = {(kind, (e.get("node_error") or {}).get("node_id") or (e.get("path_error") or {}).get("start"))
                 for e in info["errors"] for kind, value in KIND.items() if value == e["kind"]}
        assert expected <= found, info["errors"]
        refused = await expect_error(console.call("publish", workflow_id=workflow_id, force=True), 400,
                                     f"workflow {workflow_id} cannot be published", *(n for _, n in expected))
        assert refused["code"] == 400
        await expect_error(console.test_run(workflow_id, {"name": "x"}), 400, *(n for _, n in expected))
