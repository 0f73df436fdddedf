"""aiokafka producer that stamps every record with event-type, event-id and trace context."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from aiokafka import AIOKafkaProducer
from aiokafka.structs import RecordMetadata

from atelier_common.telemetry import kafka_headers

EVENT_TYPE = "event-type"
EVENT_ID = "event-id"


@dataclass(frozen=True)
class OutgoingEvent:
    topic: str
    key: bytes
    value: bytes
    event_type: str
    event_id: str
    headers: Sequence[tuple[str, bytes]] | None = None


class EventProducer:
    def __init__(self, bootstrap: str, *, idempotent: bool = False) -> None:
        # acks=all: a send returns only once the record is durable. Idempotence is opt-in because
        # Tansu (the local broker) rejects InitProducerId; duplicates from retried sends are
        # harmless anyway since every consumer de-duplicates by event id.
        self._producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", enable_idempotence=idempotent)

    async def start(self) -> None:
        await self._producer.start()

    async def stop(self) -> None:
        await self._producer.stop()

    async def send(
        self,
        topic: str,
        key: bytes,
        value: bytes,
        *,
        event_type: str,
        event_id: str,
        headers: Sequence[tuple[str, bytes]] | None = None,
    ) -> RecordMetadata:
        """Publish and wait for the broker's acknowledgement. `headers` replaces the trace context
        of the current span (the outbox relay passes the context captured at enqueue time)."""
        return await self._producer.send_and_wait(topic, value=value, key=key, headers=_headers(headers, event_type, event_id))

    async def send_many(self, events: Sequence[OutgoingEvent]) -> list[RecordMetadata]:
        """Publish in order and wait for every acknowledgement. The records are queued at once, so
        they travel in shared batches instead of one broker round trip each; a partition keeps
        their order. Any failure raises (some records may have landed: delivery is at least once)."""
        pending = [
            await self._producer.send(ev.topic, value=ev.value, key=ev.key,
                                      headers=_headers(ev.headers, ev.event_type, ev.event_id))
            for ev in events
        ]
        return list(await asyncio.gather(*pending))


def _headers(headers: Sequence[tuple[str, bytes]] | None, event_type: str, event_id: str) -> list[tuple[str, bytes]]:
    record_headers = list(headers) if headers is not None else kafka_headers()
    record_headers += [(EVENT_TYPE, event_type.encode()), (EVENT_ID, event_id.encode())]
    return record_headers
