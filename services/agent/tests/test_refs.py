"""Which references a configuration change adds (only those are checked against the bot's space),
and how a tool the plugin service does not resolve is refused."""

from __future__ import annotations

import pytest

from atelier_agent.domain import openapi
from atelier_agent.domain.config import console_field
from atelier_agent.domain.entities import BotConfig
from atelier_agent.refs import AddedRefs, ToolBinding, added_refs, unresolved_error
from atelier_common.errors import InvalidArgument, NotFound, Unprocessable
from atelier_proto.enums import UnresolvedProblem

CURRENT = BotConfig({"knowledge": {"knowledge_info": [{"id": "11"}]}, "database_list": [{"table_id": "21"}],
                     "plugin_info_list": [{"plugin_id": "31", "api_id": "32"}]})


def test_only_references_the_patch_adds_are_returned_with_their_field() -> None:
    patch = {"knowledge": {"knowledge_info": [{"id": "11"}, {"id": "12"}]},
             "database_list": [{"table_id": "22"}, {"table_id": "21"}],
             "plugin_info_list": [{"plugin_id": "31", "api_id": "32"},
                                  {"plugin_id": "31", "api_id": "33",
                                   "default_params": [{"name": "units", "value": "metric"}]}]}
    assert added_refs(patch, CURRENT, console_field) == AddedRefs(
        datasets=[("bot_info.knowledge.knowledge_info[1].id", 12)],
        tables=[("bot_info.database_list[0].table_id", 22)],
        tools=[ToolBinding("bot_info.plugin_info_list[1]", 31, 33, ({"name": "units", "value": "metric"},))])
    assert added_refs({"name": "x"}, CURRENT, console_field) == AddedRefs([], [], [])


def test_an_id_that_is_no_id_is_a_400_naming_the_field() -> None:
    with pytest.raises(InvalidArgument, match=r"bot_info.knowledge.knowledge_info\[0\].id"):
        added_refs({"knowledge": {"knowledge_info": [{"id": "abc"}]}}, CURRENT, console_field)
    with pytest.raises(InvalidArgument, match=r"'bot_info.plugin_info_list\[1\].api_id': 'x7' is not an id"):
        added_refs({"plugin_info_list": [{"plugin_id": "31", "api_id": "32"}, {"plugin_id": "31", "api_id": "x7"}]},
                   CURRENT, console_field)
    with pytest.raises(InvalidArgument, match=r"'plugin_id_list.id_list\[0\].plugin_id': '' is not an id"):
        added_refs({"plugin_info_list": [{"api_id": "7"}]}, CURRENT, openapi.field_name)


def test_a_tool_bound_before_is_not_looked_at_again() -> None:
    saved = BotConfig({"plugin_info_list": [{"plugin_id": "", "api_id": "legacy"}]})
    patch = {"plugin_info_list": [{"plugin_id": "", "api_id": "legacy"}], "name": "renamed"}
    assert added_refs(patch, saved, console_field).tools == []


def test_a_bound_tool_whose_defaults_change_is_checked_again() -> None:
    saved = BotConfig({"plugin_info_list": [{"plugin_id": "31", "api_id": "32",
                                             "default_params": [{"name": "units", "value": "metric"}]}]})
    same = {"plugin_info_list": [{"plugin_id": "31", "api_id": "32",
                                  "default_params": [{"name": "units", "value": "metric", "hidden": False}]}]}
    assert added_refs(same, saved, console_field).tools == []
    dropped = {"plugin_info_list": [{"plugin_id": "31", "api_id": "32"}]}
    assert added_refs(dropped, saved, console_field).tools == []
    changed = [{"name": "units", "value": "kelvin"}]
    patch = {"plugin_info_list": [{"plugin_id": "31", "api_id": "32", "default_params": changed}]}
    assert added_refs(patch, saved, console_field).tools == [
        ToolBinding("bot_info.plugin_info_list[0]", 31, 32, ({"name": "units", "value": "kelvin"},))]


def test_the_plugin_services_problem_picks_the_status_and_the_field() -> None:
    tool = ToolBinding("bot_info.plugin_info_list[2]", 5, 6)
    cases = {
        UnresolvedProblem.PluginNotFound: (NotFound, "'bot_info.plugin_info_list[2].plugin_id': plugin 5 not found "
                                                     "in the bot's space"),
        UnresolvedProblem.ToolNotFound: (NotFound, "'bot_info.plugin_info_list[2].api_id': why"),
        UnresolvedProblem.InvalidDefault: (InvalidArgument, "'bot_info.plugin_info_list[2].default_params': why"),
        UnresolvedProblem.ToolDisabled: (Unprocessable, "'bot_info.plugin_info_list[2].api_id': why"),
        "a_problem_added_later": (Unprocessable, "'bot_info.plugin_info_list[2].api_id': why"),
    }
    for problem, (kind, message) in cases.items():
        error = unresolved_error(tool, problem, "why")
        assert type(error) is kind and error.msg == f"field {message}", problem
