"""How a stream processor runs a handler so that a redelivered event has no second effect.

Kafka delivers at least once (a crash before the commit redelivers), so each processor says how
its handler is made effectively once, by choosing one of:

- `InTransaction`: the handler writes Postgres. The event id is recorded in `processed_events`
  in the same transaction as the handler's writes; a duplicate finds the row and is skipped.
- `AfterEffects`: the handler's effects live elsewhere (Milvus, another service over gRPC). A
  seen event is skipped; otherwise the handler runs and the id is recorded once it returned,
  i.e. once its effects are durable. A crash between the two redelivers the event, so the
  handler itself must be idempotent (upserts by id, state checks).
- `HandlerManaged`: the handler keeps its own ledger (it records the id in the same
  transaction as its final state change, at a point only it knows).
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

import asyncpg

from atelier_common.kafka.event import Event
from atelier_common.kafka.ledger import ProcessedEvents

EventHandler = Callable[[Event], Awaitable[None]]
TransactionalHandler = Callable[[Event, asyncpg.Connection], Awaitable[None]]


class Outcome(enum.Enum):
    HANDLED = "handled"
    DUPLICATE = "duplicate"


class Handling(Protocol):
    async def process(self, event: Event) -> Outcome:
        """Run the handler once for this event (raises what the handler raises)."""
        ...


@dataclass(frozen=True)
class InTransaction:
    pool: asyncpg.Pool
    ledger: ProcessedEvents
    handler: TransactionalHandler

    async def process(self, event: Event) -> Outcome:
        async with self.pool.acquire() as conn, conn.transaction():
            if not await self.ledger.claim(conn, event.event_id):
                return Outcome.DUPLICATE
            await self.handler(event, conn)
            return Outcome.HANDLED


@dataclass(frozen=True)
class AfterEffects:
    pool: asyncpg.Pool
    ledger: ProcessedEvents
    handler: EventHandler

    async def process(self, event: Event) -> Outcome:
        if await self.ledger.seen(self.pool, event.event_id):
            return Outcome.DUPLICATE
        await self.handler(event)
        await self.ledger.record(self.pool, event.event_id)
        return Outcome.HANDLED


@dataclass(frozen=True)
class HandlerManaged:
    handler: EventHandler

    async def process(self, event: Event) -> Outcome:
        await self.handler(event)
        return Outcome.HANDLED
