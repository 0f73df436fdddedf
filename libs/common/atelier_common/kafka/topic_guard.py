"""Keeps declared topics present on a broker that may lose them.

A broker restarted on memory storage (Tansu in development) comes back empty. Left alone, the
first client that names a topic auto-creates it with the broker's default partition count, and
the outbox relay's records go to a topic shaped by accident. So the relay checks before each
batch, and a stream processor periodically, that their topics exist, and recreates the missing
ones from their declarations. The check lists all topics: a metadata request naming topics
would itself auto-create them.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence

from aiokafka.admin import AIOKafkaAdminClient

from atelier_common.kafka.topics import TopicSpec, ensure_topics

log = logging.getLogger("atelier.kafka.topics")


class TopicGuard:
    def __init__(self, bootstrap: str, specs: Sequence[TopicSpec]) -> None:
        self._bootstrap = bootstrap
        self._declared = list(specs)
        self._specs = {name: spec for spec in specs for name in spec.all_names()}
        self._admin: AIOKafkaAdminClient | None = None

    @property
    def specs(self) -> list[TopicSpec]:
        return list(self._declared)

    async def ensure(self) -> None:
        """Create every declared topic that is missing (at start-up)."""
        await ensure_topics(self._bootstrap, self.specs)

    async def ensure_present(self, topics: Iterable[str] | None = None) -> list[str]:
        """Recreate the declared topics among `topics` (all declared ones when None) that the
        broker does not have; returns the names recreated. Undeclared names are left alone."""
        wanted = set(self._specs) if topics is None else {name for name in topics if name in self._specs}
        if not wanted:
            return []
        existing = set(await self._list_topics())
        missing = sorted(wanted - existing)
        if missing:
            log.error("broker lost topics (restarted without its data?): recreating them",
                      extra={"topics": missing})
            await ensure_topics(self._bootstrap, [spec for spec in self._declared
                                                  if any(name in missing for name in spec.all_names())])
        return missing

    async def _list_topics(self) -> list[str]:
        if self._admin is None:
            admin = AIOKafkaAdminClient(bootstrap_servers=self._bootstrap, request_timeout_ms=10_000)
            await admin.start()
            self._admin = admin
        try:
            return await self._admin.list_topics()
        except Exception:
            await self.close()  # a fresh client next time (the broker may have gone and come back)
            raise

    async def close(self) -> None:
        if self._admin is not None:
            admin, self._admin = self._admin, None
            await admin.close()
