"""What the assistant says when a chatflow run stops to ask (runs/chat_events.question_answer)."""

from __future__ import annotations

import json

from atelier_proto.enums import ContentType, InterruptType, NodeType
from atelier_workflow.engine.model import Interrupt
from atelier_workflow.runs.chat_events import question_answer


def asking(kind: InterruptType, data: dict) -> Interrupt:
    return Interrupt("qa", NodeType.QuestionAnswer, "Ask", kind, json.dumps(data))


def test_a_text_question_is_said_as_text_and_options_or_forms_as_a_card() -> None:
    text = asking(InterruptType.Question, {"messages": [
        {"type": "question", "content_type": "text", "content": "Which city?", "id": "qa_0"}]})
    assert question_answer(text) == ("Which city?", ContentType.Text)
    options = asking(InterruptType.Question, {"messages": [{"type": "question", "content_type": "option", "content": {
        "question": "Colour?", "options": [{"name": "red"}, {"name": "blue"}]}}]})
    assert question_answer(options) == (options.data, ContentType.Card)
    form = asking(InterruptType.Input, {"content_type": "form_schema", "content": "[]"})
    assert question_answer(form) == (form.data, ContentType.Card)
