"""A stream processor's OpenTelemetry instruments (exported when the process set up telemetry
with an OTLP endpoint; no-ops otherwise)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from aiokafka import TopicPartition
from opentelemetry.metrics import CallbackOptions, Observation

from atelier_common.telemetry import meter


class StreamMetrics:
    def __init__(self, group_id: str, lag: Callable[[], Iterable[tuple[TopicPartition, int]]]) -> None:
        m = meter("atelier.kafka.processor")
        self._group = group_id
        self._lag = lag
        self._processed = m.create_counter(
            "atelier.stream.events.processed", unit="{event}", description="Events done, by outcome (handled, duplicate).")
        self._failed = m.create_counter(
            "atelier.stream.events.failed", unit="{attempt}", description="Handler attempts that raised.")
        self._dead_lettered = m.create_counter(
            "atelier.stream.events.dlq", unit="{event}", description="Events parked in the dead-letter topic.")
        self._resets = m.create_counter(
            "atelier.stream.offset.resets", unit="{reset}",
            description="Partitions consumed again from the beginning because the broker's log was behind the offset.")
        self._in_flight = m.create_up_down_counter(
            "atelier.stream.events.in_flight", unit="{event}", description="Events being handled now.")
        m.create_observable_gauge(
            "atelier.stream.lag", callbacks=[self._observe_lag], unit="{event}",
            description="Events in a partition not yet done (high watermark minus the commit point).")

    def _attrs(self, topic: str, **more: str) -> dict[str, str]:
        return {"messaging.consumer.group.name": self._group, "messaging.destination.name": topic, **more}

    def processed(self, topic: str, outcome: str) -> None:
        self._processed.add(1, self._attrs(topic, outcome=outcome))

    def failed(self, topic: str) -> None:
        self._failed.add(1, self._attrs(topic))

    def dead_lettered(self, topic: str) -> None:
        self._dead_lettered.add(1, self._attrs(topic))

    def reset(self, topic: str) -> None:
        self._resets.add(1, self._attrs(topic))

    def in_flight(self, topic: str, delta: int) -> None:
        self._in_flight.add(delta, self._attrs(topic))

    def _observe_lag(self, _options: CallbackOptions) -> Iterable[Observation]:
        return [Observation(lag, self._attrs(tp.topic, partition=str(tp.partition))) for tp, lag in self._lag()]
