"""Chat models for LLM and IntentDetector nodes: the model registry's YAML configs (the same files
the agent service reads), each model an OpenAI-compatible endpoint, called streamed. A request may
offer tools (OpenAI function specs): the reply then carries the calls the model made, if any.
`describe(model_id)` tells what a model can take (images, tools, JSON mode) before asking it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from atelier_common.ai import LLMError, streaming
from atelier_common.ai.models import ModelConfig, ModelRegistry
from atelier_common.ai.streaming import ToolCall


class ModelUnavailable(Exception):
    """The node names a model no config file describes (or none is configured at all)."""


@dataclass(frozen=True)
class ChatRequest:
    messages: list[dict[str, Any]]
    model_id: int | None = None  # None: the registry's default model
    params: dict[str, Any] = field(default_factory=dict)  # temperature, top_p, max_tokens, response_format
    tools: list[dict[str, Any]] = field(default_factory=list)  # OpenAI function tools offered


@dataclass(frozen=True)
class ChatReply:
    text: str
    reasoning: str
    input_tokens: int
    output_tokens: int
    tool_calls: tuple[ToolCall, ...] = ()


@dataclass(frozen=True)
class ModelInfo:
    """What a configured model can take."""

    id: int
    name: str
    vision: bool  # image parts in messages
    function_call: bool  # tools
    json_mode: bool  # response_format json_object


class ChatModels(Protocol):
    def describe(self, model_id: int | None) -> ModelInfo:
        """The model a request naming `model_id` gets (None: the default one); ModelUnavailable."""
        ...

    async def chat(self, request: ChatRequest, on_text: Callable[[str], None] | None = None,
                   on_reasoning: Callable[[str], None] | None = None) -> ChatReply:
        """The model's answer; `on_text` hears each text delta, `on_reasoning` each reasoning
        delta. Raises ModelUnavailable, LLMError."""
        ...


class RegistryChatModels:
    def __init__(self, registry: ModelRegistry, timeout_s: float) -> None:
        self.registry = registry
        self.timeout_s = timeout_s

    def _model(self, model_id: int | None) -> ModelConfig:
        model = self.registry.resolve(model_id)
        if model is None:
            wanted = f"model {model_id}" if model_id else "a default model"
            raise ModelUnavailable(f"{wanted} is not configured (no model config file describes it)")
        return model

    def describe(self, model_id: int | None) -> ModelInfo:
        model = self._model(model_id)
        return ModelInfo(model.id, model.name, model.multimodal, model.function_call, model.json_mode)

    async def chat(self, request: ChatRequest, on_text: Callable[[str], None] | None = None,
                   on_reasoning: Callable[[str], None] | None = None) -> ChatReply:
        model = self._model(request.model_id)
        client = self.registry.client(model, self.timeout_s)
        out = streaming.Completion()
        async for delta in streaming.stream_completion(client, model.model, request.messages, tools=request.tools,
                                                       params=request.params, out=out):
            if on_reasoning is not None and delta.reasoning:
                on_reasoning(delta.reasoning)
            if on_text is not None and delta.text:
                on_text(delta.text)
        return ChatReply(out.text, out.reasoning, out.input_tokens, out.output_tokens, tuple(out.tool_calls))


__all__ = ["ChatModels", "ChatReply", "ChatRequest", "LLMError", "ModelInfo", "ModelUnavailable", "RegistryChatModels",
           "ToolCall"]
