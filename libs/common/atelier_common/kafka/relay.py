"""Outbox relay: publishes committed outbox rows in order and marks them published.

Woken by LISTEN/NOTIFY, with polling as the fallback (a missed notification or a restart loses
nothing). `FOR UPDATE SKIP LOCKED` lets several replicas run relays on the same table without
publishing a row twice in the normal path. A crash between publish and mark republishes the row:
delivery is at least once and consumers de-duplicate by event id.

A broker that restarts is reconnected to by the producer, and a failed pass is retried. One that
restarted without its data (memory storage) has lost the topics too: given the topic
declarations, the relay recreates missing ones before each batch, so records never land in a
topic the broker auto-created with a default shape.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Sequence

import asyncpg
from opentelemetry import trace

from atelier_common.kafka.outbox import notify_channel
from atelier_common.kafka.producer import EventProducer, OutgoingEvent
from atelier_common.kafka.topic_guard import TopicGuard
from atelier_common.kafka.topics import TopicSpec
from atelier_common.telemetry import extract, inject, tracer

log = logging.getLogger("atelier.kafka.relay")


def _stored_headers(row: asyncpg.Record) -> dict[str, str]:
    headers = row["headers"]
    return dict(json.loads(headers) if isinstance(headers, str) else headers or {})


class OutboxRelay:
    def __init__(
        self,
        pool: asyncpg.Pool,
        schema: str,
        producer: EventProducer,
        *,
        batch_size: int = 100,
        poll_interval: float = 1.0,
        retention_s: float = 86_400.0,
        topics: Sequence[TopicSpec] = (),
        bootstrap: str = "",
    ) -> None:
        self._pool = pool
        self._schema = schema
        self._table = '"' + schema.replace('"', '""') + '".outbox'
        self._producer = producer
        self._batch_size = batch_size
        self._poll_interval = poll_interval
        self._retention_s = retention_s
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._listener: asyncpg.Connection | None = None
        # Declared topics to keep present (needs the bootstrap servers the producer uses).
        self._guard = TopicGuard(bootstrap, topics) if topics and bootstrap else None

    async def start(self) -> None:
        self._listener = await self._pool.acquire()
        await self._listener.add_listener(notify_channel(self._schema), self._on_notify)
        self._task = asyncio.create_task(self._run(), name=f"outbox-relay-{self._schema}")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._listener is not None:
            with contextlib.suppress(Exception):
                await self._listener.remove_listener(notify_channel(self._schema), self._on_notify)
            await self._pool.release(self._listener)
            self._listener = None
        if self._guard is not None:
            await self._guard.close()

    def _on_notify(self, *_: object) -> None:
        self._wake.set()

    async def _run(self) -> None:
        last_cleanup = 0.0
        loop = asyncio.get_running_loop()
        while True:
            self._wake.clear()
            try:
                while await self.publish_batch() == self._batch_size:
                    pass  # a full batch: there may be more waiting
                if loop.time() - last_cleanup > 600:
                    await self._delete_old()
                    last_cleanup = loop.time()
            except Exception:
                log.exception("outbox relay pass failed; retrying", extra={"schema": self._schema})
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._poll_interval)

    async def publish_batch(self) -> int:
        """Publish up to batch_size unpublished rows; returns how many were published."""
        async with self._pool.acquire() as conn, conn.transaction():
            # One publisher per schema at a time keeps per-key order strict across replicas (with
            # SKIP LOCKED alone, two relays could send rows 11-20 before 1-10 land); the others
            # return at once and take over when the holder dies, as the lock ends with its session.
            if not await conn.fetchval(
                "SELECT pg_try_advisory_xact_lock(hashtext($1))", f"atelier.outbox.{self._schema}"
            ):
                return 0
            rows = await conn.fetch(
                f"SELECT id, event_id, topic, key, event_type, payload, headers FROM {self._table}"
                " WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED",
                self._batch_size,
            )
            if rows:
                await self._publish(rows)
                await conn.execute(
                    f"UPDATE {self._table} SET published_at = now() WHERE id = ANY($1::bigint[])",
                    [row["id"] for row in rows],
                )
            return len(rows)

    async def _publish(self, rows: list[asyncpg.Record]) -> None:
        if self._guard is not None:
            await self._guard.ensure_present({row["topic"] for row in rows})
        # One PRODUCER span per event, child of the request that wrote it (the trace context stored
        # with the row): the trace shows the hop through the broker, and the consumer's span
        # becomes a child of this one.
        spans: list[trace.Span] = []
        events = []
        for row in rows:
            headers = _stored_headers(row)
            span = tracer("atelier.kafka").start_span(f"publish {row['topic']} {row['event_type']}",
                                                      context=extract(headers), kind=trace.SpanKind.PRODUCER)
            span.set_attribute("messaging.destination.name", row["topic"])
            span.set_attribute("messaging.message.id", row["event_id"])
            spans.append(span)
            carrier: dict[str, str] = {}
            inject(carrier, context=trace.set_span_in_context(span))
            events.append(self._outgoing(row, {**headers, **carrier}))
        try:
            await self._producer.send_many(events)
        except Exception as exc:
            for span in spans:
                span.record_exception(exc)
                span.set_status(trace.Status(trace.StatusCode.ERROR, str(exc)))
            raise
        finally:
            for span in spans:
                span.end()

    @staticmethod
    def _outgoing(row: asyncpg.Record, headers: dict[str, str]) -> OutgoingEvent:
        return OutgoingEvent(
            topic=row["topic"], key=row["key"], value=row["payload"], event_type=row["event_type"],
            event_id=row["event_id"], headers=[(name, value.encode()) for name, value in headers.items()],
        )

    async def _delete_old(self) -> None:
        async with self._pool.acquire() as conn:
            await conn.execute(
                f"DELETE FROM {self._table} WHERE published_at < now() - make_interval(secs => $1)", self._retention_s
            )


@contextlib.asynccontextmanager
async def schema_relay(pool: asyncpg.Pool, schema: str, bootstrap: str, *, poll_interval: float = 0.5
                       ) -> AsyncIterator[OutboxRelay]:
    """A service's relay of its schema's outbox, with Atelier's topics created first and kept
    present, and a producer of its own; both stop on exit."""
    from atelier_common.kafka.topics import TOPICS, ensure_topics

    await ensure_topics(bootstrap, TOPICS)
    producer = EventProducer(bootstrap)
    await producer.start()
    try:
        relay = OutboxRelay(pool, schema, producer, poll_interval=poll_interval, topics=TOPICS, bootstrap=bootstrap)
        await relay.start()
        try:
            yield relay
        finally:
            await relay.stop()
    finally:
        await producer.stop()
