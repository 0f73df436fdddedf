"""Cancelling a running chat from any replica: a Redis pub/sub message on the chat's channel.

Each process holds one pattern subscription for every chat channel and dispatches to the runs it
is streaming, so a run needs no connection of its own and there is no window between starting a
run and listening for its cancellation (the run also re-reads its status once it is registered)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from redis.asyncio import Redis

log = logging.getLogger("atelier.conversation.cancel")

PREFIX = "atelier:chat-cancel:"
RECONNECT_S = 1.0


def channel_name(chat_id: int) -> str:
    return f"{PREFIX}{chat_id}"


async def request_cancel(redis: Redis, chat_id: int) -> None:
    await redis.publish(channel_name(chat_id), "cancel")


class CancelSignals:
    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self._waiters: dict[int, Callable[[], None]] = {}
        self._task: asyncio.Task[None] | None = None
        self._listening = asyncio.Event()

    async def start(self, timeout_s: float = 10.0) -> None:
        self._task = asyncio.create_task(self._listen(), name="chat-cancel-signals")
        await asyncio.wait_for(self._listening.wait(), timeout_s)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def register(self, chat_id: int, on_cancel: Callable[[], None]) -> None:
        self._waiters[chat_id] = on_cancel

    def unregister(self, chat_id: int) -> None:
        self._waiters.pop(chat_id, None)

    async def _listen(self) -> None:
        while True:
            pubsub = self.redis.pubsub()
            try:
                await pubsub.psubscribe(f"{PREFIX}*")
                self._listening.set()
                while True:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                    if message is None or message.get("type") != "pmessage":
                        continue
                    channel = message["channel"]
                    channel = channel.decode() if isinstance(channel, bytes) else str(channel)
                    with contextlib.suppress(ValueError):
                        waiter = self._waiters.get(int(channel.removeprefix(PREFIX)))
                        if waiter is not None:
                            waiter()
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis went away: listen again; runs re-check their status in the DB
                log.exception("cancel subscription lost; resubscribing")
                await asyncio.sleep(RECONNECT_S)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
