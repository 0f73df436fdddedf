"""A channel's outcome: its hits, or the error that degrades the answer (a timeout naming where it stalled)."""

from __future__ import annotations

import asyncio

from atelier_knowledge.domain.fusion import ChannelHit
from atelier_knowledge.retrieval import channels


async def test_a_channel_answering_in_time_keeps_its_hits() -> None:
    async def work() -> list[ChannelHit]:
        await asyncio.sleep(0)
        return [ChannelHit(1, 0.9)]

    outcome = await channels.timed("vector", work(), 1.0)
    assert outcome.hits == [ChannelHit(1, 0.9)] and outcome.error is None and outcome.took_ms >= 0


async def test_a_slow_channel_times_out_naming_its_stage_and_is_cancelled() -> None:
    stage = channels.Stage("embedding the query with local:x")
    cancelled = asyncio.Event()

    async def work() -> list[ChannelHit]:
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return [ChannelHit(1, 1.0)]

    outcome = await channels.timed("vector", work(), 0.05, stage=stage)
    assert outcome.hits == [] and outcome.error == "timed out after 0.05 s embedding the query with local:x"
    assert cancelled.is_set()


async def test_a_failing_channel_reports_its_error() -> None:
    async def work() -> list[ChannelHit]:
        raise ConnectionError("milvus is gone")

    outcome = await channels.timed("fulltext", work(), 1.0)
    assert outcome.hits == [] and outcome.error == "ConnectionError: milvus is gone"


async def test_a_channel_task_cancelled_from_outside_stays_cancelled() -> None:
    """The request went away: the timeout must not turn that cancellation into a degraded answer."""
    started = asyncio.Event()

    async def work() -> list[ChannelHit]:
        started.set()
        await asyncio.sleep(10)
        return []

    task = asyncio.ensure_future(channels.timed("vector", work(), 5.0))
    await started.wait()
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        pass
    assert task.cancelled()
