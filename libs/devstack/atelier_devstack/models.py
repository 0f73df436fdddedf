"""Which models the local stack is configured with and whether each answers (`make dev`, `make status`).

A quick probe per model, a few seconds at most, concurrently: the embedder (a local model: its
package and files are installed; an API: one small /embeddings call), the agents' default chat
model (from the model YAML files) and the builtin scenario model (captions, query rewrite,
NL2SQL; ATELIER_LLM_*): `GET /models` on their API. Offline is a line that says so, never a crash.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

PROBE_TIMEOUT_S = 3.0


@dataclass(frozen=True)
class ModelStatus:
    role: str  # "embedder", "chat model", "scenario model"
    name: str  # what is configured
    ok: bool
    detail: str  # "answers", "not reachable: ...", ...

    def as_dict(self) -> dict[str, Any]:
        return {"role": self.role, "name": self.name, "ok": self.ok, "detail": self.detail}

    def line(self) -> str:
        return f"{self.role:<15} {self.name}  {'ok' if self.ok else 'NOT OK'}: {self.detail}"


def _reason(exc: BaseException) -> str:
    if isinstance(exc, httpx.TimeoutException):
        return f"not reachable: no answer within {PROBE_TIMEOUT_S:g} s"
    if isinstance(exc, httpx.TransportError):
        return f"not reachable: {type(exc).__name__}: {exc or 'connection failed'}"
    return f"{type(exc).__name__}: {exc}"


def _refused(reply: httpx.Response) -> str:
    try:
        body: Any = reply.json()
        message = body.get("error", {}).get("message") if isinstance(body, dict) else None
    except ValueError:
        message = None
    return f"answers but refuses (HTTP {reply.status_code}{': ' + str(message)[:120] if message else ''})"


async def _get_models(base_url: str, api_key: str) -> tuple[bool, str]:
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    try:
        async with httpx.AsyncClient(timeout=PROBE_TIMEOUT_S, trust_env=False) as client:
            reply = await client.get(f"{base_url.rstrip('/')}/models", headers=headers)
    except Exception as exc:  # noqa: BLE001 - a probe reports, never raises
        return False, _reason(exc)
    if reply.status_code == 200:
        return True, "answers"
    return False, _refused(reply)


async def probe_embedder(settings: Any) -> ModelStatus:
    from atelier_common.ai import embedding_config, resolve_local_model

    try:
        config = embedding_config(settings)
    except Exception as exc:  # noqa: BLE001 - a bad provider name is a configuration line, not a crash
        return ModelStatus("embedder", settings.embedding_provider, False, str(exc))
    if config.provider == "local":
        if importlib.util.find_spec("sentence_transformers") is None:
            return ModelStatus("embedder", config.model_id, False,
                               "sentence-transformers is not installed (run `make install`)")
        path = Path(resolve_local_model(config.model))
        if not (path / "config.json").is_file():
            return ModelStatus("embedder", config.model_id, False, f"no model files at {path} (nothing is downloaded)")
        return ModelStatus("embedder", config.model_id, True, f"local, offline ({path})")
    body: dict[str, Any] = {"model": config.model, "input": ["ping"]}
    if config.dimensions:
        body["dimensions"] = config.dimensions
    headers = {"Authorization": f"Bearer {settings.embedding_api_key}"} if settings.embedding_api_key else {}
    name = f"{config.model_id} at {config.base_url}"
    try:
        async with httpx.AsyncClient(timeout=PROBE_TIMEOUT_S, trust_env=False) as client:
            reply = await client.post(f"{config.base_url.rstrip('/')}/embeddings", json=body, headers=headers)
    except Exception as exc:  # noqa: BLE001 - a probe reports, never raises
        return ModelStatus("embedder", name, False, _reason(exc))
    if reply.status_code == 200:
        return ModelStatus("embedder", name, True, "answers")
    return ModelStatus("embedder", name, False, _refused(reply))


def default_chat_model(model_dir: Path) -> dict[str, Any] | None:
    """The model YAML agents use when they name none: `default: true`, else the lowest id."""
    import yaml

    found: list[dict[str, Any]] = []
    for path in sorted(Path(model_dir).glob("*.y*ml")):
        try:
            doc = yaml.safe_load(path.read_text())
        except (OSError, yaml.YAMLError):
            continue
        if isinstance(doc, dict) and doc.get("model") and doc.get("base_url"):
            found.append(doc)
    if not found:
        return None
    defaults = [d for d in found if d.get("default")]
    return (defaults or sorted(found, key=lambda d: int(d.get("id") or 0)))[0]


async def probe_chat_model(settings: Any, env: dict[str, str]) -> ModelStatus:
    model_dir = Path(settings.model_config_dir)
    doc = default_chat_model(model_dir)
    if doc is None:
        return ModelStatus("chat model", "(none)", False, f"no model files in {model_dir}")
    name = f"{doc.get('name') or doc['model']} ({doc['model']} at {doc['base_url']})"
    key_env = str(doc.get("api_key_env") or "")
    key = env.get(key_env, "") if key_env else ""
    ok, detail = await _get_models(str(doc["base_url"]), key)
    if not ok and key_env and not key:
        detail += f"; {key_env} is not set"
    return ModelStatus("chat model", name, ok, detail)


async def probe_scenario_model(settings: Any) -> ModelStatus:
    name = f"{settings.llm_model} at {settings.llm_base_url}"
    ok, detail = await _get_models(settings.llm_base_url, settings.llm_api_key)
    if not ok and not settings.llm_api_key:
        detail += "; ATELIER_LLM_API_KEY is not set"
    return ModelStatus("scenario model", name, ok, detail)


async def probe_models(settings: Any, env: dict[str, str] | None = None) -> list[ModelStatus]:
    env = dict(os.environ if env is None else env)
    return list(await asyncio.gather(probe_embedder(settings), probe_chat_model(settings, env),
                                     probe_scenario_model(settings)))


def format_models(statuses: list[ModelStatus]) -> str:
    return "\n".join(s.line() for s in statuses)
