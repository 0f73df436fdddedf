"""The builtin chat model (image captions, query rewrite, NL2SQL): any OpenAI-compatible
/chat/completions endpoint. Failures surface as `LLMError` with `permanent` and `status`; no openai
exception escapes."""

from __future__ import annotations

import asyncio
import base64
from typing import Any

import openai

from atelier_common.ai._openai import (
    ModelCallError,
    async_client,
    backoff_s,
    is_transient_status,
    retry_after_s,
    server_message,
)
from atelier_common.settings import Settings

DEFAULT_CAPTION_PROMPT = (
    "Describe this image for a search index: what it shows, any visible text (verbatim), and the "
    "key details a person might search for. Answer with the description only."
)


class LLMError(ModelCallError):
    """A chat-model call failed."""


def llm_error(model: str, err: Exception) -> LLMError:
    """An openai exception (or a chunk the stream could not decode) as an LLMError: `permanent` says
    whether a retry can help, `status` is the model's HTTP status, or 504/503/502 for a timeout,
    an unreachable server and an unusable answer."""
    if isinstance(err, openai.APIStatusError):
        status = err.status_code
        return LLMError(f"chat model {model!r} failed ({status}): {server_message(err)}",
                        permanent=not is_transient_status(status), status=status)
    if isinstance(err, openai.APITimeoutError):
        return LLMError(f"chat model {model!r} timed out", permanent=False, status=504)
    if isinstance(err, openai.APIConnectionError):
        return LLMError(f"chat model {model!r} unreachable: {err.message}", permanent=False, status=503)
    if isinstance(err, openai.APIError):  # e.g. an error the server sent inside the stream
        return LLMError(f"chat model {model!r} failed: {err.message}", permanent=True, status=502)
    return LLMError(f"unusable response from chat model {model!r}: {err}", permanent=True, status=502)


class ChatModel:
    def __init__(self, *, base_url: str, api_key: str, model: str, timeout_s: float, max_retries: int = 2) -> None:
        self.model = model
        self._max_retries = max(0, max_retries)
        self._client = async_client(base_url=base_url, api_key=api_key, timeout_s=timeout_s)

    async def complete(
        self,
        messages: list[dict],
        *,
        temperature: float | None = None,
        response_format: dict | None = None,
        max_tokens: int | None = None,
    ) -> str:
        """The assistant's text answer ("" when the model answered with no content)."""
        kwargs: dict[str, Any] = {}
        if temperature is not None:
            kwargs["temperature"] = temperature
        if response_format is not None:
            kwargs["response_format"] = response_format
        if max_tokens is not None:
            kwargs["max_tokens"] = max_tokens
        attempt = 0
        while True:
            retry_after: float | None = None
            try:
                resp = await self._client.chat.completions.create(model=self.model, messages=messages, **kwargs)  # type: ignore[arg-type]
                if not resp.choices:
                    return ""
                return resp.choices[0].message.content or ""
            except openai.OpenAIError as err:
                failure = llm_error(self.model, err)
                if failure.permanent:
                    raise failure from None
                retry_after = retry_after_s(err) if isinstance(err, openai.APIStatusError) else None
            if attempt >= self._max_retries:
                raise failure
            await asyncio.sleep(backoff_s(attempt, retry_after))
            attempt += 1

    async def caption_image(self, image: bytes, mime_type: str, *, prompt: str = DEFAULT_CAPTION_PROMPT) -> str:
        """A text description of an image (sent inline as a data URL)."""
        data_url = f"data:{mime_type};base64,{base64.b64encode(image).decode('ascii')}"
        messages = [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": prompt},
                    {"type": "image_url", "image_url": {"url": data_url}},
                ],
            }
        ]
        caption = (await self.complete(messages)).strip()
        if not caption:
            raise LLMError("the caption model returned no caption", permanent=True)
        return caption

    async def aclose(self) -> None:
        await self._client.close()


def create_chat_model(settings: Settings, *, model: str | None = None) -> ChatModel:
    """The builtin chat model (settings.llm_*); `model` overrides the name, e.g.
    `create_chat_model(s, model=s.caption_model or None)` for captions."""
    return ChatModel(
        base_url=settings.llm_base_url,
        api_key=settings.llm_api_key,
        model=model or settings.llm_model,
        timeout_s=settings.llm_timeout_s,
    )


def create_caption_model(settings: Settings) -> ChatModel:
    """The multimodal model for image captions: settings.caption_model, else the builtin llm_model."""
    return create_chat_model(settings, model=settings.caption_model or None)
