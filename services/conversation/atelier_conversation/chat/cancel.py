"""Cancelling a running chat from any replica: a Redis pub/sub message on the chat's channel."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from redis.asyncio import Redis


def channel_name(chat_id: int) -> str:
    return f"atelier:chat-cancel:{chat_id}"


async def request_cancel(redis: Redis, chat_id: int) -> None:
    await redis.publish(channel_name(chat_id), "cancel")


async def watch(redis: Redis, chat_id: int, subscribed: asyncio.Event, on_cancel: Callable[[], None]) -> None:
    """Calls on_cancel when a cancel request arrives; runs until cancelled itself."""
    pubsub = redis.pubsub()
    try:
        await pubsub.subscribe(channel_name(chat_id))
        subscribed.set()
        while True:
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            if message is not None and message.get("type") == "message":
                on_cancel()
                return
    finally:
        with contextlib.suppress(Exception):
            await pubsub.aclose()
