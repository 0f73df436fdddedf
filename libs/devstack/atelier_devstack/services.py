"""Run one service (`python -m atelier_<name>`) as a child process and wait until it is healthy.

Used by service tests and whole-stack tests:

    with start_service("agent", atelier_env) as agent:
        channel = grpc.aio.insecure_channel(agent.addr)

    async with astart_service("gateway", atelier_env, ready_path="/readyz") as gw:
        httpx.get(f"{gw.url}/readyz")
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from pathlib import Path

import grpc
import httpx
from grpc_health.v1 import health_pb2, health_pb2_grpc

from atelier_devstack.procs import stop_process, tail

_seq = itertools.count(1)

# Process kinds that are not a package of their own: the module that starts them.
PROCESS_MODULES = {"workflow_worker": "atelier_workflow.worker"}


def service_module(name: str) -> str:
    """The module `python -m` runs for a service, a process kind (workflow_worker) or the gateway."""
    return PROCESS_MODULES.get(name, f"atelier_{name}")


class ServiceFailed(RuntimeError):
    """The service exited or did not become healthy; the message ends with the tail of its log."""


class ServiceProcess:
    """A service child process in its own process group, stdout+stderr to log_path.

    Readiness: gRPC health (grpc.health.v1 Check == SERVING on ATELIER_<NAME>_ADDR); for the
    gateway, an HTTP answer on ATELIER_GATEWAY_HOST:PORT (any status at ready_path, or 200 when
    require_200) since its /readyz depends on the other services being up.
    """

    def __init__(
        self,
        name: str,
        env: Mapping[str, str],
        *,
        log_path: Path | None = None,
        argv: Sequence[str] | None = None,
        timeout_s: float = 60.0,
        ready_path: str = "/readyz",
        require_200: bool = False,
    ) -> None:
        self.name = name
        self.env = {**os.environ, **env, "PYTHONUNBUFFERED": "1"}
        self.argv = list(argv or [sys.executable, "-m", service_module(name)])
        self.timeout_s = timeout_s
        self.ready_path = ready_path
        self.require_200 = require_200
        self.log_path = log_path or self._default_log()
        self.proc: subprocess.Popen | None = None

    @property
    def addr(self) -> str:
        """host:port of the service's gRPC server (the gateway: of its HTTP server)."""
        if self.name == "gateway":
            return f"{self.env.get('ATELIER_GATEWAY_HOST', '127.0.0.1')}:{self.env.get('ATELIER_GATEWAY_PORT', '8080')}"
        return self.env[f"ATELIER_{self.name.upper()}_ADDR"]

    @property
    def url(self) -> str:
        return f"http://{self.addr}"

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    def _default_log(self) -> Path:
        root = Path(self.env["ATELIER_RUN_DIR"]) if self.env.get("ATELIER_RUN_DIR") else Path(tempfile.gettempdir())
        return root / "logs" / f"{self.name}-{os.getpid()}-{next(_seq)}.log"

    def start(self) -> ServiceProcess:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(
                self.argv, env=self.env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        try:
            self.wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def ready(self) -> bool:
        if self.name == "gateway":
            try:
                status = httpx.get(f"{self.url}{self.ready_path}", timeout=2.0, trust_env=False).status_code
            except httpx.HTTPError:
                return False
            return status == 200 if self.require_200 else True
        try:
            with grpc.insecure_channel(self.addr) as channel:
                reply = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=2.0)
        except grpc.RpcError:
            return False
        return reply.status == health_pb2.HealthCheckResponse.SERVING

    def wait_ready(self) -> None:
        assert self.proc is not None
        deadline = time.monotonic() + self.timeout_s
        while not self.ready():
            if self.proc.poll() is not None:
                raise ServiceFailed(
                    f"{self.name} exited with {self.proc.returncode} (log {self.log_path}):\n{tail(self.log_path)}"
                )
            if time.monotonic() > deadline:
                raise ServiceFailed(
                    f"{self.name} not healthy after {self.timeout_s:.0f}s (log {self.log_path}):\n{tail(self.log_path)}"
                )
            time.sleep(0.2)

    def stop(self, timeout_s: float = 15.0) -> int | None:
        """SIGTERM the process group, SIGKILL after timeout_s. Returns the exit code."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            stop_process(self.proc.pid, sig=signal.SIGTERM, timeout_s=timeout_s)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5)
        return self.proc.returncode

    def kill(self) -> int | None:
        """SIGKILL the process group at once: a crash, no graceful shutdown."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            stop_process(self.proc.pid, sig=signal.SIGKILL, timeout_s=5.0)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5)
        return self.proc.returncode

    def logs(self, lines: int = 50) -> str:
        return tail(self.log_path, lines)


@contextlib.contextmanager
def start_service(name: str, env: Mapping[str, str], **kwargs) -> Iterator[ServiceProcess]:
    """Start `python -m atelier_<name>` with env, wait for health, stop it on exit."""
    service = ServiceProcess(name, env, **kwargs)
    service.start()
    try:
        yield service
    finally:
        service.stop()


@contextlib.asynccontextmanager
async def astart_service(name: str, env: Mapping[str, str], **kwargs) -> AsyncIterator[ServiceProcess]:
    """start_service for async tests: the blocking start/stop run in a worker thread."""
    service = ServiceProcess(name, env, **kwargs)
    await asyncio.to_thread(service.start)
    try:
        yield service
    finally:
        await asyncio.to_thread(service.stop)
