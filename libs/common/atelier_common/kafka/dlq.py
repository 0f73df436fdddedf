"""Dead-letter topic: an event that cannot be processed is parked in `<topic>.dlq` with headers
saying what went wrong, where it came from and how often it was tried."""

from __future__ import annotations

import traceback

from atelier_common.kafka.event import Event
from atelier_common.kafka.producer import EVENT_ID, EVENT_TYPE, EventProducer
from atelier_common.kafka.topics import dlq_topic


def dlq_headers(event: Event, error: BaseException, attempts: int) -> list[tuple[str, bytes]]:
    """The event's own headers (trace context included) plus the failure."""
    kept = [(name, value) for name, value in event.headers if name not in (EVENT_TYPE, EVENT_ID)]
    return kept + [
        ("error", str(error).encode()[:4000]),
        ("error-type", type(error).__name__.encode()),
        ("error-trace", "".join(traceback.format_exception(error)).encode()[-8000:]),
        ("attempts", str(attempts).encode()),
        ("original-topic", event.topic.encode()),
        ("original-partition", str(event.partition).encode()),
        ("original-offset", str(event.offset).encode()),
    ]


async def send_to_dlq(producer: EventProducer, event: Event, error: BaseException, attempts: int = 1) -> None:
    """Park `event` in `<topic>.dlq` (same key, value, type and id)."""
    await producer.send(
        dlq_topic(event.topic),
        event.key or b"",
        event.value,
        event_type=event.event_type,
        event_id=event.event_id,
        headers=dlq_headers(event, error, attempts),
    )
