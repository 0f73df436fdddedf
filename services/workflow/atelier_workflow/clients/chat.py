"""Chat models for LLM and IntentDetector nodes: the model registry's YAML configs (the same files
the agent service reads), each model an OpenAI-compatible endpoint, called streamed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from atelier_common.ai import LLMError, streaming
from atelier_common.ai.models import ModelRegistry


class ModelUnavailable(Exception):
    """The node names a model no config file describes (or none is configured at all)."""


@dataclass(frozen=True)
class ChatRequest:
    messages: list[dict[str, Any]]
    model_id: int | None = None  # None: the registry's default model
    params: dict[str, Any] = field(default_factory=dict)  # temperature, top_p, max_tokens


@dataclass(frozen=True)
class ChatReply:
    text: str
    reasoning: str
    input_tokens: int
    output_tokens: int


class ChatModels(Protocol):
    async def chat(self, request: ChatRequest, on_text: Callable[[str], None] | None = None) -> ChatReply:
        """The model's answer; `on_text` hears each text delta. Raises ModelUnavailable, LLMError."""
        ...


class RegistryChatModels:
    def __init__(self, registry: ModelRegistry, timeout_s: float) -> None:
        self.registry = registry
        self.timeout_s = timeout_s

    async def chat(self, request: ChatRequest, on_text: Callable[[str], None] | None = None) -> ChatReply:
        model = self.registry.resolve(request.model_id)
        if model is None:
            wanted = f"model {request.model_id}" if request.model_id else "a default model"
            raise ModelUnavailable(f"{wanted} is not configured (no model config file describes it)")
        client = self.registry.client(model, self.timeout_s)
        out = streaming.Completion()
        async for delta in streaming.stream_completion(client, model.model, request.messages,
                                                       params=request.params, out=out):
            if on_text is not None and delta.text:
                on_text(delta.text)
        return ChatReply(out.text, out.reasoning, out.input_tokens, out.output_tokens)


__all__ = ["ChatModels", "ChatReply", "ChatRequest", "LLMError", "ModelUnavailable", "RegistryChatModels"]
