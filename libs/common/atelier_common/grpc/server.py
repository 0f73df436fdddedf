"""The grpc.aio server every service runs: interceptors, health, reflection, graceful stop.

Health (grpc.health.v1): the overall status "" and each full service name start NOT_SERVING, turn
SERVING once `ready_check` passes (re-run every `check_interval_s`, flipping back while it fails),
and go NOT_SERVING for good when `stop()` begins, so load balancers and probes drain the instance
while in-flight calls finish.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from atelier_common.grpc.client import MAX_MESSAGE_BYTES
from atelier_common.grpc.interceptors import default_interceptors

log = logging.getLogger("atelier.grpc")

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING

SERVER_OPTIONS: list[tuple[str, Any]] = [
    # Accept the clients' 30 s keepalive pings (grpc/client.py) instead of answering GOAWAY.
    ("grpc.keepalive_permit_without_calls", 1),
    ("grpc.http2.min_ping_interval_without_data_ms", 10_000),
    ("grpc.http2.max_ping_strikes", 0),
    ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
    ("grpc.so_reuseport", 0),  # a second process on the same port must fail, not share it
]

ReadyCheck = Callable[[], Awaitable[bool]]


class GrpcServer:
    def __init__(
        self,
        server: grpc.aio.Server,
        port: int,
        health_servicer: health.aio.HealthServicer,
        service_names: Sequence[str],
        ready_check: ReadyCheck | None,
        check_interval_s: float,
        check_timeout_s: float,
    ) -> None:
        self.server = server
        self.port = port
        self.health = health_servicer
        self.service_names = ["", *service_names]
        self._ready_check = ready_check
        self._interval = check_interval_s
        self._timeout = check_timeout_s
        self._checker: asyncio.Task[None] | None = None
        self._stopping = False
        self.ready = False

    async def _set_all(self, status: int) -> None:
        for name in self.service_names:
            await self.health.set(name, status)

    async def check_ready(self) -> bool:
        """Run the ready check once and publish the result in the health service."""
        ok = True
        if self._ready_check is not None:
            try:
                ok = bool(await asyncio.wait_for(self._ready_check(), self._timeout))
            except Exception as exc:  # noqa: BLE001 - a failing dependency means not ready, not a crash
                log.warning("ready check failed: %r", exc)
                ok = False
        if self._stopping:
            return False
        if ok != self.ready:
            log.info("health %s", "SERVING" if ok else "NOT_SERVING", extra={"port": self.port})
        self.ready = ok
        await self._set_all(SERVING if ok else NOT_SERVING)
        return ok

    async def _check_loop(self) -> None:
        while not self._stopping:
            await asyncio.sleep(self._interval)
            await self.check_ready()

    def start_checks(self) -> None:
        self._checker = asyncio.get_running_loop().create_task(self._check_loop(), name="grpc-ready-check")

    async def stop(self, grace: float | None = 10.0) -> None:
        """NOT_SERVING, refuse new calls, give in-flight calls `grace` seconds, then cancel them."""
        if self._stopping:
            return
        self._stopping = True
        self.ready = False
        if self._checker is not None:
            self._checker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checker
        await self.health.enter_graceful_shutdown()
        await self.server.stop(grace)

    async def wait_for_termination(self) -> None:
        await self.server.wait_for_termination()


async def start_server(
    port: int,
    register: Callable[[grpc.aio.Server], Awaitable[None] | None],
    *,
    service_names: Sequence[str] = (),
    ready_check: ReadyCheck | None = None,
    host: str = "[::]",
    interceptors: Sequence[grpc.aio.ServerInterceptor] | None = None,
    check_interval_s: float = 5.0,
    check_timeout_s: float = 3.0,
    slow_call_s: float = 1.0,
) -> GrpcServer:
    """Start a server on host:port (port 0 picks a free one; see `.port`) with health + reflection.

    `register(server)` adds the service's servicers. `service_names` are their full names
    ("atelier.agent.AgentService") for health and reflection. Returns once the server listens and
    the first ready check ran.
    """
    server = grpc.aio.server(
        interceptors=list(interceptors) if interceptors is not None else default_interceptors(slow_call_s),
        options=SERVER_OPTIONS,
    )
    result = register(server)
    if inspect.isawaitable(result):
        await result
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection([*service_names, health.SERVICE_NAME, reflection.SERVICE_NAME], server)
    bound = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        raise RuntimeError(f"cannot listen on {host}:{port}")
    grpc_server = GrpcServer(
        server, bound, health_servicer, service_names, ready_check, check_interval_s, check_timeout_s
    )
    await grpc_server._set_all(NOT_SERVING)
    await server.start()
    await grpc_server.check_ready()
    grpc_server.start_checks()
    return grpc_server
