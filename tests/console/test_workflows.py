"""The Workflows area: the list (create, copy, delete) and the canvas editor, against chat_stack.

The editor test builds Start -> LLM -> Selector -(if)-> Loop (a Text node in its body) -> HTTP
request -> End on the canvas, wires references in the node forms, saves, checks validation
marks a node, test runs it (the scripted model answers the LLM node; the HTTP node calls a
local server) and reads each node's status and output in the UI. A canvas saved over HTTP opens
in the editor as it is."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.canvas_builders import ENTRY_ID, EXIT_ID, chain, concat, entry, exit_, node, out, param, ref
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.pytest_plugin import run_sync
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack
from atelier_devstack.tool_servers import ToolServer, forecast_openapi, register_api_key_plugin

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def weather_api() -> Iterator[ToolServer]:
    with ToolServer() as server:
        server.respond("GET", "/weather", {"sky": "clear", "degrees": 21})
        yield server


def unique(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:6]}"


def panel(page: Page) -> Locator:
    return page.get_by_role("complementary", name="Node settings")


def select_node(page: Page, title: str) -> Locator:
    page.get_by_label("Find a node").select_option(label=title)
    settings = panel(page)
    expect(settings.get_by_label("Title", exact=True)).to_have_value(title)
    return settings


def connect(page: Page, source: str, target: str, port: str | None = None) -> None:
    settings = select_node(page, source)
    if port is not None:
        settings.get_by_label("From port").select_option(label=port)
    settings.get_by_label("Connect to").select_option(label=target)
    settings.get_by_role("button", name="Connect", exact=True).click()
    expect(settings.get_by_role("list").filter(has_text=target).first).to_be_visible()


def pick(settings: Locator, label: str, option: str) -> None:
    settings.get_by_label(label, exact=True).select_option(label=option)


def node_on_canvas(page: Page, title: str, kind: str) -> Locator:
    return page.locator(".react-flow__node").filter(has=page.get_by_label(f"{title} ({kind})", exact=True))


def test_list_creates_copies_and_deletes_workflows(console: Page, screenshot) -> None:
    console.get_by_role("link", name="Workflows").click()
    expect(console.get_by_role("heading", name="Workflows")).to_be_visible()
    form = console.get_by_role("form", name="Create a workflow")
    form.get_by_label("Name").fill("9 lives")  # not an identifier: the server says why
    form.get_by_role("button", name="Create workflow").click()
    expect(console.get_by_role("alert")).to_contain_text("name")

    name = unique("listed")
    form.get_by_label("Name").fill(name)
    form.get_by_label("Description").fill("made in the browser")
    form.get_by_role("button", name="Create workflow").click()
    expect(console.get_by_role("region", name="Workflow editor")).to_be_visible()
    expect(node_on_canvas(console, "Start", "Start")).to_be_visible()
    expect(node_on_canvas(console, "End", "End")).to_be_visible()

    console.get_by_role("link", name="← Workflows").click()
    row = console.get_by_role("row").filter(has_text=name).first
    expect(row).to_contain_text("made in the browser")
    row.get_by_role("button", name=f"Copy {name}").click()
    copy = console.get_by_role("row").filter(has=console.get_by_role("link", name=f"{name}_copy", exact=True))
    expect(copy).to_be_visible()
    screenshot(console, "workflows")

    console.once("dialog", lambda dialog: dialog.accept())
    copy.get_by_role("button", name=f"Delete {name}_copy").click()
    expect(copy).to_have_count(0)
    expect(console.get_by_role("link", name=name, exact=True)).to_be_visible()


def test_build_save_validate_and_test_run_a_workflow_on_the_canvas(
    console: Page, stub: OpenAIStub, weather_api: ToolServer, screenshot,
) -> None:
    console.get_by_role("link", name="Workflows").click()
    form = console.get_by_role("form", name="Create a workflow")
    form.get_by_label("Name").fill(unique("weather"))
    form.get_by_role("button", name="Create workflow").click()
    palette = console.get_by_role("navigation", name="Node palette")

    # nodes: each added next to the selected one
    select_node(console, "Start")
    for kind in ("LLM", "Selector", "Loop"):
        palette.get_by_role("button", name=f"Add {kind}", exact=True).click()
        expect(panel(console).get_by_label("Title", exact=True)).to_have_value(kind)
    settings = panel(console)
    settings.get_by_label("Node to add to the body").select_option(label="Text")
    settings.get_by_role("button", name="Add to body").click()
    expect(node_on_canvas(console, "Text", "Text")).to_be_visible()
    select_node(console, "Loop")
    palette.get_by_role("button", name="Add HTTP request").click()
    palette.get_by_role("button", name="Add Code").click()  # added, then deleted again
    expect(node_on_canvas(console, "Code", "Code")).to_be_visible()
    panel(console).get_by_role("button", name="Delete node").click()
    expect(node_on_canvas(console, "Code", "Code")).to_have_count(0)

    # an unconnected node is reported by validation, on the canvas and in the list
    console.get_by_role("button", name="Validate").click()
    problems = console.get_by_role("alert", name="Validation problems")
    expect(problems).to_contain_text("LLM")
    marked = console.get_by_label("LLM (LLM)", exact=True)
    expect(marked).to_have_class(re.compile("has-problems"))
    expect(marked).to_contain_text("problem")

    # edges: Start -> LLM dragged from port to node; the rest from the node forms
    console.get_by_label("Canvas").get_by_role("button", name="fit view").click()
    start_port = node_on_canvas(console, "Start", "Start").locator(".react-flow__handle.source")
    start_port.drag_to(node_on_canvas(console, "LLM", "LLM").locator(".react-flow__handle.target"))
    expect(console.locator(".react-flow__edge")).to_have_count(3)  # and the Loop's body edges
    connect(console, "LLM", "Selector")
    connect(console, "Selector", "Loop", port="If")
    connect(console, "Selector", "End", port="Else")
    connect(console, "Loop", "HTTP request")
    connect(console, "HTTP request", "End")

    # forms: references to the outputs before each node
    settings = select_node(console, "LLM")
    settings.get_by_label("Model", exact=True).select_option(value=STUB_MODEL_ID)
    settings.get_by_label("Prompt", exact=True).fill("The weather in {{input}}?")
    pick(settings, "Input 1 reference", "Start › input (string)")

    settings = select_node(console, "Selector")
    pick(settings, "If condition 1 left reference", "LLM › output (string)")
    pick(settings, "If condition 1 operator", "contains")
    settings.get_by_label("If condition 1 right value").fill("sunny")

    settings = select_node(console, "Loop")
    pick(settings, "Loop type", "A number of times")
    settings.get_by_label("Loop count value").fill("2")
    settings.get_by_role("group", name="Outputs (gathered from each iteration)").get_by_role("button", name="Add output").click()
    settings.get_by_label("Gathered output 1 name").fill("rounds")
    pick(settings, "Gathered output 1 reference", "Text › output (string)")

    settings = select_node(console, "Text")
    pick(settings, "Input 1 reference", "Loop › index (integer)")
    settings.get_by_label("Template").fill("round {{String1}}")

    settings = select_node(console, "HTTP request")
    settings.get_by_label("URL").fill(weather_api.url("/weather") + "?city={{block_output_100001.input}}")

    settings = select_node(console, "End")
    pick(settings, "Input 1 reference", "LLM › output (string)")
    for i, (name, option) in enumerate([("rounds", "Loop › rounds (list)"), ("weather", "HTTP request › body (string)")], start=2):
        settings.get_by_role("button", name="Add input").click()
        settings.get_by_label(f"Input {i} name").fill(name)
        pick(settings, f"Input {i} reference", option)

    console.get_by_role("button", name="Save", exact=True).click()
    expect(console.get_by_role("status").filter(has_text="Saved")).to_be_visible()
    console.get_by_role("button", name="Validate").click()
    expect(console.get_by_role("status").filter(has_text="No problems found")).to_be_visible()
    expect(console.get_by_role("alert", name="Validation problems")).to_have_count(0)
    console.get_by_label("Canvas").get_by_role("button", name="fit view").click()
    screenshot(console, "workflow-canvas")

    # the test run: the model answers the LLM node, the Selector takes "If"
    stub.script({"content": "sunny all day"})
    console.get_by_role("button", name="Test run").click()
    dialog = console.get_by_role("dialog", name="Test run")
    dialog.get_by_role("textbox", name="input (string)").fill("Paris")
    dialog.get_by_role("button", name="Run").click()
    run = console.get_by_role("region", name="Test run")
    expect(run.get_by_test_id("run-status")).to_have_text("succeeded", timeout=60_000)
    for title, kind in [("Start", "Start"), ("LLM", "LLM"), ("Selector", "Selector"), ("Text", "Text"),
                        ("HTTP request", "HTTP request"), ("End", "End")]:
        expect(node_on_canvas(console, title, kind).get_by_test_id("node-status")).to_have_text("succeeded")
    expect(node_on_canvas(console, "Loop", "Loop").get_by_test_id("node-status").first).to_have_text("succeeded")
    assert weather_api.calls("GET", "/weather")[0].query == {"city": ["Paris"]}

    run.get_by_role("button", name="End", exact=True).click()
    result = panel(console).get_by_role("region", name="Last run of this node")
    output = json.loads(result.get_by_test_id("node-output").inner_text())
    assert output == {"output": "sunny all day", "rounds": ["round 0", "round 1"],
                      "weather": json.dumps({"sky": "clear", "degrees": 21})}
    run.get_by_role("button", name="Text", exact=True).click()
    expect(panel(console).get_by_role("region", name="Last run of this node")).to_contain_text("Ran 2 times")
    screenshot(console, "workflow-run")


def save_over_http(chat_stack: KnowledgeStack, doc: dict, name: str = "") -> str:
    """A workflow whose draft is `doc`, made through the public API as a script would."""
    with httpx.Client(base_url=chat_stack.gateway_url, headers={"Authorization": f"Bearer {chat_stack.token}"}) as http:

        def call(route: str, **body: object) -> dict:
            answer = http.post(f"/api/workflow_api/{route}", json={"space_id": chat_stack.space_id, **body}).json()
            assert answer["code"] == 0, answer
            return answer["data"]

        workflow_id = call("create", name=name or unique("saved"), desc="")["workflow_id"]
        commit = call("canvas", workflow_id=workflow_id)["vcs_data"]["submit_commit_id"]
        call("save", workflow_id=workflow_id, schema=json.dumps(doc), submit_commit_id=commit)
        return str(workflow_id)


def test_a_canvas_saved_over_http_opens_in_the_editor_debugs_a_node_and_publishes(
    console: Page, chat_stack: KnowledgeStack,
) -> None:
    doc = {"nodes": [entry(out("name")), concat("120001", "Hi {{n}}", param("n", ref(ENTRY_ID, "name"))),
                     exit_(param("greeting", ref("120001", "output")))],
           "edges": chain(ENTRY_ID, "120001", EXIT_ID)}
    console.goto(f"/workflows/{save_over_http(chat_stack, doc)}")
    expect(node_on_canvas(console, "120001", "Text")).to_be_visible()
    settings = select_node(console, "120001")
    expect(settings.get_by_label("Template")).to_have_value("Hi {{n}}")
    expect(settings.get_by_label("Input 1 reference")).to_have_value(f"{ENTRY_ID}::name")
    console.get_by_role("button", name="Canvas JSON").click()
    assert json.loads(console.get_by_label("Canvas JSON text").input_value()) == doc
    console.get_by_role("dialog", name="Canvas JSON").get_by_role("button", name="Close").click()

    # single-node debug: the node runs alone with the inputs typed
    settings.get_by_text("Debug this node alone").click()
    settings.get_by_label("Debug input n").fill("Ada")
    settings.get_by_role("button", name="Run this node").click()
    debug = settings.get_by_role("region", name="Debug run of this node")
    expect(debug).to_contain_text("succeeded", timeout=30_000)
    assert json.loads(debug.get_by_test_id("node-output").inner_text()) == {"output": "Hi Ada"}

    # publishing wants a test run since the last change; the server says so, then it is forced
    console.get_by_role("button", name="Publish", exact=True).click()
    expect(console.get_by_role("alert").filter(has_text="test run")).to_be_visible()
    console.get_by_role("button", name="Publish anyway").click()
    expect(console.get_by_role("status").filter(has_text="Published")).to_be_visible()
    console.get_by_role("link", name="← Workflows").click()
    expect(console.get_by_role("row").filter(has_text="v0.0.1").first).to_be_visible()


def test_a_test_run_waits_for_answers_to_a_question_and_a_form(console: Page, chat_stack: KnowledgeStack) -> None:
    doc = json.loads((REPO / "web/src/pages/workflows/fixtures/e2e_interview.json").read_text())
    console.goto(f"/workflows/{save_over_http(chat_stack, doc)}")
    console.get_by_role("button", name="Test run").click()
    dialog = console.get_by_role("dialog", name="Test run")
    dialog.get_by_role("textbox", name="name (string)").fill("Ada")
    dialog.get_by_role("button", name="Run").click()
    run = console.get_by_role("region", name="Test run")
    expect(run.get_by_test_id("run-status")).to_have_text("waiting for an answer", timeout=30_000)
    question = run.get_by_role("form", name="Answer City?")
    expect(question).to_contain_text("Hi Ada, which city?")
    expect(node_on_canvas(console, "City?", "Question").get_by_test_id("node-status")).to_have_text("waiting for an answer")
    question.get_by_label("Answer").fill("Lyon")
    question.get_by_role("button", name="Send answer").click()

    form = run.get_by_role("form", name="Answer About you")
    form.get_by_label("age").fill("36")
    form.get_by_label("pets").fill('["cat", "owl"]')
    form.get_by_role("button", name="Send answer").click()
    expect(run.get_by_test_id("run-status")).to_have_text("succeeded", timeout=30_000)
    run.get_by_role("button", name="End", exact=True).click()
    result = panel(console).get_by_role("region", name="Last run of this node")
    assert json.loads(result.get_by_test_id("node-output").inner_text()) == {"summary": "Ada (36) lives in Lyon with cat, owl"}


def test_a_500_node_canvas_opens_and_draws_only_what_is_on_screen(console: Page, chat_stack: KnowledgeStack) -> None:
    texts = [concat(str(200000 + i), f"step {i}", param("s", ref(str(200000 + i - 1) if i else ENTRY_ID, "output" if i else "name")))
             | {"meta": {"position": {"x": 300 * (i + 1), "y": (i % 5) * 140}}} for i in range(498)]
    start = entry(out("name")) | {"meta": {"position": {"x": 0, "y": 0}}}
    end = exit_(param("last", ref(texts[-1]["id"], "output"))) | {"meta": {"position": {"x": 300 * 500, "y": 0}}}
    doc = {"nodes": [start, *texts, end], "edges": chain(ENTRY_ID, *(t["id"] for t in texts), EXIT_ID)}
    console.goto(f"/workflows/{save_over_http(chat_stack, doc)}")
    finder = console.get_by_label("Find a node")
    expect(finder.locator("option")).to_have_count(501)  # every node, and the prompt
    drawn = console.locator(".react-flow__node")
    expect(drawn.first).to_be_visible()
    assert 0 < drawn.count() < 100  # the nodes off screen are not in the page

    settings = select_node(console, "200300")  # far along: the view moves there
    expect(node_on_canvas(console, "200300", "Text")).to_be_visible()
    expect(settings.get_by_label("Input 1 reference")).to_have_value("200299::output")
    settings.get_by_label("Title", exact=True).fill("Step three hundred")
    expect(node_on_canvas(console, "Step three hundred", "Text")).to_be_visible()
    console.get_by_role("button", name="Save", exact=True).click()
    expect(console.get_by_role("status").filter(has_text="Saved")).to_be_visible()


TEAPOT = ("Teapot care: rinse the teapot with warm water after every brew, never use soap or a dishwasher, "
          "and dry it upside down on a soft towel.\n\n"
          "Warranty: every Atelier teapot carries a two year warranty against cracks in the glaze, as long as "
          "the receipt is kept.")


def indexed_dataset(chat_stack: KnowledgeStack, name: str) -> str:
    """A knowledge base holding one indexed text document, made over HTTP."""

    async def go() -> str:
        client: AtelierClient
        async with chat_stack.client() as client:
            dataset_id = await client.create_dataset(name)
            doc = await client.create_text_document(dataset_id, "teapot-guide", TEAPOT)
            assert (await client.wait_documents([doc["document_id"]]))[doc["document_id"]]["status"] == 1
            return dataset_id

    return run_sync(go())


def test_knowledge_and_sub_workflow_nodes_configured_by_their_forms_run(
    console: Page, chat_stack: KnowledgeStack, screenshot,
) -> None:
    dataset = unique("Teapots")
    dataset_id = indexed_dataset(chat_stack, dataset)
    child = unique("wrapper")
    child_doc = {"nodes": [entry(out("text", required=True)), concat("410001", "<{{t}}>", param("t", ref(ENTRY_ID, "text"))),
                           exit_(param("wrapped", ref("410001", "output")))],
                 "edges": chain(ENTRY_ID, "410001", EXIT_ID)}
    child_id = save_over_http(chat_stack, child_doc, name=child)

    console.get_by_role("link", name="Workflows").click()
    form = console.get_by_role("form", name="Create a workflow")
    form.get_by_label("Name").fill(unique("teapot_answers"))
    form.get_by_role("button", name="Create workflow").click()
    palette = console.get_by_role("navigation", name="Node palette")
    select_node(console, "Start")
    for kind in ("Knowledge retrieve", "Sub-workflow"):
        palette.get_by_role("button", name=f"Add {kind}", exact=True).click()
        expect(panel(console).get_by_label("Title", exact=True)).to_have_value(kind)
    connect(console, "Start", "Knowledge retrieve")
    connect(console, "Knowledge retrieve", "Sub-workflow")
    connect(console, "Sub-workflow", "End")

    # the retriever: the dataset picked from the space's knowledge bases, full text, top 2
    settings = select_node(console, "Knowledge retrieve")
    knowledge = settings.get_by_role("group", name="Knowledge bases")
    knowledge.get_by_label(dataset).check()
    settings.get_by_label("Top k").fill("2")
    settings.get_by_label("Min score").fill("0")
    pick(settings, "Search strategy", "Full text")
    pick(settings, "Input 1 reference", "Start › input (string)")

    # the sub-workflow: picked from the space's workflows; its Start's input becomes the node's input
    settings = select_node(console, "Sub-workflow")
    pick(settings, "Workflow", child)
    expect(settings.get_by_label("Input 1 name")).to_have_value("text")
    pick(settings, "Input 1 reference", "Start › input (string)")
    expect(settings.get_by_label("Output 1 name")).to_have_value("wrapped")

    settings = select_node(console, "End")
    pick(settings, "Input 1 reference", "Knowledge retrieve › outputList (list)")
    settings.get_by_role("button", name="Add input").click()
    settings.get_by_label("Input 2 name").fill("wrapped")
    pick(settings, "Input 2 reference", "Sub-workflow › wrapped (string)")
    settings = select_node(console, "Knowledge retrieve")
    screenshot(console, "workflow-knowledge-form")

    console.get_by_role("button", name="Test run").click()
    dialog = console.get_by_role("dialog", name="Test run")
    dialog.get_by_role("textbox", name="input (string)").fill("warranty")
    dialog.get_by_role("button", name="Run").click()
    run = console.get_by_role("region", name="Test run")
    expect(run.get_by_test_id("run-status")).to_have_text("succeeded", timeout=60_000)
    for title, kind in [("Knowledge retrieve", "Knowledge retrieve"), ("Sub-workflow", "Sub-workflow")]:
        expect(node_on_canvas(console, title, kind).get_by_test_id("node-status")).to_have_text("succeeded")

    run.get_by_role("button", name="Knowledge retrieve", exact=True).click()
    result = panel(console).get_by_role("region", name="Last run of this node")
    found = json.loads(result.get_by_test_id("node-output").inner_text())["outputList"]
    assert found and "two year warranty" in found[0]["output"] and found[0]["datasetId"] == dataset_id, found
    run.get_by_role("button", name="Sub-workflow", exact=True).click()
    result = panel(console).get_by_role("region", name="Last run of this node")
    assert json.loads(result.get_by_test_id("node-output").inner_text()) == {"wrapped": "<warranty>"}
    run.get_by_role("button", name="End", exact=True).click()
    output = json.loads(panel(console).get_by_role("region", name="Last run of this node").get_by_test_id("node-output").inner_text())
    assert output["wrapped"] == "<warranty>" and "two year warranty" in str(output["output"])

    # the canvas as saved names the dataset and the workflow in Coze's fields
    console.get_by_role("button", name="Canvas JSON").click()
    saved = json.loads(console.get_by_label("Canvas JSON text").input_value())
    console.get_by_role("dialog", name="Canvas JSON").get_by_role("button", name="Close").click()
    kinds = {n["type"]: n["data"].get("inputs", {}) for n in saved["nodes"]}
    by_name = {p["name"]: p["input"]["value"]["content"] for p in kinds["6"]["datasetParam"]}
    assert by_name["topK"] == 2 and by_name["strategy"] == 20 and by_name["datasetList"] == [dataset_id]
    assert kinds["9"]["workflowId"] == child_id


def test_a_slow_test_run_is_cancelled(console: Page, chat_stack: KnowledgeStack) -> None:
    with ToolServer() as slow:
        slow.respond("GET", "/slow", {"late": True}, delay_s=20)
        call = node("450001", 45, {
            "apiInfo": {"method": "GET", "url": slow.url("/slow")}, "headers": [], "params": [], "auth": {"authOpen": False},
            "body": {"bodyType": "EMPTY", "bodyData": {"json": ""}}, "setting": {"timeout": 120, "retryTimes": 0}},
            [out("body"), out("statusCode", "integer"), out("headers")], title="Slow call")
        doc = {"nodes": [entry(out("name")), call, exit_(param("body", ref("450001", "body")))],
               "edges": chain(ENTRY_ID, "450001", EXIT_ID)}
        console.goto(f"/workflows/{save_over_http(chat_stack, doc)}")
        expect(node_on_canvas(console, "Slow call", "HTTP request")).to_be_visible()
        expect(console.get_by_role("button", name="Cancel run")).to_have_count(0)
        console.get_by_role("button", name="Test run").click()
        dialog = console.get_by_role("dialog", name="Test run")
        dialog.get_by_role("button", name="Run").click()
        run = console.get_by_role("region", name="Test run")
        expect(run.get_by_test_id("run-status")).to_have_text("running", timeout=30_000)
        expect(node_on_canvas(console, "Slow call", "HTTP request").get_by_test_id("node-status")).to_have_text("running", timeout=30_000)
        console.get_by_role("button", name="Cancel run").click()
        expect(run.get_by_test_id("run-status")).to_have_text("cancelled", timeout=15_000)
        expect(console.get_by_role("status").filter(has_text="Test run cancelled")).to_be_visible()
        expect(console.get_by_role("button", name="Cancel run")).to_have_count(0)
        expect(node_on_canvas(console, "Slow call", "HTTP request").get_by_test_id("node-status")).not_to_have_text("succeeded")



def test_a_plugin_node_configured_by_its_form_calls_the_tool(console: Page, chat_stack: KnowledgeStack) -> None:
    title = unique("Forecasts")
    with ToolServer() as tools:
        tools.respond("GET", "/v1/forecast/Lyon", {"city": "Lyon", "high_c": 23})

        async def register() -> None:
            client: AtelierClient
            async with chat_stack.client() as client:
                document = forecast_openapi(tools, title=title, days={"required": True, "schema": {"type": "integer"}})
                await register_api_key_plugin(client, document, api_key="k-" + "6" * 24)

        run_sync(register())
        doc = {"nodes": [entry(out("city", required=True)), exit_(param("forecast", ref(ENTRY_ID, "city")))],
               "edges": chain(ENTRY_ID, EXIT_ID)}
        console.goto(f"/workflows/{save_over_http(chat_stack, doc)}")
        select_node(console, "Start")
        console.get_by_role("navigation", name="Node palette").get_by_role("button", name="Add Plugin", exact=True).click()
        connect(console, "Start", "Plugin")
        connect(console, "Plugin", "End")
        edges = console.locator(".react-flow__edge")
        settings = select_node(console, "Start")
        settings.get_by_role("button", name="Disconnect End").click()
        expect(edges).to_have_count(2)

        # the tool picked from the space's plugins: its parameters become the node's inputs
        settings = select_node(console, "Plugin")
        pick(settings, "Tool", f"{title} › forecast")
        expect(settings.get_by_label("Input 1 name")).to_have_value("city")
        expect(settings.get_by_label("Input 2 name")).to_have_value("days")
        expect(settings.get_by_label("Input 2 type")).to_have_value("integer")
        pick(settings, "Input 1 source", "Reference")
        pick(settings, "Input 1 reference", "Start › city (string)")
        settings.get_by_label("Input 2 value").fill("3")
        settings.get_by_role("button", name="Add output").click()
        settings.get_by_label("Output 1 name").fill("high_c")
        pick(settings, "Output 1 type", "integer")

        settings = select_node(console, "End")
        pick(settings, "Input 1 reference", "Plugin › high_c (integer)")

        console.get_by_role("button", name="Test run").click()
        dialog = console.get_by_role("dialog", name="Test run")
        dialog.get_by_role("textbox", name="city (string, required)").fill("Lyon")
        dialog.get_by_role("button", name="Run").click()
        run = console.get_by_role("region", name="Test run")
        expect(run.get_by_test_id("run-status")).to_have_text("succeeded", timeout=60_000)
        run.get_by_role("button", name="Plugin", exact=True).click()
        result = panel(console).get_by_role("region", name="Last run of this node")
        assert json.loads(result.get_by_test_id("node-output").inner_text()) == {"city": "Lyon", "high_c": 23}
        run.get_by_role("button", name="End", exact=True).click()
        result = panel(console).get_by_role("region", name="Last run of this node")
        assert json.loads(result.get_by_test_id("node-output").inner_text()) == {"forecast": 23}
        [call] = tools.calls("GET", "/v1/forecast/Lyon")
        assert call.query == {"days": ["3"]}
