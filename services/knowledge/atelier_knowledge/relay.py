"""The knowledge schema's outbox relay, run with the service (a per-schema lock keeps replicas
publishing in order)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from atelier_common.kafka.producer import EventProducer
from atelier_common.kafka.relay import OutboxRelay
from atelier_common.kafka.topics import TOPICS, ensure_topics
from atelier_common.service import ServiceDeps


@contextlib.asynccontextmanager
async def outbox_relay(deps: ServiceDeps) -> AsyncIterator[OutboxRelay]:
    await ensure_topics(deps.settings.kafka_bootstrap, TOPICS)
    producer = EventProducer(deps.settings.kafka_bootstrap)
    await producer.start()
    try:
        relay = OutboxRelay(deps.pool, "knowledge", producer, poll_interval=0.5,
                            topics=TOPICS, bootstrap=deps.settings.kafka_bootstrap)
        await relay.start()
        try:
            yield relay
        finally:
            await relay.stop()
    finally:
        await producer.stop()
