"""64-bit time-ordered ids (snowflake layout) with the worker id leased from Redis.

Layout: 41 bits of milliseconds since 2024-01-01T00:00Z | 10 bits worker | 12 bits sequence.
Two live processes never hold the same worker id: the lease is `SET NX EX` and renewed in the
background; if renewal finds the lease gone (expired while the process was stalled, or taken),
the generator refuses to issue ids instead of risking duplicates. Ids issued after a restart are
later in time than any issued before, so restarts are safe once the clock has moved on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import threading
import time
import uuid

from redis.asyncio import Redis

EPOCH_MS = 1_704_067_200_000  # 2024-01-01T00:00:00Z
WORKER_BITS = 10
SEQUENCE_BITS = 12
MAX_WORKERS = 1 << WORKER_BITS
MAX_SEQUENCE = (1 << SEQUENCE_BITS) - 1
MAX_CLOCK_SKEW_MS = 2_000

log = logging.getLogger("atelier.ids")

# Deletes the lease only while it still carries our token, so a stale stop() can't free another's id.
_RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"
# Extends the lease only while it is still ours; 0 means we lost it.
_RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end"


class IdGeneratorError(RuntimeError):
    pass


def compose(timestamp_ms: int, worker: int, sequence: int) -> int:
    return ((timestamp_ms - EPOCH_MS) << (WORKER_BITS + SEQUENCE_BITS)) | (worker << SEQUENCE_BITS) | sequence


def decompose(value: int) -> tuple[int, int, int]:
    """(unix ms, worker, sequence) of an id."""
    return (
        (value >> (WORKER_BITS + SEQUENCE_BITS)) + EPOCH_MS,
        (value >> SEQUENCE_BITS) & (MAX_WORKERS - 1),
        value & MAX_SEQUENCE,
    )


class IdGenerator:
    def __init__(self, redis: Redis, namespace: str = "atelier", *, lease_ttl_s: float = 30.0) -> None:
        self._redis = redis
        self._namespace = namespace
        self._ttl_ms = int(lease_ttl_s * 1000)
        self._token = f"{os.getpid()}:{uuid.uuid4().hex}"
        self._worker: int | None = None
        self._last_ms = 0
        self._sequence = 0
        self._lock = threading.Lock()
        self._renewer: asyncio.Task[None] | None = None
        # Monotonic deadline of the lease as last confirmed by Redis; past it another process may own the id.
        self._lease_until = 0.0

    @property
    def worker_id(self) -> int:
        if self._worker is None:
            raise IdGeneratorError("id generator not started (no worker lease)")
        if time.monotonic() >= self._lease_until:
            raise IdGeneratorError(f"worker id {self._worker} lease not renewed within its TTL; refusing to issue ids")
        return self._worker

    def _key(self, worker: int) -> str:
        return f"{self._namespace}:idgen:worker:{worker}"

    async def start(self) -> None:
        if not await self._acquire():
            raise IdGeneratorError(f"all {MAX_WORKERS} worker ids are leased")
        self._renewer = asyncio.create_task(self._renew_forever(), name="idgen-lease")

    async def _acquire(self) -> bool:
        """Lease a free worker id (SET NX with the TTL): no other live process holds it."""
        start = random.randrange(MAX_WORKERS)
        for offset in range(MAX_WORKERS):
            worker = (start + offset) % MAX_WORKERS
            asked_at = time.monotonic()
            if await self._redis.set(self._key(worker), self._token, nx=True, px=self._ttl_ms):
                self._worker = worker
                self._lease_until = asked_at + self._ttl_ms / 1000
                log.debug("worker id leased", extra={"worker": worker})
                return True
        return False

    async def _renew_forever(self) -> None:
        interval = self._ttl_ms / 3000
        while True:
            await asyncio.sleep(interval)
            asked_at = time.monotonic()  # the new TTL counts from before the request, to err on the safe side
            try:
                if self._worker is None:  # lost earlier: lease a fresh worker id
                    if await self._acquire():
                        log.warning("worker id leased again", extra={"worker": self._worker})
                    continue
                renewed = await self._redis.eval(_RENEW, 1, self._key(self._worker), self._token, self._ttl_ms)
            except Exception:  # Redis blip: the lease still has up to 2/3 of its TTL left; retry soon.
                log.warning("worker id lease renewal failed", exc_info=True)
                continue
            if not renewed:
                # Gone (Redis restarted or flushed, or this process stalled past the TTL and another
                # took the id): stop issuing ids at once, and lease a new worker id on the next round.
                log.error("worker id lease lost; leasing a new one", extra={"worker": self._worker})
                self._worker = None
                continue
            self._lease_until = asked_at + self._ttl_ms / 1000

    async def stop(self) -> None:
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
            self._renewer = None
        if self._worker is not None:
            worker, self._worker = self._worker, None
            with contextlib.suppress(Exception):
                await self._redis.eval(_RELEASE, 1, self._key(worker), self._token)

    def next_id(self) -> int:
        worker = self.worker_id
        with self._lock:
            now = time.time_ns() // 1_000_000
            if now < self._last_ms:
                if self._last_ms - now > MAX_CLOCK_SKEW_MS:
                    raise IdGeneratorError(f"clock moved back {self._last_ms - now} ms")
                now = self._wait_until(self._last_ms)
            if now == self._last_ms:
                self._sequence = (self._sequence + 1) & MAX_SEQUENCE
                if self._sequence == 0:  # 4096 ids this millisecond: borrow the next one
                    now = self._wait_until(self._last_ms + 1)
            else:
                self._sequence = 0
            self._last_ms = now
            return compose(now, worker, self._sequence)

    @staticmethod
    def _wait_until(target_ms: int) -> int:
        while (now := time.time_ns() // 1_000_000) < target_ms:
            time.sleep(0.0002)
        return now
