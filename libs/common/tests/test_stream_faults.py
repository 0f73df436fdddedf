"""The stream processor under faults, with real processes: a consumer SIGKILLed with events in
flight, and a broker killed and restarted empty (memory storage). Nothing may be skipped, and
nothing may take effect twice."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest
from aiokafka import AIOKafkaConsumer, TopicPartition

from atelier_common.db.migrations import apply_migrations
from atelier_common.db.pool import create_pool
from atelier_common.kafka import MIGRATIONS_DIR
from atelier_common.kafka.event import Event
from atelier_common.kafka.group_repair import GroupRequests
from atelier_common.kafka.handling import InTransaction
from atelier_common.kafka.ledger import ProcessedEvents
from atelier_common.kafka.outbox import enqueue
from atelier_common.kafka.processor import ProcessorConfig, StreamProcessor
from atelier_common.kafka.producer import EventProducer
from atelier_common.kafka.relay import OutboxRelay
from atelier_common.kafka.topics import TopicSpec, ensure_topics
from atelier_devstack.kafka_testing import new_topic_name, wait_for

WORKER = Path(__file__).with_name("stream_worker.py")


async def _schema(database_url: str) -> tuple[str, asyncpg.Pool]:
    schema = f"faults_{uuid.uuid4().hex[:8]}"
    await apply_migrations(database_url, schema, [MIGRATIONS_DIR])
    pool = await create_pool(database_url, schema=schema, max_size=8)
    await pool.execute("CREATE TABLE attempts (event_id text); CREATE TABLE effects (event_id text, pid int)")
    return schema, pool


@pytest.fixture
async def faults_db(database_url: str) -> AsyncIterator[tuple[str, asyncpg.Pool]]:
    schema, pool = await _schema(database_url)
    yield schema, pool
    await pool.close()


def _spawn_worker(bootstrap: str, database_url: str, schema: str, topic: str,
                  group: str = "faults") -> subprocess.Popen[bytes]:
    env = {**os.environ, "WORKER_BOOTSTRAP": bootstrap, "WORKER_DATABASE_URL": database_url,
           "WORKER_SCHEMA": schema, "WORKER_TOPIC": topic, "WORKER_GROUP": group}
    return subprocess.Popen([sys.executable, str(WORKER)], env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def test_sigkilled_consumer_skips_nothing_and_duplicates_are_suppressed(
    kafka_bootstrap: str, database_url: str, faults_db: tuple[str, asyncpg.Pool]
) -> None:
    schema, pool = faults_db
    topic = new_topic_name("kill")
    await ensure_topics(kafka_bootstrap, [TopicSpec(topic, partitions=2)])
    ids = [f"{topic}-{n}" for n in range(80)]
    producer = EventProducer(kafka_bootstrap)
    await producer.start()
    try:
        for n, event_id in enumerate(ids):
            await producer.send(topic, f"doc-{n % 16}".encode(), b"v", event_type="E", event_id=event_id)
    finally:
        await producer.stop()

    async def effects() -> int:
        return await pool.fetchval("SELECT count(*) FROM effects")

    worker = _spawn_worker(kafka_bootstrap, database_url, schema, topic)
    try:
        await wait_for(lambda: _at_least(effects, 25), timeout=60, what="a third of the events handled")
    finally:
        os.killpg(worker.pid, signal.SIGKILL)  # mid-work: 8 events in flight, finished ones not all committed
        worker.wait()
    killed_at = await effects()
    assert killed_at < len(ids), "the worker was killed before it finished"

    worker = _spawn_worker(kafka_bootstrap, database_url, schema, topic)
    try:
        await wait_for(lambda: _at_least(effects, len(ids)), timeout=60, what="every event handled after the restart")
        await asyncio.sleep(1.0)  # any late duplicate would show up now
    finally:
        worker.send_signal(signal.SIGTERM)
        worker.wait(timeout=20)
    rows = await pool.fetch("SELECT event_id, count(*) AS n FROM effects GROUP BY event_id")
    assert {r["event_id"] for r in rows} == set(ids), "no event skipped"
    assert all(r["n"] == 1 for r in rows), "no event took effect twice"
    attempts = await pool.fetchval("SELECT count(*) FROM attempts")
    assert attempts > len(ids), "the events in flight at the kill were delivered again"


async def _at_least(count, n: int) -> bool:  # noqa: ANN001
    return await count() >= n


async def test_group_whose_leader_left_mid_rebalance_forms_again_within_a_minute(
    kafka_bootstrap: str, database_url: str, faults_db: tuple[str, asyncpg.Pool]
) -> None:
    """A member that leads a group while it rebalances and then leaves it (a processor stopped just
    after another member came or went) stays the group's leader on Tansu: every member joining
    afterwards waits for an assignment from it. Made here with the exact requests such a member
    sends, so that it happens every time: two worker processes must still consume everything
    within a minute (without the repair they joined, waited and joined again for minutes)."""
    schema, pool = faults_db
    topic = new_topic_name("strand")
    group = f"g-{topic}"
    await ensure_topics(kafka_bootstrap, [TopicSpec(topic, partitions=2)])
    ids = [f"{topic}-{n}" for n in range(40)]
    producer = EventProducer(kafka_bootstrap)
    await producer.start()
    try:
        for n, event_id in enumerate(ids):
            await producer.send(topic, f"doc-{n % 8}".encode(), b"v", event_type="E", event_id=event_id)
    finally:
        await producer.stop()

    config = ProcessorConfig(kafka_bootstrap, group, (TopicSpec(topic, partitions=2),))
    requests = await GroupRequests.open(kafka_bootstrap, group, [topic], session_timeout_ms=config.session_timeout_ms,
                                        rebalance_timeout_ms=config.rebalance_timeout_ms)
    try:
        error, member, leader = await requests.join()  # the first member of a forming group leads it
        assert (error, leader) == (0, member)
        await requests.leave(member)  # ... and leaves before it assigned anything
    finally:
        await requests.close()

    workers = [_spawn_worker(kafka_bootstrap, database_url, schema, topic, group) for _ in range(2)]
    try:
        await wait_for(lambda: _at_least(lambda: pool.fetchval("SELECT count(*) FROM effects"), len(ids)),
                       timeout=60, what="every event handled by the group's new members")
    finally:
        for worker in workers:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()
    rows = await pool.fetch("SELECT event_id, count(*) AS n FROM effects GROUP BY event_id")
    assert {r["event_id"] for r in rows} == set(ids)
    assert all(r["n"] == 1 for r in rows)


async def test_broker_restarted_empty_the_processor_resets_and_the_relay_delivers_again(
    private_kafka, faults_db: tuple[str, asyncpg.Pool]
) -> None:
    schema, pool = faults_db
    bootstrap = private_kafka.url
    spec = TopicSpec(new_topic_name("restart"), partitions=2)

    async def handler(event: Event, conn: asyncpg.Connection) -> None:
        await conn.execute("INSERT INTO effects VALUES ($1, 0)", event.event_id)

    async def enqueue_events(prefix: str, count: int) -> list[str]:
        async with pool.acquire() as conn, conn.transaction():
            return [await enqueue(conn, topic=spec.name, key=f"k{n % 4}", event_type="E", payload=b"v",
                                  event_id=f"{prefix}-{n}") for n in range(count)]

    async def effects() -> int:
        return await pool.fetchval("SELECT count(*) FROM effects")

    await ensure_topics(bootstrap, [spec])
    producer = EventProducer(bootstrap)
    await producer.start()
    relay = OutboxRelay(pool, schema, producer, poll_interval=0.2, topics=[spec], bootstrap=bootstrap)
    config = ProcessorConfig(bootstrap, "restart", (spec,), concurrency=4, commit_interval_s=0.2,
                             offset_check_interval_s=1.0)
    processor = StreamProcessor(config, InTransaction(pool, ProcessedEvents(config.group_id), handler))
    await relay.start()
    await processor.start()
    try:
        before = await enqueue_events("before", 40)
        await wait_for(lambda: _at_least(effects, 40), timeout=30, what="the first 40 events handled")
        await asyncio.sleep(0.6)  # committed: about 20 per partition

        await private_kafka.restart()  # SIGKILL, then an empty broker on the same port
        after = await enqueue_events("after", 16)  # fewer than before: the new log ends below the old offsets
        await wait_for(lambda: _at_least(effects, 56), timeout=60, what="the events sent after the restart handled")
    finally:
        await processor.stop()
        await relay.stop()
        await producer.stop()
    handled = {r["event_id"] for r in await pool.fetch("SELECT event_id FROM effects")}
    assert handled == set(before) | set(after)
    assert await pool.fetchval("SELECT count(*) FROM outbox WHERE published_at IS NULL") == 0


async def test_a_committed_offset_beyond_the_log_end_is_reset_not_skipped(
    kafka_bootstrap: str, faults_db: tuple[str, asyncpg.Pool]
) -> None:
    """The group's committed offset is past the partition's end (a broker that lost its log while
    the group's offsets survived, a topic recreated): the processor consumes the log from its
    beginning instead of waiting for offset 51 while events 0-37 go unhandled."""
    _, pool = faults_db
    spec = TopicSpec(new_topic_name("behind"), partitions=1)
    await ensure_topics(kafka_bootstrap, [spec])
    group = f"g-{spec.name}"
    stale = AIOKafkaConsumer(bootstrap_servers=kafka_bootstrap, group_id=group, enable_auto_commit=False)
    await stale.start()
    try:
        tp = TopicPartition(spec.name, 0)
        stale.assign([tp])
        await stale.commit({tp: 51})
    finally:
        await stale.stop()
    producer = EventProducer(kafka_bootstrap)
    await producer.start()
    try:
        ids = [f"{spec.name}-{n}" for n in range(38)]
        for event_id in ids:
            await producer.send(spec.name, b"k", b"v", event_type="E", event_id=event_id)
    finally:
        await producer.stop()

    async def handler(event: Event, conn: asyncpg.Connection) -> None:
        await conn.execute("INSERT INTO effects VALUES ($1, 0)", event.event_id)

    config = ProcessorConfig(kafka_bootstrap, group, (spec,), commit_interval_s=0.2)
    processor = StreamProcessor(config, InTransaction(pool, ProcessedEvents(group), handler))
    await processor.start()
    try:
        await wait_for(lambda: _at_least(lambda: pool.fetchval("SELECT count(*) FROM effects"), 38), timeout=30,
                       what="the 38 events below the stale offset handled")
    finally:
        await processor.stop()
    assert {r["event_id"] for r in await pool.fetch("SELECT event_id FROM effects")} == set(ids)
