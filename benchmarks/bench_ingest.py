"""`make bench-ingest`: ingest the Cranfield collection (1400 abstracts, one document each)
through the HTTP API and report, one JSON line per figure on stdout:

- embedder alone: the local all-MiniLM-L6-v2 embedding the same chunks the pipeline makes, in
  the batch size the pipeline uses, in arrival order (the baseline, measured in this run); for
  reference also the whole corpus in one length-sorted call;
- the pipeline with that embedder: documents/s and chunks/s from the first upload until every
  document is enabled, and its ratio to the embedder alone (target >= 0.9: the embedder should be
  the only bottleneck);
- the pipeline with precomputed vectors (an OpenAI-compatible server answering from a table of the
  vectors computed above): the pipeline's own overhead;
- 1 vs 2 indexer workers, with precomputed vectors, the local model, and an embedding server of
  fixed latency per request (`two_workers_vs_one`, embedder="fixed-latency": workers that wait on
  their embedder, not on the machine's cores, so the figure shows how the work spreads);
- with each pipeline figure, the CPU seconds each component used (all share the machine's cores,
  so the pipeline's own work is taken from the embedder).

Progress goes to stderr. Options: --docs N (fewer documents), --skip-workers, --latency-docs N
(documents of the fixed-latency runs).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from dataclasses import dataclass
from typing import Any

from atelier_common.settings import Settings
from benchmarks import cranfield
from benchmarks.harness import CpuMeter, infrastructure, ingest, log, services

LOCAL_MODEL = "all-MiniLM-L6-v2"
# The fixed-latency embedding server: every request of FIXED_LATENCY_BATCH texts takes
# FIXED_LATENCY_S, one request in flight per worker: ~16 chunks/s per worker, a fraction of what the
# machine's cores can run the rest of the pipeline at, so two workers should do twice the work.
FIXED_LATENCY_S = 1.0
FIXED_LATENCY_BATCH = 16
WARMUP_DOCS = 32  # indexed before the timing: consumer group joined, model loaded, connections open


def emit(figure: str, value: float, unit: str, **extra: Any) -> None:
    print(json.dumps({"bench": "ingest", "figure": figure, "value": round(value, 3), "unit": unit, **extra}), flush=True)


def settings_of(env: dict[str, str]) -> Settings:
    """The settings the services will read from `env`."""
    prefix = "ATELIER_"
    return Settings(_env_file=None, **{k.removeprefix(prefix).lower(): v for k, v in env.items() if k.startswith(prefix)})


def chunk_texts(docs: list[cranfield.CranDoc], env: dict[str, str]) -> list[str]:
    """The chunks the pipeline will make (automatic rules sized for the embedder `env` configures)."""
    from atelier_common.ai import embedding_config
    from atelier_indexer.chunking import chunk_document, chunk_sizing, rules_from_strategy
    from atelier_indexer.parsing import parse_document

    settings = settings_of(env)
    sizing = chunk_sizing(embedding_config(settings).model_id, settings)
    rules = rules_from_strategy(None, sizing.limit)
    return [c.content for d in docs if d.content
            for c in chunk_document(parse_document(d.content.encode(), "txt"), rules, sizing.counter)]


def fixed_latency_env(precomputed_env: dict[str, str]) -> dict[str, str]:
    """The precomputed-vector server, each request answered after FIXED_LATENCY_S, one request of
    FIXED_LATENCY_BATCH texts in flight per worker (same chunks: the same tokenizer and limit)."""
    return {**precomputed_env, "ATELIER_EMBEDDING_BATCH_SIZE": str(FIXED_LATENCY_BATCH),
            "ATELIER_EMBEDDING_CONCURRENCY": "1"}


def precomputed_minilm_env(base_url: str, batch_size: int) -> dict[str, str]:
    """An OpenAI-compatible server that answers MiniLM's vectors: the services are told it reads
    MiniLM's word pieces (its tokenizer and input limit), so they cut the same chunks as with the
    local model, and every chunk's vector is in the server's table."""
    from atelier_common.ai import input_limit

    limit = input_limit(f"local:{LOCAL_MODEL}")
    if limit is None:
        raise SystemExit(f"the local {LOCAL_MODEL} is not installed (make install)")
    return {"ATELIER_EMBEDDING_PROVIDER": "openai", "ATELIER_EMBEDDING_BASE_URL": base_url,
            "ATELIER_EMBEDDING_API_KEY": "bench", "ATELIER_EMBEDDING_MODEL": "precomputed-minilm",
            "ATELIER_EMBEDDING_TOKENIZER": LOCAL_MODEL, "ATELIER_EMBEDDING_MAX_INPUT_TOKENS": str(limit.tokens),
            "ATELIER_EMBEDDING_BATCH_SIZE": str(batch_size)}


@dataclass
class Alone:
    """Chunks/s of the local model alone."""

    arrival: float  # batches of the pipeline's size in arrival order: the baseline of the ratio
    windows: float  # the batcher's way: windows sorted by length, cut into batches, small forward passes
    whole: float  # the whole corpus in one length-sorted call
    vectors: dict[str, list[float]]


async def embed_alone(texts: list[str], batch_size: int) -> Alone:
    """Chunks/s of the local model alone, three ways: in batches of `batch_size` in arrival order
    (what a streaming pipeline does that embeds what arrives as it arrives: the baseline of the
    ratio); in windows of a few batches sorted by length before they are cut into batches, each run
    in small forward passes (what the pipeline's embedding batcher does when a backlog waits); and in one call over the whole corpus,
    where sentence-transformers sorts every text by length first and pads least (an upper bound no
    pipeline that indexes documents as they arrive can reach)."""
    from atelier_common.ai import LocalEmbedder, create_embedder
    from atelier_common.ai.batching import DEFAULT_WINDOW_BATCHES, LOCAL_FORWARD_BATCH
    from atelier_common.settings import Settings

    embedder = create_embedder(Settings(embedding_provider="local", embedding_model=LOCAL_MODEL,
                                        embedding_batch_size=batch_size))
    try:
        await embedder.embed(texts[:batch_size])  # load the model outside the timing
        started = time.perf_counter()
        vectors: list[list[float]] = []
        for start in range(0, len(texts), batch_size):
            vectors += await embedder.embed(texts[start:start + batch_size])
        streaming = len(texts) / (time.perf_counter() - started)
        started = time.perf_counter()
        await embedder.embed(texts)
        sorted_whole = len(texts) / (time.perf_counter() - started)
    finally:
        await embedder.aclose()
    # As the pipeline's batcher does with a backlog: batches cut from length-sorted windows, each
    # run in small forward passes.
    batcher_like = LocalEmbedder(model=LOCAL_MODEL, batch_size=LOCAL_FORWARD_BATCH)
    try:
        await batcher_like.embed(texts[:batch_size])
        window = batch_size * DEFAULT_WINDOW_BATCHES
        started = time.perf_counter()
        for start in range(0, len(texts), window):
            for batch in _cut_by_length(texts[start:start + window], batch_size):
                await batcher_like.embed(batch)
        windows = len(texts) / (time.perf_counter() - started)
    finally:
        await batcher_like.aclose()
    return Alone(streaming, windows, sorted_whole, dict(zip(texts, vectors, strict=True)))


def _cut_by_length(texts: list[str], batch_size: int) -> list[list[str]]:
    ordered = sorted(texts, key=len)
    return [ordered[i:i + batch_size] for i in range(0, len(ordered), batch_size)]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--docs", type=int, default=None, help="ingest only the first N documents")
    parser.add_argument("--skip-workers", action="store_true", help="skip the 1 vs 2 indexer runs")
    parser.add_argument("--latency-docs", type=int, default=400,
                        help="documents of the fixed-latency 1 vs 2 indexer runs (at ~12 docs/s per worker)")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    batch_size = 64

    docs = cranfield.documents(args.docs)
    warmup = [cranfield.CranDoc(-d.id, d.title, d.text) for d in docs[:WARMUP_DOCS] if d.content]
    local_env = {"ATELIER_EMBEDDING_PROVIDER": "local", "ATELIER_EMBEDDING_MODEL": LOCAL_MODEL,
                 "ATELIER_EMBEDDING_BATCH_SIZE": str(batch_size), "HF_HUB_OFFLINE": "1",
                 "ATELIER_INDEXER_CONCURRENCY": os.environ.get("ATELIER_INDEXER_CONCURRENCY", "32")}
    texts = chunk_texts(docs, local_env)
    log(f"cranfield: {len(docs)} documents, {len(texts)} chunks")

    log("embedder alone (local MiniLM)...")
    alone = await embed_alone(texts, batch_size)
    alone_cps, vectors = alone.arrival, alone.vectors
    emit("embedder_alone_chunks_per_s", alone_cps, "chunks/s", embedder=LOCAL_MODEL, batch_size=batch_size,
         order="arrival")
    emit("embedder_alone_window_sorted_chunks_per_s", alone.windows, "chunks/s", embedder=LOCAL_MODEL,
         batch_size=batch_size, order="the pipeline batcher's: full windows sorted by length, small forward passes")
    emit("embedder_alone_sorted_chunks_per_s", alone.whole, "chunks/s", embedder=LOCAL_MODEL,
         order="whole corpus sorted by length (not reachable while streaming)")

    from atelier_devstack.openai_stub import OpenAIStub

    stub = OpenAIStub()
    stub.start()
    results: dict[tuple[str, int], float] = {}
    cpu_of: dict[tuple[str, int], dict[str, float]] = {}
    try:
        stub.precompute(vectors)
        precomputed_env = precomputed_minilm_env(stub.base_url, batch_size)
        if chunk_texts(docs, precomputed_env) != texts:  # a chunk missing from the table gets a stub vector
            raise SystemExit("the precomputed-vector embedder would cut other chunks than the local one")
        runs = [("local", local_env, 1, docs), ("precomputed", precomputed_env, 1, docs)]
        if not args.skip_workers:
            latency_env, latency_docs = fixed_latency_env(precomputed_env), docs[:args.latency_docs]
            runs += [("fixed-latency", latency_env, 1, latency_docs), ("fixed-latency", latency_env, 2, latency_docs),
                     ("precomputed", precomputed_env, 2, docs), ("local", local_env, 2, docs)]
        async with infrastructure() as infra:
            for embedder, env, workers, run_docs in runs:
                log(f"pipeline: {embedder} embedder, {workers} indexer worker(s), {len(run_docs)} documents...")
                stub.set_embedding_delay(FIXED_LATENCY_S if embedder == "fixed-latency" else 0.0)
                async with services(infra, env, indexers=workers) as svc:
                    await ingest(svc.client, warmup, f"warmup-{embedder}-{workers}w")
                    meter = CpuMeter()
                    meter.start()
                    done = await ingest(svc.client, run_docs, f"{embedder}-{workers}w")
                    took, chunks = done.seconds, done.chunks
                    cpu = meter.stop()
                results[(embedder, workers)] = chunks / took
                cpu_of[(embedder, workers)] = cpu
                per_doc_ms = {name: round(1000 * seconds / len(run_docs), 2) for name, seconds in cpu.items()}
                emit("pipeline_docs_per_s", len(run_docs) / took, "docs/s", embedder=embedder, indexers=workers)
                emit("pipeline_chunks_per_s", chunks / took, "chunks/s", embedder=embedder, indexers=workers,
                     cpu_seconds=cpu)
                emit("pipeline_cpu_ms_per_doc", sum(per_doc_ms.values()), "ms/doc", embedder=embedder,
                     indexers=workers, components=per_doc_ms)
    finally:
        stub.stop()

    emit("pipeline_vs_embedder_alone", results[("local", 1)] / alone_cps, "ratio", target=0.9,
         meets_target=results[("local", 1)] / alone_cps >= 0.9)
    emit("pipeline_vs_embedder_alone_window_sorted", results[("local", 1)] / alone.windows, "ratio",
         note="against the embedder alone batching as the pipeline's batcher does (windows sorted by length)")
    # Every component shares the machine's cores: the CPU the rest of the stack needs is CPU the
    # embedder does not get. The embedder's share of the stack's CPU in the local run (the
    # indexer's CPU beyond what it used with precomputed vectors) bounds the ratio above.
    local, precomputed = cpu_of[("local", 1)], cpu_of[("precomputed", 1)]
    embedding_cpu = local.get("indexer", 0.0) - precomputed.get("indexer", 0.0)
    emit("embedder_share_of_stack_cpu", embedding_cpu / max(sum(local.values()), 1e-9), "ratio",
         note="ceiling of pipeline_vs_embedder_alone when the whole stack shares the cores")
    emit("pipeline_overhead_headroom", results[("precomputed", 1)] / alone_cps, "ratio",
         note="precomputed-vector pipeline throughput / embedder-alone throughput")
    for embedder in ("fixed-latency", "precomputed", "local"):
        if (embedder, 2) in results:
            extra: dict[str, Any] = {"target": 1.7} if embedder == "fixed-latency" else {}
            emit("two_workers_vs_one", results[(embedder, 2)] / results[(embedder, 1)], "ratio", embedder=embedder,
                 **extra)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(130)
