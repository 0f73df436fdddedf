"""Health probes for infrastructure and services. Each returns True/False and never raises."""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit

import grpc
import httpx
from grpc_health.v1 import health_pb2, health_pb2_grpc

from atelier_devstack.ports import port_open, split_hostport


async def postgres_ok(dsn: str, timeout_s: float = 3.0) -> bool:
    import asyncpg

    try:
        conn = await asyncpg.connect(dsn, timeout=timeout_s)
    except Exception:  # noqa: BLE001 - a probe: any failure means "does not answer"
        return False
    try:
        return await conn.fetchval("SELECT 1") == 1
    except Exception:  # noqa: BLE001 - a probe: any failure means "does not answer"
        return False
    finally:
        with contextlib.suppress(Exception):
            await conn.close(timeout=timeout_s)


async def redis_ok(url: str, timeout_s: float = 2.0) -> bool:
    import redis.asyncio as aioredis

    client = aioredis.from_url(url, socket_connect_timeout=timeout_s, socket_timeout=timeout_s)
    try:
        return bool(await client.ping())
    except Exception:  # noqa: BLE001 - a probe: any failure means "does not answer"
        return False
    finally:
        with contextlib.suppress(Exception):
            await client.aclose()


async def kafka_ok(bootstrap: str, timeout_s: float = 5.0) -> bool:
    """TCP connect to the first bootstrap server, then a full metadata round trip."""
    from aiokafka import AIOKafkaClient

    host, port = split_hostport(bootstrap.split(",")[0], 9092)
    if not port_open(host, port):
        return False
    client = AIOKafkaClient(bootstrap_servers=bootstrap, request_timeout_ms=int(timeout_s * 1000))
    try:
        await asyncio.wait_for(client.bootstrap(), timeout_s)
        await asyncio.wait_for(client.fetch_all_metadata(), timeout_s)
        return True
    except Exception:  # noqa: BLE001 - a probe: any failure means "does not answer"
        return False
    finally:
        with contextlib.suppress(Exception):
            await client.close()


def _milvus_list(uri: str, timeout_s: float) -> bool:
    from pymilvus import MilvusClient

    client = MilvusClient(uri=uri, timeout=timeout_s, dedicated=True)  # not left behind as the process's shared channel
    try:
        client.list_collections()
        return True
    finally:
        with contextlib.suppress(Exception):
            client.close()


async def milvus_ok(uri: str, timeout_s: float = 5.0) -> bool:
    parts = urlsplit(uri)
    if not port_open(parts.hostname or "127.0.0.1", parts.port or 19530):
        return False
    try:
        return await asyncio.wait_for(asyncio.to_thread(_milvus_list, uri, timeout_s), timeout_s + 1)
    except Exception:  # noqa: BLE001 - a probe: any failure means "does not answer"
        return False


async def grpc_ok(addr: str, service: str = "", timeout_s: float = 2.0) -> bool:
    """grpc.health.v1 Check reports SERVING."""
    host, port = split_hostport(addr, 0)
    if not port_open(host, port):
        return False
    try:
        async with grpc.aio.insecure_channel(addr) as channel:
            reply = await health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service=service), timeout=timeout_s
            )
    except Exception:  # noqa: BLE001 - a probe: any failure means "does not answer"
        return False
    return reply.status == health_pb2.HealthCheckResponse.SERVING


async def http_ok(url: str, timeout_s: float = 3.0) -> bool:
    try:
        async with httpx.AsyncClient(timeout=timeout_s, trust_env=False) as client:
            return (await client.get(url)).status_code == 200
    except Exception:  # noqa: BLE001 - a probe: any failure means "does not answer"
        return False


async def wait_until(probe, timeout_s: float, *, interval_s: float = 0.25, alive=None) -> bool:
    """Poll an async probe until it is True or timeout; stop early when alive() turns False."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while True:
        if await probe():
            return True
        if alive is not None and not alive():
            return False
        if loop.time() >= deadline:
            return False
        await asyncio.sleep(interval_s)
