"""One streamed chat completion: text deltas as they arrive, then tool calls and token usage.

Failures become LLMError (the message says what happened; `status` the HTTP status when the model
answered). A call that fails before its first token is retried on transient errors; once text has
been streamed a retry would repeat it, so a mid-stream failure is final.

The request goes through the openai client's `post` (its auth, errors, SSE reading and in-stream error
events) with the body as built here, and chunks are read as the JSON they are: `chat.completions.create`
walks every message of the growing ReAct history through its typed-dict transform and builds a pydantic
model per chunk, which cost a turn several milliseconds per model round."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import openai
from openai import AsyncStream

from atelier_common.ai._openai import backoff_s, retry_after_s
from atelier_common.ai.chat import llm_error

MAX_ATTEMPTS = 3
# What `chat.completions.create` sends: the key as a bearer token, nothing else.
_REQUEST_OPTIONS: Any = {"security": {"bearer_auth": True}}


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
    body: dict[str, Any] = {**(params or {}), "model": model, "messages": messages, "stream": True,
                            "stream_options": {"include_usage": True}}
    if tools:
        body["tools"] = tools
    attempt = 0
    while True:
        streamed = False
        try:
            # Chunks typed `object` come as parsed (dicts); any other type would be constructed.
            stream: AsyncStream[Any] = await client.post("/chat/completions", body=body, cast_to=object, stream=True,
                                                         stream_cls=AsyncStream[object], options=_REQUEST_OPTIONS)
            calls: dict[int, ToolCall] = {}
            async with stream:
                async for chunk in stream:
                    usage = chunk.get("usage")
                    if usage:
                        out.input_tokens += usage.get("prompt_tokens") or 0
                        out.output_tokens += usage.get("completion_tokens") or 0
                    choices = chunk.get("choices")
                    if not choices:
                        continue
                    delta = choices[0].get("delta") or {}
                    content, reasoning = delta.get("content") or "", delta.get("reasoning_content") or ""
                    if content or reasoning:
                        streamed = True
                        out.text += content
                        out.reasoning += reasoning
                        yield TextDelta(content, reasoning)
                    for part in delta.get("tool_calls") or []:
                        streamed = True
                        call = calls.setdefault(part.get("index", 0), ToolCall(id="", name="", arguments=""))
                        if part.get("id"):
                            call.id = part["id"]
                        function = part.get("function") or {}
                        call.name += function.get("name") or ""
                        call.arguments += function.get("arguments") or ""
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
