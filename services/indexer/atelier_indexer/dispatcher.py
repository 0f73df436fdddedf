"""Routes a knowledge event to its handler. Delivery guarantees live in the stream processor
(atelier_indexer.stream): a handler that raises is retried with backoff, then the event is parked
in the DLQ and `dead_lettered` fails its document with the reason; payloads that cannot even be
decoded are permanent failures, parked at once."""

from __future__ import annotations

import logging

from google.protobuf.message import DecodeError

from atelier_common.auth import internal_context
from atelier_common.kafka.event import Event
from atelier_common.kafka.retry import PermanentError
from atelier_indexer.context import IndexerContext
from atelier_indexer.handlers import (
    delete_data,
    index_document,
    index_slice,
    refresh_web,
    review,
    switch_embedder,
)
from atelier_proto import events_pb2 as epb

log = logging.getLogger("atelier.indexer")

PAYLOADS = {
    "IndexDocument": epb.IndexDocument,
    "IndexSlice": epb.IndexSlice,
    "DeleteKnowledgeData": epb.DeleteKnowledgeData,
    "DocumentReview": epb.DocumentReview,
    "RefreshWebDocument": epb.RefreshWebDocument,
    "SwitchEmbedder": epb.SwitchEmbedder,
}
# Types earlier versions wrote, still on the topic during an upgrade: skipped, not parked. (A
# document an IndexDocuments left queued is re-driven by knowledge's reconciler.)
RETIRED = frozenset({"IndexDocuments", "DocumentIndexed"})


class PoisonEvent(PermanentError):
    """An event this consumer can never process (unknown type, undecodable payload)."""


class Dispatcher:
    def __init__(self, ctx: IndexerContext) -> None:
        self.ctx = ctx

    def decode(self, event: Event):  # noqa: ANN201 - one of the event messages
        cls = PAYLOADS.get(event.event_type)
        if cls is None:
            raise PoisonEvent(f"unknown event type '{event.event_type}'")
        try:
            return cls.FromString(event.value)
        except DecodeError as exc:
            raise PoisonEvent(f"undecodable {event.event_type} payload: {exc}") from None

    async def handle(self, event: Event) -> None:
        """Handle one event once (handlers are idempotent by event id); raises what failed."""
        if event.event_type in RETIRED:
            log.info("retired event type skipped", extra={"event_id": event.event_id, "event_type": event.event_type})
            return
        payload = self.decode(event)
        with internal_context():
            await self._route(event, payload)

    async def dead_lettered(self, event: Event, error: BaseException, attempts: int) -> None:
        """The event was parked after its last attempt: its document or switch ends Failed with the reason."""
        try:
            payload = self.decode(event)
        except PoisonEvent:
            return
        ctx = self.ctx
        if isinstance(payload, epb.IndexDocument):
            dataset = await ctx.knowledge.dataset(payload.dataset_id)
            await index_document.fail(ctx, dataset, payload.document_id,
                                      f"indexing failed after {attempts} attempts: {error}")
            await ctx.ledger.record(ctx.pool, event.event_id)
        elif isinstance(payload, epb.SwitchEmbedder):
            await switch_embedder.fail_after_retries(ctx, payload, error, attempts)

    async def _route(self, event: Event, payload) -> None:  # noqa: ANN001
        ctx = self.ctx
        if isinstance(payload, epb.IndexDocument):
            await index_document.handle(ctx, payload, event.event_id)
        elif isinstance(payload, epb.IndexSlice):
            await index_slice.handle(ctx, payload, event.event_id)
        elif isinstance(payload, epb.DeleteKnowledgeData):
            await delete_data.handle(ctx, payload)
        elif isinstance(payload, epb.DocumentReview):
            await review.handle(ctx, payload)
        elif isinstance(payload, epb.RefreshWebDocument):
            await refresh_web.handle(ctx, payload)
        elif isinstance(payload, epb.SwitchEmbedder):
            await switch_embedder.handle(ctx, payload, event.event_id)
