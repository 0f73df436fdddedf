"""/healthz (the process is up) and /readyz (Postgres, Redis and every downstream service answer).

Readiness checks run concurrently, each with a short timeout, so one hung dependency costs at
most that timeout and is named in the 503 body.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from starlette.requests import Request
from starlette.responses import JSONResponse

CHECK_TIMEOUT_S = 1.5

Check = Callable[[], Awaitable[None]]


async def healthz(request: Request) -> JSONResponse:
    return JSONResponse({"code": 0, "msg": ""})


def postgres_check(pool: Any) -> Check:
    async def check() -> None:
        if await pool.fetchval("SELECT 1") != 1:
            raise RuntimeError("unexpected answer")

    return check


def redis_check(redis: Any) -> Check:
    async def check() -> None:
        if not await redis.ping():
            raise RuntimeError("no PONG")

    return check


def grpc_check(channel_factory: Callable[[str], Any], addr: str) -> Check:
    async def check() -> None:
        stub = health_pb2_grpc.HealthStub(channel_factory(addr))
        reply = await stub.Check(health_pb2.HealthCheckRequest(service=""), timeout=CHECK_TIMEOUT_S)
        if reply.status != health_pb2.HealthCheckResponse.SERVING:
            raise RuntimeError(health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status).lower())

    return check


async def _run(name: str, check: Check, timeout_s: float) -> tuple[str, str]:
    try:
        await asyncio.wait_for(check(), timeout_s)
    except TimeoutError:
        return name, "timeout"
    except grpc.RpcError as e:
        return name, e.code().name.lower() if hasattr(e, "code") else "rpc error"
    except Exception as e:  # noqa: BLE001 - any failure means "not ready"; report its kind, not its trace
        return name, str(e) or type(e).__name__
    return name, "ok"


async def readiness(checks: Sequence[tuple[str, Check]], timeout_s: float = CHECK_TIMEOUT_S) -> JSONResponse:
    results = dict(await asyncio.gather(*(_run(name, check, timeout_s) for name, check in checks)))
    failing = sorted(name for name, state in results.items() if state != "ok")
    if failing:
        return JSONResponse(
            {"code": 503, "msg": f"not ready: {', '.join(failing)}", "components": results}, status_code=503
        )
    return JSONResponse({"code": 0, "msg": "", "components": results})
