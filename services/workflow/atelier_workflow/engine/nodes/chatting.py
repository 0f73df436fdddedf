"""Calling a chat model from a node (LLM, IntentDetector): the node's model settings as request
parameters, the conversation when its chat history is on, and model failures as node errors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from atelier_workflow.clients import CHAT_HISTORY, CHAT_MODELS
from atelier_workflow.clients.chat import ChatModels, ChatReply, ChatRequest, LLMError, ModelUnavailable
from atelier_workflow.clients.history import ChatHistory
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, TokenUsage


def _number(value: Any, kind: type) -> Any:
    if value in (None, ""):
        return None
    try:
        return kind(value)
    except (TypeError, ValueError):
        return None


def model_request(settings: dict[str, Any], messages: list[dict[str, Any]]) -> ChatRequest:
    """A request from Coze's model settings (modelType: the model's id; temperature, topP,
    maxTokens, literal text or numbers)."""
    params = {"temperature": _number(settings.get("temperature"), float),
              "top_p": _number(settings.get("topP"), float),
              "max_tokens": _number(settings.get("maxTokens"), int)}
    model_id = _number(settings.get("modelType"), int)
    return ChatRequest(messages, model_id or None, {k: v for k, v in params.items() if v})


async def with_history(ctx: NodeContext, messages: list[dict[str, Any]], enabled: bool,
                       rounds: int) -> list[dict[str, Any]]:
    """The conversation goes between the system prompt and the node's user message (Coze)."""
    history: ChatHistory | None = ctx.run.services.get(CHAT_HISTORY)
    if not enabled or history is None:
        return messages
    earlier = await history.messages(rounds)
    head = messages[:1] if messages and messages[0]["role"] == "system" else []
    return [*head, *earlier, *messages[len(head):]]


async def ask(ctx: NodeContext, request: ChatRequest, on_text: Callable[[str], None] | None = None,
              on_reasoning: Callable[[str], None] | None = None) -> tuple[ChatReply, TokenUsage]:
    models: ChatModels | None = ctx.run.services.get(CHAT_MODELS)
    if models is None:
        raise NodeError(f"{ctx.node.type.name} nodes need chat models, and this run has none", "node_unavailable")
    try:
        reply = await models.chat(request, on_text, on_reasoning)
    except ModelUnavailable as exc:
        raise NodeError(str(exc), "model_unavailable") from None
    except LLMError as exc:
        raise NodeError(str(exc), "model_failed") from None
    return reply, TokenUsage(reply.input_tokens, reply.output_tokens)
