"""Consumer helper: at-least-once delivery made effectively-once for handlers that write Postgres.

For each record: in one transaction, record (group, event id) in processed_events and run the
handler; a record already seen is skipped. A failing handler is retried with exponential backoff
and jitter; after max_attempts the record goes to `<topic>.dlq` with the error in its headers and
the consumer moves on. Offsets are committed only after a record is done (handled, skipped or
parked), so a crash re-delivers instead of losing work.

The pieces (`process_with_dedupe`, `send_to_dlq`, `retry_with_backoff`) are usable on their own,
e.g. from a faust agent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import traceback
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import asyncpg
from aiokafka import AIOKafkaConsumer, ConsumerRecord, TopicPartition
from opentelemetry import context as otel_context

from atelier_common.kafka.producer import EVENT_ID, EVENT_TYPE, EventProducer
from atelier_common.kafka.topics import dlq_topic
from atelier_common.telemetry import context_from_kafka_headers, tracer

log = logging.getLogger("atelier.kafka.consumer")


@dataclass(frozen=True)
class Event:
    topic: str
    partition: int
    offset: int
    key: bytes | None
    value: bytes
    event_type: str
    event_id: str
    headers: tuple[tuple[str, bytes], ...]

    @classmethod
    def from_record(cls, record: ConsumerRecord) -> Event:
        headers = tuple(record.headers or ())
        found = {name: value.decode(errors="replace") for name, value in headers if value is not None}
        return cls(
            topic=record.topic,
            partition=record.partition,
            offset=record.offset,
            key=record.key,
            value=record.value or b"",
            event_type=found.get(EVENT_TYPE, ""),
            # No id header (a foreign producer): the record's position identifies it.
            event_id=found.get(EVENT_ID) or f"{record.topic}:{record.partition}:{record.offset}",
            headers=headers,
        )


Handler = Callable[[Event, asyncpg.Connection], Awaitable[None]]


def _table(schema: str | None, name: str) -> str:
    """`name`, schema-qualified when a schema is given (else the connection's search_path decides)."""
    if not schema:
        return name
    return '"' + schema.replace('"', '""') + '".' + name


async def process_with_dedupe(
    pool: asyncpg.Pool, schema: str | None, group_id: str, event: Event, handler: Handler
) -> bool:
    """Run `handler` once per (group, event id); returns False when the event was a duplicate.

    The dedupe row and the handler's writes share one transaction: both commit or neither does.
    """
    async with pool.acquire() as conn, conn.transaction():
        first_time = await conn.fetchval(
            f"INSERT INTO {_table(schema, 'processed_events')} (group_id, event_id) VALUES ($1, $2)"
            " ON CONFLICT DO NOTHING RETURNING true",
            group_id,
            event.event_id,
        )
        if not first_time:
            return False
        await handler(event, conn)
        return True


async def retry_with_backoff(
    attempt_fn: Callable[[], Awaitable[bool]], *, max_attempts: int, base: float, cap: float
) -> tuple[bool | None, BaseException | None, int]:
    """(result, last error, attempts). Full-jitter exponential backoff between attempts."""
    error: BaseException | None = None
    for attempt in range(1, max_attempts + 1):
        try:
            return await attempt_fn(), None, attempt
        except Exception as exc:  # the handler's failure is data here: retried, then parked
            error = exc
            log.warning(
                "event handler failed", extra={"attempt": attempt, "max_attempts": max_attempts, "error": repr(exc)}
            )
            if attempt < max_attempts:
                await asyncio.sleep(random.uniform(0, min(cap, base * 2 ** (attempt - 1))))
    return None, error, max_attempts


async def send_to_dlq(producer: EventProducer, event: Event, error: BaseException, attempts: int = 1) -> None:
    """Park `event` in `<topic>.dlq`, keeping its headers and adding what went wrong."""
    kept = [(name, value) for name, value in event.headers if name not in (EVENT_TYPE, EVENT_ID)]
    kept += [
        ("error", str(error).encode()[:4000]),
        ("error-type", type(error).__name__.encode()),
        ("error-trace", "".join(traceback.format_exception(error)).encode()[-8000:]),
        ("attempts", str(attempts).encode()),
        ("original-topic", event.topic.encode()),
        ("original-partition", str(event.partition).encode()),
        ("original-offset", str(event.offset).encode()),
    ]
    await producer.send(
        dlq_topic(event.topic),
        event.key or b"",
        event.value,
        event_type=event.event_type,
        event_id=event.event_id,
        headers=kept,
    )


class EventConsumer:
    def __init__(
        self,
        bootstrap: str,
        topics: Sequence[str],
        group_id: str,
        handler: Handler,
        *,
        pool: asyncpg.Pool,
        schema: str | None = None,
        producer: EventProducer | None = None,
        max_attempts: int = 5,
        backoff_base: float = 0.2,
        backoff_max: float = 10.0,
    ) -> None:
        self._consumer = AIOKafkaConsumer(
            *topics,
            bootstrap_servers=bootstrap,
            group_id=group_id,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            # A broker may answer a long poll over several partitions only at its deadline (Tansu
            # does): a short wait keeps each hop of an event chain in milliseconds, not 0.5 s.
            fetch_max_wait_ms=100,
        )
        self._group_id = group_id
        self._handler = handler
        self._pool = pool
        self._schema = schema
        # The DLQ producer: the caller's (shared) one, or our own, started and stopped with us.
        self._owns_producer = producer is None
        self._producer = producer or EventProducer(bootstrap)
        self._max_attempts = max_attempts
        self._backoff_base = backoff_base
        self._backoff_max = backoff_max
        self._task: asyncio.Task[None] | None = None
        self._busy = False
        self._stopping = False

    async def start(self) -> None:
        if self._owns_producer:
            await self._producer.start()
        await self._consumer.start()
        self._task = asyncio.create_task(self._run(), name=f"consumer-{self._group_id}")

    async def stop(self, grace: float = 10.0) -> None:
        """Let the record in hand finish (up to `grace` seconds), then leave the group."""
        self._stopping = True
        if self._task is not None:
            if self._busy:
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                    await asyncio.wait_for(asyncio.shield(self._task), grace)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self._consumer.stop()
        if self._owns_producer:
            await self._producer.stop()

    async def _run(self) -> None:
        async for record in self._consumer:
            self._busy = True
            try:
                await self.handle_record(record)
                await self._consumer.commit({TopicPartition(record.topic, record.partition): record.offset + 1})
            finally:
                self._busy = False
            if self._stopping:
                return

    async def handle_record(self, record: ConsumerRecord) -> None:
        event = Event.from_record(record)
        token = otel_context.attach(context_from_kafka_headers(event.headers))
        try:
            with tracer("atelier.kafka").start_as_current_span(f"consume {event.topic} {event.event_type}"):
                result, error, attempts = await retry_with_backoff(
                    lambda: process_with_dedupe(self._pool, self._schema, self._group_id, event, self._handler),
                    max_attempts=self._max_attempts,
                    base=self._backoff_base,
                    cap=self._backoff_max,
                )
                if error is not None:
                    log.error(
                        "event parked in DLQ",
                        extra={
                            "topic": event.topic,
                            "event_id": event.event_id,
                            "event_type": event.event_type,
                            "error": repr(error),
                        },
                    )
                    await send_to_dlq(self._producer, event, error, attempts)
                elif result is False:
                    log.info("duplicate event skipped", extra={"event_id": event.event_id, "topic": event.topic})
        finally:
            otel_context.detach(token)
