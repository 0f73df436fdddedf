"""Binding plugin tools to an agent: a tool of the agent's space binds (console and OpenAPI); another
space's plugin, a tool the plugin does not have, a disabled tool, a default that does not fit and
an id that is no id are refused naming the field, and nothing is saved; a saved binding given other
defaults is checked again. A plugin deleted after it was bound blocks no later edit, and while the
plugin service is down a new binding is refused with 503 rather than saved unchecked."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from atelier_devstack.api_client import ApiError, AtelierClient, expect_error
from atelier_devstack.stack_fixtures import KnowledgeStack, new_user
from atelier_devstack.tool_servers import register_api_key_plugin

pytestmark = pytest.mark.e2e

UPDATE = "/api/playground_api/draftbot/update_draft_bot_info"


def notes_api() -> dict[str, Any]:
    """A one-operation document (the tool is never called here)."""
    return {
        "openapi": "3.0.3", "info": {"title": f"Notes {uuid.uuid4().hex[:6]}", "description": "Notes", "version": "1"},
        "servers": [{"url": "http://127.0.0.1:9/v1"}],
        "paths": {"/notes": {"get": {
            "operationId": "list_notes", "summary": "The notes",
            "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer", "maximum": 50}}],
            "responses": {"200": {"description": "OK"}}}}},
    }


async def register(client: AtelierClient) -> tuple[str, str]:
    return await register_api_key_plugin(client, notes_api(), api_key="k-" + "3" * 24)


@pytest.fixture
async def other(chat_stack: KnowledgeStack) -> AsyncIterator[AtelierClient]:
    """Another user, in a space of their own."""
    token, spaces = await new_user(chat_stack.env["ATELIER_DATABASE_URL"])
    async with AtelierClient(chat_stack.gateway_url, token, spaces[0]) as api:
        yield api


async def new_draft(client: AtelierClient) -> str:
    return (await client.call("/api/draftbot/create", {"space_id": client.space_id,
                                                       "name": f"bot-{uuid.uuid4().hex[:6]}"}))["data"]["bot_id"]


async def draft(client: AtelierClient, bot: str) -> dict[str, Any]:
    return (await client.call("/api/playground_api/draftbot/get_draft_bot_info", {"bot_id": bot}))["data"]["bot_info"]


def bound(bot: str, *tools: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"bot_info": {"bot_id": bot, "plugin_info_list": list(tools), **fields}}


def tool(plugin_id: str, api_id: str, **fields: Any) -> dict[str, Any]:
    return {"plugin_id": plugin_id, "api_id": api_id, **fields}


async def test_the_console_binds_its_spaces_tools_and_refuses_the_others_naming_the_field(
        client: AtelierClient, other: AtelierClient) -> None:
    bot = await new_draft(client)
    plugin_id, api_id = await register(client)
    their_plugin, their_api = await register(other)

    await expect_error(client.call(UPDATE, bound(bot, tool(plugin_id, api_id), tool(their_plugin, their_api))), 404,
                       "field 'bot_info.plugin_info_list[1].plugin_id'", f"plugin {their_plugin} not found in the "
                       "bot's space")
    await expect_error(client.call(UPDATE, bound(bot, tool(plugin_id, "987654321"))), 404,
                       "field 'bot_info.plugin_info_list[0].api_id'", "tool 987654321 not found in plugin")
    await expect_error(client.call(UPDATE, bound(bot, tool("123456789", api_id))), 404,
                       "bot_info.plugin_info_list[0].plugin_id", "plugin 123456789 not found")
    await expect_error(client.call(UPDATE, bound(bot, tool(plugin_id, api_id, default_params=[
        {"name": "limit", "value": "500", "hidden": True}]))), 400, "bot_info.plugin_info_list[0].default_params",
        "limit")
    await expect_error(client.call(UPDATE, bound(bot, tool("abc", api_id))), 400,
                       "bot_info.plugin_info_list[0].plugin_id", "'abc'")
    await expect_error(client.call(UPDATE, bound(bot, tool(plugin_id, "-3"))), 400,
                       "field 'bot_info.plugin_info_list[0].api_id': '-3' is not an id")
    await expect_error(client.call(UPDATE, bound(bot, {"plugin_id": plugin_id})), 400,
                       "bot_info.plugin_info_list[0].api_id")
    assert not (await draft(client, bot)).get("plugin_info_list")  # nothing was saved

    await client.call(UPDATE, bound(bot, tool(plugin_id, api_id, default_params=[{"name": "limit", "value": "5"}])))
    [saved] = (await draft(client, bot))["plugin_info_list"]
    assert (saved["plugin_id"], saved["api_id"], saved["default_params"][0]["value"]) == (plugin_id, api_id, "5")

    # the saved binding given another default is checked again: one that does not fit is refused
    await expect_error(client.call(UPDATE, bound(bot, tool(plugin_id, api_id, default_params=[
        {"name": "limit", "value": "500"}]))), 400, "bot_info.plugin_info_list[0].default_params", "limit")
    [kept] = (await draft(client, bot))["plugin_info_list"]
    assert kept["default_params"][0]["value"] == "5"
    await client.call(UPDATE, bound(bot, tool(plugin_id, api_id, default_params=[{"name": "limit", "value": "7"}])))
    assert (await draft(client, bot))["plugin_info_list"][0]["default_params"][0]["value"] == "7"


async def test_a_disabled_tool_is_refused_until_it_is_switched_on(client: AtelierClient) -> None:
    bot = await new_draft(client)
    plugin_id, api_id = await register(client)
    switch = {"plugin_id": plugin_id, "api_id": api_id, "space_id": client.space_id}
    await client.call("/api/plugin_api/update_api", {**switch, "disabled": True})
    await expect_error(client.call(UPDATE, bound(bot, tool(plugin_id, api_id))), 422,
                       "bot_info.plugin_info_list[0].api_id", "disabled")
    await client.call("/api/plugin_api/update_api", {**switch, "disabled": False})
    await client.call(UPDATE, bound(bot, tool(plugin_id, api_id)))


async def test_the_openapi_checks_the_tools_of_new_and_changed_bots(client: AtelierClient,
                                                                    other: AtelierClient) -> None:
    plugin_id, api_id = await register(client)
    their_plugin, their_api = await register(other)
    create = {"space_id": client.space_id, "name": f"bot-{uuid.uuid4().hex[:6]}"}
    total = (await client.call("/v1/bots", {"workspace_id": client.space_id, "publish_status": "all"},
                               method="GET"))["data"]["total"]

    await expect_error(client.call("/v1/bot/create", {**create, "plugin_id_list": {"id_list": [
        {"plugin_id": their_plugin, "api_id": their_api}]}}), 404,
        "field 'plugin_id_list.id_list[0].plugin_id'", f"plugin {their_plugin} not found in the bot's space")
    assert (await client.call("/v1/bots", {"workspace_id": client.space_id, "publish_status": "all"},
                              method="GET"))["data"]["total"] == total  # nothing was created

    bot = (await client.call("/v1/bot/create", {**create, "plugin_id_list": {"id_list": [
        {"plugin_id": plugin_id, "api_id": api_id}]}}))["data"]["bot_id"]
    await expect_error(client.call("/v1/bot/update", {"bot_id": bot, "description": "lost", "plugin_id_list": {
        "id_list": [{"plugin_id": plugin_id, "api_id": api_id}, {"plugin_id": plugin_id, "api_id": "987654321"}]}}),
        404, "field 'plugin_id_list.id_list[1].api_id'", "tool 987654321 not found")
    info = await draft(client, bot)
    assert [(t["plugin_id"], t["api_id"]) for t in info["plugin_info_list"]] == [(plugin_id, api_id)]
    assert not info.get("description")


async def test_a_plugin_deleted_after_binding_blocks_no_later_edit(client: AtelierClient) -> None:
    bot = await new_draft(client)
    gone, gone_api = await register(client)
    kept, kept_api = await register(client)
    await client.call(UPDATE, bound(bot, tool(gone, gone_api)))
    await client.call("/api/plugin_api/del_plugin", {"plugin_id": gone, "space_id": client.space_id})

    # The console sends the whole list back with each change; the deleted plugin's entry rides along.
    await client.call(UPDATE, bound(bot, tool(gone, gone_api), tool(kept, kept_api), name="Renamed"))
    await client.call("/v1/bot/update", {"bot_id": bot, "description": "still editable"})
    await client.call("/v1/bot/update", {"bot_id": bot, "plugin_id_list": {"id_list": [
        {"plugin_id": gone, "api_id": gone_api}, {"plugin_id": kept, "api_id": kept_api}]}})
    info = await draft(client, bot)
    assert (info["name"], info["description"]) == ("Renamed", "still editable")
    assert [(t["plugin_id"], t["api_id"]) for t in info["plugin_info_list"]] == [(gone, gone_api), (kept, kept_api)]

    # Once unbound, binding it anew is refused: it is gone.
    await client.call(UPDATE, bound(bot, tool(kept, kept_api)))
    await expect_error(client.call(UPDATE, bound(bot, tool(kept, kept_api), tool(gone, gone_api))), 404,
                       "bot_info.plugin_info_list[1].plugin_id", f"plugin {gone} not found")


async def test_a_new_binding_waits_for_the_plugin_service(chat_stack: KnowledgeStack, client: AtelierClient) -> None:
    bot = await new_draft(client)
    plugin_id, api_id = await register(client)
    chat_stack.procs["plugin"].stop()
    try:
        await expect_error(client.call(UPDATE, bound(bot, tool(plugin_id, api_id))), 503,
                           "bot_info.plugin_info_list[0]", "plugin service did not answer", "nothing was saved")
        await client.call(UPDATE, {"bot_info": {"bot_id": bot, "name": "edited meanwhile"}})  # no new tool: fine
    finally:
        chat_stack.procs["plugin"].start()
    assert not (await draft(client, bot)).get("plugin_info_list")

    for _ in range(50):  # the agent reconnects on its own
        try:
            await client.call(UPDATE, bound(bot, tool(plugin_id, api_id)))
            break
        except ApiError as refused:
            assert refused.status == 503, refused.body
            await asyncio.sleep(0.2)
    assert [(t["plugin_id"], t["api_id"]) for t in (await draft(client, bot))["plugin_info_list"]] == [
        (plugin_id, api_id)]
