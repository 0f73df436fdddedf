"""A /v3/chat delta's data is the answer's fields with this delta's text and reasoning: rendered
from a template made once per answer, it must read exactly as the whole object dumped."""

from __future__ import annotations

import json

import pytest

from atelier_conversation.chat.entry import _DeltaTemplate

BASE = {"id": "7", "conversation_id": "3", "bot_id": "9", "role": "assistant", "type": "answer", "content": "",
        "content_type": "text", "chat_id": "5", "section_id": "4", "created_at": 1, "updated_at": 1,
        "meta_data": {"k": "v \"quoted\" é"}}

TEXTS = ["", "plain", "quote \" backslash \\ newline \n tab \t", "accents é ü 中文 🙂", "\x00 nul", "</script>"]


def dumped(base: dict, content: str, reasoning: str) -> str:
    doc = {**base, "content": content}
    if reasoning:
        doc["reasoning_content"] = reasoning
    return json.dumps(doc, ensure_ascii=False)


@pytest.mark.parametrize("content", TEXTS)
@pytest.mark.parametrize("reasoning", ["", "thinking \"hard\"\nabout 中文"])
def test_a_delta_reads_as_the_whole_object_dumped(content: str, reasoning: str) -> None:
    assert _DeltaTemplate(BASE).render(content, reasoning) == dumped(BASE, content, reasoning)


def test_a_base_with_reasoning_keeps_its_place() -> None:
    base = {**BASE, "reasoning_content": ""}
    template = _DeltaTemplate(base)
    assert template.render("a", "b") == dumped(base, "a", "b")
    assert template.render("a", "") == dumped(base, "a", "")


def test_a_base_holding_the_slot_text_still_renders_right() -> None:
    base = {**BASE, "meta_data": {"odd": "\ue000\x00\ue001"}}
    assert _DeltaTemplate(base).render("x", "y") == dumped(base, "x", "y")
    assert json.loads(_DeltaTemplate(base).render("x", ""))["meta_data"] == {"odd": "\ue000\x00\ue001"}
