"""Explicit topic creation. Brokers (Tansu included) auto-create unknown topics with their own
default partition count on first produce, so every topic is created here before anything is sent.

CLI: python -m atelier_common.kafka.topics   (creates Atelier's topics on ATELIER_KAFKA_BOOTSTRAP)
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field

from aiokafka.admin import AIOKafkaAdminClient, NewPartitions, NewTopic
from aiokafka.errors import KafkaConnectionError, KafkaError, TopicAlreadyExistsError

log = logging.getLogger("atelier.kafka.topics")

DLQ_SUFFIX = ".dlq"


@dataclass(frozen=True)
class TopicSpec:
    name: str
    partitions: int
    replication: int = 1
    with_dlq: bool = True
    config: dict[str, str] = field(default_factory=dict)

    def all_names(self) -> list[str]:
        return [self.name, self.name + DLQ_SUFFIX] if self.with_dlq else [self.name]


def dlq_topic(topic: str) -> str:
    return topic + DLQ_SUFFIX


# Atelier's topics. knowledge events are keyed by document id, workflow by execution id.
TOPICS: tuple[TopicSpec, ...] = (
    TopicSpec("knowledge", partitions=8),
    TopicSpec("workflow", partitions=8),
    TopicSpec("conversation", partitions=4),
)


async def _admin(bootstrap: str, attempts: int) -> AIOKafkaAdminClient:
    """An admin client, retrying while the broker is still starting."""
    for attempt in range(1, attempts + 1):
        admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap, request_timeout_ms=10_000)
        try:
            await admin.start()
            return admin
        except KafkaConnectionError:
            await admin.close()
            if attempt == attempts:
                raise
            await asyncio.sleep(min(0.2 * 2**attempt, 3.0))
    raise AssertionError("unreachable")


async def ensure_topics(bootstrap: str, specs: Sequence[TopicSpec], *, attempts: int = 10) -> None:
    """Create missing topics (and their DLQs); grow partition counts that are too small. Idempotent."""
    admin = await _admin(bootstrap, attempts)
    try:
        wanted = {name: spec for spec in specs for name in spec.all_names()}
        existing = set(await admin.list_topics())
        missing = [
            NewTopic(name, spec.partitions if name == spec.name else 1, spec.replication, topic_configs=spec.config)
            for name, spec in wanted.items()
            if name not in existing
        ]
        if missing:
            try:
                await admin.create_topics(missing)
            except TopicAlreadyExistsError:  # another starter won the race
                pass
            log.info("topics created", extra={"topics": [t.name for t in missing]})
        present = [spec for spec in specs if spec.name in existing]
        if present:
            described = await admin.describe_topics([spec.name for spec in present])
            counts = {t["topic"]: len(t["partitions"]) for t in described}
            grow = {
                s.name: NewPartitions(s.partitions) for s in present if counts.get(s.name, s.partitions) < s.partitions
            }
            if grow:
                try:
                    await admin.create_partitions(grow)
                    log.info("partitions added", extra={"topics": sorted(grow)})
                except KafkaError as exc:
                    # Tansu has no CreatePartitions: the topic works with fewer partitions (less
                    # parallelism), so say so loudly rather than refuse to start.
                    log.error("cannot add partitions; topics keep fewer than declared",
                              extra={"topics": {name: counts.get(name) for name in sorted(grow)}, "error": repr(exc)})
    finally:
        await admin.close()


async def partition_counts(bootstrap: str, names: Sequence[str]) -> dict[str, int]:
    admin = await _admin(bootstrap, 3)
    try:
        return {t["topic"]: len(t["partitions"]) for t in await admin.describe_topics(list(names))}
    finally:
        await admin.close()


if __name__ == "__main__":
    from atelier_common.settings import get_settings

    asyncio.run(ensure_topics(get_settings().kafka_bootstrap, TOPICS))
    print("topics ready:", ", ".join(name for spec in TOPICS for name in spec.all_names()))
