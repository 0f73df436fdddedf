"""`make bench-faults`: indexing under crashes, with real processes and SIGKILL, against a clean
run of the same documents in the same stack (the baseline). One JSON line per scenario on stdout:

- indexer: 200 documents uploaded in 10 waves, the indexer killed (SIGKILL) and restarted after
  each wave while it is indexing;
- broker: 200 documents in 2 waves, the broker (Tansu, memory storage: it comes back empty) killed
  and restarted after each.

Each line gives the documents, the kills, the seconds from the last restart until every document
was final (target <= 60), documents enabled, slices and vectors against the clean run's, documents
whose slice count differs and slices stored twice (both must be 0). The services run with their
default settings and the local embedder, as `make dev` does. Progress goes to stderr.
Options: --docs N, --indexer-kills N, --broker-restarts N.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import time

from atelier_common.settings import Settings
from benchmarks import faults
from benchmarks.harness import Infra, infrastructure, log, services

RECOVERY_TARGET_S = 60.0


async def _vectors(infra: Infra, dataset_id: str) -> int:
    from atelier_search import create_search_stores

    stores = create_search_stores(Settings(milvus_uri=infra.milvus.url))
    try:
        await stores.vector.flush(int(dataset_id))
        return await stores.vector.count(int(dataset_id))
    finally:
        await stores.aclose()


def emit(run: faults.FaultRun, clean_s: float) -> None:
    figures = run.figures()
    ok = (run.enabled == run.documents and run.slice_mismatches == 0 and run.duplicate_slices == 0
          and run.vectors == run.clean_vectors == run.slices and run.recovered_s <= RECOVERY_TARGET_S)
    print(json.dumps({"bench": "faults", **figures, "clean_run_s": round(clean_s, 1),
                      "target_recovered_s": RECOVERY_TARGET_S, "meets_target": ok}), flush=True)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--docs", type=int, default=200)
    parser.add_argument("--indexer-kills", type=int, default=10)
    parser.add_argument("--broker-restarts", type=int, default=2)
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    local = {"ATELIER_EMBEDDING_PROVIDER": "local", "HF_HUB_OFFLINE": "1"}
    async with infrastructure() as infra, services(infra, local) as svc:
        client = svc.client
        indexer = next(p for p in svc.procs if p.name == "indexer")
        database_url = infra.env["ATELIER_DATABASE_URL"]

        async def crash_indexer() -> None:
            indexer.kill()
            await asyncio.to_thread(indexer.start)

        async def crash_broker() -> None:
            infra.kafka.stop_signal = signal.SIGKILL
            infra.kafka.stop()
            await infra.kafka.start()

        for label, seed, crash, kills in (("indexer SIGKILL", 7, crash_indexer, args.indexer_kills),
                                          ("broker SIGKILL + restart", 8, crash_broker, args.broker_restarts)):
            docs = faults.documents(args.docs, seed=seed)
            log(f"{label}: clean run of {len(docs)} documents...")
            started = time.monotonic()
            clean = await faults.clean_run(client, docs, f"clean-{seed}")
            clean_s = time.monotonic() - started
            log(f"{label}: {kills} crashes while indexing...")
            run, recovered_s = await faults.run_with_faults(client, docs, f"faults-{seed}", crash, kills=kills,
                                                            recover_timeout_s=600, progress=log)
            emit(await faults.compare(label, client, database_url, lambda d: _vectors(infra, d), clean, run,
                                      kills=kills, recovered_s=recovered_s), clean_s)


if __name__ == "__main__":
    asyncio.run(main())
