"""SharedCalls: callers of one key while its call runs share it; a caller going away does not end it."""

from __future__ import annotations

import asyncio

import pytest

from atelier_common.shared_calls import SharedCalls


async def test_callers_of_one_key_share_the_running_call_and_later_ones_call_again() -> None:
    calls: list[str] = []
    release = asyncio.Event()

    async def look_up(key: str) -> str:
        calls.append(key)
        await release.wait()
        return key.upper()

    shared: SharedCalls[str, str] = SharedCalls()
    waiting = [asyncio.ensure_future(shared.call(k, lambda k=k: look_up(k))) for k in ("a", "a", "a", "b")]
    await asyncio.sleep(0)
    release.set()
    assert await asyncio.gather(*waiting) == ["A", "A", "A", "B"]
    assert calls == ["a", "b"]
    assert await shared.call("a", lambda: look_up("a")) == "A"  # done: the next caller calls again
    assert calls == ["a", "b", "a"]


async def test_an_error_reaches_every_caller_and_a_caller_going_away_leaves_the_call_running() -> None:
    release = asyncio.Event()

    async def failing() -> str:
        await release.wait()
        raise LookupError("no such thing")

    shared: SharedCalls[str, str] = SharedCalls()
    first = asyncio.ensure_future(shared.call("k", failing))
    second = asyncio.ensure_future(shared.call("k", failing))
    await asyncio.sleep(0)
    first.cancel()
    release.set()
    with pytest.raises(LookupError):
        await second
    assert first.cancelled()
