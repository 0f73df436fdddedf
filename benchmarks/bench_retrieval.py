"""`make bench-retrieval`: retrieval quality and latency on Cranfield, through the running services.

Ingests the collection through the HTTP API (local all-MiniLM-L6-v2 embedder), asks every query
through /api/knowledge/retrieve as semantic, full-text and hybrid search, and prints one JSON line
per figure on stdout: nDCG@10, Recall@100 and MRR@10 of each search type beside the same figures
of the reference libraries computed in this run (bm25s with stemming and stopwords;
sentence-transformers cosine; RRF of the two), their ratio and whether the target is met; then
retrieve latency p50/p95 at 1 and 16 concurrent clients and its ratio to a raw pymilvus search on
the same collection, with the CPU each process of the stack spent per retrieve (and per raw search),
which stays meaningful on a busy machine, and the Postgres statements per retrieve. Progress goes
to stderr. Options: --docs N, --queries N, --runs FILE (every
ranked run, the service's and the references', per query as JSON lines: benchmarks/runs.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncpg
import numpy as np

from benchmarks import cranfield, references
from benchmarks.harness import CpuMeter, database_backends, infrastructure, ingest, log, services
from benchmarks.metrics import evaluate
from benchmarks.runs import run_lines, write_runs

LOCAL_MODEL = "all-MiniLM-L6-v2"
SEARCH_TYPES = {"semantic": 0, "hybrid": 1, "fulltext": 20}
REFERENCE_OF = {"fulltext": "bm25s", "semantic": "minilm_cosine", "hybrid": "rrf(bm25s,minilm)"}
HYBRID_GOAL = 1.05  # hybrid nDCG@10 against the reference RRF of bm25s and MiniLM
QUERY_CONCURRENCY = 4
STATS_SETTLE_S = 11.0
CPU_CALLS = 300  # calls per latency figure at least: the queries again when there are fewer


def emit(figure: str, value: float, unit: str, **extra: Any) -> None:
    print(json.dumps({"bench": "retrieval", "figure": figure, "value": round(value, 4), "unit": unit, **extra}),
          flush=True)


async def embed_all(texts: list[str]) -> np.ndarray:
    from atelier_common.ai import create_embedder
    from atelier_common.settings import Settings

    embedder = create_embedder(Settings(embedding_provider="local", embedding_model=LOCAL_MODEL))
    try:
        return np.asarray(await embedder.embed(texts), dtype=np.float32)
    finally:
        await embedder.aclose()


async def ask_all(client, dataset_id: str, queries: list[str], search_type: int,  # noqa: ANN001
                  cran_ids: dict[str, int]) -> tuple[dict[int, list[int]], dict[int, list[float]]]:
    """Per query: the documents ranked by their best slice, and that slice's score."""
    gate = asyncio.Semaphore(QUERY_CONCURRENCY)
    runs: dict[int, list[int]] = {}
    scores: dict[int, list[float]] = {}

    async def one(number: int, query: str) -> None:
        async with gate:
            reply = await client.call("/api/knowledge/retrieve", {
                "space_id": client.space_id, "dataset_ids": [dataset_id], "query": query,
                "strategy": {"search_type": search_type, "top_k": 100, "min_score": 0}})
        best: dict[int, float] = {}  # slices come best first: a document's first slice is its best
        for s in reply.get("slices", []):
            if s["document_id"] in cran_ids:
                best.setdefault(cran_ids[s["document_id"]], float(s.get("score", 0.0)))
        runs[number], scores[number] = list(best), list(best.values())

    await asyncio.gather(*(one(n, q) for n, q in enumerate(queries, start=1)))
    return runs, scores


async def latencies(call: Callable[[int], Awaitable[Any]], count: int, clients: int) -> list[float]:
    gate = asyncio.Semaphore(clients)
    took: list[float] = []

    async def one(i: int) -> None:
        async with gate:
            started = time.perf_counter()
            await call(i)
            took.append((time.perf_counter() - started) * 1000)

    await asyncio.gather(*(one(i) for i in range(count)))
    return took


def percentile(values: list[float], p: float) -> float:
    return float(np.percentile(values, p)) if values else 0.0


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--docs", type=int, default=None, help="only the first N documents")
    parser.add_argument("--queries", type=int, default=None, help="only the first N queries")
    parser.add_argument("--runs", type=Path, default=None, help="write every ranked run per query (JSON lines)")
    parser.add_argument("--feedback", action="store_true",
                        help="pseudo-relevance feedback on (ATELIER_RETRIEVAL_FEEDBACK=true; off by default)")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")

    docs = [d for d in cranfield.documents(args.docs) if d.content]
    queries = cranfield.queries()[: args.queries] if args.queries else cranfield.queries()
    known = {d.id for d in docs}
    qrels = {q: {d: g for d, g in graded.items() if d in known}
             for q, graded in cranfield.relevance().items() if q <= len(queries)}
    log(f"cranfield: {len(docs)} documents, {len(queries)} queries")

    log("references: bm25s, MiniLM cosine, RRF...")
    bm25_runs = references.bm25(docs, queries)
    doc_vectors = await embed_all([d.content for d in docs])
    query_vectors = await embed_all(queries)
    dense_runs = references.dense(doc_vectors, query_vectors, docs)
    reference_runs = {
        "bm25s": dict(enumerate(bm25_runs, start=1)),
        "minilm_cosine": dict(enumerate(dense_runs, start=1)),
        "rrf(bm25s,minilm)": {n: references.rrf(b, s) for n, (b, s) in enumerate(zip(bm25_runs, dense_runs,
                                                                                       strict=True), start=1)},
    }
    reference_scores = {name: evaluate(runs, qrels) for name, runs in reference_runs.items()}
    run_log = [line for name, runs in reference_runs.items() for line in run_lines(name, runs, queries, qrels)]

    env = {"ATELIER_EMBEDDING_PROVIDER": "local", "ATELIER_EMBEDDING_MODEL": LOCAL_MODEL, "HF_HUB_OFFLINE": "1",
           "ATELIER_RETRIEVAL_FEEDBACK": "true" if args.feedback else "false"}
    async with infrastructure() as infra, services(infra, env) as svc:
        client = svc.client
        log("ingesting through the API...")
        done = await ingest(client, docs, "retrieval")
        log(f"  {len(docs)} documents, {done.chunks} chunks in {done.seconds:.1f} s")
        for name, search_type in SEARCH_TYPES.items():
            log(f"retrieving: {name}...")
            runs, run_scores = await ask_all(client, done.dataset_id, queries, search_type, done.cran_ids)
            run_log += run_lines(name, runs, queries, qrels, run_scores)
            scores = evaluate(runs, qrels)
            reference = REFERENCE_OF[name]
            for metric, value in scores.items():
                ref = reference_scores[reference][metric]
                emit(metric, value, "score", search_type=name, reference_name=reference, reference=round(ref, 4),
                     ratio=round(value / ref, 4) if ref else None)
            ref_ndcg = reference_scores[reference]["ndcg@10"]
            # Hybrid is to beat its reference by 5% (issue 17); each channel alone to match its own.
            met = scores["ndcg@10"] >= (HYBRID_GOAL if name == "hybrid" else 0.98) * ref_ndcg
            emit("meets_target", float(met), "bool", search_type=name,
                 target=f"nDCG@10 >= {HYBRID_GOAL}x the reference" if name == "hybrid"
                 else "nDCG@10 within 2% of the reference")
        if args.runs is not None:
            write_runs(args.runs, run_log)
            log(f"runs written to {args.runs}")

        log("latency...")
        await latency_figures(client, infra.env, done.dataset_id, queries, query_vectors)


async def timed_cpu(db: asyncpg.Connection, call: Callable[[int], Awaitable[Any]], count: int,
                    clients: int) -> tuple[list[float], dict[str, float]]:
    """The latencies of `count` calls from `clients` clients and the CPU milliseconds per call each
    process spent meanwhile: this benchmark's stack, this process (the client) and the Postgres
    backends serving its database."""
    meter = CpuMeter(own_only=True, also={os.getpid(): "bench", **await database_backends(db)})
    meter.start()
    took = await latencies(call, count, clients)
    used = meter.stop(digits=6)
    return took, {name: round(seconds * 1000 / count, 3) for name, seconds in used.items() if seconds > 0}


def emit_cpu(label: str, per_call: dict[str, float], clients: int) -> None:
    """Total CPU ms per call of the processes serving it (the benchmark client apart)."""
    served = sum(ms for name, ms in per_call.items() if name != "bench")
    emit(f"{label}_cpu_ms", served, "ms", clients=clients, by_process=per_call,
         note="CPU per call, all serving processes (by_process adds the benchmark client as 'bench')")


async def statements(db: asyncpg.Connection) -> int:
    """Transactions committed or rolled back in the benchmark's database so far (each statement run
    outside a transaction, as retrieval runs them, is one), once every backend has reported them:
    an idle backend reports its counts within 10 s (Postgres 15+'s PGSTAT_IDLE_INTERVAL). This
    query's own count is not among them: its snapshot is taken before it ends."""
    await asyncio.sleep(STATS_SETTLE_S)
    await db.execute("SELECT pg_stat_clear_snapshot()")
    return int(await db.fetchval(
        "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()"))


async def statements_per_call(db: asyncpg.Connection, call: Callable[[int], Awaitable[Any]], count: int) -> float:
    """Postgres statements per `call`, less what the stack's background jobs (the outbox relay's
    and the reconciler's polls) and these readings ran in an idle window as long."""
    idle_start = await statements(db)
    started = time.perf_counter()
    for i in range(count):
        await call(i)
    took = time.perf_counter() - started
    busy = await statements(db) - idle_start
    await asyncio.sleep(took)
    idle = await statements(db) - idle_start - busy
    return max(0.0, busy - idle) / count


async def latency_figures(client, env: dict[str, str], dataset_id: str, queries: list[str],  # noqa: ANN001
                          query_vectors: np.ndarray) -> None:
    """Hybrid retrieve (query embeddings cached by the first pass above, as for repeated questions)
    vs a raw pymilvus dense search with precomputed vectors on the same collection, with the CPU
    per call of each; the Postgres statements per retrieve; then new questions (uncached: each
    query embedded) at 16 clients, counting channels that failed or timed out under the default
    channel timeout."""
    from pymilvus import MilvusClient

    milvus_uri = env["ATELIER_MILVUS_URI"]
    milvus = MilvusClient(uri=milvus_uri, dedicated=True)
    db = await asyncpg.connect(env["ATELIER_DATABASE_URL"])  # one for the readings: a shared server has few to spare
    name = f"kb_{dataset_id}"
    count = len(queries)
    failures: list[str] = []

    async def ask(query: str) -> None:
        reply = await client.call("/api/knowledge/retrieve", {
            "space_id": client.space_id, "dataset_ids": [dataset_id], "query": query,
            "strategy": {"search_type": 1, "top_k": 10, "min_score": 0}})
        failures.extend(f"{s['channel']}: {s['error']}" for s in reply["channel_stats"] if s.get("error"))

    async def retrieve(i: int) -> None:
        await ask(queries[i % count])

    async def retrieve_uncached(i: int) -> None:
        await ask(f"{queries[i % count]} (variant {i})")

    async def raw(i: int) -> None:
        vector = query_vectors[i % count].tolist()
        await asyncio.to_thread(milvus.search, name, data=[vector], anns_field="dense", limit=10,
                                search_params={"metric_type": "COSINE"})

    calls = max(count, CPU_CALLS)  # enough that the processes' CPU clock ticks (10 ms) add up
    try:
        for clients in (1, 16):
            api, api_cpu = await timed_cpu(db, retrieve, calls, clients)
            base, base_cpu = await timed_cpu(db, raw, calls, clients)
            for label, values in (("retrieve_hybrid", api), ("raw_pymilvus_dense", base)):
                emit(f"{label}_p50_ms", percentile(values, 50), "ms", clients=clients)
                emit(f"{label}_p95_ms", percentile(values, 95), "ms", clients=clients)
            emit("retrieve_vs_raw_p50", statistics.median(api) / statistics.median(base), "ratio", clients=clients,
                 note="retrieve = HTTP + auth + two channels + fusion + slice lookup; raw = one dense search")
            emit_cpu("retrieve_hybrid", api_cpu, clients)
            emit_cpu("raw_pymilvus_dense", base_cpu, clients)
        emit("retrieve_postgres_statements", await statements_per_call(db, retrieve, count), "count",
             note="per retrieve, background jobs' subtracted; the pool's reset of a connection it takes back"
                  " (asyncpg runs one after each statement outside a transaction) counts as one too")
        failures.clear()
        fresh = await latencies(retrieve_uncached, count, 16)
        emit("retrieve_hybrid_uncached_p50_ms", percentile(fresh, 50), "ms", clients=16)
        emit("retrieve_hybrid_uncached_p95_ms", percentile(fresh, 95), "ms", clients=16)
        emit("channel_failures_uncached", float(len(failures)), "count", clients=16, queries=count,
             examples=failures[:3])
    finally:
        milvus.close()
        await db.close()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(130)
