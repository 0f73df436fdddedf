"""The stream processor every Kafka consumer in Atelier runs on (the indexer, workflow workers).

A consumer group member on aiokafka's public API that:
- runs events of the same key in order and different keys concurrently, at most `concurrency`
  at once (`lanes`), fetching no further than `max_buffered` events ahead;
- commits, per partition, only the contiguous prefix of finished events (`offsets`), so a crash
  redelivers whatever was in flight and nothing is skipped;
- makes redelivery harmless through the chosen `Handling` (event-id ledger in Postgres);
- retries a failing handler with full-jitter backoff, then parks the event in `<topic>.dlq`;
- continues the producer's trace: one span per event, child of the span that enqueued it;
- survives a broker that restarted without its data: offsets beyond a partition's log end are
  reset to its beginning (checked at assignment, before each commit and periodically), and its
  topics are recreated from their declarations;
- on shutdown stops fetching, lets running events finish within a grace period, commits and
  leaves the group; on rebalance does the same for the partitions it loses;
- repairs a group whose (re)join has stalled on a leader that left it (`group_repair`), and
  waits for its first assignment in start() only so long.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field

from aiokafka import AIOKafkaConsumer, ConsumerRebalanceListener, ConsumerRecord, TopicPartition
from aiokafka.errors import KafkaError
from opentelemetry.trace import SpanKind

from atelier_common.kafka.dlq import send_to_dlq
from atelier_common.kafka.event import Event
from atelier_common.kafka.group_repair import revive_departed_leader
from atelier_common.kafka.handling import Handling, Outcome
from atelier_common.kafka.lanes import KeyedLanes
from atelier_common.kafka.metrics import StreamMetrics
from atelier_common.kafka.offsets import OffsetRewound, PartitionOffsets, beyond_log_end
from atelier_common.kafka.producer import EventProducer
from atelier_common.kafka.retry import Backoff, retry_with_backoff
from atelier_common.kafka.topic_guard import TopicGuard
from atelier_common.kafka.topics import TopicSpec, dlq_topic
from atelier_common.settings import Settings
from atelier_common.telemetry import context_from_kafka_headers, tracer

log = logging.getLogger("atelier.kafka.processor")

DeadLetterHook = Callable[[Event, BaseException, int], Awaitable[None]]


@dataclass(frozen=True)
class ProcessorConfig:
    bootstrap: str
    group_id: str
    topics: tuple[TopicSpec, ...]
    concurrency: int = 16
    max_buffered: int = 0  # 0: four times `concurrency`
    max_attempts: int = 5
    backoff: Backoff = field(default_factory=Backoff)
    shutdown_grace_s: float = 10.0
    commit_interval_s: float = 1.0
    offset_check_interval_s: float = 5.0
    # A broker may answer a long poll only at its deadline (Tansu does): a short wait keeps each
    # hop of an event chain in milliseconds, at the price of a few idle fetches per second.
    fetch_max_wait_ms: int = 100
    # A crashed member's partitions move to the others within seconds. Tansu also makes a
    # (re)joining member wait about half the session timeout, and a member joining after a clean
    # leave wait about a session timeout more: short values keep restarts quick. Heavy work
    # (parsing, embedding) runs in threads, so the loop always gets to heartbeat.
    session_timeout_ms: int = 6_000
    heartbeat_interval_ms: int = 1_000
    rebalance_timeout_ms: int = 10_000
    # Topics are matched by pattern (a subscription by name would auto-create them on a broker
    # that lost them): new and recreated topics are seen at the next metadata refresh.
    metadata_max_age_ms: int = 5_000
    # A (re)join normally completes within about a session timeout and a half. One that has not
    # after `join_stall_s` may be waiting for a leader that left (see group_repair): repaired.
    join_stall_s: float = 20.0
    # start() returns once the member has joined the group, or after this long all the same: a
    # service is not kept unhealthy by a group that takes long to form (its repair goes on).
    first_join_wait_s: float = 60.0

    @classmethod
    def from_settings(cls, settings: Settings, *, group_id: str, topics: Sequence[TopicSpec],
                      concurrency: int | None = None, max_attempts: int | None = None) -> ProcessorConfig:
        return cls(
            bootstrap=settings.kafka_bootstrap, group_id=group_id, topics=tuple(topics),
            concurrency=concurrency or settings.stream_concurrency,
            max_attempts=max_attempts or settings.stream_max_attempts,
            backoff=Backoff(settings.stream_backoff_base_s, settings.stream_backoff_cap_s),
            shutdown_grace_s=settings.stream_shutdown_grace_s,
        )

    @property
    def buffer_limit(self) -> int:
        return self.max_buffered or 4 * max(1, self.concurrency)


class StreamProcessor:
    def __init__(self, config: ProcessorConfig, handling: Handling, *, producer: EventProducer | None = None,
                 on_dead_letter: DeadLetterHook | None = None) -> None:
        self.config = config
        self._handling = handling
        # The DLQ producer: the caller's (shared) one, or our own, started and stopped with us.
        self._owns_producer = producer is None
        self._producer = producer or EventProducer(config.bootstrap)
        self._on_dead_letter = on_dead_letter
        self._guard = TopicGuard(config.bootstrap, config.topics)
        self._consumer: AIOKafkaConsumer | None = None
        self._lanes = KeyedLanes(config.concurrency)
        self._partitions: dict[TopicPartition, PartitionOffsets] = {}
        self._closing: set[TopicPartition] = set()  # being revoked: queued events are left alone
        self._stopping = False
        self._joined = asyncio.Event()  # set while the member holds a completed assignment
        self._unjoined_since: float | None = None  # since when a (re)join has been under way
        self._commit_lock = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []
        self._tracer = tracer("atelier.kafka.processor")
        self._metrics = StreamMetrics(config.group_id, self._lag)

    # ----------------------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        await self._guard.ensure()
        if self._owns_producer:
            await self._producer.start()
        cfg = self.config
        consumer = AIOKafkaConsumer(
            bootstrap_servers=cfg.bootstrap, group_id=cfg.group_id, enable_auto_commit=False,
            auto_offset_reset="earliest", fetch_max_wait_ms=cfg.fetch_max_wait_ms,
            session_timeout_ms=cfg.session_timeout_ms, heartbeat_interval_ms=cfg.heartbeat_interval_ms,
            rebalance_timeout_ms=cfg.rebalance_timeout_ms, metadata_max_age_ms=cfg.metadata_max_age_ms,
        )
        self._consumer = consumer
        # Subscribed after start(), which then does not wait for the group: the join runs in the
        # background, watched by `_watch_group`, and we wait for it below with a bound.
        await consumer.start()
        self._unjoined_since = asyncio.get_running_loop().time()
        names = "|".join(re.escape(spec.name) for spec in cfg.topics)
        consumer.subscribe(pattern=f"^({names})$", listener=_Rebalance(self))
        self._tasks = [
            asyncio.create_task(self._fetch_loop(), name=f"fetch-{cfg.group_id}"),
            asyncio.create_task(self._commit_loop(), name=f"commit-{cfg.group_id}"),
            asyncio.create_task(self._watch_group(), name=f"group-{cfg.group_id}"),
        ]
        try:
            await asyncio.wait_for(self._joined.wait(), cfg.first_join_wait_s)
        except TimeoutError:
            log.error("not in the consumer group yet; starting all the same, the join goes on",
                      extra={"group_id": cfg.group_id, "waited_s": cfg.first_join_wait_s})
        log.info("stream processor started", extra={"group_id": cfg.group_id, "topics": [s.name for s in cfg.topics]})

    async def stop(self) -> None:
        """Stop fetching, let running events finish (up to the grace period), commit what is
        done and leave the group. Events not finished are redelivered to whoever comes next."""
        if self._consumer is None:
            return
        self._stopping = True
        fetch, commit, watch = self._tasks
        watch.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watch
        fetch.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await fetch
        cancelled = await self._lanes.drain(None, self.config.shutdown_grace_s)
        if cancelled:
            log.warning("events still running after the grace period were cancelled (redelivered later)",
                        extra={"lanes": cancelled})
        commit.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await commit
        await self._commit()
        await self._consumer.stop()
        self._consumer = None
        await self._guard.close()
        if self._owns_producer:
            await self._producer.stop()
        log.info("stream processor stopped", extra={"group_id": self.config.group_id})

    async def backlog(self) -> int:
        """Events on this member's partitions not fetched yet: work that is coming, as opposed to
        work that was lost. The log end is the larger of the last fetch's high watermark (stale
        while fetching is paused on a full buffer) and the broker's end offset (which Tansu
        reports as the start of the last batch, so never too high)."""
        if self._consumer is None:
            return 0
        assigned = list(self._consumer.assignment())
        if not assigned:
            return 0
        try:
            ends = await asyncio.wait_for(self._consumer.end_offsets(assigned), 5.0)
        except (TimeoutError, KafkaError):
            ends = {}
        total = 0
        for tp in assigned:
            known = [end for end in (self._highwater(tp), ends.get(tp)) if end is not None]
            position = await self._position(tp) if known else None
            if position is not None:
                total += max(0, max(known) - position)
        return total

    def in_flight_keys(self) -> set[bytes]:
        """Keys of the events fetched and not yet done (queued or running) in this process."""
        return {lane[1] for lane in self._lanes.lane_keys() if isinstance(lane[1], bytes)}

    # ----------------------------------------------------------------------------- fetching

    async def _position(self, tp: TopicPartition) -> int | None:
        """The next offset to fetch, or None while it is being reset (position() waits for the
        broker then, and a broker that is down must not stall the fetch loop)."""
        try:
            return await asyncio.wait_for(self._kafka.position(tp), 1.0)
        except (TimeoutError, KafkaError):
            return None

    def _highwater(self, tp: TopicPartition) -> int | None:
        """The partition's log end as of the last fetch response (None: not fetched yet, or no
        longer assigned)."""
        consumer = self._consumer
        return consumer.highwater(tp) if consumer is not None and tp in consumer.assignment() else None

    @property
    def _kafka(self) -> AIOKafkaConsumer:
        assert self._consumer is not None, "the processor is not started"
        return self._consumer

    async def _fetch_loop(self) -> None:
        loop = asyncio.get_running_loop()
        next_check = loop.time() + self.config.offset_check_interval_s
        # Not `while True`: on Python 3.11 a wait_for whose awaitable finishes just as the task is
        # cancelled swallows the cancellation (the lanes' wait_changed, when stop() follows the
        # last event's end), and stop() would wait for this loop forever.
        while not self._stopping:
            try:
                room = self.config.buffer_limit - self._lanes.size
                if room <= 0:
                    # Full: fetch nothing more, but keep polling so the group keeps us as a member.
                    self._kafka.pause(*self._kafka.assignment())
                    await self._kafka.getmany(timeout_ms=0)
                    await self._lanes.wait_changed(1.0)
                else:
                    self._kafka.resume(*self._kafka.paused())
                    batch = await self._kafka.getmany(timeout_ms=500, max_records=room)
                    for tp, records in batch.items():
                        for record in records:
                            self._admit(tp, record)
                await self._check_log_ends()
                if loop.time() >= next_check:
                    await self._guard.ensure_present()
                    next_check = loop.time() + self.config.offset_check_interval_s
            except asyncio.CancelledError:
                raise
            except Exception:  # a broker hiccup must not end consumption: log, wait, go on
                log.exception("fetch loop error; retrying", extra={"group_id": self.config.group_id})
                await asyncio.sleep(1.0)

    def _admit(self, tp: TopicPartition, record: ConsumerRecord) -> None:
        offsets = self._partitions.get(tp)
        if offsets is None:  # fetched before the assignment callback ran: track it all the same
            offsets = self._partitions[tp] = PartitionOffsets()
        try:
            offsets.fetched(record.offset)
        except OffsetRewound as exc:
            log.error("partition log rewound under the consumer (broker lost its data?): fresh bookkeeping",
                      extra={"topic": tp.topic, "partition": tp.partition, "detail": str(exc)})
            self._metrics.reset(tp.topic)
            offsets = self._partitions[tp] = PartitionOffsets()
            offsets.fetched(record.offset)
        event = Event.from_record(record)
        # Same key: in order. No key: no order promised, so each event runs on its own.
        lane = (tp, record.key) if record.key is not None else (tp, None, record.offset)
        self._lanes.submit(lane, tp, lambda: self._run(tp, offsets, event))

    # ----------------------------------------------------------------------------- one event

    def _current(self, tp: TopicPartition, offsets: PartitionOffsets) -> bool:
        return not self._stopping and tp not in self._closing and self._partitions.get(tp) is offsets

    async def _run(self, tp: TopicPartition, offsets: PartitionOffsets, event: Event) -> None:
        if not self._current(tp, offsets):
            return  # revoked, reset or stopping: the event is redelivered to the partition's next owner
        self._metrics.in_flight(event.topic, 1)
        parent = context_from_kafka_headers(event.headers)
        try:
            with self._tracer.start_as_current_span(
                f"process {event.topic}", context=parent, kind=SpanKind.CONSUMER,
                attributes={"messaging.system": "kafka", "messaging.destination.name": event.topic,
                            "messaging.consumer.group.name": self.config.group_id,
                            "messaging.kafka.destination.partition": event.partition,
                            "messaging.kafka.message.offset": event.offset,
                            "messaging.message.id": event.event_id, "atelier.event_type": event.event_type},
            ):
                await self._process(event)
            offsets.finished(event.offset)
        finally:
            self._metrics.in_flight(event.topic, -1)

    async def _process(self, event: Event) -> None:
        result = await retry_with_backoff(
            lambda: self._handling.process(event), max_attempts=self.config.max_attempts,
            backoff=self.config.backoff, on_failure=lambda _exc, _n: self._metrics.failed(event.topic),
        )
        if result.error is None:
            outcome = result.result or Outcome.HANDLED
            self._metrics.processed(event.topic, outcome.value)
            if outcome is Outcome.DUPLICATE:
                log.info("duplicate event skipped", extra={"event_id": event.event_id, "topic": event.topic})
            return
        log.error("event parked in the DLQ", exc_info=result.error,
                  extra={"topic": event.topic, "event_id": event.event_id, "event_type": event.event_type,
                         "attempts": result.attempts, "error": repr(result.error)})
        await self._park(event, result.error, result.attempts)
        if self._on_dead_letter is not None:
            try:
                await self._on_dead_letter(event, result.error, result.attempts)
            except Exception:
                log.exception("dead-letter hook failed", extra={"event_id": event.event_id})

    async def _park(self, event: Event, error: BaseException, attempts: int) -> None:
        """Send to the DLQ until the broker takes it: the event must not be committed unrecorded."""
        tries = 0
        while True:
            try:
                await self._guard.ensure_present([dlq_topic(event.topic)])
                await send_to_dlq(self._producer, event, error, attempts)
                self._metrics.dead_lettered(event.topic)
                return
            except KafkaError as exc:
                tries += 1
                log.warning("DLQ send failed; retrying", extra={"event_id": event.event_id, "error": repr(exc)})
                await asyncio.sleep(self.config.backoff.delay(min(tries, 6)) + 0.1)

    # ----------------------------------------------------------------------------- offsets

    async def _commit_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.commit_interval_s)
            try:
                await self._commit()
            except Exception:
                log.exception("commit failed; retrying", extra={"group_id": self.config.group_id})

    async def _commit(self, only: Iterable[TopicPartition] | None = None) -> None:
        """Commit each partition's finished prefix, never past the partition's log end."""
        async with self._commit_lock:
            wanted = set(only) if only is not None else set(self._partitions)
            offsets = {tp: point for tp in wanted
                       if (tracker := self._partitions.get(tp)) is not None and (point := tracker.to_commit()) is not None}
            if not offsets:
                return
            try:
                for tp in [tp for tp, point in offsets.items() if beyond_log_end(point, self._highwater(tp))]:
                    # Done offsets of a log the broker no longer has: committing them would skip
                    # that many events of the new log.
                    del offsets[tp]
                    await self._reset_to_beginning(tp, "the commit point", self._highwater(tp))
                if offsets:
                    await self._kafka.commit(offsets)
            except (KafkaError, KeyError) as exc:
                log.warning("offset commit failed; offered again next time",
                            extra={"group_id": self.config.group_id, "error": repr(exc)})
                for tp in offsets:
                    if (tracker := self._partitions.get(tp)) is not None:
                        tracker.commit_failed()

    async def _check_log_ends(self) -> None:
        """No position beyond its partition's log end. The end is the high watermark of the last
        fetch response (Tansu's ListOffsets reports the start of the last batch, not the end)."""
        async with self._commit_lock:
            for tp in self._kafka.assignment():
                highwater = self._highwater(tp)
                if highwater is not None and beyond_log_end(await self._position(tp), highwater):
                    await self._reset_to_beginning(tp, "the consumer position", highwater)

    async def _reset_to_beginning(self, tp: TopicPartition, what: str, log_end: int | None) -> None:
        """(Called holding the commit lock.)"""
        log.error(f"{what} is beyond the partition's log end (the broker restarted without its data, or the topic"
                  " was recreated): consuming the partition again from its beginning instead of skipping",
                  extra={"group_id": self.config.group_id, "topic": tp.topic, "partition": tp.partition,
                         "log_end": log_end})
        self._metrics.reset(tp.topic)
        self._partitions[tp] = PartitionOffsets()  # events of the lost log still running count for nothing
        await self._kafka.seek_to_beginning(tp)
        beginning = (await self._kafka.beginning_offsets([tp]))[tp]
        await self._kafka.commit({tp: beginning})  # the group's committed offset is sane again

    def _lag(self) -> list[tuple[TopicPartition, int]]:
        if self._consumer is None:
            return []
        lags = []
        for tp, tracker in list(self._partitions.items()):
            highwater, point = self._highwater(tp), tracker.commit_point
            if highwater is not None and point is not None:
                lags.append((tp, max(0, highwater - point)))
        return lags

    # ----------------------------------------------------------------------------- rebalance

    async def _watch_group(self) -> None:
        """Repair the group when a (re)join of this member has not completed for `join_stall_s`."""
        cfg = self.config
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(1.0)
            since = self._unjoined_since
            if since is None or loop.time() - since < cfg.join_stall_s:
                continue
            log.warning("consumer group join stalled; repairing the group",
                        extra={"group_id": cfg.group_id, "waiting_s": round(loop.time() - since)})
            try:
                await revive_departed_leader(cfg.bootstrap, cfg.group_id, [spec.name for spec in cfg.topics],
                                             session_timeout_ms=cfg.session_timeout_ms,
                                             rebalance_timeout_ms=cfg.rebalance_timeout_ms)
            except Exception:  # the repair is best effort: the next stall period tries again
                log.exception("consumer group repair failed", extra={"group_id": cfg.group_id})
            if self._unjoined_since is not None:
                self._unjoined_since = loop.time()  # give the repair a stall period to work

    def _rejoining(self) -> None:
        self._joined.clear()
        if self._unjoined_since is None:
            self._unjoined_since = asyncio.get_running_loop().time()

    async def on_assigned(self, assigned: set[TopicPartition]) -> None:
        self._unjoined_since = None
        self._joined.set()
        # Fresh bookkeeping. A committed offset beyond the log end shows in the first fetch's
        # high watermark, and `_check_log_ends` resets it.
        for tp in assigned:
            self._partitions[tp] = PartitionOffsets()
        log.info("partitions assigned", extra={"group_id": self.config.group_id,
                                               "partitions": sorted(f"{tp.topic}:{tp.partition}" for tp in assigned)})

    async def on_revoked(self, revoked: set[TopicPartition]) -> None:
        self._rejoining()  # aiokafka calls this as each (re)join begins
        revoked = revoked & set(self._partitions)
        if not revoked or self._consumer is None:
            return
        log.info("partitions revoked", extra={"group_id": self.config.group_id, "in_flight": self._lanes.size,
                                              "partitions": sorted(f"{tp.topic}:{tp.partition}" for tp in revoked)})
        self._closing |= revoked
        try:
            grace = min(self.config.shutdown_grace_s, self.config.rebalance_timeout_ms / 2000)
            cancelled = await self._lanes.drain(revoked, grace)
            if cancelled:
                log.warning("events of revoked partitions cancelled after the grace period",
                            extra={"lanes": cancelled})
            await self._commit(revoked)
        finally:
            for tp in revoked:
                self._partitions.pop(tp, None)
            self._closing -= revoked


class _Rebalance(ConsumerRebalanceListener):
    def __init__(self, processor: StreamProcessor) -> None:
        self._processor = processor

    async def on_partitions_revoked(self, revoked: set[TopicPartition]) -> None:
        await self._processor.on_revoked(set(revoked))

    async def on_partitions_assigned(self, assigned: set[TopicPartition]) -> None:
        await self._processor.on_assigned(set(assigned))
