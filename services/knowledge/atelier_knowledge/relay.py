"""The knowledge schema's outbox relay, run with the service (a per-schema lock keeps replicas
publishing in order)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from atelier_common.kafka.relay import OutboxRelay, schema_relay
from atelier_common.service import ServiceDeps


@contextlib.asynccontextmanager
async def outbox_relay(deps: ServiceDeps) -> AsyncIterator[OutboxRelay]:
    async with schema_relay(deps.pool, "knowledge", deps.settings.kafka_bootstrap) as relay:
        yield relay
