"""`make dev` / `make status` model lines: which embedder and chat models are configured and
whether each answers, probed against the suite's OpenAI-compatible server and a closed port."""

from __future__ import annotations

from pathlib import Path

from atelier_common.settings import Settings
from atelier_devstack.models import format_models, probe_models
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.ports import free_port


def write_model(directory: Path, base_url: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "m.yaml").write_text(f"id: 7\nname: House model\nbase_url: {base_url}\napi_key_env: TEST_KEY\n"
                                      "model: house-chat\nmax_context: 8192\ndefault: true\n")
    return directory


async def test_models_that_answer_are_reported_ok(stub: OpenAIStub, tmp_path: Path) -> None:
    settings = Settings(_env_file=None, embedding_base_url=stub.base_url, embedding_api_key="k",
                        embedding_model="stub-embedding", llm_base_url=stub.base_url, llm_api_key="k",
                        llm_model="stub-chat", model_config_dir=write_model(tmp_path / "models", stub.base_url))
    embedder, chat, scenario = await probe_models(settings, {"TEST_KEY": "k"})
    assert (embedder.role, embedder.ok, embedder.detail) == ("embedder", True, "answers")
    assert embedder.name == f"openai:stub-embedding at {stub.base_url}"
    assert chat.ok and chat.name == f"House model (house-chat at {stub.base_url})"
    assert scenario.ok and "stub-chat" in scenario.name
    assert "embedder        openai:stub-embedding" in format_models([embedder, chat, scenario])


async def test_offline_is_a_clear_not_reachable_line(tmp_path: Path) -> None:
    closed = f"http://127.0.0.1:{free_port()}/v1"
    settings = Settings(_env_file=None, llm_base_url=closed, model_config_dir=write_model(tmp_path / "models", closed))
    embedder, chat, scenario = await probe_models(settings, {})
    # No embedding API configured: the local MiniLM, which needs no network.
    assert embedder.name == "local:all-MiniLM-L6-v2"
    for status in (chat, scenario):
        assert not status.ok and status.detail.startswith("not reachable"), status
    assert "TEST_KEY is not set" in chat.detail and "ATELIER_LLM_API_KEY is not set" in scenario.detail
    assert "NOT OK: not reachable" in format_models([chat])
