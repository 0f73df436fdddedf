"""Indexing under faults: documents uploaded while the indexer or the broker is killed with SIGKILL
(bounded loops, real processes), then compared with a clean run of the same documents.

Shared by the fault tests (tests/faults, which assert) and `make bench-faults` (which prints the
figures as JSON lines). A scenario needs only what a `FaultTarget` gives: a way to crash one
component and bring it back. What is compared is what a user would notice: every document final
and enabled, each with the slices the clean run made, as many vectors as slices, nothing twice.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import asyncpg

from atelier_devstack.api_client import AtelierClient

ENABLED = 1
UPLOAD_CONCURRENCY = 8
CHUNKS = {"chunk_type": 1, "separator": "\n\n", "max_tokens": 60, "overlap": 0}

TOPICS = ("turbine blades", "heat exchangers", "wing flutter", "boundary layers", "shock waves", "rotor noise",
          "fuel injection", "cooling films", "nozzle flow", "panel buckling")


@dataclass(frozen=True)
class Doc:
    name: str
    text: str


def documents(count: int, seed: int = 7) -> list[Doc]:
    """`count` distinct documents of 4-8 paragraphs (one slice each with CHUNKS)."""
    rng = random.Random(seed)
    docs = []
    for i in range(count):
        topic = TOPICS[i % len(TOPICS)]
        paragraphs = [f"Report {i}, part {p}: measurements of {topic} at station {rng.randint(1, 999)} show a "
                      f"{rng.choice(('steady', 'rising', 'falling', 'periodic'))} response of "
                      f"{rng.randint(2, 98)} percent under load case {rng.randint(1, 40)}."
                      for p in range(rng.randint(4, 8))]
        docs.append(Doc(f"report-{i:04d}", "\n\n".join(paragraphs)))
    return docs


# Crashes one component (SIGKILL) and brings it back; returns once it answers again.
FaultTarget = Callable[[], Awaitable[None]]


@dataclass
class Indexed:
    dataset_id: str
    ids: dict[str, str]  # document name -> id


@dataclass(frozen=True)
class FaultRun:
    scenario: str
    documents: int
    kills: int
    recovered_s: float  # from the last restart until every document was final
    enabled: int
    slices: int
    vectors: int
    clean_slices: int
    clean_vectors: int
    slice_mismatches: int  # documents whose slice count differs from the clean run's
    duplicate_slices: int  # (document, sequence) stored more than once

    def figures(self) -> dict[str, Any]:
        return asdict(self)


async def upload(client: AtelierClient, dataset_id: str, docs: Sequence[Doc], into: dict[str, str]) -> None:
    gate = asyncio.Semaphore(UPLOAD_CONCURRENCY)

    async def one(doc: Doc) -> None:
        async with gate:
            info = await client.create_text_document(dataset_id, doc.name, doc.text, chunk_strategy=CHUNKS)
            into[doc.name] = info["document_id"]

    await asyncio.gather(*(one(doc) for doc in docs))


async def clean_run(client: AtelierClient, docs: Sequence[Doc], label: str, timeout_s: float = 180) -> Indexed:
    dataset_id = await client.create_dataset(f"{label}-clean-{int(time.time())}")
    ids: dict[str, str] = {}
    await upload(client, dataset_id, docs, ids)
    await client.wait_documents(ids.values(), timeout_s=timeout_s)
    return Indexed(dataset_id, ids)


async def run_with_faults(client: AtelierClient, docs: Sequence[Doc], label: str, crash: FaultTarget, *, kills: int,
                          pause_s: tuple[float, float] = (0.5, 2.0), recover_timeout_s: float = 60.0,
                          progress: Callable[[str], None] = lambda _: None) -> tuple[Indexed, float]:
    """Uploads the documents in `kills` waves; after each wave, while it is being indexed, the
    target crashes and comes back. Returns the dataset and the seconds from the last restart until
    every document was final (TimeoutError past `recover_timeout_s`)."""
    dataset_id = await client.create_dataset(f"{label}-{int(time.time())}")
    ids: dict[str, str] = {}
    rng = random.Random(11)
    wave = -(-len(docs) // kills)
    for k in range(kills):
        await upload(client, dataset_id, docs[k * wave:(k + 1) * wave], ids)
        await asyncio.sleep(rng.uniform(*pause_s))  # let indexing get under way, then crash it
        await crash()
        progress(f"  [{label}] crash {k + 1}/{kills} done, {len(ids)}/{len(docs)} documents uploaded")
    restarted = time.monotonic()
    await client.wait_documents(ids.values(), timeout_s=recover_timeout_s)
    return Indexed(dataset_id, ids), time.monotonic() - restarted


VectorCount = Callable[[str], Awaitable[int]]  # dataset id -> vectors stored for it


async def compare(scenario: str, client: AtelierClient, database_url: str, vectors: VectorCount, clean: Indexed,
                  run: Indexed, *, kills: int, recovered_s: float) -> FaultRun:
    clean_docs = await _documents(client, clean.dataset_id)
    run_docs = await _documents(client, run.dataset_id)
    by_name = {d["name"]: d for d in clean_docs}
    mismatches = sum(1 for d in run_docs if d["slice_count"] != by_name[d["name"]]["slice_count"])
    conn = await asyncpg.connect(database_url)
    try:
        duplicates = await conn.fetchval(
            "SELECT count(*) FROM (SELECT document_id, sequence FROM knowledge.slices WHERE dataset_id = $1"
            " GROUP BY 1, 2 HAVING count(*) > 1) d", int(run.dataset_id))
    finally:
        await conn.close()
    return FaultRun(
        scenario=scenario, documents=len(run.ids), kills=kills, recovered_s=round(recovered_s, 1),
        enabled=sum(1 for d in run_docs if d["status"] == ENABLED),
        slices=sum(d["slice_count"] for d in run_docs), vectors=await vectors(run.dataset_id),
        clean_slices=sum(d["slice_count"] for d in clean_docs), clean_vectors=await vectors(clean.dataset_id),
        slice_mismatches=mismatches, duplicate_slices=int(duplicates),
    )


async def _documents(client: AtelierClient, dataset_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    page = 1
    while True:
        data = await client.call("/api/knowledge/document/list",
                                 {"dataset_id": dataset_id, "space_id": client.space_id, "page": page, "size": 100})
        found += data["document_infos"]
        if len(found) >= int(data["total"]) or not data["document_infos"]:
            return found
        page += 1
