"""start_service / astart_service: launch, wait for health, stop; failures carry the log tail."""

from __future__ import annotations

import sys
from pathlib import Path

import httpx
import pytest

from atelier_devstack.ports import free_port, port_open
from atelier_devstack.procs import pid_alive
from atelier_devstack.services import ServiceFailed, ServiceProcess, astart_service, start_service

DUMMY = str(Path(__file__).with_name("dummy_service.py"))


def test_start_service_waits_for_grpc_health_and_stops(atelier_env: dict[str, str]) -> None:
    port = int(atelier_env["ATELIER_AGENT_ADDR"].rsplit(":", 1)[1])
    with start_service("agent", atelier_env, argv=[sys.executable, DUMMY, "agent"]) as agent:
        assert agent.ready() and port_open("127.0.0.1", port)
        assert agent.addr == atelier_env["ATELIER_AGENT_ADDR"]
        pid = agent.pid
    assert not pid_alive(pid)
    assert not port_open("127.0.0.1", port)
    assert agent.proc.returncode is not None


async def test_astart_service_gateway_answers_http(tmp_path: Path) -> None:
    env = {
        "ATELIER_GATEWAY_HOST": "127.0.0.1",
        "ATELIER_GATEWAY_PORT": str(free_port()),
        "ATELIER_RUN_DIR": str(tmp_path),
    }
    async with (
        astart_service("gateway", env, argv=[sys.executable, DUMMY, "gateway"], require_200=True) as gw,
        httpx.AsyncClient(trust_env=False) as client,
    ):
        assert (await client.get(f"{gw.url}/readyz")).status_code == 200
    assert gw.log_path.parent == tmp_path / "logs"


def test_start_service_reports_an_exit_with_its_log(tmp_path: Path) -> None:
    env = {"ATELIER_PLUGIN_ADDR": f"127.0.0.1:{free_port()}", "DUMMY_FAIL": "plugin", "ATELIER_RUN_DIR": str(tmp_path)}
    service = ServiceProcess("plugin", env, argv=[sys.executable, DUMMY, "plugin"], timeout_s=30)
    with pytest.raises(ServiceFailed, match="simulated start-up failure"):
        service.start()
    assert service.proc.returncode == 2
