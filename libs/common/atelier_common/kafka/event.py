"""The event a stream processor hands to its handler: a Kafka record with the headers our
producer stamps (event type, event id, trace context) already read."""

from __future__ import annotations

from dataclasses import dataclass

from aiokafka import ConsumerRecord

from atelier_common.kafka.producer import EVENT_ID, EVENT_TYPE


@dataclass(frozen=True)
class Event:
    topic: str
    partition: int
    offset: int
    key: bytes | None
    value: bytes
    event_type: str
    event_id: str
    headers: tuple[tuple[str, bytes], ...]

    @classmethod
    def from_record(cls, record: ConsumerRecord) -> Event:
        headers = tuple(record.headers or ())
        found = {name: value.decode(errors="replace") for name, value in headers if value is not None}
        return cls(
            topic=record.topic,
            partition=record.partition,
            offset=record.offset,
            key=record.key,
            value=record.value or b"",
            event_type=found.get(EVENT_TYPE, ""),
            # No id header (a foreign producer): the record's position identifies it.
            event_id=found.get(EVENT_ID) or f"{record.topic}:{record.partition}:{record.offset}",
            headers=headers,
        )
