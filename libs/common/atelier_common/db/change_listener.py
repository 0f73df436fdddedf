"""Keeps NotifiedCaches (or other subscribers) true to the database: listens on '<schema>.<topic>'
(the owning tables' triggers notify it with the changed object's id, see the plugin and agent migrations) on a
connection of its own, and drops an object's entries when it changes. The connection is asked
every few seconds whether it still listens; when it does not, or is lost, the cache keeps nothing
until listening again (then it starts empty: a change may have gone unheard meanwhile)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Protocol

import asyncpg

log = logging.getLogger("atelier.db.change_listener")

CHECK_EVERY_S = 5.0  # a silent connection is asked whether it still answers
CHECK_TIMEOUT_S = 5.0
RETRY_S = 1.0
MAX_RETRY_S = 16.0
STILL_LISTENING = "SELECT $1 = ANY(ARRAY(SELECT pg_listening_channels()))"


def channel(schema: str, topic: str) -> str:
    return f"{schema}.{topic}"


class ChangeSubscriber(Protocol):
    """What a change reaches: a NotifiedCache, or anything else kept true to the same rows."""

    def forget(self, object_id: int) -> None: ...

    def forget_all(self) -> None: ...

    def set_listening(self, listening: bool) -> None: ...


class ChangeListener:
    def __init__(self, pool: asyncpg.Pool, topic: str, *subscribers: ChangeSubscriber) -> None:
        self._pool, self._topic, self._subscribers = pool, topic, subscribers
        self._task: asyncio.Task[None] | None = None
        self._listened = False  # the last attempt got to listen

    async def start(self) -> None:
        """Returns once listening (or once the first attempt failed: calls then read the database)."""
        ready = asyncio.Event()
        self._task = asyncio.create_task(self._run(ready), name=f"listen-{self._topic}")
        await ready.wait()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def _changed(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        for subscriber in self._subscribers:
            if payload.isdigit():
                subscriber.forget(int(payload))
            else:  # not an object id: whatever changed, drop everything
                subscriber.forget_all()

    def _set_listening(self, listening: bool) -> None:
        for subscriber in self._subscribers:
            subscriber.set_listening(listening)

    async def _run(self, ready: asyncio.Event) -> None:
        failures = 0  # attempts in a row that did not get to listen
        while True:
            self._listened = False
            problem = "it stopped"
            try:
                await self._listen(ready)
            except Exception as exc:  # noqa: BLE001 - retried; meanwhile calls read the database
                problem = f"{type(exc).__name__}: {exc}"
            failures = 0 if self._listened else failures + 1
            # Lost after listening: again at once; a database that is down stays so a while.
            wait = min(RETRY_S * 2 ** max(failures - 1, 0), MAX_RETRY_S)
            log.warning("not listening for %s (%s); retrying in %g s", self._topic, problem, wait)
            ready.set()
            await asyncio.sleep(wait)

    async def _listen(self, ready: asyncio.Event) -> None:
        lost = asyncio.Event()

        def on_lost(_conn: Any) -> None:
            lost.set()

        async with self._pool.acquire() as conn:
            heard = channel(await conn.fetchval("SELECT current_schema()"), self._topic)
            conn.add_termination_listener(on_lost)
            try:
                await conn.add_listener(heard, self._changed)
                self._set_listening(True)
                self._listened = True
                ready.set()
                while True:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(lost.wait(), CHECK_EVERY_S)
                    if lost.is_set():
                        raise ConnectionError("the listening connection closed")
                    if not await asyncio.wait_for(conn.fetchval(STILL_LISTENING, heard), CHECK_TIMEOUT_S):
                        raise ConnectionError("the listening connection no longer listens")
            finally:
                self._set_listening(False)
                conn.remove_termination_listener(on_lost)
                with contextlib.suppress(Exception):
                    await conn.remove_listener(heard, self._changed)
