"""The bot and variable OpenAPI as the official Coze SDK (cozepy 0.20.0) uses it against the gateway:
bots made, changed, published, unpublished, read and listed, memory variables per end user, and
the refusals (field named, nothing written). Each test works in a space of its own account."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from cozepy import (
    AsyncCoze,
    AsyncHTTPClient,
    AsyncTokenAuth,
    BotKnowledge,
    BotModelInfo,
    BotOnboardingInfo,
    BotPromptInfo,
    BotSuggestReplyInfo,
    ChatStatus,
    CozeAPIError,
    Message,
    PluginIDList,
    PublishStatus,
    SuggestReplyMode,
    VariableValue,
    WorkflowIDList,
)

from atelier_agent.domain.config import DEFAULT_MIN_SCORE
from atelier_devstack import sample_files
from atelier_devstack.api_client import ApiError, AtelierClient, expect_error
from atelier_devstack.canvas_builders import ENTRY_ID, EXIT_ID, chain, entry, exit_, out, param, ref
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack, new_user
from atelier_devstack.tool_servers import register_api_key_plugin

pytestmark = pytest.mark.e2e

CHAT = "/v1/chat/completions"
# A plugin for the bots to bind (its tool is never called).
KETTLE_API = {"openapi": "3.0.3", "info": {"title": "Kettles", "version": "1"},
              "servers": [{"url": "http://127.0.0.1:9"}],
              "paths": {"/descale": {"get": {"operationId": "descale_steps", "summary": "Descaling steps",
                                             "responses": {"200": {"description": "OK"}}}}}}


@dataclass
class Account:
    """A user of their own, through cozepy and through plain HTTP, in their own space."""
    coze: AsyncCoze
    api: AtelierClient

    @property
    def space_id(self) -> str:
        return self.api.space_id


async def open_account(stack: KnowledgeStack) -> AsyncIterator[Account]:
    token, spaces = await new_user(stack.env["ATELIER_DATABASE_URL"])
    http = AsyncHTTPClient(trust_env=False)
    async with AtelierClient(stack.gateway_url, token, spaces[0]) as api:
        yield Account(AsyncCoze(auth=AsyncTokenAuth(token), base_url=stack.gateway_url, http_client=http), api)
    await http.aclose()


@pytest.fixture
async def me(chat_stack: KnowledgeStack, stub: OpenAIStub) -> AsyncIterator[Account]:
    async for account in open_account(chat_stack):
        yield account


@pytest.fixture
async def other(chat_stack: KnowledgeStack) -> AsyncIterator[Account]:
    async for account in open_account(chat_stack):
        yield account


def name(prefix: str = "bot") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:6]}"


async def opened(url: str) -> bytes:
    """What a browser gets at `url` (no token)."""
    async with httpx.AsyncClient(trust_env=False) as http:
        reply = await http.get(url)
    assert reply.status_code == 200, reply.text
    return reply.content


async def upload(coze: AsyncCoze, tmp_path: Path, file_name: str, data: bytes) -> str:
    path = tmp_path / file_name
    path.write_bytes(data)
    return (await coze.files.upload(file=path)).id


async def chat(coze: AsyncCoze, bot_id: str, user_id: str, text: str) -> tuple[ChatStatus, list[str]]:
    """A non-streamed chat polled to its end (the async client has no create_and_poll): status, answers."""
    created = await coze.chat.create(bot_id=bot_id, user_id=user_id,
                                     additional_messages=[Message.build_user_question_text(text)])
    deadline = time.monotonic() + 30
    while (current := await coze.chat.retrieve(conversation_id=created.conversation_id, chat_id=created.id)
           ).status == ChatStatus.IN_PROGRESS:
        assert time.monotonic() < deadline, "the chat did not finish"
        await asyncio.sleep(0.1)
    messages = await coze.chat.messages.list(conversation_id=created.conversation_id, chat_id=created.id)
    return current.status, [m.content for m in messages if m.type == "answer"]


async def console_info(api: AtelierClient, bot_id: str) -> dict:
    return (await api.call("/api/playground_api/draftbot/get_draft_bot_info", {"bot_id": bot_id}))["data"]


async def runnable_workflow(api: AtelierClient, name: str) -> str:
    """A workflow of the account's space that can run (Start -> End), for a bot to bind."""
    async def call(route: str, **body: Any) -> dict[str, Any]:
        return (await api.call(f"/api/workflow_api/{route}", {"space_id": api.space_id, **body}))["data"]

    workflow_id = (await call("create", name=name, desc="steps"))["workflow_id"]
    doc = {"nodes": [entry(out("kettle")), exit_(param("steps", ref(ENTRY_ID, "kettle")))],
           "edges": chain(ENTRY_ID, EXIT_ID)}
    commit = (await call("canvas", workflow_id=workflow_id))["vcs_data"]["submit_commit_id"]
    await call("save", workflow_id=workflow_id, schema=json.dumps(doc), submit_commit_id=commit)
    return workflow_id


async def test_a_bot_made_with_every_field_reads_back_through_cozepy_and_the_console(me: Account,
                                                                                      tmp_path: Path) -> None:
    icon = await upload(me.coze, tmp_path, "logo.png", sample_files.png())
    plugin_id, api_id = await register_api_key_plugin(me.api, KETTLE_API, api_key="k-" + "5" * 24)
    workflow_id = await runnable_workflow(me.api, "descale_steps")
    created = await me.coze.bots.create(
        space_id=me.space_id, name="Kettle helper", description="descaling advice", icon_file_id=icon,
        prompt_info=BotPromptInfo(prompt="You explain kettles."),
        onboarding_info=BotOnboardingInfo(prologue="Hello!", suggested_questions=["How to descale?"]),
        suggest_reply_info=BotSuggestReplyInfo(reply_mode=SuggestReplyMode.CUSTOMIZED,
                                               customized_prompt="Suggest kettle questions"),
        model_info_config=BotModelInfo(model_id=STUB_MODEL_ID, temperature=0.3, context_round=5, max_tokens=512,
                                       response_format=BotModelInfo.ResponseFormat.MARKDOWN, top_p=0.9),
        plugin_id_list=PluginIDList(id_list=[PluginIDList.PluginIDInfo(plugin_id=plugin_id, api_id=api_id)]),
        workflow_id_list=WorkflowIDList(ids=[WorkflowIDList.WorkflowIDInfo(id=workflow_id)]),
    )
    assert created.bot_id.isdigit()

    bot = await me.coze.bots.retrieve(bot_id=created.bot_id, is_published=False, use_api_version=2)
    assert (bot.bot_id, bot.name, bot.description, bot.version) == (created.bot_id, "Kettle helper",
                                                                    "descaling advice", "")
    assert await opened(bot.icon_url) == sample_files.png()
    assert bot.prompt_info.prompt == "You explain kettles."
    assert (bot.onboarding_info.prologue, bot.onboarding_info.suggested_questions) == ("Hello!", ["How to descale?"])
    assert bot.suggest_reply_info.reply_mode == SuggestReplyMode.CUSTOMIZED
    assert bot.suggest_reply_info.customized_prompt == "Suggest kettle questions"
    model = bot.model_info
    assert (model.model_id, model.model_name, model.temperature, model.context_round, model.max_tokens, model.top_p) \
        == (STUB_MODEL_ID, "Stub chat", 0.3, 5, 512, 0.9)
    assert model.response_format == BotModelInfo.ResponseFormat.MARKDOWN
    assert [(p.plugin_id, [a.api_id for a in p.api_info_list]) for p in bot.plugin_info_list] == [(plugin_id, [api_id])]
    assert [w.id for w in bot.workflow_info_list] == [workflow_id]
    assert (bot.knowledge.dataset_ids, bot.knowledge.auto_call, bot.knowledge.search_strategy) == ([], True, 1)
    assert bot.variables == [] and bot.bot_mode == 0 and bot.owner_user_id.isdigit()
    assert bot.create_time and abs(bot.create_time - time.time()) < 60

    # One configuration: the console edits what the OpenAPI made.
    console = (await console_info(me.api, created.bot_id))["bot_info"]
    assert console["prompt_info"]["prompt"] == "You explain kettles."
    assert console["model_info"]["model_id"] == STUB_MODEL_ID
    assert console["model_info"]["short_memory_policy"]["history_round"] == 5
    assert console["suggest_reply_info"] == {"suggest_reply_mode": 1,
                                             "customized_suggest_prompt": "Suggest kettle questions"}
    assert await opened(console["icon_url"]) == sample_files.png()
    assert console["plugin_info_list"] == [{"plugin_id": plugin_id, "api_id": api_id,
                                          "default_params": []}]

    # What the OpenAPI has no word for (client-side tools here) survives its updates.
    await me.api.call("/api/playground_api/draftbot/update_draft_bot_info",
                      {"bot_info": {"bot_id": created.bot_id, "client_tool_list": [{"name": "get_weather"}]}})
    await me.coze.bots.update(bot_id=created.bot_id, description="now with weather")
    console = (await console_info(me.api, created.bot_id))["bot_info"]
    assert (console["description"], console["client_tool_list"]) == ("now with weather", [{"name": "get_weather"}])
    assert console["prompt_info"]["prompt"] == "You explain kettles."


async def test_update_publish_chat_unpublish_and_publish_again(me: Account, stub: OpenAIStub) -> None:
    created = await me.coze.bots.create(space_id=me.space_id, name=name(), prompt_info=BotPromptInfo(prompt="v1"),
                                        model_info_config=BotModelInfo(model_id=STUB_MODEL_ID, max_tokens=256))
    bot_id = created.bot_id
    with pytest.raises(CozeAPIError, match="not published"):
        await me.coze.bots.retrieve(bot_id=bot_id)  # get_online_info: nothing online yet
    dataset = await me.api.create_dataset(name("kb"))

    await me.coze.bots.update(bot_id=bot_id, name="Renamed", prompt_info=BotPromptInfo(prompt="v2"),
                              knowledge=BotKnowledge(dataset_ids=[dataset], auto_call=False, search_strategy=20),
                              model_info_config=BotModelInfo(model_id=STUB_MODEL_ID, temperature=0.7),
                              suggest_reply_info=BotSuggestReplyInfo(reply_mode=SuggestReplyMode.ENABLE))
    published = await me.coze.bots.publish(bot_id=bot_id)
    assert published.bot_id == bot_id and published.version

    online = await me.coze.bots.retrieve(bot_id=bot_id)  # /v1/bot/get_online_info
    assert (online.version, online.name, online.prompt_info.prompt) == (published.version, "Renamed", "v2")
    assert (online.knowledge.dataset_ids, online.knowledge.auto_call, online.knowledge.search_strategy) \
        == ([dataset], False, 20)
    assert (online.model_info.temperature, online.model_info.max_tokens) == (0.7, 256)  # max_tokens kept
    assert online.suggest_reply_info.reply_mode == SuggestReplyMode.ENABLE
    knowledge = (await console_info(me.api, bot_id))["bot_info"]["knowledge"]
    assert [k["id"] for k in knowledge["knowledge_info"]] == [dataset] and knowledge["knowledge_info"][0]["name"]
    assert int(knowledge["top_k"]) == 3 and knowledge["min_score"] == DEFAULT_MIN_SCORE  # settings the OpenAPI has no word for stay

    await me.coze.bots.update(bot_id=bot_id, prompt_info=BotPromptInfo(prompt="v3 draft"))
    assert (await me.coze.bots.retrieve(bot_id=bot_id, use_api_version=2)).prompt_info.prompt == "v2"
    assert (await me.coze.bots.retrieve(bot_id=bot_id, is_published=False, use_api_version=2)
            ).prompt_info.prompt == "v3 draft"

    stub.script({"content": "Published answer."})
    asked = len(stub.requests(CHAT))
    assert await chat(me.coze, bot_id, "u1", "hi") == (ChatStatus.COMPLETED, ["Published answer."])
    sent = stub.requests(CHAT)[asked]["json"]  # the answer's call (a suggestions call follows: reply_mode enable)
    assert "v2" in sent["messages"][0]["content"] and sent["temperature"] == 0.7 and sent["max_tokens"] == 256

    await me.coze.bots.unpublish(bot_id=bot_id, connector_id="1024", unpublish_reason="maintenance")
    with pytest.raises(CozeAPIError, match="not published"):
        await me.coze.bots.retrieve(bot_id=bot_id)
    question = {"bot_id": bot_id, "user_id": "u1", "stream": False,
                "additional_messages": [{"role": "user", "content": "hi", "content_type": "text"}]}
    # The conversation service remembers published bots for a few seconds: a chat right after the
    # unpublish may still start, but the agent refuses to run it, and from then on chats get 404.
    try:
        started = (await me.api.call("/v3/chat", question))["data"]
    except ApiError as refused:
        assert refused.status == 404 and "not published" in refused.body["msg"]
    else:
        ended = await me.api.wait_chat(started)
        assert ended["status"] == "failed" and "not published" in ended["last_error"]["msg"], ended
    await expect_error(me.api.call("/v3/chat", question), 404, "not published")
    assert (await me.coze.bots.retrieve(bot_id=bot_id, is_published=False, use_api_version=2)).name == "Renamed"
    history = (await me.api.call("/api/draftbot/list_draft_history", {"space_id": me.space_id, "bot_id": bot_id,
                                                                     "page_index": 1, "page_size": 10}))["data"]
    assert [h["version"] for h in history["history_infos"]] == [published.version]  # versions stay

    again = await me.coze.bots.publish(bot_id=bot_id, connector_ids=["1024"])
    assert again.version != published.version
    stub.script({"content": "Back online."})
    asked = len(stub.requests(CHAT))
    assert await chat(me.coze, bot_id, "u1", "hi") == (ChatStatus.COMPLETED, ["Back online."])
    assert "v3 draft" in stub.requests(CHAT)[asked]["json"]["messages"][0]["content"]


async def test_lists_of_bots_by_publish_status_and_page(me: Account) -> None:
    online = await me.coze.bots.create(space_id=me.space_id, name="online", description="live one")
    await me.coze.bots.publish(bot_id=online.bot_id)
    await me.coze.bots.update(bot_id=online.bot_id, name="online, edited draft")
    draft_only = await me.coze.bots.create(space_id=me.space_id, name="draft only")
    offline = await me.coze.bots.create(space_id=me.space_id, name="offline")
    await me.coze.bots.publish(bot_id=offline.bot_id)
    await me.coze.bots.unpublish(bot_id=offline.bot_id, connector_id="1024")

    async def listed(status: PublishStatus | None = None, page_size: int = 1) -> list:
        pages = await me.coze.bots.list(space_id=me.space_id, publish_status=status, page_size=page_size,
                                        use_api_version=2)
        return [bot async for bot in pages]  # page by page: one bot a page

    default = await listed()
    assert [(b.id, b.name, b.is_published) for b in default] == [(online.bot_id, "online", True)]
    assert default[0].description == "live one" and default[0].published_at and default[0].owner_user_id.isdigit()
    assert [(b.id, b.name) for b in await listed(PublishStatus.PUBLISHED_DRAFT)] \
        == [(online.bot_id, "online, edited draft")]
    assert {b.id for b in await listed(PublishStatus.UNPUBLISHED_DRAFT)} == {draft_only.bot_id, offline.bot_id}
    everything = await listed(PublishStatus.ALL, page_size=2)
    assert [b.id for b in everything] == [offline.bot_id, draft_only.bot_id, online.bot_id]  # newest change first
    first_page = await me.coze.bots.list(space_id=me.space_id, publish_status=PublishStatus.ALL, page_size=2,
                                         use_api_version=2)
    assert first_page.total == 3 and len(first_page.items) == 2 and first_page.has_more

    v1 = [b async for b in await me.coze.bots.list(space_id=me.space_id, page_size=1)]  # published_bots_list
    assert [(b.bot_id, b.bot_name, b.description) for b in v1] == [(online.bot_id, "online", "live one")]
    assert v1[0].publish_time.isdigit()
    by_connector = await me.api.call("/v1/bots", {"workspace_id": me.space_id, "connector_id": "999"}, method="GET")
    assert by_connector["data"] == {"items": [], "total": 0}

    await me.coze.bots.publish(bot_id=draft_only.bot_id, connector_ids=["1024", "999"])
    assert [b.id for b in await listed()] == [draft_only.bot_id, online.bot_id]  # latest publish first
    by_connector = await me.api.call("/v1/bots", {"workspace_id": me.space_id, "connector_id": "999"}, method="GET")
    assert [b["id"] for b in by_connector["data"]["items"]] == [draft_only.bot_id]
    await me.coze.bots.unpublish(bot_id=draft_only.bot_id, connector_id="999")  # still online through the API
    assert [b.id for b in await listed()] == [draft_only.bot_id, online.bot_id]
    by_connector = await me.api.call("/v1/bots", {"workspace_id": me.space_id, "connector_id": "999"}, method="GET")
    assert by_connector["data"]["total"] == 0


async def test_refusals_name_the_field_and_write_nothing(me: Account, other: Account, tmp_path: Path) -> None:
    api = me.api
    create = "/v1/bot/create"
    base = {"space_id": me.space_id, "name": "refused"}
    await expect_error(api.call(create, {"space_id": me.space_id}), 400, "name")
    await expect_error(api.call(create, {**base, "name": "  "}), 400, "name")
    await expect_error(api.call(create, {**base, "suggest_reply_info": {"reply_mode": "sometimes"}}),
                       400, "suggest_reply_info.reply_mode", "sometimes")
    await expect_error(api.call(create, {**base, "suggest_reply_info": {"reply_mode": "customized"}}),
                       400, "suggest_reply_info.customized_prompt")
    await expect_error(api.call(create, {**base, "model_info_config": {"model_id": "999"}}),
                       400, "model_info_config.model_id", "999")
    await expect_error(api.call(create, {**base, "model_info_config": {"model_id": "abc"}}),
                       400, "model_info_config.model_id")
    await expect_error(api.call(create, {**base, "model_info_config": {"model_id": STUB_MODEL_ID, "temperature": 5}}),
                       400, "model_info_config.temperature")
    await expect_error(api.call(create, {**base, "model_info_config": {"model_id": STUB_MODEL_ID,
                                                                        "context_round": 500}}),
                       400, "model_info_config.context_round")
    await expect_error(api.call(create, {**base, "model_info_config": {"model_id": STUB_MODEL_ID,
                                                                        "response_format": "yaml"}}),
                       400, "model_info_config.response_format")
    await expect_error(api.call(create, {**base, "plugin_id_list": {"id_list": [{"plugin_id": "1"}]}}),
                       400, "plugin_id_list.id_list[0]")
    not_an_image = await upload(me.coze, tmp_path, "notes.txt", b"plain text")
    await expect_error(api.call(create, {**base, "icon_file_id": not_an_image}), 400, "icon_file_id", "not an image")
    theirs = await upload(other.coze, tmp_path, "their.png", sample_files.png())
    await expect_error(api.call(create, {**base, "icon_file_id": theirs}), 404, f"file {theirs}")
    await expect_error(api.call(create, {**base, "space_id": other.space_id}), 403, "space")
    assert (await api.call("/v1/bots", {"workspace_id": me.space_id, "publish_status": "all"}, method="GET")
            )["data"]["total"] == 0  # nothing was created

    bot = (await api.call(create, {**base, "prompt_info": {"prompt": "kept"}}))["data"]["bot_id"]
    their_bot = (await other.api.call(create, {"space_id": other.space_id, "name": "theirs"}))["data"]["bot_id"]
    their_dataset = await other.api.create_dataset(name("kb"))
    update = "/v1/bot/update"
    await expect_error(api.call(update, {"bot_id": "123", "name": "x"}), 404, "bot 123")
    await expect_error(api.call(update, {"bot_id": their_bot, "name": "mine now"}), 404, f"bot {their_bot} not found")
    await expect_error(api.call(update, {"bot_id": bot, "prompt_info": {"prompt": "lost"},
                                         "knowledge": {"dataset_ids": [their_dataset]}}),
                       404, "knowledge.dataset_ids[0]", their_dataset)
    await expect_error(api.call(update, {"bot_id": bot, "prompt_info": {"prompt": "lost"},
                                         "knowledge": {"dataset_ids": ["x1"]}}), 400, "knowledge.dataset_ids[0]")
    await expect_error(api.call(update, {"bot_id": bot, "knowledge": {"dataset_ids": [], "search_strategy": 7}}),
                       400, "knowledge.search_strategy")
    draft = await me.coze.bots.retrieve(bot_id=bot, is_published=False, use_api_version=2)
    assert draft.prompt_info.prompt == "kept" and draft.knowledge.dataset_ids == []

    await expect_error(api.call("/v1/bot/publish", {"bot_id": bot, "connector_ids": ["web"]}),
                       400, "connector_ids[0]")
    await expect_error(api.call("/v1/bot/publish", {"bot_id": their_bot}), 404)
    await expect_error(api.call(f"/v1/bots/{bot}/unpublish", {"connector_id": "1024"}), 409, "not published")
    await api.call("/v1/bot/publish", {"bot_id": bot})
    await expect_error(api.call(f"/v1/bots/{bot}/unpublish", {"connector_id": "999"}), 400, "connector_id", "999")
    await expect_error(api.call(f"/v1/bots/{bot}/unpublish", {"connector_id": "1024", "unpublish_reason": "x" * 1025}),
                       400, "unpublish_reason")
    await expect_error(api.call(f"/v1/bots/{bot}/unpublish", {}), 400, "connector_id")
    assert (await me.coze.bots.retrieve(bot_id=bot)).prompt_info.prompt == "kept"  # still online

    await expect_error(api.call(f"/v1/bots/{their_bot}", {"is_published": "false"}, method="GET"), 404)
    await expect_error(api.call("/v1/bot/get_online_info", {"bot_id": "123"}, method="GET"), 404, "bot 123")
    lists = "/v1/bots"
    await expect_error(api.call(lists, {"workspace_id": me.space_id, "publish_status": "live"}, method="GET"),
                       400, "publish_status", "live")
    await expect_error(api.call(lists, {"workspace_id": me.space_id, "page_size": 0}, method="GET"), 400, "page_size")
    await expect_error(api.call(lists, {"workspace_id": me.space_id, "page_index": 0}, method="GET"),
                       400, "page_index")
    await expect_error(api.call(lists, {"workspace_id": other.space_id}, method="GET"), 403)
    await expect_error(api.call(lists, {}, method="GET"), 400, "workspace_id")
    await expect_error(api.call("/v1/space/published_bots_list", {"space_id": other.space_id}, method="GET"), 403)


async def test_memory_variables_per_end_user_through_cozepy(me: Account, other: Account, stub: OpenAIStub) -> None:
    bot = (await me.coze.bots.create(space_id=me.space_id, name=name(), model_info_config=BotModelInfo(
        model_id=STUB_MODEL_ID), prompt_info=BotPromptInfo(prompt="The user lives in {{city}}."))).bot_id
    await me.api.call("/api/playground_api/draftbot/update_draft_bot_info", {"bot_info": {"bot_id": bot, "variable_list": [
        {"key": "city", "default_value": "Oslo", "description": "home town"},
        {"key": "food", "default_value": "", "prompt_disabled": True}]}})
    await me.coze.bots.publish(bot_id=bot)

    variables = (await me.coze.bots.retrieve(bot_id=bot)).variables
    assert [(v.keyword, v.default_value, v.description, v.variable_type, v.channel, v.enable, v.prompt_enable)
            for v in variables] == [("city", "Oslo", "home town", "KVVariable", "custom", True, True),
                                    ("food", "", "", "KVVariable", "custom", True, False)]

    values = await me.coze.variables.retrieve(bot_id=bot, connector_uid="u1", keywords=[])
    assert [(v.keyword, v.value, v.update_time) for v in values] == [("city", "Oslo", 0), ("food", "", 0)]
    await me.coze.variables.update(bot_id=bot, connector_uid="u1", data=[VariableValue(keyword="city", value="Rome")])
    values = await me.coze.variables.retrieve(bot_id=bot, connector_uid="u1", keywords=["city"])
    assert [(v.keyword, v.value) for v in values] == [("city", "Rome")] and values[0].update_time > 0
    assert [v.value for v in await me.coze.variables.retrieve(bot_id=bot, connector_uid="u2", keywords=["city"])] \
        == ["Oslo"]  # values are each end user's own

    stub.script({"content": "Ciao."})
    assert await chat(me.coze, bot, "u1", "where do I live?") == (ChatStatus.COMPLETED, ["Ciao."])
    assert "The user lives in Rome." in stub.requests(CHAT)[-1]["json"]["messages"][0]["content"]

    put = {"bot_id": bot, "connector_uid": "u1"}
    await expect_error(me.api.call("/v1/variables", {**put, "data": [{"keyword": "city", "value": "Paris"},
                                                                     {"keyword": "nope", "value": "x"}]},
                                   method="PUT"), 400, "data[1].keyword", "nope")
    await expect_error(me.api.call("/v1/variables", {**put, "data": []}, method="PUT"), 400, "data")
    await expect_error(me.api.call("/v1/variables", {"connector_uid": "u1", "app_id": "5", "data": [
        {"keyword": "city", "value": "x"}]}, method="PUT"), 400, "app_id")
    await expect_error(me.api.call("/v1/variables", {"connector_uid": "u1", "keywords": "city"}, method="GET"),
                       400, "bot_id")
    await expect_error(me.api.call("/v1/variables", {**put, "keywords": "city,nope"}, method="GET"),
                       400, "keywords[1]", "nope")
    await expect_error(other.api.call("/v1/variables", {**put, "keywords": "city"}, method="GET"), 404)
    await expect_error(other.api.call("/v1/variables", {**put, "data": [{"keyword": "city", "value": "Paris"}]},
                                      method="PUT"), 404)
    assert [v.value for v in await me.coze.variables.retrieve(bot_id=bot, connector_uid="u1", keywords=["city"])] \
        == ["Rome"]  # no refused call wrote anything



async def test_the_console_cannot_bind_another_spaces_datasets_or_tables(me: Account, other: Account) -> None:
    bot = (await me.api.call("/api/draftbot/create", {"space_id": me.space_id, "name": name()}))["data"]["bot_id"]
    mine = await me.api.create_dataset(name("kb"))
    theirs = await other.api.create_dataset(name("kb"))
    their_table = (await other.api.call("/api/memory/database/add", {
        "space_id": other.space_id, "table_name": f"t_{uuid.uuid4().hex[:6]}", "rw_mode": 1,
        "field_list": [{"name": "title", "type": 1}]}))["database_info"]["id"]
    update = "/api/playground_api/draftbot/update_draft_bot_info"

    def knowledge(*ids: str) -> dict:
        return {"bot_info": {"bot_id": bot, "knowledge": {"knowledge_info": [{"id": i} for i in ids]}}}

    await expect_error(me.api.call(update, knowledge(mine, theirs)), 404,
                       "bot_info.knowledge.knowledge_info[1].id", f"dataset {theirs} not found")
    await expect_error(me.api.call(update, knowledge("123456789")), 404, "dataset 123456789 not found")
    await expect_error(me.api.call(update, {"bot_info": {"bot_id": bot, "database_list": [
        {"table_id": their_table}]}}), 404, "bot_info.database_list[0].table_id", f"database {their_table} not found")
    info = (await me.api.call("/api/playground_api/draftbot/get_draft_bot_info", {"bot_id": bot}))["data"]["bot_info"]
    assert not info.get("knowledge", {}).get("knowledge_info") and not info.get("database_list")  # nothing saved
    await me.api.call(update, knowledge(mine))
    info = (await me.api.call("/api/playground_api/draftbot/get_draft_bot_info", {"bot_id": bot}))["data"]["bot_info"]
    assert [k["id"] for k in info["knowledge"]["knowledge_info"]] == [mine]
