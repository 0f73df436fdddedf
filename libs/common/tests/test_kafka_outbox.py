"""Topics, outbox and relay against real Postgres and a real Tansu broker (the stream processor
that consumes them: test_stream_processor.py)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import asyncpg
import pytest
from aiokafka import AIOKafkaConsumer

from atelier_common.db.migrations import apply_migrations
from atelier_common.db.pool import create_pool
from atelier_common.kafka import MIGRATIONS_DIR
from atelier_common.kafka.event import Event
from atelier_common.kafka.handling import InTransaction
from atelier_common.kafka.ledger import ProcessedEvents
from atelier_common.kafka.outbox import enqueue
from atelier_common.kafka.processor import ProcessorConfig, StreamProcessor
from atelier_common.kafka.producer import EventProducer
from atelier_common.kafka.relay import OutboxRelay
from atelier_common.kafka.topics import TopicSpec, ensure_topics, partition_counts

SCHEMA = "kafka_test"


@pytest.fixture(scope="session")
async def pool(database_url: str) -> AsyncIterator[asyncpg.Pool]:
    await apply_migrations(database_url, SCHEMA, [MIGRATIONS_DIR])
    pool = await create_pool(database_url, schema=SCHEMA, max_size=8)
    await pool.execute("CREATE TABLE IF NOT EXISTS effects (event_id text, note text)")
    yield pool
    await pool.close()


@pytest.fixture(scope="session")
async def producer(kafka_bootstrap: str) -> AsyncIterator[EventProducer]:
    producer = EventProducer(kafka_bootstrap)
    await producer.start()
    yield producer
    await producer.stop()


@pytest.fixture
async def topic(kafka_bootstrap: str, pool: asyncpg.Pool) -> str:
    name = f"t{uuid.uuid4().hex[:10]}"
    await ensure_topics(kafka_bootstrap, [TopicSpec(name, partitions=2)])
    # Each test starts with an empty outbox so relays only see its own rows.
    await pool.execute("DELETE FROM outbox")
    return name


async def _read(bootstrap: str, topic: str, count: int, timeout: float = 15.0) -> list:
    consumer = AIOKafkaConsumer(
        topic, bootstrap_servers=bootstrap, group_id=uuid.uuid4().hex, auto_offset_reset="earliest"
    )
    await consumer.start()
    records: list = []
    try:
        deadline = asyncio.get_running_loop().time() + timeout
        while len(records) < count and asyncio.get_running_loop().time() < deadline:
            batch = await consumer.getmany(timeout_ms=500)
            for items in batch.values():
                records.extend(items)
    finally:
        await consumer.stop()
    return records


async def test_ensure_topics_creates_partitions_and_dlq_idempotently(kafka_bootstrap: str) -> None:
    name = f"topics{uuid.uuid4().hex[:8]}"
    spec = TopicSpec(name, partitions=3)
    await ensure_topics(kafka_bootstrap, [spec])
    await ensure_topics(kafka_bootstrap, [spec])
    assert await partition_counts(kafka_bootstrap, [name, f"{name}.dlq"]) == {name: 3, f"{name}.dlq": 1}


async def test_rolled_back_transaction_publishes_nothing(pool, producer, topic, kafka_bootstrap) -> None:
    async with pool.acquire() as conn:
        with pytest.raises(RuntimeError):
            async with conn.transaction():
                await enqueue(conn, topic=topic, key="doc-1", event_type="Ghost", payload=b"never")
                raise RuntimeError("state change failed")
        async with conn.transaction():
            await enqueue(conn, topic=topic, key="doc-2", event_type="Real", payload=b"kept", event_id="real-1")
    relay = OutboxRelay(pool, SCHEMA, producer, poll_interval=0.2)
    await relay.start()
    try:
        records = await _read(kafka_bootstrap, topic, 2, timeout=5)
    finally:
        await relay.stop()
    assert [r.value for r in records] == [b"kept"]
    headers = dict(records[0].headers)
    assert headers["event-type"] == b"Real" and headers["event-id"] == b"real-1" and records[0].key == b"doc-2"


async def test_enqueue_outside_a_transaction_is_refused(pool) -> None:
    async with pool.acquire() as conn:
        with pytest.raises(RuntimeError, match="inside the transaction"):
            await enqueue(conn, topic="x", key="k", event_type="E", payload=b"")


async def test_notify_wakes_the_relay_before_its_poll_interval(pool, producer, topic, kafka_bootstrap) -> None:
    relay = OutboxRelay(pool, SCHEMA, producer, poll_interval=60)
    await relay.start()
    try:
        await asyncio.sleep(0.3)  # the relay's first pass finds nothing and goes to sleep
        async with pool.acquire() as conn, conn.transaction():
            await enqueue(conn, topic=topic, key="k", event_type="Woken", payload=b"now")
        records = await _read(kafka_bootstrap, topic, 1, timeout=20)
    finally:
        await relay.stop()
    assert [r.value for r in records] == [b"now"]


async def test_trace_context_travels_from_enqueue_to_headers(pool, producer, topic, kafka_bootstrap) -> None:
    from atelier_common.telemetry import setup_telemetry, tracer

    setup_telemetry("kafka-test")
    with tracer("test").start_as_current_span("make-change") as span:
        async with pool.acquire() as conn, conn.transaction():
            await enqueue(conn, topic=topic, key="k", event_type="Traced", payload=b"t")
    relay = OutboxRelay(pool, SCHEMA, producer, poll_interval=0.2)
    await relay.start()
    try:
        records = await _read(kafka_bootstrap, topic, 1)
    finally:
        await relay.stop()
    traceparent = dict(records[0].headers)["traceparent"].decode()
    assert format(span.get_span_context().trace_id, "032x") in traceparent


class _CrashAfterPublish(OutboxRelay):
    """A relay that dies after the broker acknowledged a row but before the row is marked."""

    async def _publish(self, rows) -> None:  # type: ignore[no-untyped-def]
        await super()._publish(rows)
        raise ConnectionError("relay crashed after publish")


async def test_relay_crash_after_publish_yields_a_duplicate_the_consumer_drops(
    pool, producer, topic, kafka_bootstrap
) -> None:
    async with pool.acquire() as conn, conn.transaction():
        await enqueue(conn, topic=topic, key="doc", event_type="Index", payload=b"once", event_id="dup-1")
    crashing = _CrashAfterPublish(pool, SCHEMA, producer)
    with pytest.raises(ConnectionError):
        await crashing.publish_batch()
    assert await pool.fetchval("SELECT published_at IS NULL FROM outbox WHERE event_id = 'dup-1'")
    assert await OutboxRelay(pool, SCHEMA, producer).publish_batch() == 1  # the restarted relay sends it again

    assert len(await _read(kafka_bootstrap, topic, 2)) == 2, "the broker holds the event twice"

    handled: list[str] = []

    async def handler(event: Event, conn: asyncpg.Connection) -> None:
        handled.append(event.event_id)
        await conn.execute("INSERT INTO effects VALUES ($1, 'indexed')", event.event_id)

    # No producer given: the processor owns one for its DLQ.
    config = ProcessorConfig(kafka_bootstrap, f"g-{topic}", (TopicSpec(topic, partitions=2),))
    consumer = StreamProcessor(config, InTransaction(pool, ProcessedEvents(config.group_id), handler))
    await consumer.start()
    try:
        await _wait_for(lambda: pool.fetchval("SELECT count(*) FROM processed_events WHERE event_id = 'dup-1'"), 1)
        await asyncio.sleep(1.0)  # time for the second copy to be consumed too
    finally:
        await consumer.stop()
    assert await pool.fetchval("SELECT count(*) FROM effects WHERE event_id = 'dup-1'") == 1
    assert handled == ["dup-1"]


async def test_two_relays_on_one_table_publish_each_row_once(pool, producer, topic, kafka_bootstrap) -> None:
    async with pool.acquire() as conn, conn.transaction():
        for i in range(200):
            await enqueue(conn, topic=topic, key=f"k{i % 7}", event_type="Bulk", payload=str(i).encode())
    relays = [OutboxRelay(pool, SCHEMA, producer, batch_size=10, poll_interval=0.1) for _ in range(2)]
    for relay in relays:
        await relay.start()
    try:
        records = await _read(kafka_bootstrap, topic, 200, timeout=30)
        await asyncio.sleep(0.5)
        records += await _read(kafka_bootstrap, topic, 201, timeout=1)  # anything extra would show up here
    finally:
        for relay in relays:
            await relay.stop()
    second_read = records[200:]  # the second read starts again from the beginning
    assert sorted(int(r.value) for r in second_read) == list(range(200))
    by_key: dict[bytes, list[int]] = {}
    for r in second_read:
        by_key.setdefault(r.key, []).append(int(r.value))
    assert all(values == sorted(values) for values in by_key.values()), "per-key order kept across relays"


async def test_ledger_qualifies_tables_for_pools_without_search_path(database_url, pool) -> None:
    """A pool without the consumer's search_path still finds processed_events through the schema."""
    plain = await asyncpg.create_pool(database_url, min_size=1, max_size=2)
    seen: list[str] = []

    async def handler(event: Event, conn: asyncpg.Connection) -> None:
        seen.append(event.event_id)

    event = Event("t", 0, 0, b"k", b"v", "E", f"plain-{uuid.uuid4().hex}", ())
    handling = InTransaction(plain, ProcessedEvents("plain-group", SCHEMA), handler)
    try:
        assert (await handling.process(event)).value == "handled"
        assert (await handling.process(event)).value == "duplicate"
    finally:
        await plain.close()
    assert seen == [event.event_id]
    assert await pool.fetchval("SELECT count(*) FROM processed_events WHERE event_id = $1", event.event_id) == 1


async def _wait_for(query, expected: int, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        if await query() == expected:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"condition not reached within {timeout}s")
