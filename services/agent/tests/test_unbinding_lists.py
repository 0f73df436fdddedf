"""Unbinding the last plugin, workflow, dataset or variable of an agent, through the gateway on the real
stack: a list sent empty (`[]`) clears it, a list not sent stays as it was, in the console's partial
update and in the OpenAPI's /v1/bot/update. (Proto3 cannot tell [] from absent; the gateway tells
the agent which lists the body held empty.)"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.canvas_builders import ENTRY_ID, EXIT_ID, chain, entry, exit_, out, param, ref
from atelier_devstack.tool_servers import register_api_key_plugin

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]

UPDATE = "/api/playground_api/draftbot/update_draft_bot_info"


def unique(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:6]}"


async def plugin_tool(client: AtelierClient) -> dict[str, str]:
    title = f"Notes {uuid.uuid4().hex[:6]}"
    document = {
        "openapi": "3.0.3", "info": {"title": title, "description": "Notes", "version": "1"},
        "servers": [{"url": "http://127.0.0.1:9/v1"}],
        "paths": {"/notes": {"get": {"operationId": "list_notes", "summary": "The notes",
                                     "responses": {"200": {"description": "OK"}}}}},
    }
    plugin_id, api_id = await register_api_key_plugin(client, document, api_key="k-" + "5" * 24)
    return {"plugin_id": plugin_id, "api_id": api_id}


async def published_workflow(client: AtelierClient) -> str:
    async def call(route: str, **body: Any) -> dict[str, Any]:
        return await client.call(f"/api/workflow_api/{route}", {"space_id": client.space_id, **body})

    workflow_id = (await call("create", name=unique("echo"), desc="Echoes the text"))["data"]["workflow_id"]
    commit = (await call("canvas", workflow_id=workflow_id))["data"]["vcs_data"]["submit_commit_id"]
    canvas = {"nodes": [entry(out("text")), exit_(param("text", ref(ENTRY_ID, "text")))],
              "edges": chain(ENTRY_ID, EXIT_ID)}
    await call("save", workflow_id=workflow_id, schema=json.dumps(canvas), submit_commit_id=commit)
    await call("publish", workflow_id=workflow_id, force=True)
    return workflow_id


async def draft(client: AtelierClient, bot: str) -> dict[str, Any]:
    return (await client.call("/api/playground_api/draftbot/get_draft_bot_info", {"bot_id": bot}))["data"]["bot_info"]


def plugins(info: dict[str, Any]) -> list[str]:
    return [t["plugin_id"] for t in info.get("plugin_info_list") or []]


def workflows(info: dict[str, Any]) -> list[str]:
    return [w["workflow_id"] for w in info.get("workflow_info_list") or []]


def datasets(info: dict[str, Any]) -> list[str]:
    return [k["id"] for k in (info.get("knowledge") or {}).get("knowledge_info") or []]


def variables(info: dict[str, Any]) -> list[str]:
    return [v["key"] for v in info.get("variable_list") or []]


@pytest.fixture
async def bound(client: AtelierClient) -> dict[str, Any]:
    """An agent with two of each: plugin tools, workflows, datasets and variables; and a prompt."""
    tools = [await plugin_tool(client), await plugin_tool(client)]
    flows = [await published_workflow(client), await published_workflow(client)]
    sets = [await client.create_dataset(unique("kb")), await client.create_dataset(unique("kb"))]
    bot = (await client.call("/api/draftbot/create", {"space_id": client.space_id,
                                                      "name": unique("bot")}))["data"]["bot_id"]
    await client.call(UPDATE, {"bot_info": {
        "bot_id": bot, "prompt_info": {"prompt": "Be brief."}, "plugin_info_list": tools,
        "workflow_info_list": [{"workflow_id": w} for w in flows],
        "knowledge": {"knowledge_info": [{"id": d} for d in sets], "auto": True},
        "variable_list": [{"key": "city"}, {"key": "mood"}]}})
    info = await draft(client, bot)
    assert (plugins(info), workflows(info), datasets(info), variables(info)) == (
        [t["plugin_id"] for t in tools], flows, sets, ["city", "mood"])
    return {"bot": bot, "tools": tools, "flows": flows, "sets": sets}


async def test_the_console_unbinds_one_then_the_last_and_keeps_what_it_did_not_send(
        client: AtelierClient, bound: dict[str, Any]) -> None:
    bot, tools, flows, sets = bound["bot"], bound["tools"], bound["flows"], bound["sets"]

    # Unbinding one of two: the list sent holds the one left.
    await client.call(UPDATE, {"bot_info": {"bot_id": bot, "plugin_info_list": tools[1:],
                                            "workflow_info_list": [{"workflow_id": flows[1]}]}})
    info = await draft(client, bot)
    assert (plugins(info), workflows(info), datasets(info)) == ([tools[1]["plugin_id"]], flows[1:], sets)

    # The last plugin: the list sent empty clears it; nothing else changes.
    answer = await client.call(UPDATE, {"bot_info": {"bot_id": bot, "plugin_info_list": []}})
    assert answer["data"]["has_change"] is True
    info = await draft(client, bot)
    assert (plugins(info), workflows(info), datasets(info), variables(info)) == ([], flows[1:], sets, ["city", "mood"])
    assert info["prompt_info"]["prompt"] == "Be brief."

    # A list not sent stays as it was (a rename touches no binding).
    await client.call(UPDATE, {"bot_info": {"bot_id": bot, "name": "renamed"}})
    info = await draft(client, bot)
    assert (info["name"], workflows(info), datasets(info), variables(info)) == ("renamed", flows[1:], sets,
                                                                                ["city", "mood"])

    # The last workflow and every variable, in one update; the datasets, whose list sits inside
    # the knowledge settings; then nothing is left bound, and the prompt is still there.
    await client.call(UPDATE, {"bot_info": {"bot_id": bot, "workflow_info_list": [], "variable_list": []}})
    info = await draft(client, bot)
    assert (plugins(info), workflows(info), datasets(info), variables(info)) == ([], [], sets, [])
    await client.call(UPDATE, {"bot_info": {"bot_id": bot, "knowledge": {"knowledge_info": []}}})
    info = await draft(client, bot)
    assert (plugins(info), workflows(info), datasets(info), variables(info)) == ([], [], [], [])
    assert (info["name"], info["prompt_info"]["prompt"]) == ("renamed", "Be brief.")

    # Clearing what is already empty changes nothing.
    answer = await client.call(UPDATE, {"bot_info": {"bot_id": bot, "plugin_info_list": []}})
    assert answer["data"]["has_change"] is False


async def test_the_openapi_update_clears_a_list_sent_empty_and_keeps_one_not_sent(
        client: AtelierClient, bound: dict[str, Any]) -> None:
    bot, tools, flows, sets = bound["bot"], bound["tools"], bound["flows"], bound["sets"]

    # Switching knowledge recall off names no datasets: they stay bound.
    await client.call("/v1/bot/update", {"bot_id": bot, "knowledge": {"auto_call": False},
                                         "plugin_id_list": {}, "workflow_id_list": {}})
    info = await draft(client, bot)
    assert (plugins(info), workflows(info), datasets(info)) == ([t["plugin_id"] for t in tools], flows, sets)
    assert info["knowledge"]["auto"] is False

    await client.call("/v1/bot/update", {"bot_id": bot, "plugin_id_list": {"id_list": tools[:1]},
                                         "knowledge": {"dataset_ids": sets[1:]}})
    info = await draft(client, bot)
    assert (plugins(info), workflows(info), datasets(info)) == ([tools[0]["plugin_id"]], flows, sets[1:])

    await client.call("/v1/bot/update", {"bot_id": bot, "plugin_id_list": {"id_list": []},
                                         "workflow_id_list": {"ids": []}, "knowledge": {"dataset_ids": []}})
    info = await draft(client, bot)
    assert (plugins(info), workflows(info), datasets(info)) == ([], [], [])
    assert (info["prompt_info"]["prompt"], variables(info)) == ("Be brief.", ["city", "mood"])
