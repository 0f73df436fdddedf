"""Agents through the gateway: drafts, partial updates, publish, versions and rollback, the model
list, display settings, onboarding, shortcuts, memory variables, /v1/bots/:id and the errors."""

from __future__ import annotations

import json
from typing import Any

import asyncpg
import pytest

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack

pytestmark = pytest.mark.e2e




async def info(client: AtelierClient, bot_id: str, version: str = "") -> dict:
    body = {"bot_id": bot_id, "space_id": client.space_id, **({"version": version} if version else {})}
    return (await client.call("/api/playground_api/draftbot/get_draft_bot_info", body))["data"]


async def test_create_update_publish_history_and_rollback(client: AtelierClient, new_bot) -> None:
    bot = await new_bot(prompt_info={"prompt": "v1 persona"})
    data = await info(client, bot)
    assert data["bot_info"]["prompt_info"]["prompt"] == "v1 persona"
    assert data["has_publish"] is False and data["space_id"] == client.space_id
    assert int(data["bot_info"]["knowledge"]["top_k"]) == 3 and data["bot_info"]["knowledge"]["min_score"] == 0.01

    v1 = (await client.call("/api/draftbot/publish", {"space_id": client.space_id, "bot_id": bot,
                                                      "history_info": "first"}))["data"]
    assert v1["publish_result"] == {"API": "success"} and v1["version"]
    changed = await client.call("/api/playground_api/draftbot/update_draft_bot_info",
                                {"bot_info": {"bot_id": bot, "prompt_info": {"prompt": "v2 persona"},
                                              "onboarding_info": {"prologue": "Welcome!",
                                                                  "suggested_questions": ["What can you do?"]}}})
    assert changed["data"]["has_change"] is True
    data = await info(client, bot)
    assert data["has_unpublished_change"] is True and data["bot_info"]["prompt_info"]["prompt"] == "v2 persona"
    assert data["bot_info"]["model_info"]["model_id"] == STUB_MODEL_ID  # untouched fields stay
    v2 = (await client.call("/api/draftbot/publish", {"space_id": client.space_id, "bot_id": bot}))["data"]["version"]

    history = (await client.call("/api/draftbot/list_draft_history", {"space_id": client.space_id, "bot_id": bot,
                                                                      "page_index": 1, "page_size": 10}))["data"]
    assert [h["version"] for h in history["history_infos"]] == [v2, v1["version"]] and history["total"] == 2
    assert history["history_infos"][1]["info"] == "first"
    assert (await info(client, bot, v1["version"]))["bot_info"]["prompt_info"]["prompt"] == "v1 persona"

    reverted = await client.call("/api/draftbot/revert_draft_bot", {"space_id": client.space_id, "bot_id": bot,
                                                                    "version": v1["version"]})
    assert reverted["data"]["bot_info"]["prompt_info"]["prompt"] == "v1 persona"
    draft = (await info(client, bot))["bot_info"]
    assert draft["prompt_info"]["prompt"] == "v1 persona" and draft["onboarding_info"]["prologue"] == ""
    online = (await client.call(f"/v1/bots/{bot}", method="GET"))["data"]
    assert online["version"] == v2 and online["prompt_info"]["prompt"] == "v2 persona"
    assert online["onboarding_info"]["prologue"] == "Welcome!"
    await expect_error(client.call("/api/draftbot/revert_draft_bot", {"space_id": client.space_id, "bot_id": bot,
                                                                      "version": "404"}), 404, "no version 404")
    await expect_error(client.call("/api/draftbot/publish", {"space_id": client.space_id, "bot_id": bot,
                                                             "commit_version": v2}), 409, v2)


async def test_model_list_comes_from_the_yaml_files(client: AtelierClient) -> None:
    models = (await client.call("/api/bot/get_type_list", {"model": True}))["data"]["model_list"]
    by_id = {m["model_type"]: m for m in models}
    assert set(by_id) == {"1001", "1002", "1003", "1004"}
    assert by_id["1004"]["model_ability"]["multimodal"] is False
    stub = by_id["1001"]
    assert stub["model_name"] == "stub-chat" and stub["model_max_context"] == 8192 and stub["is_default"] is True
    assert stub["model_ability"] == {"function_call": True, "json_mode": True, "multimodal": True}
    assert {p["name"] for p in stub["model_params"]} >= {"temperature", "top_p", "max_tokens"}


async def test_bad_updates_name_the_field_and_change_nothing(client: AtelierClient, new_bot) -> None:
    bot = await new_bot(prompt_info={"prompt": "kept"})
    update = "/api/playground_api/draftbot/update_draft_bot_info"
    await expect_error(client.call(update, {"bot_info": {"bot_id": bot, "model_info": {"model_id": "999"}}}),
                       400, "model_info.model_id", "999")
    await expect_error(client.call(update, {"bot_info": {"bot_id": bot, "model_info": {"temperature": 7}}}),
                       400, "temperature")
    await expect_error(client.call(update, {"bot_info": {"bot_id": bot, "variable_list": [{"key": "9lives"}]}}),
                       400, "variable_list[0].key")
    await expect_error(client.call(update, {"bot_info": {"bot_id": bot, "name": "  "}}), 400, "name")
    await expect_error(client.call(update, {"bot_info": {"bot_id": "123"}}), 404, "bot 123")
    await expect_error(client.call(update, {"bot_info": {"prompt_info": {"prompt": "x"}}}), 400, "bot_id")
    assert (await info(client, bot))["bot_info"]["prompt_info"]["prompt"] == "kept"
    await expect_error(client.call("/api/draftbot/create", {"space_id": client.space_id, "name": ""}), 400, "name")
    await expect_error(client.call("/v1/bots/" + bot, method="GET"), 404, "not published")


async def test_client_tools_are_validated_and_kept_in_the_draft(client: AtelierClient, new_bot) -> None:
    bot = await new_bot()
    update = "/api/playground_api/draftbot/update_draft_bot_info"
    schema = json.dumps({"type": "object", "properties": {"city": {"type": "string"}}})
    good = {"name": "get_weather", "description": "weather on the device", "parameters": schema}

    async def tools(*items: dict[str, Any]) -> Any:
        return await client.call(update, {"bot_info": {"bot_id": bot, "client_tool_list": list(items)}})

    await expect_error(tools({"name": "get weather"}), 400, "client_tool_list[0].name", "get weather")
    await expect_error(tools(good, {"name": "setKeywordMemory"}), 400, "client_tool_list[1].name", "reserved")
    await expect_error(tools(good, {"name": "db_orders"}), 400, "reserved")
    await expect_error(tools(good, good), 400, "client_tool_list[1].name", "twice")
    await expect_error(tools({**good, "parameters": "{not json"}), 400, "client_tool_list[0].parameters", "JSON")
    await expect_error(tools({**good, "parameters": '{"type": "string"}'}), 400, "parameters", "object")
    await expect_error(tools({**good, "parameters": '{"type": "object", "properties": {"a": {"type": "colour"}}}'}),
                       400, "parameters", "not a valid JSON schema")
    assert (await info(client, bot))["bot_info"]["client_tool_list"] == []  # nothing was saved
    await tools(good, {"name": "local_time"})
    saved = (await info(client, bot))["bot_info"]["client_tool_list"]
    assert saved == [good, {"name": "local_time"}]


async def test_another_spaces_bot_is_not_found_like_an_unknown_one(client: AtelierClient, chat_stack: KnowledgeStack) -> None:
    conn = await asyncpg.connect(chat_stack.env["ATELIER_DATABASE_URL"])
    try:
        foreign = 990000000000 + int.from_bytes(__import__("os").urandom(3), "big")
        await conn.execute("INSERT INTO agent.bots (id, space_id, creator_id, draft) VALUES ($1, 424242, 1, '{}')",
                           foreign)
    finally:
        await conn.close()
    await expect_error(client.call("/api/playground_api/draftbot/get_draft_bot_info", {"bot_id": str(foreign)}),
                       404, f"bot {foreign} not found")
    await expect_error(client.call("/api/draftbot/publish", {"space_id": client.space_id, "bot_id": str(foreign)}),
                       404, f"bot {foreign} not found")
    # A space the caller names explicitly stays a 403: it says nothing about which ids exist.
    await expect_error(client.call("/api/draftbot/create", {"space_id": "424242", "name": "x"}), 403, "space")


async def test_duplicate_delete_display_info_and_onboarding(client: AtelierClient, new_bot) -> None:
    bot = await new_bot(prompt_info={"prompt": "original"}, onboarding_info={"prologue": "Hi!",
                                                                            "suggested_questions": ["A?", "B?"]})
    copy = (await client.call("/api/draftbot/duplicate", {"space_id": client.space_id, "bot_id": bot}))["data"]
    assert copy["bot_id"] != bot and copy["name"].endswith("(copy)")
    assert (await info(client, copy["bot_id"]))["bot_info"]["prompt_info"]["prompt"] == "original"
    onboarding = (await client.call("/api/playground/get_onboarding", {"bot_id": bot}))["data"]["onboarding_content"]
    assert onboarding == {"prologue": "Hi!", "suggested_questions": ["A?", "B?"]}
    await client.call("/api/draftbot/update_display_info", {"bot_id": bot, "display_info": {
        "tab_display_info": {"plugin_tab_status": 2}}})
    shown = await client.call("/api/draftbot/get_display_info", {"bot_id": bot})
    assert shown["data"]["tab_display_info"] == {"plugin_tab_status": 2}
    await client.call("/api/draftbot/delete", {"space_id": client.space_id, "bot_id": copy["bot_id"]})
    await expect_error(info(client, copy["bot_id"]), 404)
    assert (await info(client, bot))["bot_info"]["name"]  # the original is untouched


async def test_memory_variables_meta_values_and_errors(client: AtelierClient, new_bot) -> None:
    bot = await new_bot(variable_list=[{"key": "city", "default_value": "Oslo", "description": "home"},
                                       {"key": "hidden", "is_disabled": True}])
    meta = (await client.call("/api/memory/variable/get_meta", {"bot_id": bot}))["variable_list"]
    assert [(m["keyword"], m["default_value"], m["description"]) for m in meta] == [("city", "Oslo", "home")]
    values = (await client.call("/api/memory/variable/get", {"bot_id": bot}))["memories"]
    assert [(v["keyword"], v["value"]) for v in values] == [("city", "Oslo")]  # default until set
    await client.call("/api/memory/variable/upsert", {"bot_id": bot, "data": [{"keyword": "city", "value": "Rome"}]})
    values = (await client.call("/api/memory/variable/get", {"bot_id": bot}))["memories"]
    assert values[0]["value"] == "Rome" and int(values[0]["update_time"]) > 0
    await expect_error(client.call("/api/memory/variable/upsert", {"bot_id": bot, "data": [
        {"keyword": "nope", "value": "x"}]}), 400, "data[0].keyword", "nope")
    await client.call("/api/memory/variable/delete", {"bot_id": bot, "keywords": ["city"]})
    values = (await client.call("/api/memory/variable/get", {"bot_id": bot}))["memories"]
    assert values[0]["value"] == "Oslo"
