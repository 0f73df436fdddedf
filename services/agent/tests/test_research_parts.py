"""Deep research's pure parts: passages numbered across searches, the bounds, the answer prompt, and
the setting as the agent configuration reads and checks it."""

from __future__ import annotations

import pytest

from atelier_agent.domain import config
from atelier_agent.domain.entities import BotConfig
from atelier_agent.runtime import research
from atelier_agent.runtime.prompt import KnowledgeItem
from atelier_common.errors import InvalidArgument


def item(text: str, document_id: int) -> KnowledgeItem:
    return KnowledgeItem(content=text, source=f"doc-{document_id} (facts)", score=0.5, document_id=document_id,
                         dataset_id=7)


def test_passages_are_numbered_across_searches_and_read_once() -> None:
    notebook = research.Notebook()
    first = notebook.read_items([item("Ada was born in Szeged.", 1)])
    again = notebook.read_items([item("Szeged hosts a festival.", 2), item("Ada was born in Szeged.", 1)])
    web = notebook.read("Szeged is in Hungary.", source="webSearch")
    assert [p.id for p in first] == ["1"] and [p.id for p in again] == ["2", "1"] and web.id == "3"
    assert [p.title for p in notebook.passages] == ["doc-1 (facts)", "doc-2 (facts)", "webSearch"]
    assert notebook.read("Szeged is in Hungary.", source="webSearch").id == "3"


def test_research_stops_at_whichever_bound_comes_first() -> None:
    bounds = config.ResearchSettings(max_steps=3, max_tokens=1000)
    assert research.stop_reason(bounds, research.Spent(steps=2, tokens=999)) is None
    assert research.stop_reason(bounds, research.Spent(steps=3, tokens=10)) == research.STOP_STEPS
    assert research.stop_reason(bounds, research.Spent(steps=1, tokens=1000)) == research.STOP_TOKENS


def test_the_answer_prompt_lists_what_fits_with_ids() -> None:
    notebook = research.Notebook()
    passages = notebook.read_items([item("word " * 40, 1), item("other " * 400, 2), item("short", 3)])
    kept = research.fitting_passages(passages, budget_tokens=200)
    assert [p.id for p in kept] == ["1"]  # in reading order, up to the first that does not fit
    messages = [{"role": "system", "content": "You are a guide."}, {"role": "user", "content": "q"}]
    prompt = research.answer_messages(messages, kept)
    assert prompt[0]["content"].startswith("You are a guide.") and "[1] Source: doc-1 (facts)" in prompt[0]["content"]
    assert prompt[1:] == messages[1:] and messages[0]["content"] == "You are a guide."  # the turn's prompt unchanged
    assert "found nothing" in research.answer_messages(messages, [])[0]["content"]
    assert research.answer_messages(messages, [], searched=False) == messages


def test_the_chat_flag_wins_over_the_agent_setting() -> None:
    on = BotConfig({"deep_research": {"enabled": True, "max_steps": 2}})
    off = BotConfig({})
    assert config.research_settings(on, None) == config.ResearchSettings(2, config.DEFAULT_RESEARCH_TOKENS)
    assert config.research_settings(on, False) is None
    assert config.research_settings(off, None) is None
    assert config.research_settings(off, True) == config.ResearchSettings(config.DEFAULT_RESEARCH_STEPS,
                                                                          config.DEFAULT_RESEARCH_TOKENS)


@pytest.mark.parametrize(("setting", "problem"), [
    ({"max_steps": 2.5}, "deep_research.max_steps': must be a whole number"),
    ({"max_steps": "many"}, "deep_research.max_steps': must be a number"),
    ({"max_tokens": 300_000}, "deep_research.max_tokens': must be between 1000 and 200000"),
])
def test_bad_bounds_name_the_field(setting: dict, problem: str) -> None:
    with pytest.raises(InvalidArgument, match=problem):
        config.validate(BotConfig({"name": "bot", "deep_research": setting}), set())
