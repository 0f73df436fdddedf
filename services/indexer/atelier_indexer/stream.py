"""The faust-streaming app: one agent on the `knowledge` topic, `indexer_concurrency` instances
per process. Offsets are committed only for events whose handling finished, so a worker that
dies mid-document gets the event again after a restart (or another worker does, after the
rebalance) and the handler's idempotence makes the redo exact."""

from __future__ import annotations

import logging

import faust

from atelier_common.kafka.consumer import Event
from atelier_common.settings import Settings
from atelier_indexer.dispatcher import Dispatcher
from atelier_indexer.faust_transport import App

log = logging.getLogger("atelier.indexer.stream")

TOPIC = "knowledge"


def _event(ev: faust.types.EventT) -> Event:
    msg = ev.message
    headers = tuple((k, v) for k, v in (msg.headers or ()))
    found = {k: v.decode(errors="replace") for k, v in headers if v is not None}
    return Event(
        topic=msg.topic, partition=msg.partition, offset=msg.offset, key=msg.key, value=msg.value or b"",
        event_type=found.get("event-type", ""),
        event_id=found.get("event-id") or f"{msg.topic}:{msg.partition}:{msg.offset}",
        headers=headers,
    )


def create_app(settings: Settings, dispatcher: Dispatcher, *, group_id: str = "atelier-indexer") -> faust.App:
    servers = [f"kafka://{s.strip()}" for s in settings.kafka_bootstrap.split(",") if s.strip()]
    app = App(
        group_id,
        broker=servers,
        value_serializer="raw",
        key_serializer="raw",
        web_enabled=False,
        topic_disable_leader=True,  # no tables, so no leader election topic
        topic_allow_declare=False,  # topics are created explicitly with their partition counts
        consumer_auto_offset_reset="earliest",
        broker_commit_interval=1.0,
        # A crashed worker's partitions move to the others within seconds, not faust's default minute.
        broker_session_timeout=10.0,
        broker_heartbeat_interval=2.0,
        # How long a rebalance waits for members to rejoin: a worker that died without leaving
        # the group holds up the others (and a restarted worker's readiness) this long at most.
        broker_rebalance_timeout=15.0,
        producer_acks=-1,
        store="memory://",
    )
    topic = app.topic(TOPIC, key_type=bytes, value_type=bytes)

    async def agent(stream: faust.StreamT) -> None:
        async for ev in stream.events():
            event = _event(ev)
            try:
                await dispatcher.handle(event)
            except Exception:  # never let one event stop the agent; the dispatcher logged and parked it
                log.exception("unhandled error in event handling", extra={"event_id": event.event_id})

    app.agent(topic, name="index", concurrency=max(1, settings.indexer_concurrency))(agent)
    return app
