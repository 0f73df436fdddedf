"""The embedding batcher against the OpenAI-compatible stub server, over real HTTP: concurrent
callers coalesced into batches of texts sorted by length, each caller handed its own vectors."""

from __future__ import annotations

import asyncio

import pytest

from atelier_common.ai import BatchingEmbedder, OpenAIEmbedder
from atelier_devstack.openai_stub import OpenAIStub, embed_text

EMBEDDINGS = "/v1/embeddings"
DIMS = 16


def _inner(stub: OpenAIStub, *, batch_size: int) -> OpenAIEmbedder:
    return OpenAIEmbedder(base_url=stub.base_url, api_key="test", model="stub-embedding", dimensions=DIMS,
                          batch_size=batch_size, concurrency=4, max_retries=0, timeout_s=10.0)


def _document(n: int) -> list[str]:
    """A small document's chunks: lengths vary within a document and between documents."""
    return [("word " * (1 + (n * 7 + i * 13) % 40)).strip() + f" doc {n} chunk {i}" for i in range(1 + n % 3)]


async def test_waiting_requests_are_cut_into_length_sorted_batches_and_each_caller_gets_its_vectors(
    stub: OpenAIStub,
) -> None:
    documents = [_document(n) for n in range(24)]
    # A slow embedder: while the first request is embedded, the other documents pile up in one window.
    stub.set_embedding_delay(0.3)
    embedder = BatchingEmbedder(_inner(stub, batch_size=8), batch_size=8, concurrency=1)
    try:
        first = asyncio.create_task(embedder.embed(["the first document arrives alone"]))
        await asyncio.sleep(0.1)
        results = await asyncio.gather(*(embedder.embed(texts) for texts in documents))
        await first
    finally:
        await embedder.aclose()

    for texts, vectors in zip(documents, results, strict=True):
        assert vectors == [pytest.approx(embed_text(t, DIMS)) for t in texts]
    batches = [r["json"]["input"] for r in stub.requests(EMBEDDINGS)][1:]  # after the lone first one
    waiting = sum(len(texts) for texts in documents)
    assert [len(b) for b in batches] == [8] * (waiting // 8) + ([waiting % 8] if waiting % 8 else [])
    # Sorted by length across the window: each batch's texts are no longer than the next batch's.
    lengths = [len(t) for batch in batches for t in batch]
    assert lengths == sorted(lengths)


async def test_a_failed_batch_fails_its_callers_and_the_batcher_goes_on(stub: OpenAIStub) -> None:
    embedder = BatchingEmbedder(_inner(stub, batch_size=4), batch_size=4, concurrency=1)
    try:
        stub.fail_embeddings(400, times=1)
        with pytest.raises(Exception, match="rejected"):
            await embedder.embed(["refused text"])
        assert await embedder.embed(["a later text"]) == [pytest.approx(embed_text("a later text", DIMS))]
    finally:
        await embedder.aclose()
