"""The nodes that stop a run to ask the user: QuestionAnswer and InputReceiver (Coze's
nodes/qa and nodes/receiver).

QuestionAnswer renders its `question` template over its inputs and interrupts the run with a
Question event whose data is Coze's `{"messages": [...]}` (a text question, or an option
question listing its choices: fixed `options`, each a template, or the list `dynamic_option`,
at most 26). Resumed with the answer, it outputs `USER_RESPONSE` (free text), or `optionId`
("A", "B"... or "other") and `optionContent` and leaves by the chosen option's port
(`branch_<i>`; `branch_0` for any dynamic option) or `default` for an answer that is none of
the options. Extracting fields from a free answer (`extra_output`) needs an LLM, which the
engine is not wired to: such a node fails with NodeUnavailable before asking anything.

InputReceiver interrupts with an Input event whose data is `{"content_type": "form_schema",
"content": <its outputs' schema, JSON text>}`; resumed with the form the user submitted (a JSON
object), it outputs the fields it declares, converted to their types (others are dropped).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from atelier_proto.enums import InterruptType, NodeType, VariableType
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.domain.ports import PORT_DEFAULT, branch_port
from atelier_workflow.domain.typeinfo import TypeInfo
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeInterrupt, NodeOutput, NodeUnavailable
from atelier_workflow.engine.template import render
from atelier_workflow.engine.values import ConversionError, convert

USER_RESPONSE = "USER_RESPONSE"
OPTION_ID = "optionId"
OPTION_CONTENT = "optionContent"
OTHER_OPTION = "other"
MAX_DYNAMIC_OPTIONS = 26


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _letter(index: int) -> str:
    return chr(ord("A") + index)


# ------------------------------------------------------------------ QuestionAnswer


def _choices(node: PlanNode, inputs: Mapping[str, Any], ctx: NodeContext) -> list[str]:
    if node.config.option_type == "dynamic":
        dynamic = ctx.setting("dynamic_option")
        if not isinstance(dynamic, list) or not dynamic:
            raise NodeError(f"{node.title} has no options to offer: its dynamic options are empty",
                            "question_options_empty")
        return [str(choice) for choice in dynamic[:MAX_DYNAMIC_OPTIONS]]
    return [render(option.name, inputs) for option in node.config.options]


def _question_message(node_id: str, question: str, choices: list[str] | None) -> dict[str, Any]:
    if choices is None:
        return {"type": "question", "content_type": "text", "content": question, "id": f"{node_id}_0"}
    return {"type": "question", "content_type": "option", "id": f"{node_id}_0",
            "content": {"options": [{"name": choice} for choice in choices], "question": question}}


async def ask_question(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    by_option = node.config.answer_type == "option"
    if not by_option and node.config.extra("extra_output"):
        raise NodeUnavailable(node.type, "extracting fields from the answer needs an LLM, "
                                         "and this engine has none wired in")
    resumed = ctx.resumed
    if resumed is None or resumed.answer is None:
        question = render(str(node.config.extra("question") or ""), inputs)
        choices = _choices(node, inputs, ctx) if by_option else None
        raise NodeInterrupt(InterruptType.Question,
                            _json({"messages": [_question_message(node.id, question, choices)]}),
                            {"question": question, "choices": choices})
    answer = resumed.answer
    if not by_option:
        return NodeOutput({USER_RESPONSE: answer})
    choices = list(resumed.state.get("choices") or [])
    for index, choice in enumerate(choices):
        if answer == choice:
            port = branch_port(0 if node.config.option_type == "dynamic" else index)
            return NodeOutput({OPTION_ID: _letter(index), OPTION_CONTENT: choice}, port)
    return NodeOutput({OPTION_ID: OTHER_OPTION, OPTION_CONTENT: answer}, PORT_DEFAULT)


# ------------------------------------------------------------------ InputReceiver


def _field_schema(name: str, typed: TypeInfo) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": typed.type.value if typed.type else "string"}
    if name:
        schema["name"] = name
    if typed.assist_type:
        schema["assistType"] = int(typed.assist_type)
    if typed.required:
        schema["required"] = True
    if typed.type == VariableType.Object and typed.fields:
        schema["schema"] = [_field_schema(field, inner) for field, inner in typed.fields.items()]
    elif typed.type == VariableType.List and typed.element is not None:
        schema["schema"] = _field_schema("", typed.element)
    return schema


def form_schema(node: PlanNode) -> str:
    """The form the user fills: the console's `outputSchema` when the canvas has it, else the
    node's declared outputs in the same shape."""
    saved = node.config.extra("outputSchema")
    if isinstance(saved, str) and saved.strip():
        return saved
    return _json([_field_schema(name, typed) for name, typed in node.outputs.items()])


def read_form(node: PlanNode, answer: str) -> dict[str, Any]:
    """The submitted form as the node's typed outputs; NodeError naming what is wrong."""
    try:
        submitted = json.loads(answer)
    except ValueError:
        raise NodeError(f"{node.title}: the form answer is not JSON", "invalid_form") from None
    if not isinstance(submitted, dict):
        raise NodeError(f"{node.title}: the form answer must be a JSON object of its fields", "invalid_form")
    outputs: dict[str, Any] = {}
    for name, typed in node.outputs.items():
        if submitted.get(name) is None:
            if typed.required:
                raise NodeError(f"{node.title}: the form is missing the required field {name}", "invalid_form")
            continue
        try:
            outputs[name] = convert(submitted[name], typed)
        except ConversionError as exc:
            raise NodeError(f"{node.title}: field {name}: {exc.message}", "invalid_form") from None
    return outputs


async def receive_input(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    resumed = ctx.resumed
    if resumed is None or resumed.answer is None:
        raise NodeInterrupt(InterruptType.Input, _json({"content_type": "form_schema", "content": form_schema(node)}))
    return NodeOutput(read_form(node, resumed.answer))


EXECUTORS = {NodeType.QuestionAnswer: ask_question, NodeType.InputReceiver: receive_input}
