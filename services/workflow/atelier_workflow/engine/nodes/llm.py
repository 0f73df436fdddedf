"""LLM: the node's system and user prompts (`{{name}}` placeholders over its inputs) sent to the
model its `llmParam` names (modelType: the id of a model config file), with the conversation
when `enableChatHistory` is on (`chatHistoryRound` rounds).

The answer (Coze's nodes/llm): with responseFormat JSON (2), and outputs other than one string
(plus `reasoning_content`), the user prompt asks for JSON of the declared outputs' schema and
the answer, fences and a leading "json" trimmed, fills them (a value that will not convert is
null; an answer that is not a JSON object gives no outputs, as Coze's warning). Otherwise the
text goes to the one string output; Markdown (1) asks for Markdown. `reasoning_content`, when
declared, gets the model's reasoning. Token usage is the node's usage. Knowledge bases the node
lists (`fcParam.knowledgeFCParam`) are searched first: llm_knowledge.py.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from atelier_proto.enums import ModelResponseFormat, NodeType, VariableType
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.domain.typeinfo import TypeInfo
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput
from atelier_workflow.engine.nodes.chatting import ask, model_request, with_history
from atelier_workflow.engine.nodes.llm_knowledge import recalled_knowledge
from atelier_workflow.engine.nodes.services import declared_outputs, fill_outputs, json_object
from atelier_workflow.engine.template import render

REASONING = "reasoning_content"

JSON_PROMPT = """
Strictly reply in valid JSON format.
- Ensure the output strictly conforms to the JSON schema below
- Do not include explanations, comments, or any text outside the JSON.

Here is the output JSON schema:
'''
%s
'''
"""

MARKDOWN_PROMPT = """
Strictly reply in valid Markdown format.
- For headings, use number signs (#).
- For list items, start with dashes (-).
- To emphasize text, wrap it with asterisks (*).
- For code or commands, surround them with backticks (`).
- For quoted text, use greater than signs (>).
- For links, wrap the text in square brackets [], followed by the URL in parentheses ().
- For images, use square brackets [] for the alt text, followed by the image URL in parentheses ().

"""

_JSON_TYPES = {VariableType.String: "string", VariableType.Integer: "integer", VariableType.Float: "number",
               VariableType.Boolean: "boolean", VariableType.Object: "object", VariableType.List: "array"}


def settings_of(node: PlanNode) -> dict[str, Any]:
    """`llmParam` (a list of named literals) by name."""
    found: dict[str, Any] = {}
    for param in node.config.extra("llmParam") or []:
        if isinstance(param, dict) and param.get("name"):
            value = ((param.get("input") or {}).get("value") or {})
            found[param["name"]] = value.get("content")
    return found


def json_schema(typed: TypeInfo) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": _JSON_TYPES[typed.type]} if typed.type else {}
    if typed.type == VariableType.Object and typed.fields:
        schema["properties"] = {name: json_schema(inner) for name, inner in typed.fields.items()}
        schema["required"] = [name for name, inner in typed.fields.items() if inner.required]
    if typed.type == VariableType.List and typed.element is not None:
        schema["items"] = json_schema(typed.element)
    return schema


def outputs_schema(declared: Mapping[str, TypeInfo]) -> str:
    return json.dumps(json_schema(TypeInfo(VariableType.Object, fields=declared)), ensure_ascii=False)


def answers_json(response_format: ModelResponseFormat, declared: Mapping[str, TypeInfo]) -> bool:
    """JSON unless the outputs are one string (and the reasoning): then Coze answers text."""
    if response_format != ModelResponseFormat.JSON:
        return False
    texts = [name for name, typed in declared.items() if name != REASONING]
    return not (len(texts) == 1 and declared[texts[0]].type == VariableType.String)


def extract_json(text: str) -> str:
    """Coze's ExtractJSONString: trimmed, ``` fences dropped, a leading "json" dropped."""
    text = text.strip()
    if text.startswith("```") and text.endswith("```") and len(text) >= 6:
        text = text[3:-3]
    return text.removeprefix("json")


def _response_format(value: Any) -> ModelResponseFormat:
    try:
        return ModelResponseFormat(int(value or 0))
    except (TypeError, ValueError):
        raise NodeError(f"unsupported response format {value!r}", "invalid_setting") from None


async def run_llm(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    settings = settings_of(node)
    declared = declared_outputs(node)
    as_json = answers_json(_response_format(settings.get("responseFormat")), declared)
    user_prompt = render(str(settings.get("prompt") or ""), inputs)
    knowledge = await recalled_knowledge(node, ctx, user_prompt)  # fcParam.knowledgeFCParam
    if as_json:
        user_prompt += JSON_PROMPT % outputs_schema(declared)
    elif _response_format(settings.get("responseFormat")) == ModelResponseFormat.Markdown:
        user_prompt += MARKDOWN_PROMPT
    messages: list[dict[str, Any]] = []
    system_prompt = str(settings.get("systemPrompt") or "")
    if system_prompt:
        messages.append({"role": "system", "content": render(system_prompt, inputs)})
    messages.append({"role": "user", "content": knowledge + user_prompt})
    rounds = int(settings.get("chatHistoryRound") or 0)
    messages = await with_history(ctx, messages, settings.get("enableChatHistory") is True, rounds)
    reply, usage = await ask(ctx, model_request(settings, messages))
    if as_json:
        answer = json_object(extract_json(reply.text))
        outputs = fill_outputs(answer, declared) if answer is not None else {}
    else:
        text_outputs = [name for name in declared if name != REASONING]
        if len(text_outputs) != 1:
            raise NodeError("a text answer needs exactly one output to go to", "invalid_setting")
        outputs = {text_outputs[0]: reply.text}
    if REASONING in declared:
        outputs[REASONING] = reply.reasoning
    return NodeOutput(outputs, usage=usage)


EXECUTORS = {NodeType.LLM: run_llm}
