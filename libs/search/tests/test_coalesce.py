"""Coalescer: a lone request goes at once; requests arriving while one of their kind is in flight
go together when it returns; results split back per caller, errors reach every caller of a batch."""

from __future__ import annotations

import asyncio

import pytest

from atelier_search.coalesce import Coalescer


class Server:
    """A send function whose requests answer when the test releases them (one gate per request)."""

    def __init__(self, *, fail_on: str | None = None, short: bool = False) -> None:
        self.requests: list[tuple[str, list[int]]] = []
        self.gates: list[asyncio.Event] = []
        self.fail_on = fail_on
        self.short = short

    async def send(self, key: str, items: list[int]) -> list[str]:
        self.requests.append((key, list(items)))
        gate = asyncio.Event()
        self.gates.append(gate)
        await gate.wait()
        if self.fail_on is not None and self.fail_on in key:
            raise ConnectionError(f"{key} failed")
        answers = [f"{key}:{i * 10}" for i in items]
        return answers[:-1] if self.short else answers

    async def release(self, n: int) -> None:
        """Let request n answer, once it has been sent."""
        while len(self.gates) <= n:
            await asyncio.sleep(0)
        self.gates[n].set()


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_lone_request_goes_at_once() -> None:
    server = Server()
    coalescer = Coalescer(server.send, max_batch=8)
    task = asyncio.ensure_future(coalescer.submit("a", 1))
    await settle()
    assert server.requests == [("a", [1])]  # sent without waiting for anything
    await server.release(0)
    assert await task == "a:10"
    assert (coalescer.counts.requests, coalescer.counts.items) == (1, 1)


async def test_requests_arriving_meanwhile_go_as_one_batch_and_split_back() -> None:
    server = Server()
    coalescer = Coalescer(server.send, max_batch=8)
    first = asyncio.ensure_future(coalescer.submit("a", 1))
    await settle()
    rest = [asyncio.ensure_future(coalescer.submit("a", i)) for i in range(2, 6)]
    other = asyncio.ensure_future(coalescer.submit("b", 7))  # another kind: not held back by "a"
    await settle()
    assert server.requests == [("a", [1]), ("b", [7])]
    await server.release(0)
    assert await first == "a:10"
    await server.release(2)  # the batch goes when the request in flight returns
    assert server.requests[2] == ("a", [2, 3, 4, 5])
    assert await asyncio.gather(*rest) == ["a:20", "a:30", "a:40", "a:50"]
    await server.release(1)
    assert await other == "b:70"
    assert (coalescer.counts.requests, coalescer.counts.items) == (3, 6)
    # Nothing in flight any more: the next goes at once again.
    again = asyncio.ensure_future(coalescer.submit("a", 9))
    await settle()
    assert server.requests[3] == ("a", [9])
    await server.release(3)
    assert await again == "a:90"


async def test_batches_are_capped() -> None:
    server = Server()
    coalescer = Coalescer(server.send, max_batch=3)
    tasks = [asyncio.ensure_future(coalescer.submit("a", i)) for i in range(1, 9)]
    for n in range(4):
        await server.release(n)
    assert await asyncio.gather(*tasks) == [f"a:{i * 10}" for i in range(1, 9)]
    assert [items for _, items in server.requests] == [[1], [2, 3, 4], [5, 6, 7], [8]]


async def test_an_error_reaches_every_caller_of_the_batch_and_the_kind_recovers() -> None:
    server = Server(fail_on="a")
    coalescer = Coalescer(server.send, max_batch=8)
    tasks = [asyncio.ensure_future(coalescer.submit("a", i)) for i in range(1, 5)]
    await server.release(0)
    await server.release(1)
    results = await asyncio.gather(*tasks, return_exceptions=True)
    assert all(isinstance(r, ConnectionError) for r in results), results
    assert [items for _, items in server.requests] == [[1], [2, 3, 4]]
    server.fail_on = None
    later = asyncio.ensure_future(coalescer.submit("a", 5))
    await server.release(2)
    assert await later == "a:50"


async def test_a_result_count_that_does_not_match_is_an_error() -> None:
    server = Server(short=True)
    coalescer = Coalescer(server.send, max_batch=8)
    task = asyncio.ensure_future(coalescer.submit("a", 1))
    await server.release(0)
    with pytest.raises(RuntimeError, match="0 results for a batch of 1"):
        await task


async def test_a_caller_that_gives_up_is_left_out_and_the_others_answered() -> None:
    server = Server()
    coalescer = Coalescer(server.send, max_batch=8)
    first = asyncio.ensure_future(coalescer.submit("a", 1))
    await settle()
    waiting = [asyncio.ensure_future(coalescer.submit("a", i)) for i in (2, 3, 4)]
    await settle()
    waiting[1].cancel()  # its timeout fired while it waited for the batch
    first.cancel()  # the one in flight gives up too: the waiting ones still go
    await settle()
    await server.release(1)
    assert server.requests[1] == ("a", [2, 4])
    assert await waiting[0] == "a:20" and await waiting[2] == "a:40"
    assert first.cancelled() and waiting[1].cancelled()


async def test_max_batch_must_be_positive() -> None:
    with pytest.raises(ValueError, match="max_batch"):
        Coalescer(Server().send, max_batch=0)
