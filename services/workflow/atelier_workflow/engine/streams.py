"""Answers shown as they are generated (Coze's streamingOutput): an Exit returning text, or an
OutputEmitter, with `streamingOutput` on whose template names a field a node streams (an LLM's
text answer) starts answering while that node still runs.

A node streams a field with `NodeContext.stream(field, delta)`; each attempt (and each model
round of a node using tools) starts the field's text anew (`restart`). For every streaming answer
node reading that field as `{{name}}` (the input bound to it, no path) and due to run as soon as
the streaming node completes (an edge from it; every other edge into it decided), the text the answer would
have so far is the template up to that placeholder, rendered once every value it names is known,
followed by the field's text so far. What the answer node has already said (`committed`) only ever
grows: a new candidate that extends it sends the difference as a message (not the node's last); a
candidate the committed text still extends (a retry catching up) waits; one that departs from it
(a retry answering otherwise, a model round that ended in tool calls) stops the streaming of that
answer node. When the answer node runs, `finish` sends what its whole text adds to the committed
text (all of it after a departure) as its last message.

A node streams its fields one after another: once another field of it streams, a field's text is
whole, and the template goes on past it (an LLM's reasoning, then its answer).

Only nodes of the canvas itself stream; a Loop's or Batch's body does not."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from atelier_proto.enums import NodeType
from atelier_workflow.domain.expressions import NodeRef
from atelier_workflow.domain.plan import Plan, PlanNode
from atelier_workflow.domain.progress import RunState
from atelier_workflow.engine.model import NodeError
from atelier_workflow.engine.observer import MessageEvent, RunObserver
from atelier_workflow.engine.template import render
from atelier_workflow.engine.values import ConversionError, resolve

RETURN_TEXT = "useAnswerContent"
_PLACEHOLDER = re.compile(r"{{\s*([^}]+?)\s*}}")


def answer_template(node: PlanNode) -> str:
    """The Exit's (returning text) or OutputEmitter's `content` template."""
    content = node.config.extra("content") or {}
    value = content.get("value") if isinstance(content, dict) else None
    text = value.get("content") if isinstance(value, dict) else None
    return text if isinstance(text, str) else ""


def streams_answer(node: PlanNode) -> bool:
    """An answer node whose text is sent as it is produced."""
    if node.config.extra("streamingOutput") is not True:
        return False
    return node.type == NodeType.OutputEmitter or (
        node.type == NodeType.Exit and node.config.terminate_plan == RETURN_TEXT)


@dataclass(frozen=True, slots=True)
class _Slot:
    """A placeholder of an answer node reading a streamed field."""

    answer_id: str
    offset: int  # where the placeholder starts in the template


@dataclass(slots=True)
class _Answer:
    node: PlanNode
    template: str
    committed: str = ""
    stopped: bool = False
    finished: bool = False
    synced: tuple[str, str, int] | None = None  # committed == prefix + this field's text, at this slot


class AnswerStreams:
    """The streaming answer nodes of one plan, fed by the fields nodes stream."""

    def __init__(self, plan: Plan, state: RunState, values: Mapping[str, Mapping[str, Any]],
                 variables: Mapping[str, Mapping[str, Any]], observer: RunObserver) -> None:
        self._state, self._values, self._variables, self._observer = state, values, variables, observer
        self._answers: dict[str, _Answer] = {}
        self._slots: dict[tuple[str, str], list[_Slot]] = {}  # (node, field) -> the placeholders reading it
        self._texts: dict[tuple[str, str], str] = {}  # (node, field) -> its text in this attempt
        self._closed: set[tuple[str, str]] = set()  # streamed fields whose text is whole (another came after)
        for node in plan.nodes.values():
            if streams_answer(node):
                self._add(node)

    def _add(self, node: PlanNode) -> None:
        template = answer_template(node)
        bindings = {binding.path: binding for binding in node.inputs}
        for match in _PLACEHOLDER.finditer(template):
            binding = bindings.get(match.group(1))
            if binding is not None and isinstance(binding.value, NodeRef) and len(binding.value.path) == 1:
                source = (binding.value.node_id, binding.value.path[0])
                self._slots.setdefault(source, []).append(_Slot(node.id, match.start()))
                self._answers[node.id] = _Answer(node, template)

    def __bool__(self) -> bool:
        return bool(self._answers)

    def restart(self, node_id: str, field_name: str | None = None) -> None:
        """The node's fields (or one of them) start their text anew."""
        for source in self._slots:
            if source[0] == node_id and (field_name is None or source[1] == field_name):
                self._texts.pop(source, None)
                self._closed.discard(source)
                for slot in self._slots[source]:
                    self._answers[slot.answer_id].synced = None

    def delta(self, node_id: str, field_name: str, text: str) -> None:
        source = (node_id, field_name)
        slots = self._slots.get(source)
        if not slots or not text:
            return
        so_far = self._texts[source] = self._texts.get(source, "") + text
        for other in self._texts:  # a node streams its fields one after another (reasoning, then text)
            if other[0] == node_id and other != source:
                self._closed.add(other)
        for slot in slots:
            answer = self._answers[slot.answer_id]
            if answer.stopped or answer.finished or not self._state.next_after(slot.answer_id, node_id):
                continue
            if answer.synced == (*source, slot.offset):
                self._send(answer, text, last=False)
                answer.committed += text
                continue
            prefix = self._prefix(answer, slot.offset)
            if prefix is not None:
                self._extend(answer, prefix + so_far, (*source, slot.offset))

    def _prefix(self, answer: _Answer, offset: int) -> str | None:
        """The answer's text before the placeholder at `offset`; None while a value it names is unknown."""
        head = answer.template[:offset]
        names = {m.group(1) for m in _PLACEHOLDER.finditer(head)}
        inputs: dict[str, Any] = {}
        for binding in answer.node.inputs:
            if binding.path not in names:
                continue
            given = binding.value
            if isinstance(given, NodeRef) and len(given.path) == 1 and (given.node_id, given.path[0]) in self._closed:
                inputs[binding.path] = self._texts[(given.node_id, given.path[0])]
                continue
            if any(ref.node_id not in self._values for ref in binding.node_refs()):
                return None
            try:
                inputs[binding.path] = resolve(binding, self._values, self._variables)
            except ConversionError:
                return None
        try:
            return render(head, inputs)
        except NodeError:
            return None

    def _extend(self, answer: _Answer, candidate: str, source: tuple[str, str, int]) -> None:
        committed = answer.committed
        if candidate.startswith(committed):
            if len(candidate) > len(committed):
                self._send(answer, candidate[len(committed):], last=False)
                answer.committed = candidate
            answer.synced = source
        elif not committed.startswith(candidate):
            answer.stopped = True  # the text departed from what was sent: the node says it all at the end

    def finish(self, node_id: str, text: str) -> str:
        """What the answer node still has to say of its whole `text` (all of it when nothing
        was sent or the streamed text departed from it)."""
        answer = self._answers.get(node_id)
        if answer is None:
            return text
        answer.finished = True
        if answer.committed and not answer.stopped and text.startswith(answer.committed):
            return text[len(answer.committed):]
        return text

    def _send(self, answer: _Answer, text: str, *, last: bool) -> None:
        node = answer.node
        self._observer.message(MessageEvent(node.id, text, None, last, node.type, node.title))


class NoStreams:
    """A plan with no streaming answer node, a body, or a run nobody watches."""

    def restart(self, node_id: str, field_name: str | None = None) -> None:
        pass

    def delta(self, node_id: str, field_name: str, text: str) -> None:
        pass

    def finish(self, node_id: str, text: str) -> str:
        return text
