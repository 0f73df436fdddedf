"""One streamed chat completion: text deltas as they arrive, then tool calls and token usage.

Failures become LLMError (the message says what happened; `status` the HTTP status when the model
answered). A call that fails before its first token is retried on transient errors; once text has
been streamed a retry would repeat it, so a mid-stream failure is final."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import openai

from atelier_common.ai._openai import backoff_s, retry_after_s
from atelier_common.ai.chat import llm_error

MAX_ATTEMPTS = 3


@dataclass
class ToolCall:
    id: str
    name: str
    arguments: str  # JSON text as the model wrote it (may be invalid)

    def as_message_part(self) -> dict[str, Any]:
        return {"id": self.id, "type": "function", "function": {"name": self.name, "arguments": self.arguments}}


@dataclass
class Completion:
    text: str = ""
    reasoning: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    input_tokens: int = 0
    output_tokens: int = 0


@dataclass(frozen=True)
class TextDelta:
    text: str
    reasoning: str = ""


async def stream_completion(client: openai.AsyncOpenAI, model: str, messages: list[dict[str, Any]], *,
                            tools: list[dict[str, Any]] | None = None, params: dict[str, Any] | None = None,
                            out: Completion) -> AsyncIterator[TextDelta]:
    """Yields text deltas; fills `out` with the whole text, tool calls and usage by the end."""
    kwargs: dict[str, Any] = {**(params or {})}
    if tools:
        kwargs["tools"] = tools
    attempt = 0
    while True:
        streamed = False
        try:
            stream = await client.chat.completions.create(
                model=model, messages=messages, stream=True, stream_options={"include_usage": True}, **kwargs)  # type: ignore[arg-type]
            calls: dict[int, ToolCall] = {}
            async with stream:
                async for chunk in stream:
                    if chunk.usage is not None:
                        out.input_tokens += chunk.usage.prompt_tokens or 0
                        out.output_tokens += chunk.usage.completion_tokens or 0
                    if not chunk.choices:
                        continue
                    delta = chunk.choices[0].delta
                    reasoning = getattr(delta, "reasoning_content", None) or ""
                    if delta.content or reasoning:
                        streamed = True
                        out.text += delta.content or ""
                        out.reasoning += reasoning
                        yield TextDelta(delta.content or "", reasoning)
                    for part in delta.tool_calls or []:
                        streamed = True
                        call = calls.setdefault(part.index, ToolCall(id="", name="", arguments=""))
                        if part.id:
                            call.id = part.id
                        if part.function is not None:
                            call.name += part.function.name or ""
                            call.arguments += part.function.arguments or ""
            out.tool_calls = [c for _, c in sorted(calls.items()) if c.name]
            for i, call in enumerate(out.tool_calls):
                call.id = call.id or f"call_{i}"
            return
        except (openai.OpenAIError, json.JSONDecodeError) as err:
            failure = llm_error(model, err)
            if streamed or failure.permanent or attempt + 1 >= MAX_ATTEMPTS:
                raise failure from None
            retry_after = retry_after_s(err) if isinstance(err, openai.APIStatusError) else None
            await asyncio.sleep(backoff_s(attempt, retry_after))
            attempt += 1


async def complete_text(client: openai.AsyncOpenAI, model: str, messages: list[dict[str, Any]], *,
                        params: dict[str, Any] | None = None) -> Completion:
    """A whole (non-streamed to the caller) completion, e.g. for follow-up suggestions."""
    out = Completion()
    async for _ in stream_completion(client, model, messages, params=params, out=out):
        pass
    return out
