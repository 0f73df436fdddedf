"""Offset bookkeeping, lanes and backoff of the stream processor: pure logic, no broker."""

from __future__ import annotations

import asyncio
import random

import pytest

from atelier_common.kafka.lanes import KeyedLanes
from atelier_common.kafka.offsets import OffsetRewound, PartitionOffsets, beyond_log_end
from atelier_common.kafka.retry import Backoff, PermanentError, retry_with_backoff


def test_out_of_order_acks_commit_only_the_contiguous_prefix() -> None:
    offsets = PartitionOffsets()
    for offset in range(10, 15):
        offsets.fetched(offset)
    offsets.finished(11)
    offsets.finished(12)
    assert offsets.to_commit() is None, "10 is still in flight: nothing may be committed past it"
    offsets.finished(10)
    assert offsets.to_commit() == 13  # 10, 11, 12 done; 13 is next
    assert offsets.to_commit() is None, "unchanged since the last commit"
    offsets.finished(14)
    assert offsets.commit_point == 13 and offsets.in_flight == 2
    offsets.finished(13)
    assert offsets.to_commit() == 15 and offsets.in_flight == 0


def test_gaps_in_offsets_do_not_stall_the_commit() -> None:
    offsets = PartitionOffsets()
    for offset in (3, 7, 8, 20):  # compaction or transaction markers leave holes
        offsets.fetched(offset)
    for offset in (20, 8, 3):
        offsets.finished(offset)
    assert offsets.to_commit() == 4
    offsets.finished(7)
    assert offsets.to_commit() == 21


def test_random_completion_order_never_commits_an_unfinished_offset() -> None:
    rng = random.Random(7)
    offsets = PartitionOffsets()
    fetched = list(range(200))
    for offset in fetched:
        offsets.fetched(offset)
    order = fetched[:]
    rng.shuffle(order)
    done: set[int] = set()
    for offset in order:
        offsets.finished(offset)
        done.add(offset)
        point = offsets.commit_point
        if point is not None:
            assert set(range(point)) <= done, "everything below the commit point is finished"
            assert point not in done or point == 200, "the commit point stops at the first unfinished offset"
    assert offsets.to_commit() == 200


def test_a_failed_commit_is_offered_again() -> None:
    offsets = PartitionOffsets()
    offsets.fetched(0)
    offsets.finished(0)
    assert offsets.to_commit() == 1
    offsets.commit_failed()
    assert offsets.to_commit() == 1


def test_a_rewound_log_is_detected() -> None:
    offsets = PartitionOffsets()
    offsets.fetched(50)
    with pytest.raises(OffsetRewound):
        offsets.fetched(0)  # the broker came back empty and the consumer was reset to its beginning


def test_beyond_log_end() -> None:
    assert beyond_log_end(51, 38)
    assert not beyond_log_end(38, 38)  # at the end: waiting for the next event
    assert not beyond_log_end(None, 0)  # nothing committed yet
    assert not beyond_log_end(51, None)  # end not known yet (no fetch response)


def test_backoff_is_full_jitter_below_a_doubling_cap() -> None:
    backoff = Backoff(base_s=0.5, cap_s=3.0)
    delays = [backoff.delay(attempt) for attempt in (1, 2, 3, 4, 5) for _ in range(50)]
    assert all(0 <= d <= 3.0 for d in delays)
    assert max(backoff.delay(1) for _ in range(50)) <= 0.5


async def test_permanent_errors_are_not_retried() -> None:
    calls = 0

    async def attempt() -> None:
        nonlocal calls
        calls += 1
        raise PermanentError("unknown event type")

    result = await retry_with_backoff(attempt, max_attempts=5, backoff=Backoff(0.001, 0.001))
    assert calls == 1 and result.attempts == 1 and isinstance(result.error, PermanentError)


async def test_lanes_keep_key_order_and_bound_concurrency() -> None:
    lanes = KeyedLanes(concurrency=3)
    running = 0
    peak = 0
    seen: dict[str, list[int]] = {}

    def job(key: str, n: int):  # noqa: ANN202
        async def run() -> None:
            nonlocal running, peak
            running += 1
            peak = max(peak, running)
            await asyncio.sleep(random.uniform(0, 0.01))
            seen.setdefault(key, []).append(n)
            running -= 1
        return run

    for n in range(20):
        for key in "abcdef":
            lanes.submit(key, "p0", job(key, n))
    while lanes.size:
        await lanes.wait_changed(1.0)
    assert all(order == list(range(20)) for order in seen.values())
    assert peak == 3


async def test_draining_a_group_cancels_its_lanes_after_the_timeout() -> None:
    lanes = KeyedLanes(concurrency=4)
    finished: list[str] = []

    def job(name: str, seconds: float):  # noqa: ANN202
        async def run() -> None:
            await asyncio.sleep(seconds)
            finished.append(name)
        return run

    lanes.submit("quick", "p0", job("quick", 0.01))
    lanes.submit("stuck", "p0", job("stuck", 30))
    lanes.submit("stuck", "p0", job("after-stuck", 0))
    lanes.submit("other", "p1", job("other", 0.05))
    assert await lanes.drain({"p0"}, timeout=0.2) == 1
    assert "quick" in finished and "stuck" not in finished and "after-stuck" not in finished
    await lanes.drain(None, timeout=1)
    assert "other" in finished and lanes.size == 0
