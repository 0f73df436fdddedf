"""Kafka test helpers: fresh topic names, reading a topic from its beginning, waiting for a condition."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable

from aiokafka import AIOKafkaConsumer, ConsumerRecord


def new_topic_name(prefix: str = "t") -> str:
    return f"{prefix}{uuid.uuid4().hex[:10]}"


async def read_topic(bootstrap: str, topic: str, count: int, timeout: float = 15.0) -> list[ConsumerRecord]:
    """Up to `count` records of `topic` from its beginning (a fresh group each time)."""
    consumer = AIOKafkaConsumer(
        topic, bootstrap_servers=bootstrap, group_id=uuid.uuid4().hex, auto_offset_reset="earliest",
        fetch_max_wait_ms=100,
    )
    await consumer.start()
    records: list[ConsumerRecord] = []
    try:
        deadline = asyncio.get_running_loop().time() + timeout
        while len(records) < count and asyncio.get_running_loop().time() < deadline:
            for items in (await consumer.getmany(timeout_ms=300)).values():
                records.extend(items)
    finally:
        await consumer.stop()
    return records


async def wait_for(check: Callable[[], Awaitable[bool]], timeout: float = 30.0, what: str = "condition") -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        if await check():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"{what} not reached within {timeout}s")
