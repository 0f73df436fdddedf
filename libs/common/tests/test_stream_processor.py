"""The stream processor against a real Tansu broker and real Postgres: idempotency, retry and
DLQ, per-key ordering under concurrency, trace continuity, shutdown that commits what is done."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import asyncpg
import pytest
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from atelier_common.db.migrations import apply_migrations
from atelier_common.db.pool import create_pool
from atelier_common.kafka import MIGRATIONS_DIR
from atelier_common.kafka.event import Event
from atelier_common.kafka.handling import AfterEffects, Handling, InTransaction
from atelier_common.kafka.ledger import ProcessedEvents
from atelier_common.kafka.processor import ProcessorConfig, StreamProcessor
from atelier_common.kafka.producer import EventProducer
from atelier_common.kafka.retry import Backoff, PermanentError
from atelier_common.kafka.topics import TopicSpec
from atelier_common.telemetry import setup_telemetry, tracer
from atelier_devstack.kafka_testing import new_topic_name, read_topic, wait_for

SCHEMA = "stream_test"


@pytest.fixture(scope="module")
async def pool(database_url: str) -> AsyncIterator[asyncpg.Pool]:
    await apply_migrations(database_url, SCHEMA, [MIGRATIONS_DIR])
    pool = await create_pool(database_url, schema=SCHEMA, max_size=8)
    await pool.execute("CREATE TABLE IF NOT EXISTS effects (event_id text, note text)")
    yield pool
    await pool.close()


@pytest.fixture(scope="module")
async def producer(kafka_bootstrap: str) -> AsyncIterator[EventProducer]:
    producer = EventProducer(kafka_bootstrap)
    await producer.start()
    yield producer
    await producer.stop()


def _config(bootstrap: str, topic: str, **overrides: object) -> ProcessorConfig:
    fields: dict = {"concurrency": 8, "max_attempts": 3, "backoff": Backoff(0.01, 0.05), "shutdown_grace_s": 5.0,
                    "commit_interval_s": 0.2, **overrides}
    return ProcessorConfig(bootstrap, f"g-{topic}", (TopicSpec(topic, partitions=2),), **fields)


async def _running(config: ProcessorConfig, handling: Handling, **kwargs: object) -> StreamProcessor:
    processor = StreamProcessor(config, handling, **kwargs)
    await processor.start()
    return processor


async def test_after_effects_handling_skips_an_event_seen_before(pool, producer, kafka_bootstrap) -> None:
    topic = new_topic_name()
    calls: list[str] = []

    async def handler(event: Event) -> None:  # effects elsewhere (Milvus, gRPC): recorded after they are done
        calls.append(event.event_id)

    config = _config(kafka_bootstrap, topic)
    ledger = ProcessedEvents(config.group_id)
    processor = await _running(config, AfterEffects(pool, ledger, handler))
    try:
        for event_id in ("a1", "a2", "a1"):  # a1 redelivered (a relay that crashed after publishing)
            await producer.send(topic, b"k", b"v", event_type="E", event_id=event_id)

        async def done() -> bool:
            return await pool.fetchval("SELECT count(*) FROM processed_events WHERE group_id = $1",
                                       config.group_id) == 2 and len(calls) >= 2
        await wait_for(done, what="both events recorded")
        await asyncio.sleep(0.5)  # the copy of a1 comes after a2 on the same key: it was looked at too
    finally:
        await processor.stop()
    assert calls == ["a1", "a2"]


async def test_failing_handler_is_retried_then_parked_in_the_dlq(pool, producer, kafka_bootstrap) -> None:
    topic = new_topic_name()
    attempts: dict[str, int] = {}
    parked: list[tuple[str, str, int]] = []

    async def handler(event: Event, conn: asyncpg.Connection) -> None:
        attempts[event.event_id] = attempts.get(event.event_id, 0) + 1
        await conn.execute("INSERT INTO effects VALUES ($1, 'attempt')", event.event_id)
        if event.event_id.startswith("flaky") and attempts[event.event_id] < 3:
            raise TimeoutError("embedding service busy")
        if event.event_id.startswith("poison"):
            raise ValueError("corrupt PDF: no trailer")
        if event.event_id.startswith("unknown"):
            raise PermanentError("unknown event type")

    async def on_dead_letter(event: Event, error: BaseException, tries: int) -> None:
        parked.append((event.event_id, type(error).__name__, tries))

    suffix = topic[-6:]
    ids = [f"{name}-{suffix}" for name in ("flaky", "poison", "unknown", "after")]
    for event_id in ids:
        await producer.send(topic, b"k", event_id.encode(), event_type="IndexDocument", event_id=event_id)
    config = _config(kafka_bootstrap, topic)
    processor = await _running(config, InTransaction(pool, ProcessedEvents(config.group_id), handler),
                               producer=producer, on_dead_letter=on_dead_letter)
    try:
        await wait_for(lambda: pool.fetchval("SELECT count(*) = 1 FROM processed_events WHERE event_id = $1", ids[3]))
    finally:
        await processor.stop()
    flaky, poison, unknown, after = ids
    assert attempts == {flaky: 3, poison: 3, unknown: 1, after: 1}
    # Failed attempts rolled back their effects; only the successful ones remain.
    notes = await pool.fetch("SELECT event_id FROM effects WHERE event_id = ANY($1::text[]) ORDER BY 1", ids)
    assert [r["event_id"] for r in notes] == sorted([after, flaky])
    assert parked == [(poison, "ValueError", 3), (unknown, "PermanentError", 1)]

    records = await read_topic(kafka_bootstrap, f"{topic}.dlq", 2)
    assert [r.value.decode() for r in records] == [poison, unknown]
    headers = dict(records[0].headers)
    assert headers["error"] == b"corrupt PDF: no trailer" and headers["error-type"] == b"ValueError"
    assert headers["attempts"] == b"3" and headers["original-topic"] == topic.encode()
    assert headers["event-id"] == poison.encode() and b"ValueError" in headers["error-trace"]


async def test_events_of_one_key_run_in_order_and_keys_run_concurrently(pool, producer, kafka_bootstrap) -> None:
    topic = new_topic_name()
    order: dict[bytes, list[int]] = {}
    running = peak = 0

    async def handler(event: Event) -> None:
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        await asyncio.sleep(random.uniform(0.005, 0.03))  # events finish out of order across keys
        order.setdefault(event.key or b"", []).append(int(event.value))
        running -= 1

    keys = [f"doc-{i}".encode() for i in range(10)]
    for n in range(12):
        for key in keys:
            await producer.send(topic, key, str(n).encode(), event_type="E", event_id=f"{topic}-{key!r}-{n}")
    config = _config(kafka_bootstrap, topic, concurrency=4)
    processor = await _running(config, AfterEffects(pool, ProcessedEvents(config.group_id), handler))
    try:
        async def all_done() -> bool:
            return sum(len(v) for v in order.values()) == 120
        await wait_for(all_done, what="120 events handled")
    finally:
        await processor.stop()
    assert all(order[key] == list(range(12)) for key in keys), "per-key order kept"
    assert 1 < peak <= 4, f"different keys ran concurrently within the limit (peak {peak})"


async def test_the_consumer_span_continues_the_producer_trace(pool, producer, kafka_bootstrap) -> None:
    setup_telemetry("stream-test")
    exporter = InMemorySpanExporter()
    provider = trace.get_tracer_provider()
    assert isinstance(provider, TracerProvider)
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    topic = new_topic_name()
    seen: list[int] = []

    async def handler(event: Event) -> None:
        seen.append(trace.get_current_span().get_span_context().trace_id)  # what logs of the handler carry

    with tracer("test").start_as_current_span("upload") as upload:
        await producer.send(topic, b"doc", b"v", event_type="IndexDocument", event_id=f"{topic}-traced")
    config = _config(kafka_bootstrap, topic)
    processor = await _running(config, AfterEffects(pool, ProcessedEvents(config.group_id), handler))
    try:
        async def handled() -> bool:
            return bool(seen)
        await wait_for(handled, what="the traced event handled")
    finally:
        await processor.stop()
    producer_ctx = upload.get_span_context()
    spans = [s for s in exporter.get_finished_spans() if s.name == f"process {topic}"]
    assert len(spans) == 1
    span = spans[0]
    assert span.context.trace_id == producer_ctx.trace_id == seen[0]
    assert span.parent is not None and span.parent.span_id == producer_ctx.span_id
    assert span.kind == trace.SpanKind.CONSUMER
    assert span.attributes["messaging.message.id"] == f"{topic}-traced"


async def test_stop_commits_what_is_done_and_the_next_member_goes_on_from_there(
    pool, producer, kafka_bootstrap
) -> None:
    topic = new_topic_name()
    handled: list[str] = []

    async def handler(event: Event) -> None:
        handled.append(event.event_id)

    for n in range(20):
        await producer.send(topic, f"k{n % 5}".encode(), b"v", event_type="E", event_id=f"{topic}-{n}")
    # No ledger: every redelivered event would show up twice in `handled`.
    from atelier_common.kafka.handling import HandlerManaged

    config = _config(kafka_bootstrap, topic, commit_interval_s=60)  # only stop() commits
    first = await _running(config, HandlerManaged(handler))
    try:
        async def twenty() -> bool:
            return len(handled) == 20
        await wait_for(twenty, what="20 events handled")
    finally:
        await first.stop()
    for n in range(20, 25):
        await producer.send(topic, f"k{n % 5}".encode(), b"v", event_type="E", event_id=f"{topic}-{n}")
    second = await _running(config, HandlerManaged(handler))
    try:
        async def twenty_five() -> bool:
            return len(handled) == 25
        await wait_for(twenty_five, what="the 5 new events handled")
        await asyncio.sleep(0.5)
    finally:
        await second.stop()
    assert sorted(handled) == sorted(f"{topic}-{n}" for n in range(25)), "nothing redone, nothing skipped"


async def test_backlog_counts_events_arriving_while_the_buffer_is_full(pool, producer, kafka_bootstrap) -> None:
    """A member whose buffer is full pauses fetching, so its high watermarks go stale: the backlog
    (work coming, as opposed to work lost: the reconciler leaves queued documents alone meanwhile)
    must still see the events that arrived since."""
    topic = new_topic_name()
    release = asyncio.Event()
    started: list[str] = []

    async def handler(event: Event) -> None:
        started.append(event.event_id)
        await release.wait()

    from atelier_common.kafka.handling import HandlerManaged

    config = _config(kafka_bootstrap, topic, concurrency=1, max_buffered=2)
    processor = await _running(config, HandlerManaged(handler))
    try:
        for n in range(2):
            await producer.send(topic, b"k", b"v", event_type="E", event_id=f"{topic}-{n}")

        async def first_started() -> bool:
            return bool(started)
        await wait_for(first_started, what="the first event running")
        await asyncio.sleep(1.0)  # both fetched: the buffer is full and fetching paused
        for n in range(2, 7):
            await producer.send(topic, b"k", b"v", event_type="E", event_id=f"{topic}-{n}")
        await asyncio.sleep(1.0)
        assert await processor.backlog() == 5
    finally:
        release.set()
        await processor.stop()
