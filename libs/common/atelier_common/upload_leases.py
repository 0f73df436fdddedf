"""Leases on object keys written before the row that refers to them is committed.

An upload is two writes that cannot share a transaction: the object, then the row naming it (the
gateway stores a multipart upload, then the owner service creates the document). A writer takes a
lease on the key before the object is written; the owner releases it once the row is committed;
the owner's sweep removes the objects of expired leases that no row refers to. A process killed
between the two writes therefore leaves a lease, not an orphan file.

Leases live in a Redis sorted set per owner service (score = expiry time). The set is also named
by the database, since one Redis may serve several deployments (test stacks each have their own
database) and a sweep must only judge keys against the rows of its own.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from urllib.parse import urlsplit

from redis.asyncio import Redis


def _set_name(owner: str, database_url: str) -> str:
    database = urlsplit(database_url).path.lstrip("/") or "default"
    return f"atelier:upload-leases:{database}:{owner}"


class UploadLeases:
    def __init__(self, redis: Redis, owner: str, *, database_url: str, ttl_s: float) -> None:
        self._redis = redis
        self._key = _set_name(owner, database_url)
        self._ttl_s = ttl_s

    async def hold(self, key: str) -> None:
        """Before the object is written: until the lease expires, no sweep touches it."""
        await self._redis.zadd(self._key, {key: time.time() + self._ttl_s})

    async def release(self, keys: Sequence[str]) -> None:
        """The rows naming these keys are committed (or the objects are gone)."""
        if keys:
            await self._redis.zrem(self._key, *keys)

    async def expired(self, limit: int = 100) -> list[str]:
        """Keys whose lease ran out: written by a process that never committed (or never released)."""
        found = await self._redis.zrangebyscore(self._key, "-inf", time.time(), start=0, num=limit)
        return [k.decode() if isinstance(k, bytes) else k for k in found]
