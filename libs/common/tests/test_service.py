"""service.run as a real process: migrations, deps, health, and graceful SIGTERM shutdown."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from atelier_common.grpc import new_channel
from atelier_devstack.ports import free_port

APP = Path(__file__).with_name("service_app.py")
SERVICE = "atelier.test.ServiceProbe"
LIBS_COMMON = Path(__file__).resolve().parents[1]


async def wait_serving(ch: grpc.aio.Channel, proc: subprocess.Popen, log: Path) -> None:
    stub = health_pb2_grpc.HealthStub(ch)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"service exited with {proc.returncode}:\n{log.read_text()}")
        try:
            reply = await stub.Check(health_pb2.HealthCheckRequest(service=SERVICE), timeout=1)
            if reply.status == health_pb2.HealthCheckResponse.SERVING:
                return
        except grpc.aio.AioRpcError:
            pass
        await asyncio.sleep(0.1)
    pytest.fail(f"service never became SERVING:\n{log.read_text()}")


async def test_service_runs_and_shuts_down_gracefully(database_url: str, redis_url: str, tmp_path: Path) -> None:
    port = free_port()
    markers = tmp_path / "markers"
    markers.mkdir()
    env = {
        **os.environ,
        "ATELIER_DATABASE_URL": database_url,
        "ATELIER_REDIS_URL": redis_url,
        "ATELIER_STORAGE_DIR": str(tmp_path / "storage"),
        "ATELIER_PLUGIN_ADDR": f"127.0.0.1:{port}",
        "ATELIER_SHUTDOWN_GRACE_S": "10",
        "ATELIER_OTLP_ENDPOINT": "",
        "PROBE_SCHEMA": "service_probe",
        "PROBE_MARKERS": str(markers),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(LIBS_COMMON), os.environ.get("PYTHONPATH")])),
    }
    log = tmp_path / "service.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, str(APP)], env=env, stdout=out, stderr=subprocess.STDOUT, cwd=tmp_path)
    ch = new_channel(f"127.0.0.1:{port}")
    try:
        await wait_serving(ch, proc, log)
        assert (markers / "started").exists()
        # Migrations ran into the service schema and the pool's search_path points there.
        assert await ch.unary_unary(f"/{SERVICE}/Note")(b"", timeout=5) == b"migrated"
        assert int(await ch.unary_unary(f"/{SERVICE}/NextId")(b"", timeout=5)) > 0
        # What start-up made is out of the collector's sight (a full collection pauses no request for it).
        assert int(await ch.unary_unary(f"/{SERVICE}/Frozen")(b"", timeout=5)) > 10_000

        watch = health_pb2_grpc.HealthStub(ch).Watch(health_pb2.HealthCheckRequest(service=""))
        assert (await watch.read()).status == health_pb2.HealthCheckResponse.SERVING
        inflight = ch.unary_stream(f"/{SERVICE}/SlowStream")(b"1.5", timeout=30)
        assert await inflight.read() == b"started"

        proc.send_signal(signal.SIGTERM)
        assert (await watch.read()).status == health_pb2.HealthCheckResponse.NOT_SERVING
        watch.cancel()  # an open Watch would otherwise hold the server for the whole grace period
        # The call that was in flight when SIGTERM arrived still finishes normally.
        assert await inflight.read() == b"done"
        assert await inflight.read() is grpc.aio.EOF
        assert await inflight.code() == grpc.StatusCode.OK

        returncode = await asyncio.get_running_loop().run_in_executor(None, proc.wait, 30)
        output = log.read_text()
        assert returncode == 0, output
        assert (markers / "stopped").exists()
        ready_lines = [line for line in output.splitlines() if '"ready"' in line]
        assert ready_lines and str(port) in ready_lines[0], output
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        await ch.close()
