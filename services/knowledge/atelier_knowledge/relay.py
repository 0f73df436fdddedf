"""The knowledge schema's outbox relay, started with the service (and with the indexer, which
writes events into the same outbox; a per-schema lock keeps publishing in order)."""

from __future__ import annotations

from atelier_common.kafka.producer import EventProducer
from atelier_common.kafka.relay import OutboxRelay
from atelier_common.kafka.topics import TOPICS, ensure_topics
from atelier_common.service import ServiceDeps

_running: dict[int, tuple[EventProducer, OutboxRelay]] = {}


async def start_relay(deps: ServiceDeps) -> None:
    await ensure_topics(deps.settings.kafka_bootstrap, TOPICS)
    producer = EventProducer(deps.settings.kafka_bootstrap)
    await producer.start()
    relay = OutboxRelay(deps.pool, "knowledge", producer, poll_interval=0.5)
    await relay.start()
    _running[id(deps)] = (producer, relay)


async def stop_relay(deps: ServiceDeps) -> None:
    producer, relay = _running.pop(id(deps), (None, None))
    if relay is not None:
        await relay.stop()
    if producer is not None:
        await producer.stop()
