"""Upload leases in the real Redis: held keys are not expired until their time, released ones are
gone, and each owner and database has its own set."""

from __future__ import annotations

import asyncio
import uuid

from redis.asyncio import Redis

from atelier_common.upload_leases import UploadLeases


async def test_leases_expire_unless_released_and_are_kept_apart(redis_url: str) -> None:
    redis = Redis.from_url(redis_url)
    owner = f"svc-{uuid.uuid4().hex[:6]}"
    try:
        short = UploadLeases(redis, owner, database_url="postgresql://h/db_a", ttl_s=0.2)
        long = UploadLeases(redis, owner, database_url="postgresql://h/db_a", ttl_s=60)
        other_db = UploadLeases(redis, owner, database_url="postgresql://h/db_b", ttl_s=0.2)
        await short.hold("uploads/1/a/released.txt")
        await short.hold("uploads/1/b/abandoned.txt")
        await long.hold("uploads/1/c/in-flight.txt")
        await other_db.hold("uploads/1/d/elsewhere.txt")
        assert await short.expired() == []
        await short.release(["uploads/1/a/released.txt"])
        await asyncio.sleep(0.3)
        assert await short.expired() == ["uploads/1/b/abandoned.txt"]  # not the live lease, not another db's
        assert await other_db.expired() == ["uploads/1/d/elsewhere.txt"]
        await short.release(await short.expired())
        assert await short.expired() == []
    finally:
        await redis.aclose()
