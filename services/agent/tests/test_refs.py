"""Which references a configuration change adds (only those are checked against the bot's space)."""

from __future__ import annotations

import pytest

from atelier_agent.domain.config import console_field
from atelier_agent.domain.entities import BotConfig
from atelier_agent.refs import added_refs
from atelier_common.errors import InvalidArgument

CURRENT = BotConfig({"knowledge": {"knowledge_info": [{"id": "11"}]}, "database_list": [{"table_id": "21"}]})


def test_only_references_the_patch_adds_are_returned_with_their_field() -> None:
    patch = {"knowledge": {"knowledge_info": [{"id": "11"}, {"id": "12"}]},
             "database_list": [{"table_id": "22"}, {"table_id": "21"}]}
    assert added_refs(patch, CURRENT, console_field) == (
        [("bot_info.knowledge.knowledge_info[1].id", 12)], [("bot_info.database_list[0].table_id", 22)])
    assert added_refs({"name": "x"}, CURRENT, console_field) == ([], [])


def test_an_id_that_is_no_id_is_a_400_naming_the_field() -> None:
    with pytest.raises(InvalidArgument, match=r"bot_info.knowledge.knowledge_info\[0\].id"):
        added_refs({"knowledge": {"knowledge_info": [{"id": "abc"}]}}, CURRENT, console_field)
