"""Model configuration files -> ModelConfig, and one OpenAI-compatible client per model.

One YAML file per model:

    id: 1                       # what model_info.model_id refers to
    name: GPT-4o mini
    description: Fast general model
    base_url: https://api.openai.com/v1
    api_key_env: OPENAI_API_KEY # the key is read from this environment variable, never stored in the file
    model: gpt-4o-mini          # the provider's model name
    max_context: 128000         # tokens
    timeout_s: 60               # optional: longest wait for the model's next bytes (default ATELIER_LLM_TIMEOUT_S)
    default: true               # used when an agent names no model
    capabilities: {function_call: true, json_mode: true, multimodal: true}
    parameters:                 # optional defaults/ranges shown by the console
      temperature: {default: 0.7, min: 0, max: 2}
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import openai
import yaml

from atelier_common import tokens
from atelier_common.ai._openai import async_client

log = logging.getLogger("atelier.models")

DEFAULT_PARAMETERS: dict[str, dict[str, float]] = {
    "temperature": {"default": 0.7, "min": 0.0, "max": 2.0},
    "top_p": {"default": 1.0, "min": 0.0, "max": 1.0},
    "max_tokens": {"default": 1024, "min": 1, "max": 32768},
    "frequency_penalty": {"default": 0.0, "min": -2.0, "max": 2.0},
    "presence_penalty": {"default": 0.0, "min": -2.0, "max": 2.0},
}


class ModelConfigError(ValueError):
    """A model file that cannot be used; names the file and the field."""


@dataclass(frozen=True)
class ModelConfig:
    id: int
    name: str
    model: str
    base_url: str
    api_key_env: str = ""
    description: str = ""
    max_context: int = 8192
    default: bool = False
    function_call: bool = False
    json_mode: bool = False
    multimodal: bool = False
    parameters: dict[str, dict[str, float]] = field(default_factory=dict)
    timeout_s: float | None = None  # None: settings.llm_timeout_s
    # How the model counts tokens (context fitting): "" cl100k; a tiktoken encoding name, or a
    # path to its tokenizer.json (atelier_common.tokens.counter)
    tokenizer: str = ""

    def count_tokens(self, text: str) -> int:
        return tokens.counter(self.tokenizer)(text)

    @property
    def api_key(self) -> str:
        return os.environ.get(self.api_key_env, "") if self.api_key_env else ""

    def parameter_range(self, name: str) -> dict[str, float]:
        return {**DEFAULT_PARAMETERS.get(name, {}), **self.parameters.get(name, {})}


def _parse(path: Path, doc: Any) -> ModelConfig:
    if not isinstance(doc, dict):
        raise ModelConfigError(f"{path}: expected a mapping")
    for key in ("id", "name", "model", "base_url"):
        if doc.get(key) in (None, ""):
            raise ModelConfigError(f"{path}: field '{key}' is required")
    try:
        model_id = int(doc["id"])
        max_context = int(doc.get("max_context", 8192))
        timeout_s = float(doc["timeout_s"]) if doc.get("timeout_s") is not None else None
    except (TypeError, ValueError):
        raise ModelConfigError(f"{path}: fields 'id' and 'max_context' must be integers, 'timeout_s' a number") from None
    if timeout_s is not None and timeout_s <= 0:
        raise ModelConfigError(f"{path}: 'timeout_s' must be positive")
    if model_id <= 0 or max_context <= 0:
        raise ModelConfigError(f"{path}: 'id' and 'max_context' must be positive")
    caps = doc.get("capabilities") or {}
    params = doc.get("parameters") or {}
    if not isinstance(caps, dict) or not isinstance(params, dict):
        raise ModelConfigError(f"{path}: 'capabilities' and 'parameters' must be mappings")
    tokenizer = str(doc.get("tokenizer") or "").strip()
    if tokenizer.endswith(".json") and not Path(tokenizer).is_absolute():
        tokenizer = str((path.parent / tokenizer).resolve())  # a tokenizer.json beside the model file
    try:
        tokens.counter(tokenizer)
    except tokens.TokenizerError as e:
        raise ModelConfigError(f"{path}: field 'tokenizer': {e}") from None
    return ModelConfig(
        id=model_id, name=str(doc["name"]), model=str(doc["model"]), base_url=str(doc["base_url"]),
        api_key_env=str(doc.get("api_key_env") or ""), description=str(doc.get("description") or ""),
        max_context=max_context, default=bool(doc.get("default", False)),
        function_call=bool(caps.get("function_call", False)), json_mode=bool(caps.get("json_mode", False)),
        multimodal=bool(caps.get("multimodal", False)),
        parameters={str(k): {kk: float(vv) for kk, vv in (v or {}).items()} for k, v in params.items()},
        timeout_s=timeout_s, tokenizer=tokenizer,
    )


def load_models(directory: Path) -> list[ModelConfig]:
    """Every *.yaml / *.yml in directory, by id; duplicate ids are an error. A missing directory
    means no models (the service still starts; chats and LLM nodes then fail with a clear error)."""
    if not directory.is_dir():
        log.warning("model config directory %s does not exist: no chat models", directory)
        return []
    by_id: dict[int, ModelConfig] = {}
    for path in sorted([*directory.glob("*.yaml"), *directory.glob("*.yml")]):
        try:
            doc = yaml.safe_load(path.read_text())
        except yaml.YAMLError as e:
            raise ModelConfigError(f"{path}: not valid YAML: {e}") from None
        model = _parse(path, doc)
        if model.id in by_id:
            raise ModelConfigError(f"{path}: model id {model.id} is also used by another file")
        by_id[model.id] = model
    return sorted(by_id.values(), key=lambda m: m.id)


class ModelRegistry:
    def __init__(self, models: list[ModelConfig]) -> None:
        self.models = models
        self._by_id = {m.id: m for m in models}
        self._clients: dict[int, openai.AsyncOpenAI] = {}

    def get(self, model_id: int) -> ModelConfig | None:
        return self._by_id.get(model_id)

    def default(self) -> ModelConfig | None:
        return next((m for m in self.models if m.default), self.models[0] if self.models else None)

    def resolve(self, model_id: int | None) -> ModelConfig | None:
        """The model asked for (an agent's, an LLM node's), or the default one when none is named."""
        return self.get(model_id) if model_id else self.default()

    def client(self, model: ModelConfig, timeout_s: float) -> openai.AsyncOpenAI:
        """One pooled HTTP client per model (the runtime's retries are its own, not the SDK's);
        timeout_s applies unless the model file sets its own."""
        client = self._clients.get(model.id)
        if client is None:
            client = self._clients[model.id] = async_client(base_url=model.base_url, api_key=model.api_key,
                                                            timeout_s=model.timeout_s or timeout_s)
        return client

    async def aclose(self) -> None:
        for client in self._clients.values():
            await client.close()
        self._clients.clear()
