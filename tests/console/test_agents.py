"""The console's Agents area against the real stack: the space's agents (create, duplicate,
delete), the editor (persona with highlighted {{variables}}, model, a bound dataset, plugin tool,
memory table and workflow, explicit save that survives a reload, the server's errors, shortcuts), publish,
versions with a diff against the draft, and revert."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.canvas_builders import ENTRY_ID, EXIT_ID, chain, entry, exit_, out, param, ref
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.pytest_plugin import run_sync
from atelier_devstack.stack_fixtures import SMALL_CONTEXT_MODEL_ID, KnowledgeStack
from atelier_devstack.tool_servers import ToolServer, forecast_openapi, register_api_key_plugin

pytestmark = pytest.mark.e2e


def call(stack: KnowledgeStack, path: str, body: dict[str, Any], method: str = "POST") -> dict[str, Any]:
    async def go() -> dict[str, Any]:
        async with stack.client() as client:
            return await client.call(path, body, method=method)

    return run_sync(go())


def notes_api(title: str) -> dict[str, Any]:
    """A one-operation OpenAPI document (the tool is never called here)."""
    return {
        "openapi": "3.0.3", "info": {"title": title, "description": "Notes", "version": "1"},
        "servers": [{"url": "http://127.0.0.1:9/v1"}],
        "paths": {"/notes": {"get": {
            "operationId": "list_notes", "summary": "The notes",
            "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer"}}],
            "responses": {"200": {"description": "OK"}}}}},
    }


def make_bindables(stack: KnowledgeStack) -> tuple[str, str, str, str]:
    """A dataset, a plugin with one tool, a memory table and a published workflow in the admin's
    space: their names."""
    suffix = uuid.uuid4().hex[:6]
    dataset, plugin, table, workflow = f"Fjords {suffix}", f"Notes {suffix}", f"visits_{suffix}", f"echo_{suffix}"
    canvas = {"nodes": [entry(out("city", required=True, description="a city")),
                        exit_(param("city", ref(ENTRY_ID, "city")))],
              "edges": chain(ENTRY_ID, EXIT_ID)}

    async def go() -> None:
        client: AtelierClient
        async with stack.client() as client:
            await client.create_dataset(dataset)
            await register_api_key_plugin(client, notes_api(plugin), api_key="k-" + "4" * 24)
            await client.call("/api/memory/database/add", {
                "space_id": client.space_id, "table_name": table, "table_desc": "who visited", "rw_mode": 1,
                "field_list": [{"name": "place", "type": 1, "must_required": True}]})

            async def flow(route: str, **body: Any) -> dict[str, Any]:
                return await client.call(f"/api/workflow_api/{route}", {"space_id": client.space_id, **body})

            workflow_id = (await flow("create", name=workflow, desc="Echoes the city"))["data"]["workflow_id"]
            commit = (await flow("canvas", workflow_id=workflow_id))["data"]["vcs_data"]["submit_commit_id"]
            await flow("save", workflow_id=workflow_id, schema=json.dumps(canvas), submit_commit_id=commit)
            await flow("publish", workflow_id=workflow_id, force=True)

    run_sync(go())
    return dataset, plugin, table, workflow


def draft(stack: KnowledgeStack, bot_id: str) -> dict[str, Any]:
    return call(stack, "/api/playground_api/draftbot/get_draft_bot_info",
                {"bot_id": bot_id, "space_id": stack.space_id})["data"]["bot_info"]


def test_build_an_agent_save_reload_publish_diff_and_revert(
    console: Page, chat_stack: KnowledgeStack, screenshot: Callable[[Page, str], None]
) -> None:
    dataset, plugin, table, workflow = make_bindables(chat_stack)
    models = call(chat_stack, "/api/bot/get_type_list", {"model": True})["data"]["model_list"]
    model_name = next(m["name"] for m in models if m["model_type"] == SMALL_CONTEXT_MODEL_ID)
    name = f"Guide {uuid.uuid4().hex[:6]}"

    console.get_by_role("link", name="Agents").click()
    form = console.get_by_role("form", name="Create an agent")
    form.get_by_label("Name").fill(name)
    form.get_by_label("Description").fill("Shows visitors around")
    form.get_by_role("button", name="Create agent").click()
    expect(console.get_by_role("heading", level=1, name=name)).to_be_visible()
    bot_id = console.url.rstrip("/").split("/")[-1]
    save_state = console.get_by_test_id("save-state")
    expect(save_state).to_have_text("Saved")
    expect(console.get_by_label("Add a tool")).to_contain_text(plugin)  # the lists to bind from loaded...
    expect(console.get_by_role("alert")).to_have_count(0)  # ...every one of them (models, workflows, tables too)

    # The persona reads {{city}}: unknown (marked so) until it is defined as a memory variable.
    persona = "You are the guide of {{city}}. Greet {{ visitor }} warmly."
    console.get_by_label("Persona and prompt").fill(persona)
    highlight = console.get_by_test_id("prompt-highlight")
    expect(highlight.locator('mark[data-variable="city"]')).to_have_attribute("data-known", "false")
    expect(highlight.locator('mark[data-variable="visitor"]')).to_have_text("{{ visitor }}")
    expect(save_state).to_have_text("Unsaved changes")
    console.get_by_role("button", name="Define city").click()
    expect(highlight.locator('mark[data-variable="city"]')).to_have_attribute("data-known", "true")
    expect(highlight.locator('mark[data-variable="visitor"]')).to_have_attribute("data-known", "false")
    console.get_by_label("Variable 1 default value").fill("Bergen")

    console.get_by_role("combobox", name="Model", exact=True).select_option(label=model_name)
    console.get_by_label("Temperature").fill("0.3")
    console.get_by_label("Add a dataset").select_option(label=f"{dataset} (0 documents)")
    console.get_by_role("button", name="Add dataset").click()
    console.get_by_label("Top K").fill("5")
    console.get_by_label("Recall mode").select_option("demand")
    console.get_by_label("Add a tool").select_option(label=f"{plugin} › list_notes")
    console.get_by_role("button", name="Add tool").click()
    console.get_by_label("Add a database").select_option(label=table)
    console.get_by_role("button", name="Add database").click()
    console.get_by_label("Add a workflow").select_option(label=workflow)
    console.get_by_role("button", name="Add workflow").click()
    console.get_by_label("Opening message").fill("Welcome to the fjords!")
    console.get_by_role("button", name="Save", exact=True).click()
    expect(save_state).to_have_text("All changes saved")

    saved = draft(chat_stack, bot_id)  # what the user saved is what the server keeps
    assert saved["prompt_info"]["prompt"] == persona
    assert saved["model_info"]["model_id"] == SMALL_CONTEXT_MODEL_ID and saved["model_info"]["temperature"] == 0.3
    assert [k["name"] for k in saved["knowledge"]["knowledge_info"]] == [dataset]
    assert int(saved["knowledge"]["top_k"]) == 5 and saved["knowledge"]["auto"] is False
    assert [p["api_name"] for p in saved["plugin_info_list"]] == ["list_notes"]
    assert [d["table_name"] for d in saved["database_list"]] == [table]
    assert [w["workflow_name"] for w in saved["workflow_info_list"]] == [workflow]
    assert saved["variable_list"] == [{"key": "city", "description": "", "default_value": "Bergen",
                                       "prompt_disabled": False, "is_disabled": False}]

    console.reload()
    expect(console.get_by_label("Persona and prompt")).to_have_value(persona)
    expect(highlight.locator('mark[data-variable="city"]')).to_have_attribute("data-known", "true")
    expect(console.get_by_role("combobox", name="Model", exact=True).locator("option:checked")).to_have_text(model_name)
    expect(console.get_by_label("Temperature")).to_have_value("0.3")
    expect(console.get_by_role("list", name="Bound datasets")).to_contain_text(dataset)
    expect(console.get_by_role("list", name="Bound tools")).to_contain_text("list_notes")
    expect(console.get_by_role("list", name="Bound tools")).to_contain_text(plugin)
    expect(console.get_by_label("Recall mode")).to_have_value("demand")
    expect(console.get_by_role("list", name="Bound databases")).to_contain_text(table)
    expect(console.get_by_role("list", name="Bound workflows")).to_contain_text(workflow)
    expect(console.get_by_label("Variable 1 name")).to_have_value("city")
    expect(console.get_by_label("Opening message")).to_have_value("Welcome to the fjords!")
    expect(console.get_by_role("heading", name="Debug chat")).to_be_visible()  # beside the editor
    screenshot(console, "agent-editor")

    # Publish, change the draft, compare the version with it, then revert.
    console.get_by_role("button", name="Publish", exact=True).click()
    dialog = console.get_by_role("dialog", name="Publish the agent")
    dialog.get_by_label("Release note").fill("first cut")
    dialog.get_by_role("button", name="Publish version").click()
    published = console.get_by_role("status").filter(has_text="Published version")
    expect(published).to_be_visible()
    version = published.locator("code").inner_text()
    expect(console.get_by_text("Published", exact=True)).to_be_visible()

    console.get_by_label("Persona and prompt").fill("You are terse.")
    console.get_by_role("button", name="Save", exact=True).click()
    expect(save_state).to_have_text("All changes saved")
    expect(console.get_by_text("Unpublished changes")).to_be_visible()

    console.get_by_role("tab", name="Versions").click()
    row = console.get_by_role("row").filter(has_text=version)
    expect(row).to_contain_text("first cut")
    row.get_by_role("button", name=f"Compare version {version} with the draft").click()
    change = console.locator('tr[data-path="prompt_info.prompt"]')
    expect(change.locator(".diff-before")).to_have_text(persona)
    expect(change.locator(".diff-after")).to_have_text("You are terse.")
    expect(console.locator("table.agent-diff tbody tr")).to_have_count(1)  # nothing else changed

    console.once("dialog", lambda d: d.accept())
    console.get_by_role("button", name=f"Revert draft to {version}").click()
    expect(console.get_by_role("status").filter(has_text="reverted")).to_contain_text(version)
    expect(console.get_by_text("The draft is the same as this version.")).to_be_visible()
    console.get_by_role("tab", name="Configure").click()
    expect(console.get_by_label("Persona and prompt")).to_have_value(persona)
    assert draft(chat_stack, bot_id)["prompt_info"]["prompt"] == persona


def test_the_list_creates_duplicates_and_deletes_and_the_editor_shows_server_errors(
    console: Page, chat_stack: KnowledgeStack, screenshot: Callable[[Page, str], None]
) -> None:
    name = f"Helper {uuid.uuid4().hex[:6]}"
    call(chat_stack, "/api/draftbot/create", {"space_id": chat_stack.space_id, "name": name,
                                              "description": "Answers questions about the office"})
    console.goto("/agents")
    expect(console.get_by_role("heading", level=1, name="Agents")).to_be_visible()
    expect(console.get_by_role("link", name=name, exact=True)).to_be_visible()
    expect(console.get_by_role("row").filter(has_text=name)).to_contain_text("Answers questions about the office")
    screenshot(console, "agents-list")

    console.get_by_role("button", name=f"Duplicate {name}").click()
    copy = console.get_by_role("link", name=re.compile(re.escape(name) + r"\s?\(copy\)"))
    expect(copy).to_be_visible()
    console.once("dialog", lambda d: d.accept())
    console.get_by_role("button", name=re.compile(f"Delete {re.escape(name)}" + r"\s?\(copy\)")).click()
    expect(copy).to_have_count(0)
    expect(console.get_by_role("link", name=name, exact=True)).to_be_visible()

    # A value the server refuses: its message (naming the field) is shown and nothing is saved.
    console.get_by_role("link", name=name, exact=True).click()
    console.get_by_label("Temperature").fill("7")
    console.get_by_role("button", name="Save", exact=True).click()
    expect(console.get_by_role("alert")).to_contain_text("temperature")
    expect(console.get_by_test_id("save-state")).to_have_text("Unsaved changes")
    # A value that is no number is refused before it is sent.
    console.get_by_label("Temperature").fill("warm")
    console.get_by_role("button", name="Save", exact=True).click()
    expect(console.get_by_role("alert")).to_contain_text('Model temperature: "warm" is not a number')

    # Discard drops the edits; a shortcut command is saved on its own and survives a reload.
    console.get_by_role("button", name="Discard").click()
    expect(console.get_by_test_id("save-state")).to_have_text("Saved")
    expect(console.get_by_label("Temperature")).to_have_value("")
    console.get_by_role("button", name="Add shortcut").click()
    shortcut = console.get_by_role("form", name="Shortcut command")
    shortcut.get_by_label("Command").fill("/summary")
    shortcut.get_by_label("Shortcut name").fill("Summary")
    shortcut.get_by_label("Message sent").fill("Summarize our chat so far.")
    shortcut.get_by_role("button", name="Save shortcut").click()
    commands = console.get_by_role("list", name="Shortcut commands")
    expect(commands).to_contain_text("/summary")
    console.reload()
    expect(commands).to_contain_text("/summary")
    expect(console.get_by_test_id("save-state")).to_have_text("Saved")


FACT = "The Tower of Hercules in A Coruna is the oldest working lighthouse."



def test_build_an_agent_with_knowledge_and_a_plugin_then_chat_beside_the_editor(
    console: Page, chat_stack: KnowledgeStack, stub: OpenAIStub
) -> None:
    """The journey of the issue: an agent built in the editor with a knowledge base and a plugin tool,
    then asked in the debug chat beside it, which shows the tool call, its response and the passage."""
    suffix = uuid.uuid4().hex[:6]
    dataset, plugin = f"Lighthouses {suffix}", f"Weather {suffix}"
    with ToolServer() as tools:
        tools.respond("GET", "/v1/forecast/Coruna", {"city": "Coruna", "high_c": 19, "sky": "clear"})

        async def setup() -> None:
            async with chat_stack.client() as client:
                dataset_id = await client.create_dataset(dataset)
                doc = await client.create_text_document(dataset_id, "lighthouse-facts", FACT)
                assert (await client.wait_documents([doc["document_id"]]))[doc["document_id"]]["status"] == 1
                await register_api_key_plugin(client, forecast_openapi(tools, title=plugin), api_key="k-" + "6" * 24)

        run_sync(setup())
        console.get_by_role("link", name="Agents").click()
        form = console.get_by_role("form", name="Create an agent")
        form.get_by_label("Name").fill(f"Coast guide {suffix}")
        form.get_by_role("button", name="Create agent").click()
        expect(console.get_by_test_id("save-state")).to_have_text("Saved")
        console.get_by_label("Persona and prompt").fill("You are a coast guide.")
        console.get_by_label("Add a dataset").select_option(label=f"{dataset} (1 documents)")
        console.get_by_role("button", name="Add dataset").click()
        console.get_by_label("Minimum score").fill("0")
        console.get_by_label("Add a tool").select_option(label=f"{plugin} › forecast")
        console.get_by_role("button", name="Add tool").click()
        console.get_by_role("button", name="Save", exact=True).click()
        expect(console.get_by_test_id("save-state")).to_have_text("All changes saved")

        stub.script(
            {"content": "", "tool_calls": [{"name": "forecast", "arguments": {"city": "Coruna"}}]},
            {"content": "Clear and 19 C by the Tower of Hercules, the oldest working lighthouse."},
        )
        chat = console.get_by_role("complementary").filter(has=console.get_by_role("heading", name="Debug chat"))
        chat.get_by_label("Message").fill("Weather by the oldest lighthouse?")
        chat.get_by_role("button", name="Send").click()
        turn = chat.get_by_role("article", name="Turn 1")
        expect(turn.get_by_test_id("answer")).to_contain_text("Clear and 19 C")
        tool = turn.get_by_test_id("tool-step")
        expect(tool).to_contain_text("forecast")
        tool.locator("summary").click()
        expect(tool.get_by_label("Arguments of forecast")).to_contain_text('"city": "Coruna"')
        expect(tool.get_by_label("Response of forecast")).to_contain_text('"high_c": 19')
        knowledge = turn.get_by_test_id("knowledge-step")
        knowledge.locator("summary").click()
        expect(knowledge).to_contain_text(FACT)
        assert len(tools.calls("GET", "/v1/forecast/Coruna")) == 1
