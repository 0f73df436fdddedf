"""LLM: the node's system and user prompts (`{{name}}` placeholders over its inputs) sent to the
model its `llmParam` names (modelType: the id of a model config file), with the conversation
when `enableChatHistory` is on (`chatHistoryRound` rounds).

Pictures: an image input the user prompt shows goes to the model as an image_url part (vision.py);
a model without the multimodal capability fails the node. Tools: `fcParam` gives the model plugin
and workflow tools (llm_tools.py), run in a loop until it answers (tool_loop.py); a model without
the function_call capability fails the node.

The answer (Coze's nodes/llm): with responseFormat JSON (2), and outputs other than one string
(plus `reasoning_content`), the user prompt asks for JSON of the declared outputs' schema (and a
model with JSON mode is asked for a JSON object); the answer, fences and a leading "json" trimmed,
fills them (a value that will not convert is null). An answer that is not a JSON object fails the
node (`invalid_json`, so its retry policy asks again; Coze only warns). Otherwise the text goes to
the one string output, streamed as it comes (ctx.stream: a streaming Exit or OutputEmitter reading
it shows it as it is written); Markdown (1) asks for Markdown. `reasoning_content`, when declared,
gets the model's reasoning (streamed too). Token usage (tools' sub-workflows included) is the
node's usage. A retry asks the node's backup model, when it names one
(settingOnError.ext.backupLLMParam). Knowledge bases the node lists (`fcParam.knowledgeFCParam`) are searched first and what they
give goes in front of the user prompt: llm_knowledge.py.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from atelier_proto.enums import ModelResponseFormat, NodeType, VariableType
from atelier_workflow.clients import CHAT_MODELS
from atelier_workflow.clients.chat import ChatModels, ModelInfo, ModelUnavailable
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.domain.typeinfo import TypeInfo
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput
from atelier_workflow.engine.nodes import tool_loop
from atelier_workflow.engine.nodes.chatting import model_request, with_history
from atelier_workflow.engine.nodes.llm_knowledge import recalled_knowledge
from atelier_workflow.engine.nodes.llm_tools import node_tools
from atelier_workflow.engine.nodes.services import declared_outputs, fill_outputs, json_object, service
from atelier_workflow.engine.nodes.vision import picture_inputs, user_content
from atelier_workflow.engine.template import render

if TYPE_CHECKING:
    from atelier_workflow.engine.registry import ExecutorRegistry, NodeExecutor

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


BACKUP_SETTINGS = ("modelType", "temperature", "topP", "maxTokens")


def attempt_settings(node: PlanNode, settings: dict[str, Any], attempt: int) -> dict[str, Any]:
    """The node's model settings; on a retry, those of its backup model when it names one
    (settingOnError.ext.backupLLMParam, Coze's fallback model for retries)."""
    backup = node.error_policy.backup_llm_param
    if not attempt or not backup:
        return settings
    try:
        given = json.loads(backup)
    except ValueError:
        given = None
    if not isinstance(given, dict):
        raise NodeError(f"the node's backup model setting is not a JSON object: {backup[:200]!r}", "invalid_setting")
    return {**settings, **{name: given[name] for name in BACKUP_SETTINGS if given.get(name) not in (None, "")}}


def _model(ctx: NodeContext, model_id: int | None) -> ModelInfo:
    models: ChatModels = service(ctx, CHAT_MODELS, "chat models")
    try:
        return models.describe(model_id)
    except ModelUnavailable as exc:
        raise NodeError(str(exc), "model_unavailable") from None


async def _prompt(node: PlanNode, ctx: NodeContext, settings: dict[str, Any], inputs: dict[str, Any], suffix: str,
                  model: ModelInfo) -> list[dict[str, Any]]:
    """The system prompt (if any) and the user prompt (after what its knowledge recalls for it),
    pictures as image parts."""
    template = str(settings.get("prompt") or "")
    knowledge = await recalled_knowledge(node, ctx, render(template, inputs))  # fcParam.knowledgeFCParam
    content = user_content(template, inputs, picture_inputs(node), suffix, prefix=knowledge)
    if isinstance(content, list) and not model.vision:
        raise NodeError(f"the prompt shows a picture, and model {model.id} ({model.name}) cannot read "
                        "pictures (its config has no multimodal capability)", "model_cannot_see")
    system_prompt = str(settings.get("systemPrompt") or "")
    system = [{"role": "system", "content": render(system_prompt, inputs)}] if system_prompt else []
    return [*system, {"role": "user", "content": content}]


def _parse_json(text: str, declared: Mapping[str, TypeInfo]) -> dict[str, Any]:
    answer = json_object(extract_json(text))
    if answer is None:
        shown = text if len(text) <= 200 else text[:200] + "..."
        raise NodeError(f"the model was asked for a JSON object of the node's outputs and answered {shown!r}",
                        "invalid_json")
    return fill_outputs(answer, declared)


def llm_executor(registry: ExecutorRegistry) -> NodeExecutor:
    """The LLM executor; its workflow tools run with `registry` (the one it is put in)."""

    async def run_llm(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
        settings = settings_of(node)
        declared = declared_outputs(node)
        response_format = _response_format(settings.get("responseFormat"))
        as_json = answers_json(response_format, declared)
        text_outputs = [name for name in declared if name != REASONING]
        if not as_json and len(text_outputs) != 1:
            raise NodeError("a text answer needs exactly one output to go to", "invalid_setting")
        request = model_request(attempt_settings(node, settings, ctx.attempt), [])
        model = _model(ctx, request.model_id)
        suffix = JSON_PROMPT % outputs_schema(declared) if as_json else (
            MARKDOWN_PROMPT if response_format == ModelResponseFormat.Markdown else "")
        messages = await with_history(ctx, await _prompt(node, ctx, settings, inputs, suffix, model),
                                      settings.get("enableChatHistory") is True,
                                      int(settings.get("chatHistoryRound") or 0))
        params = {**request.params, "response_format": {"type": "json_object"}} if as_json and model.json_mode \
            else request.params
        tools = await node_tools(node.config.extra("fcParam"), ctx, registry)
        if tools and not model.function_call:
            raise NodeError(f"the node gives its model tools, and model {model.id} ({model.name}) cannot call "
                            "tools (its config has no function_call capability)", "model_cannot_call_tools")
        streamed = None if as_json else text_outputs[0]
        on_text = (lambda delta: ctx.stream(streamed, delta)) if streamed else None
        on_reasoning = (lambda delta: ctx.stream(REASONING, delta)) if streamed and REASONING in declared else None
        answer = await tool_loop.answer(ctx, replace(request, messages=messages, params=params), tools, on_text,
                                        on_reasoning)
        outputs = _parse_json(answer.text, declared) if as_json else {text_outputs[0]: answer.text}
        if REASONING in declared:
            outputs[REASONING] = answer.reasoning
        return NodeOutput(outputs, usage=answer.usage)

    return run_llm


EXECUTORS_NEEDING_REGISTRY = {NodeType.LLM: llm_executor}
