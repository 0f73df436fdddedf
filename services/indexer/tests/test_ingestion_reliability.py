"""At-least-once delivery made exact: redelivered events, transient failures, poison events,
lost events, crashed workers and deletions racing the indexer all leave the same result as one
clean run, or nothing at all."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg
import pytest
from aiokafka import AIOKafkaConsumer

from atelier_common.kafka.producer import EventProducer
from atelier_devstack.api_client import AtelierClient
from atelier_devstack.stack_fixtures import KnowledgeStack
from atelier_search import SearchStores

pytestmark = pytest.mark.e2e

ENABLED, CHUNKING, FAILED = 1, 4, 9
LONG_TEXT = "\n\n".join(f"Paragraph {i} explains how component {i} of the engine handles load and heat."
                        for i in range(120))
SMALL_CHUNKS = {"chunk_type": 1, "separator": "\n\n", "max_tokens": 50, "overlap": 0}


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


async def db(stack: KnowledgeStack) -> asyncpg.Connection:
    return await asyncpg.connect(stack.env["ATELIER_DATABASE_URL"])


async def eventually(check: Callable[[], Awaitable[bool]], timeout_s: float = 30.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout_s
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not true after {timeout_s}s: {what}")
        await asyncio.sleep(0.2)


async def slice_rows(stack: KnowledgeStack, document_id: str) -> list[asyncpg.Record]:
    conn = await db(stack)
    try:
        return await conn.fetch("SELECT id, sequence FROM knowledge.slices WHERE document_id = $1", int(document_id))
    finally:
        await conn.close()


async def vectors(stores: SearchStores, dataset_id: str, document_id: str) -> int:
    await stores.vector.flush(int(dataset_id))
    return await stores.vector.count(int(dataset_id), document_id=int(document_id))


async def wait_chunking(api: AtelierClient, document_id: str, min_progress: int = 15) -> None:
    async def check() -> bool:
        [p] = await api.progress([document_id])
        assert p["status"] in (0, CHUNKING), p  # must not finish before we interfere
        return p["status"] == CHUNKING and p["progress"] >= min_progress
    await eventually(check, 30, "document chunking")


async def test_redelivered_events_create_no_duplicates(client: AtelierClient, knowledge_stack: KnowledgeStack,
                                                      stores: SearchStores) -> None:
    dataset_id = await client.create_dataset(name("redeliver"))
    info = await client.create_text_document(dataset_id, "doc", LONG_TEXT, chunk_strategy=SMALL_CHUNKS)
    doc_id = info["document_id"]
    assert (await client.wait_documents([doc_id]))[doc_id]["status"] == ENABLED
    before_rows = await slice_rows(knowledge_stack, doc_id)
    assert await vectors(stores, dataset_id, doc_id) == len(before_rows) > 1

    conn = await db(knowledge_stack)
    try:
        event = await conn.fetchrow("SELECT event_id, key, payload FROM knowledge.outbox"
                                    " WHERE event_type = 'IndexDocument' AND key = $1", doc_id.encode())
    finally:
        await conn.close()
    producer = EventProducer(knowledge_stack.env["ATELIER_KAFKA_BOOTSTRAP"])
    await producer.start()
    marker = uuid.uuid4().hex
    try:
        # The same event again (broker redelivery), then a copy with a new id (a re-drive racing a finished run).
        await producer.send("knowledge", event["key"], event["payload"], event_type="IndexDocument",
                            event_id=event["event_id"])
        await producer.send("knowledge", event["key"], event["payload"], event_type="IndexDocument", event_id=marker)
    finally:
        await producer.stop()

    async def marker_done() -> bool:
        conn = await db(knowledge_stack)
        try:
            return bool(await conn.fetchval("SELECT true FROM indexer.processed_events WHERE event_id = $1", marker))
        finally:
            await conn.close()
    await eventually(marker_done, 30, "the copied event was handled")
    after_rows = await slice_rows(knowledge_stack, doc_id)
    assert sorted(r["id"] for r in after_rows) == sorted(r["id"] for r in before_rows)  # the very same slices
    assert await vectors(stores, dataset_id, doc_id) == len(before_rows)


async def _dlq_records(bootstrap: str, want: Callable[[dict[str, bytes], bytes | None], bool], timeout_s: float = 40
                       ) -> dict[str, bytes]:
    consumer = AIOKafkaConsumer("knowledge.dlq", bootstrap_servers=bootstrap, auto_offset_reset="earliest",
                                group_id=f"test-{uuid.uuid4().hex}")
    await consumer.start()
    try:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            batch = await consumer.getmany(timeout_ms=500)
            for records in batch.values():
                for record in records:
                    headers = {k: v for k, v in record.headers}
                    if want(headers, record.key):
                        return headers
        raise AssertionError("expected record not found in knowledge.dlq")
    finally:
        await consumer.stop()


async def test_poison_events_go_to_the_dlq(knowledge_stack: KnowledgeStack) -> None:
    bootstrap = knowledge_stack.env["ATELIER_KAFKA_BOOTSTRAP"]
    producer = EventProducer(bootstrap)
    await producer.start()
    garbage_id, unknown_id = uuid.uuid4().hex, uuid.uuid4().hex
    try:
        await producer.send("knowledge", b"1", b"\xff\xff\xff\xff", event_type="IndexDocument", event_id=garbage_id)
        await producer.send("knowledge", b"1", b"", event_type="NoSuchEvent", event_id=unknown_id)
    finally:
        await producer.stop()
    headers = await _dlq_records(bootstrap, lambda h, _k: h.get("event-id") == garbage_id.encode())
    assert b"undecodable" in headers["error"]
    headers = await _dlq_records(bootstrap, lambda h, _k: h.get("event-id") == unknown_id.encode())
    assert b"unknown event type 'NoSuchEvent'" in headers["error"]


async def test_transient_failures_retry_then_fail_the_document_and_park_the_event(
        client: AtelierClient, knowledge_stack: KnowledgeStack, openai_stub) -> None:  # noqa: ANN001
    dataset_id = await client.create_dataset(name("flaky"))
    # First: a short outage is absorbed by retries.
    openai_stub.fail_embeddings(503, times=2)
    ok = await client.create_text_document(dataset_id, "recovers", "Retries absorb a short embedding outage.")
    assert (await client.wait_documents([ok["document_id"]]))[ok["document_id"]]["status"] == ENABLED

    # Then: an outage longer than every retry fails the document and parks its event.
    openai_stub.fail_embeddings(500, times=10_000)
    info = await client.create_text_document(dataset_id, "doomed", "The embedding service is down for good.")
    final = (await client.wait_documents([info["document_id"]], timeout_s=90))[info["document_id"]]
    openai_stub.reset()
    assert final["status"] == FAILED and "after 3 attempts" in final["status_descript"], final
    headers = await _dlq_records(knowledge_stack.env["ATELIER_KAFKA_BOOTSTRAP"],
                                 lambda h, k: h.get("event-type") == b"IndexDocument" and k == info["document_id"].encode())
    assert headers["attempts"] == b"3"


async def test_reconciler_redrives_a_document_whose_event_was_lost(client: AtelierClient,
                                                                   knowledge_stack: KnowledgeStack) -> None:
    dataset_id = await client.create_dataset(name("lost"))
    key = f"uploads/{client.space_id}/{uuid.uuid4().hex}/lost.txt"
    path = Path(knowledge_stack.env["ATELIER_STORAGE_DIR"]) / key
    path.parent.mkdir(parents=True)
    path.write_bytes(b"This document's event never reached the broker.")
    doc_id = str(int(time.time() * 1000) * 1000 + 7)
    conn = await db(knowledge_stack)
    try:  # a queued document with no event, silent for an hour
        await conn.execute(
            "INSERT INTO knowledge.documents (id, dataset_id, space_id, creator_id, name, file_type, source_type,"
            " tos_uri, size, status, heartbeat_at) VALUES ($1, $2, $3, 1, 'lost.txt', 'txt', 0, $4, 48, 0,"
            " now() - interval '1 hour')", int(doc_id), int(dataset_id), int(client.space_id), key)
    finally:
        await conn.close()
    final = (await client.wait_documents([doc_id], timeout_s=30))[doc_id]
    assert final["status"] == ENABLED
    [slice_] = await client.slices(doc_id)
    assert "never reached the broker" in slice_["content"]


async def test_indexer_crash_mid_document_finishes_it_exactly_once(
        client: AtelierClient, knowledge_stack: KnowledgeStack, stores: SearchStores, openai_stub) -> None:  # noqa: ANN001
    dataset_id = await client.create_dataset(name("crash"))
    reference = await client.create_text_document(dataset_id, "reference", LONG_TEXT, chunk_strategy=SMALL_CHUNKS)
    await client.wait_documents([reference["document_id"]])
    expected = len(await slice_rows(knowledge_stack, reference["document_id"]))

    openai_stub.set_embedding_delay(0.4)
    info = await client.create_text_document(dataset_id, "victim", LONG_TEXT, chunk_strategy=SMALL_CHUNKS)
    doc_id = info["document_id"]
    await wait_chunking(client, doc_id)
    knowledge_stack.restart("indexer", crash=True)
    openai_stub.set_embedding_delay(0)

    final = (await client.wait_documents([doc_id], timeout_s=90))[doc_id]
    assert final["status"] == ENABLED, final
    rows = await slice_rows(knowledge_stack, doc_id)
    assert len(rows) == expected
    assert sorted(r["sequence"] for r in rows) == list(range(expected))
    assert await vectors(stores, dataset_id, doc_id) == expected


async def test_deleting_during_indexing_leaves_nothing_behind(
        client: AtelierClient, knowledge_stack: KnowledgeStack, stores: SearchStores, openai_stub) -> None:  # noqa: ANN001
    dataset_id = await client.create_dataset(name("racing"))
    openai_stub.set_embedding_delay(0.4)
    try:
        info = await client.create_text_document(dataset_id, "doc", LONG_TEXT, chunk_strategy=SMALL_CHUNKS)
        doc_id = info["document_id"]
        await wait_chunking(client, doc_id)
        await client.call("/api/knowledge/document/delete", {"document_ids": [doc_id], "space_id": client.space_id})
    finally:
        openai_stub.set_embedding_delay(0)

    async def gone() -> bool:
        return not await slice_rows(knowledge_stack, doc_id) and await vectors(stores, dataset_id, doc_id) == 0
    await eventually(gone, 30, "slices and vectors of the deleted document removed")
    await asyncio.sleep(2)  # and nothing comes back once the run notices
    assert await gone()


async def test_deleting_a_table_dataset_during_indexing_drops_rows_and_vectors(
        client: AtelierClient, knowledge_stack: KnowledgeStack, stores: SearchStores, openai_stub) -> None:  # noqa: ANN001
    from atelier_devstack import sample_files

    dataset_id = await client.create_dataset(name("dropme"), format_type=1)
    rows = [["item", "description"]] + [[f"part{i}", f"description of part number {i}"] for i in range(150)]
    openai_stub.set_embedding_delay(0.4)
    try:
        info = await client.upload(dataset_id, "parts.csv", sample_files.csv_bytes(rows))
        await wait_chunking(client, info["document_id"])
        await client.call("/api/knowledge/delete", {"dataset_id": dataset_id, "space_id": client.space_id})
    finally:
        openai_stub.set_embedding_delay(0)

    async def gone() -> bool:
        conn = await db(knowledge_stack)
        try:
            table = await conn.fetchval("SELECT to_regclass($1)", f"knowledge_tables.t_{dataset_id}")
            rows_left = await conn.fetchval("SELECT count(*) FROM knowledge.slices WHERE dataset_id = $1", int(dataset_id))
        finally:
            await conn.close()
        return table is None and rows_left == 0 and await stores.vector.count(int(dataset_id)) == 0
    await eventually(gone, 30, "physical table, slices and collection of the deleted dataset removed")
    await asyncio.sleep(2)
    assert await gone()


async def test_editing_a_slice_reindexes_only_that_slice(client: AtelierClient, stores: SearchStores) -> None:
    dataset_id = await client.create_dataset(name("edit"))
    info = await client.create_text_document(dataset_id, "doc", LONG_TEXT, chunk_strategy=SMALL_CHUNKS)
    doc_id = info["document_id"]
    await client.wait_documents([doc_id])
    slices = await client.slices(doc_id)
    target, other = slices[3], slices[4]
    await client.call("/api/knowledge/slice/update", {"slice_id": target["slice_id"], "space_id": client.space_id,
                                                      "raw_text": "The zebracorn gearbox needs synthetic oil."})
    created = await client.call("/api/knowledge/slice/create", {"document_id": doc_id, "space_id": client.space_id,
                                                                "raw_text": "Quokkatron bearings are sealed."})

    async def stored() -> bool:
        by_id = {s["slice_id"]: s for s in await client.slices(doc_id)}
        return by_id[target["slice_id"]]["status"] == 1 and by_id[created["slice_id"]]["status"] == 1
    await eventually(stored, 30, "edited slices stored")
    await stores.vector.flush(int(dataset_id))
    hits = await stores.fulltext.search_text(int(dataset_id), "zebracorn", 3)
    assert hits and str(hits[0].slice_id) == target["slice_id"]
    hits = await stores.fulltext.search_text(int(dataset_id), "quokkatron", 3)
    assert hits and str(hits[0].slice_id) == created["slice_id"]
    untouched = {s["slice_id"]: s for s in await client.slices(doc_id)}[other["slice_id"]]
    assert untouched["content"] == other["content"]
    assert (await client.progress([doc_id]))[0]["status"] == ENABLED

    await client.call("/api/knowledge/slice/delete", {"slice_ids": [target["slice_id"]], "space_id": client.space_id})

    async def removed() -> bool:
        await stores.vector.flush(int(dataset_id))
        return not await stores.fulltext.search_text(int(dataset_id), "zebracorn", 3)
    await eventually(removed, 30, "deleted slice removed from the search stores")


async def test_old_dedupe_records_are_forgotten(knowledge_stack: KnowledgeStack) -> None:
    conn = await db(knowledge_stack)
    try:
        await conn.execute(
            "INSERT INTO indexer.processed_events (group_id, event_id, processed_at) VALUES"
            " ('atelier-indexer', 'ancient-event', now() - interval '8 days'),"
            " ('atelier-indexer', 'recent-event', now() - interval '1 day')")

        async def pruned() -> bool:
            return not await conn.fetchval(
                "SELECT count(*) FROM indexer.processed_events WHERE event_id = 'ancient-event'")
        await eventually(pruned, 15, "a dedupe record older than the retention removed")
        assert await conn.fetchval("SELECT count(*) FROM indexer.processed_events WHERE event_id = 'recent-event'")
    finally:
        await conn.execute("DELETE FROM indexer.processed_events WHERE event_id = 'recent-event'")
        await conn.close()


async def test_a_slow_document_is_not_redriven_while_the_indexer_works_on_it(
        client: AtelierClient, knowledge_stack: KnowledgeStack, openai_stub) -> None:  # noqa: ANN001
    """One embedding call outlasts ATELIER_RECONCILE_STUCK_AFTER_S (6 s here) and the document
    reports no progress of its own meanwhile: the indexer's heartbeat of the documents it holds
    keeps the reconciler from re-driving it."""
    dataset_id = await client.create_dataset(name("slow"))
    openai_stub.set_embedding_delay(9)
    try:
        info = await client.create_text_document(dataset_id, "slow", "One short paragraph, embedded slowly.")
        doc_id = info["document_id"]
        final = (await client.wait_documents([doc_id], timeout_s=60))[doc_id]
    finally:
        openai_stub.set_embedding_delay(0)
    assert final["status"] == ENABLED, final
    conn = await db(knowledge_stack)
    try:
        attempts = await conn.fetchval("SELECT index_attempts FROM knowledge.documents WHERE id = $1", int(doc_id))
    finally:
        await conn.close()
    assert attempts == 0, "re-driven although the indexer was working on it"
