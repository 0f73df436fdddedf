"""The OpenAPI's bot shape <-> the agent configuration (domain.openapi), without a stack."""

from __future__ import annotations

import pytest

from atelier_agent.domain import config, openapi
from atelier_agent.domain.entities import BotConfig
from atelier_common import paging
from atelier_common.errors import InvalidArgument
from atelier_proto import agent_pb2 as apb
from atelier_proto.enums import SearchStrategy, SuggestReplyMode


def draft(**fields: object) -> BotConfig:
    """A new agent's configuration with a model, a plugin tool and a workflow, then `fields`."""
    return config.new_draft(bot_id=7, space_id=3, creator_id=11, name="Helper", description="", icon_uri="",
                            now_s=1_700_000_000).with_fields(**{
        "model_info": {"model_id": "1001", "max_tokens": 300, "short_memory_policy": {"context_mode": 0,
                                                                                      "history_round": 4}},
        "plugin_info_list": [{"plugin_id": "5", "api_id": "6", "api_name": "search"}],
        "workflow_info_list": [{"workflow_id": "9", "workflow_name": "Triage", "desc": "sorts tickets"}],
        **fields})


def test_a_model_update_changes_only_the_fields_given() -> None:
    req = apb.OpenUpdateBotRequest(bot_id=7, model_info_config=apb.OpenAPIBotModelInfo(
        model_id=1002, temperature=0.2, context_round=8, response_format="JSON"))
    model = openapi.draft_patch(req, draft())["model_info"]
    assert model == {"model_id": "1002", "temperature": pytest.approx(0.2), "max_tokens": 300,
                     "short_memory_policy": {"context_mode": 0, "history_round": 8}, "response_format": 2}


def test_only_the_fields_present_are_patched_and_tool_names_already_known_stay() -> None:
    req = apb.OpenUpdateBotRequest(
        bot_id=7, plugin_id_list=apb.OpenAPIPluginIDList(id_list=[apb.OpenAPIPluginIDInfo(plugin_id=5, api_id=6),
                                                                  apb.OpenAPIPluginIDInfo(plugin_id=5, api_id=8)]),
        workflow_id_list=apb.OpenAPIWorkflowIDList(ids=[apb.OpenAPIWorkflowIDInfo(id=9),
                                                        apb.OpenAPIWorkflowIDInfo(id=10)]))
    patch = openapi.draft_patch(req, draft())
    assert set(patch) == {"plugin_info_list", "workflow_info_list"}
    assert patch["plugin_info_list"] == [{"plugin_id": "5", "api_id": "6", "api_name": "search"},
                                         {"plugin_id": "5", "api_id": "8"}]
    assert patch["workflow_info_list"] == [{"workflow_id": "9", "workflow_name": "Triage", "desc": "sorts tickets"},
                                           {"workflow_id": "10"}]


def test_reply_modes_and_knowledge_map_onto_the_console_settings() -> None:
    for mode, number in (("enable", SuggestReplyMode.System), ("disable", SuggestReplyMode.Disable)):
        req = apb.OpenUpdateBotRequest(bot_id=7, suggest_reply_info=apb.OpenAPIBotSuggestReplyInfo(reply_mode=mode))
        assert openapi.draft_patch(req, draft())["suggest_reply_info"]["suggest_reply_mode"] == number
    knowledge = openapi.knowledge_patch(apb.OpenAPIBotKnowledge(dataset_ids=[21], auto_call=False, search_strategy=20),
                                        draft(), {21: "manuals"})
    assert knowledge["knowledge_info"] == [{"id": "21", "name": "manuals"}]
    assert (knowledge["auto"], knowledge["search_strategy"], knowledge["top_k"], knowledge["min_score"]) \
        == (False, 20, "3", config.DEFAULT_MIN_SCORE)
    with pytest.raises(InvalidArgument, match="knowledge.dataset_ids\\[1\\].*twice"):
        openapi.check_dataset_ids([21, 21])


def test_validation_errors_use_the_openapi_names() -> None:
    doc = draft(model_info={"model_id": "1001", "short_memory_policy": {"history_round": 500}})
    with pytest.raises(InvalidArgument, match="'model_info_config.context_round'"):
        config.validate(doc, {1001}, openapi.field_name)
    doc = draft(model_info={"model_id": "1001", "top_p": 3})
    with pytest.raises(InvalidArgument, match="'model_info_config.top_p'"):
        config.validate(doc, {1001}, openapi.field_name)
    with pytest.raises(InvalidArgument, match="'bot_info.model_info.top_p'"):
        config.validate(doc, {1001})  # the console keeps its own names


def test_a_configuration_renders_as_coze_bot() -> None:
    doc = draft(suggest_reply_info={"suggest_reply_mode": SuggestReplyMode.Custom, "customized_suggest_prompt": "ask"},
                model_info={**draft().section("model_info"), "response_format": 1},
                variable_list=[{"key": "city", "default_value": "Oslo", "prompt_disabled": True},
                               {"key": "old", "is_disabled": True, "is_system": True}])
    bot = openapi.bot_view(doc, bot_id=7, version="v1", icon_url="https://x/icon.png",
                           model=openapi.ModelRef(1001, "Stub chat"), shortcuts=[])
    assert (bot.suggest_reply_info.reply_mode, bot.suggest_reply_info.customized_prompt) == ("customized", "ask")
    assert (bot.model_info.model_id, bot.model_info.model_name, bot.model_info.response_format,
            bot.model_info.context_round, bot.model_info.max_tokens) == (1001, "Stub chat", "markdown", 4, 300)
    assert not bot.model_info.HasField("temperature")  # unset stays unset
    assert [(v.keyword, v.channel, v.enable, v.prompt_enable) for v in bot.variables] \
        == [("city", "custom", True, False), ("old", "system", False, True)]
    assert [(p.plugin_id, [(a.api_id, a.name) for a in p.api_info_list]) for p in bot.plugin_info_list] \
        == [(5, [(6, "search")])]
    assert [(w.id, w.name, w.description) for w in bot.workflow_info_list] == [(9, "Triage", "sorts tickets")]
    assert (bot.knowledge.auto_call, bot.knowledge.search_strategy, bot.owner_user_id, bot.create_time) \
        == (True, SearchStrategy.HybridSearch, 11, 1_700_000_000)
    assert openapi.bot_view(doc, bot_id=7, version="", icon_url="", model=None, shortcuts=[]).HasField("model_info") \
        is False


def test_connectors_pages_and_statuses() -> None:
    assert openapi.connector_ids([]) == ["1024"]
    assert openapi.connector_ids(["1024", "999", "1024"]) == ["1024", "999"]
    with pytest.raises(InvalidArgument, match="connector_ids\\[0\\]"):
        openapi.connector_ids(["API"])
    assert openapi.connector_aliases("1024") == ["1024", "API"]
    assert openapi.page(None, None, number_field="page_num") == paging.Page(1, 20)
    assert openapi.page(3, 10, number_field="page_num").offset == 20
    with pytest.raises(InvalidArgument, match="page_size"):
        openapi.page(1, 101, number_field="page_num")
    assert openapi.publish_status(None) == "published_online"
    with pytest.raises(InvalidArgument, match="publish_status"):
        openapi.publish_status("online")
