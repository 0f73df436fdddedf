"""coalesce: items pass straight through to an idle consumer; a backlog of mergeable items is
delivered as one; order, errors and cancellation of the source survive."""

from __future__ import annotations

import asyncio

import pytest

from atelier_common.streams import bursts, coalesce, text_delta_merger
from atelier_proto import agent_pb2 as apb


def event(type_: str, content: str = "") -> apb.ExecuteEvent:
    return apb.ExecuteEvent(type=type_, content=content)


async def source(items: list[apb.ExecuteEvent], gap_s: float = 0.0):  # noqa: ANN201
    for item in items:
        if gap_s:
            await asyncio.sleep(gap_s)
        yield item


MERGE = text_delta_merger("answer", "content", "reasoning_content")


async def test_idle_consumer_gets_every_item_as_it_comes() -> None:
    items = [event("answer", "a"), event("answer", "b"), event("usage")]
    got = [e async for e in coalesce(source(items, gap_s=0.01), MERGE)]
    assert [(e.type, e.content) for e in got] == [("answer", "a"), ("answer", "b"), ("usage", "")]


async def test_a_backlog_of_deltas_arrives_merged_and_other_events_stay_apart() -> None:
    items = [event("answer", c) for c in "hello"] + [event("function_call", "{}"), event("answer", "x"),
                                                     event("answer", "y")]
    got = []
    async for e in coalesce(source(items), MERGE):
        got.append(e)
        await asyncio.sleep(0.02)  # a slow consumer: everything else piles up meanwhile
    # The source produced everything before the consumer first ran: each run of deltas is one item.
    assert [(e.type, e.content) for e in got] == [("answer", "hello"), ("function_call", "{}"), ("answer", "xy")]
    assert not got[0].HasField("reasoning_content")


async def test_source_errors_reach_the_consumer_after_the_items_before_them() -> None:
    async def failing():  # noqa: ANN202
        yield event("answer", "a")
        raise RuntimeError("upstream broke")

    got = []
    with pytest.raises(RuntimeError, match="upstream broke"):
        async for e in coalesce(failing(), MERGE):
            got.append(e.content)
    assert got == ["a"]


async def test_closing_the_consumer_stops_the_source() -> None:
    stopped = asyncio.Event()

    async def endless():  # noqa: ANN202
        try:
            while True:
                yield event("answer", "x")
                await asyncio.sleep(0.001)
        finally:
            stopped.set()

    stream = coalesce(endless(), MERGE)
    async for _ in stream:
        break
    await stream.aclose()
    await asyncio.wait_for(stopped.wait(), 1)


async def test_bursts_hand_a_slow_consumer_everything_that_piled_up_at_once() -> None:
    items = [event("function_call", "{}"), event("tool_response", "r"), event("verbose", "v"),
             event("answer", "a"), event("answer", "b")]
    idle = [[(e.type, e.content) for e in burst] async for burst in bursts(source(items, gap_s=0.01), MERGE)]
    assert idle == [[("function_call", "{}")], [("tool_response", "r")], [("verbose", "v")], [("answer", "a")],
                    [("answer", "b")]]
    slow = []
    async for burst in bursts(source(items), MERGE):
        slow.append([(e.type, e.content) for e in burst])
        await asyncio.sleep(0.02)
    assert slow == [[("function_call", "{}"), ("tool_response", "r"), ("verbose", "v"), ("answer", "ab")]]


async def test_paced_deltas_go_out_in_fewer_larger_messages_and_the_first_at_once() -> None:
    items = [event("usage")] + [event("answer", c) for c in "abcdefghijklmnopqrst"]
    got = [e async for e in coalesce(source(items, gap_s=0.005), MERGE, pace_s=0.05)]
    # 20 deltas over ~100 ms at most one message per 50 ms after the first: far fewer than 20.
    assert [e.type for e in got][:2] == ["usage", "answer"]
    assert got[1].content == "a"  # the first delta of a run is never held
    assert "".join(e.content for e in got[1:]) == "abcdefghijklmnopqrst"
    assert len(got) < 10


async def _within(seconds: float, stream) -> list[apb.ExecuteEvent]:  # noqa: ANN001
    async def drain() -> list[apb.ExecuteEvent]:
        return [e async for e in stream]

    return await asyncio.wait_for(drain(), seconds)


async def test_a_paced_run_is_cut_short_by_another_event_or_the_end() -> None:
    # A pace of a minute: only being woken lets these finish within the 5 s allowed.
    async def then_call():  # noqa: ANN202
        yield event("answer", "a")
        await asyncio.sleep(0.01)
        yield event("answer", "b")
        await asyncio.sleep(0.01)
        yield event("function_call", "{}")

    got = await _within(5, coalesce(then_call(), MERGE, pace_s=60))
    assert [(e.type, e.content) for e in got] == [("answer", "a"), ("answer", "b"), ("function_call", "{}")]

    async def then_end():  # noqa: ANN202
        yield event("answer", "a")
        await asyncio.sleep(0.01)
        yield event("answer", "b")

    got = await _within(5, coalesce(then_end(), MERGE, pace_s=60))
    assert [(e.type, e.content) for e in got] == [("answer", "a"), ("answer", "b")]

    async def then_fail():  # noqa: ANN202
        yield event("answer", "a")
        await asyncio.sleep(0.01)
        yield event("answer", "b")
        raise RuntimeError("upstream broke")

    with pytest.raises(RuntimeError, match="upstream broke"):
        await _within(5, coalesce(then_fail(), MERGE, pace_s=60))
