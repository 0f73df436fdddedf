"""Routes a knowledge event to its handler with the delivery guarantees around it: transient
failures retried with backoff, then the event parked in the DLQ (and its document Failed with the
reason); payloads that cannot even be decoded go straight to the DLQ."""

from __future__ import annotations

import logging

from google.protobuf.message import DecodeError

from atelier_common.auth import internal_context
from atelier_common.kafka.consumer import Event, process_with_dedupe, retry_with_backoff, send_to_dlq
from atelier_common.kafka.producer import EventProducer
from atelier_indexer.context import IndexerContext
from atelier_indexer.handlers import (
    delete_data,
    fanout,
    index_document,
    index_slice,
    refresh_web,
    review,
    switch_embedder,
)
from atelier_proto import events_pb2 as epb

log = logging.getLogger("atelier.indexer")

PAYLOADS = {
    "IndexDocuments": epb.IndexDocuments,
    "IndexDocument": epb.IndexDocument,
    "IndexSlice": epb.IndexSlice,
    "DeleteKnowledgeData": epb.DeleteKnowledgeData,
    "DocumentReview": epb.DocumentReview,
    "RefreshWebDocument": epb.RefreshWebDocument,
    "DocumentIndexed": epb.DocumentIndexed,  # published for other consumers; nothing to do here
    "SwitchEmbedder": epb.SwitchEmbedder,
}


class PoisonEvent(Exception):
    """An event this consumer can never process (unknown type, undecodable payload)."""


class Dispatcher:
    def __init__(self, ctx: IndexerContext, dlq: EventProducer, *, max_attempts: int, backoff_base_s: float = 0.5,
                 backoff_cap_s: float = 10.0) -> None:
        self.ctx = ctx
        self.dlq = dlq
        self.max_attempts = max_attempts
        self.backoff_base_s = backoff_base_s
        self.backoff_cap_s = backoff_cap_s

    def decode(self, event: Event):  # noqa: ANN201 - one of the event messages
        cls = PAYLOADS.get(event.event_type)
        if cls is None:
            raise PoisonEvent(f"unknown event type '{event.event_type}'")
        try:
            return cls.FromString(event.value)
        except DecodeError as exc:
            raise PoisonEvent(f"undecodable {event.event_type} payload: {exc}") from None

    async def handle(self, event: Event) -> None:
        try:
            payload = self.decode(event)
        except PoisonEvent as exc:
            log.error("poison event parked in the DLQ", extra={"event_id": event.event_id, "error": str(exc)})
            await send_to_dlq(self.dlq, event, exc)
            return

        async def attempt() -> bool:
            with internal_context():
                await self._route(event, payload)
            return True

        done, error, attempts = await retry_with_backoff(
            attempt, max_attempts=self.max_attempts, base=self.backoff_base_s, cap=self.backoff_cap_s
        )
        if done:
            return
        assert error is not None
        log.error("event failed after retries; parked in the DLQ",
                  extra={"event_id": event.event_id, "event_type": event.event_type, "attempts": attempts,
                         "error": repr(error)}, exc_info=error)
        await send_to_dlq(self.dlq, event, error, attempts)
        if isinstance(payload, epb.IndexDocument):
            await index_document.fail(self.ctx, payload.dataset_id, payload.document_id,
                                      f"indexing failed after {attempts} attempts: {error}", event_id=event.event_id)
        elif isinstance(payload, epb.SwitchEmbedder):
            with internal_context():
                await switch_embedder.fail_after_retries(self.ctx, payload, error, attempts)

    async def _route(self, event: Event, payload) -> None:  # noqa: ANN001
        ctx = self.ctx
        if isinstance(payload, epb.IndexDocuments):
            await process_with_dedupe(ctx.pool, None, ctx.group_id, event,
                                      lambda _ev, conn: fanout.handle(ctx, payload, conn))
        elif isinstance(payload, epb.IndexDocument):
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
