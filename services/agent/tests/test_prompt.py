"""Prompt building, context fitting and suggestion parsing: the runtime's pure parts."""

from __future__ import annotations

from pathlib import Path

import pytest

from atelier_agent.runtime.context_window import ContextOverflow, HistoryMessage, fit, message_tokens, rounds, window
from atelier_agent.runtime.prompt import KnowledgeItem, PromptParts, render_persona, system_prompt
from atelier_agent.runtime.suggestions import parse_suggestions
from atelier_common.tokens import count_tokens


def test_persona_takes_request_variables_before_memory_then_empty():
    template = "Hi {{ name }}, you live in {{ city }} and like {{ food }}."
    out = render_persona(template, {"name": "Ann"}, {"name": "Bob", "city": "Oslo"})
    assert out == "Hi Ann, you live in Oslo and like ."


def test_persona_that_is_not_a_template_is_used_as_written():
    assert render_persona("Broken {{ name", {"name": "x"}, {}) == "Broken {{ name"
    assert render_persona("{{ ''.__class__.__mro__ }}", {}, {}) == ""  # sandbox: unsafe attributes are undefined
    with_attr = render_persona("{{ name.upper() }}", {"name": "ann"}, {})
    assert with_attr == "ANN"


def test_system_prompt_has_every_section():
    parts = PromptParts(
        agent_name="Guide", persona="You are terse.", now="2026-11-23T07:00:00+00:00",
        variables={"city": "Oslo", "age": ""},
        knowledge=[KnowledgeItem("Fjords are deep.", "norway.md (Travel)", 0.9, 1, 2),
                   KnowledgeItem("A map", "map.png (Images)", 0.7, 3, 4, image_url="http://x/map.png", image_name="map.png")],
        knowledge_attached=True, tool_results=[("Shortcut /weather", "weather in Oslo")], tables=["books: my books"],
        has_memory_tool=True)
    text = system_prompt(parts)
    for needle in ("You are Guide", "2026-11-23T07:00:00+00:00", "# Persona\nYou are terse.", "- city: Oslo",
                   "- age: (not set)", "setKeywordMemory", "[1] Source: norway.md (Travel)\nFjords are deep.",
                   "![map.png](http://x/map.png)", "## Shortcut /weather\nweather in Oslo", "- books: my books",
                   "# Guidelines"):
        assert needle in text, needle


def test_system_prompt_says_when_nothing_was_recalled():
    text = system_prompt(PromptParts(agent_name="A", persona="", now="t", knowledge_attached=True))
    assert "Nothing in the knowledge base matched" in text
    assert "# Knowledge" not in system_prompt(PromptParts(agent_name="A", persona="", now="t"))


def _history(n: int, words: int = 5) -> list[HistoryMessage]:
    out = []
    for i in range(n):
        out.append(HistoryMessage("user", f"question {i} " + "word " * words))
        out.append(HistoryMessage("assistant", f"answer {i} " + "word " * words))
    return out


def test_history_window_keeps_last_rounds():
    kept = window(_history(5), 2)
    assert [r[0].content.split()[1] for r in kept] == ["3", "4"]
    assert window(_history(5), 0) == []
    assert len(rounds(_history(3))) == 3


def test_budget_drops_oldest_history_then_knowledge_never_the_message():
    knowledge = [f"passage {i} " + "fact " * 40 for i in range(3)]

    def system_for(items):
        return "system " + " ".join(items)

    user = {"role": "user", "content": "latest question"}
    hist = window(_history(6, words=30), 6)
    roomy = fit(system_for=system_for, knowledge=knowledge, history_rounds=hist, user_message=user, budget=100_000)
    assert roomy.rounds_dropped == 0 and roomy.knowledge_dropped == 0
    # Room for the system prompt with all knowledge and two rounds only.
    round_cost = sum(message_tokens({"content": m.content}) for m in hist[0])
    full_system = message_tokens({"content": system_for(knowledge)})
    budget = full_system + message_tokens(user) + 2 * round_cost + 1
    tight = fit(system_for=system_for, knowledge=knowledge, history_rounds=hist, user_message=user, budget=budget)
    assert (tight.rounds_kept, tight.knowledge_dropped) == (2, 0)
    assert tight.messages[1]["content"].startswith("question 4")
    assert tight.messages[-1] == user and tight.prompt_tokens <= budget
    # Less room: all history goes, then the least relevant passages.
    budget = message_tokens({"content": system_for(knowledge[:1])}) + message_tokens(user) + 1
    tighter = fit(system_for=system_for, knowledge=knowledge, history_rounds=hist, user_message=user, budget=budget)
    assert (tighter.rounds_kept, tighter.knowledge_kept) == (0, 1)
    assert "passage 0" in tighter.messages[0]["content"] and tighter.prompt_tokens <= budget
    with pytest.raises(ContextOverflow):
        fit(system_for=system_for, knowledge=knowledge, history_rounds=hist, user_message=user, budget=5)


def test_a_turn_that_fits_renders_its_system_prompt_once():
    """The prompt with every passage is rendered once and sent as it is (each render is a template
    run on the way to the first token); the one without knowledge only when the full one does not fit."""
    knowledge = [f"passage {i} " + "fact " * 10 for i in range(3)]
    rendered: list[list[str]] = []

    def system_for(items):
        rendered.append(list(items))
        return "system " + " ".join(items)

    user = {"role": "user", "content": "latest question"}
    for given in (knowledge, []):
        rendered.clear()
        fitted = fit(system_for=system_for, knowledge=given, history_rounds=window(_history(2), 2),
                     user_message=user, budget=100_000)
        assert rendered == [given] and fitted.messages[0]["content"] == system_for(given)
    budget = message_tokens({"content": system_for(knowledge[:2])}) + message_tokens(user)
    rendered.clear()
    fitted = fit(system_for=system_for, knowledge=knowledge, history_rounds=[], user_message=user, budget=budget)
    assert fitted.knowledge == knowledge[:2] and [] in rendered  # too long: the bare prompt is checked too


def test_many_passages_drop_by_relevance_keeping_the_rest_in_order_with_their_ids():
    # 60 passages, given in retrieval order but with scores that disagree (a table answer last, scored 1.0)
    items = [KnowledgeItem(f"passage {i} " + "fact " * 30, f"doc{i} (ds)", score=(i * 37 % 60) / 60, document_id=i,
                           dataset_id=1, ref=str(i + 1)) for i in range(60)]

    def system_for(kept):
        return system_prompt(PromptParts(agent_name="A", persona="", now="t", knowledge=kept, knowledge_attached=True))

    user = {"role": "user", "content": "the newest question"}
    hist = window(_history(4, words=30), 4)
    budget = message_tokens({"content": system_for(sorted(items, key=lambda k: -k.score)[:10])}) + message_tokens(user) + 3
    fitted = fit(system_for=system_for, knowledge=items, history_rounds=hist, user_message=user, budget=budget,
                 relevance=lambda k: k.score)
    assert fitted.rounds_kept == 0 and fitted.knowledge_kept == 10 and fitted.prompt_tokens <= budget
    assert {k.score for k in fitted.knowledge} == set(sorted((k.score for k in items), reverse=True)[:10])
    assert [k.ref for k in fitted.knowledge] == sorted((k.ref for k in fitted.knowledge), key=int)  # given order
    system = fitted.messages[0]["content"]
    assert all(f"[{k.ref}] Source: doc{k.document_id} (ds)" in system for k in fitted.knowledge)  # ids kept
    assert fitted.messages[-1] == user


def test_the_budget_is_counted_with_the_models_tokenizer(tmp_path):
    from atelier_common.ai import resolve_local_model
    from atelier_common.ai.models import ModelConfigError, load_models

    word_pieces = Path(resolve_local_model("all-MiniLM-L6-v2")) / "tokenizer.json"
    (tmp_path / "m.yaml").write_text(f"id: 7\nname: m\nmodel: m\nbase_url: http://x\ntokenizer: {word_pieces}\n")
    [model] = load_models(tmp_path)
    text = "Pneumonoultramicroscopicsilicovolcanoconiosis " * 20
    assert model.count_tokens(text) != count_tokens(text)  # another vocabulary than cl100k
    system = "system " + text
    user = {"role": "user", "content": "q"}
    exact = message_tokens({"content": system}, model.count_tokens) + message_tokens(user, model.count_tokens)
    assert fit(system_for=lambda k: system, knowledge=[], history_rounds=[], user_message=user, budget=exact,
               count=model.count_tokens).prompt_tokens == exact
    with pytest.raises(ContextOverflow):
        fit(system_for=lambda k: system, knowledge=[], history_rounds=[], user_message=user, budget=exact - 1,
            count=model.count_tokens)
    (tmp_path / "m.yaml").write_text("id: 7\nname: m\nmodel: m\nbase_url: http://x\ntokenizer: nowhere.json\n")
    with pytest.raises(ModelConfigError, match="tokenizer"):
        load_models(tmp_path)


def test_suggestions_parse_json_fenced_and_lines():
    assert parse_suggestions('["a?", "b?", "c?", "d?"]') == ["a?", "b?", "c?"]
    assert parse_suggestions('```json\n["x?", "y?"]\n```') == ["x?", "y?"]
    assert parse_suggestions("1. first?\n2) second?\n- third?") == ["first?", "second?", "third?"]


def test_history_replays_tool_traffic_with_its_results_and_drops_unanswered_calls():
    from atelier_agent.runtime.history import Stored, history_messages

    call = '{"name": "setKeywordMemory", "arguments": "{\\"data\\": []}"}'
    items = [Stored("user", "question", "hi"),
             Stored("assistant", "function_call", call, "c1", "setKeywordMemory"),
             Stored("assistant", "function_call", call, "c2", "setKeywordMemory"),
             Stored("assistant", "tool_response", "ok1", "c1"), Stored("assistant", "tool_response", "ok2", "c2"),
             Stored("assistant", "answer", "saved"),
             Stored("user", "question", "again"),
             Stored("assistant", "function_call", call, "c3"),  # cancelled before its result
             Stored("assistant", "answer", "partial")]
    out = [m.as_message() for m in history_messages(items)]
    assert [m["role"] for m in out] == ["user", "assistant", "tool", "tool", "assistant", "user", "assistant"]
    assert out[4] == {"role": "assistant", "content": "saved"}
    assert [c["id"] for c in out[1]["tool_calls"]] == ["c1", "c2"] and out[1]["content"] is None
    assert (out[2]["tool_call_id"], out[2]["content"]) == ("c1", "ok1")
    assert out[-1] == {"role": "assistant", "content": "partial"}
    assert len(rounds(history_messages(items))) == 2  # tool messages stay inside their round
