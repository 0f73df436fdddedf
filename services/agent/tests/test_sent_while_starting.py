"""A model round starts while the last tool results go out (runtime.executor.sent_while_starting):
the results still come first, and a turn stopped meanwhile stops the round it started."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from atelier_agent.runtime.events import event
from atelier_agent.runtime.executor import sent_while_starting
from atelier_proto.enums import ExecuteEventType


class Round:
    """A model round as seen from the loop: answer events, and whether it started and was stopped
    before its end."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.started = asyncio.Event()
        self.stopped = asyncio.Event()

    async def events(self) -> AsyncIterator:
        self.started.set()
        given = 0
        try:
            for text in self.texts:
                await asyncio.sleep(0)
                yield event(ExecuteEventType.Answer, text)
                given += 1
        finally:
            if given < len(self.texts):  # cancelled or closed half-way
                self.stopped.set()


def results() -> list:
    return [event(ExecuteEventType.Verbose, "record"), event(ExecuteEventType.ToolResponse, "sunny")]


async def test_the_results_go_first_while_the_round_is_already_asked() -> None:
    model = Round(["It is ", "sunny."])
    seen = []
    async for sent in sent_while_starting(results(), model.events()):
        seen.append((sent.type, sent.content))
        await asyncio.sleep(0)  # sending an event waits for the stream
        if len(seen) == 1:
            assert model.started.is_set()
    assert seen == [(ExecuteEventType.Verbose, "record"), (ExecuteEventType.ToolResponse, "sunny"),
                    (ExecuteEventType.Answer, "It is "), (ExecuteEventType.Answer, "sunny.")]
    assert not model.stopped.is_set()


async def test_a_round_without_events_and_no_results_before_it() -> None:
    assert [e.content async for e in sent_while_starting(results(), Round([]).events())] == ["record", "sunny"]
    assert [e.content async for e in sent_while_starting([], Round(["hi"]).events())] == ["hi"]


async def test_a_turn_stopped_while_the_results_go_out_stops_the_round() -> None:
    model = Round(["never"] * 100)
    sending = sent_while_starting(results(), model.events())
    assert (await anext(sending)).content == "record"
    await asyncio.wait_for(model.started.wait(), 5)
    await sending.aclose()
    await asyncio.wait_for(model.stopped.wait(), 5)
