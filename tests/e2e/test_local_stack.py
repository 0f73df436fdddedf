"""`make dev` / `make status` / `make down` on the real services, isolated from a developer's stack:
its own run dir, free ports for everything, a fresh database on the machine's Postgres and a
Redis db of its own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import redis

from atelier_devstack import health
from atelier_devstack.infra.postgres import drop_database, with_database
from atelier_devstack.ports import free_port, port_open
from atelier_devstack.procs import pid_alive, read_pidfile
from atelier_devstack.pytest_plugin import run_sync

pytestmark = pytest.mark.e2e

SERVICES = ("agent", "conversation", "knowledge", "indexer", "workflow", "workflow_worker", "plugin")
COMPONENTS = ("postgres", "redis", "kafka", "milvus", *SERVICES, "gateway")
OK = {"ok", "up", "serving", "healthy", "pass", "true"}


def _devstack(command: str, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "atelier_devstack", *command.split()],
        env=env, capture_output=True, text=True, timeout=timeout, check=False,
    )  # fmt: skip


def _component_states(body: object) -> dict[str, object]:
    """The per-component part of a /readyz body, whichever of the usual shapes it has."""
    if isinstance(body, dict):
        for key in ("components", "checks", "dependencies", "services"):
            if isinstance(body.get(key), dict):
                return body[key]
            if isinstance(body.get(key), list):
                return {str(item.get("name")): item for item in body[key] if isinstance(item, dict)}
    return {}


def _is_ok(state: object) -> bool:
    if isinstance(state, bool):
        return state
    if isinstance(state, str):
        return state.lower() in OK
    if isinstance(state, dict):
        return any(_is_ok(state.get(k)) for k in ("status", "state", "ok", "healthy"))
    return False


@pytest.fixture
def stack_env(tmp_path: Path) -> dict[str, str]:
    server = os.environ.get("ATELIER_TEST_DATABASE_URL") or "postgresql://postgres@127.0.0.1:5432/postgres"
    redis_url = os.environ.get("ATELIER_TEST_E2E_REDIS_URL") or "redis://127.0.0.1:6379/14"
    env = {k: v for k, v in os.environ.items() if not k.startswith("ATELIER_")}
    env.update(
        {
            "ATELIER_RUN_DIR": str(tmp_path / "run"),
            "ATELIER_DATABASE_URL": with_database(server, f"atelier_e2e_{os.getpid()}_{free_port()}"),
            "ATELIER_REDIS_URL": redis_url,
            "ATELIER_KAFKA_BOOTSTRAP": f"127.0.0.1:{free_port()}",
            "ATELIER_MILVUS_URI": f"http://127.0.0.1:{free_port()}",
            "ATELIER_GATEWAY_PORT": str(free_port()),
            "ATELIER_DEVSTACK_TIMEOUT_S": "180",
        }
    )
    for name in SERVICES:
        env[f"ATELIER_{name.upper()}_ADDR"] = f"127.0.0.1:{free_port()}"
    # As on a machine with no hosted model: no embedding API (the local MiniLM embeds), chat models
    # on a port where nothing listens (probes stay on this machine).
    offline = f"http://127.0.0.1:{free_port()}/v1"
    models = tmp_path / "models"
    models.mkdir()
    (models / "offline.yaml").write_text(f"id: 1\nname: Offline chat\nbase_url: {offline}\n"
                                         "model: some-chat\nmax_context: 8192\ndefault: true\n")
    env.update({"ATELIER_LLM_BASE_URL": offline, "ATELIER_MODEL_CONFIG_DIR": str(models)})
    redis.Redis.from_url(redis_url).flushdb()
    yield env
    run_sync(drop_database(env["ATELIER_DATABASE_URL"]))
    redis.Redis.from_url(redis_url).flushdb()


@pytest.mark.timeout(900)
def test_up_status_down(stack_env: dict[str, str]) -> None:
    run_dir = Path(stack_env["ATELIER_RUN_DIR"])
    gateway = f"http://127.0.0.1:{stack_env['ATELIER_GATEWAY_PORT']}"
    try:
        up = _devstack("up", stack_env, timeout=600)
        assert up.returncode == 0, f"up failed:\n{up.stdout}\n{up.stderr}"
        assert gateway in up.stdout
        # Which models the stack uses and whether they answer: offline is a line, not a crash.
        assert "embedder        local:all-MiniLM-L6-v2  ok" in up.stdout, up.stdout
        assert "chat model      Offline chat" in up.stdout and "NOT OK: not reachable" in up.stdout

        ready = httpx.get(f"{gateway}/readyz", timeout=10, trust_env=False)
        assert ready.status_code == 200, ready.text
        try:
            states = _component_states(ready.json())
        except ValueError:
            states = {}
        assert all(_is_ok(state) for state in states.values()), ready.text
        token_file = run_dir / "admin_token"
        if token_file.exists():
            assert token_file.read_text().strip() in up.stdout

        status = _devstack("status --json", stack_env, timeout=120)
        assert status.returncode == 0, status.stdout + status.stderr
        report = json.loads(status.stdout)
        rows = {row["component"]: row for row in report["components"]}
        models = {m["role"]: m for m in report["models"]}
        assert models["embedder"]["ok"] and not models["chat model"]["ok"], models
        assert set(rows) == set(COMPONENTS)
        assert {rows["postgres"]["health"], rows["redis"]["health"]} == {"reused"}
        assert all(rows[name]["health"] == "up" for name in COMPONENTS[2:]), rows

        # Idempotent: a second `up` starts nothing new.
        pids = {p.stem: read_pidfile(p) for p in (run_dir / "pids").glob("*.pid")}
        again = _devstack("up", stack_env, timeout=300)
        assert again.returncode == 0, again.stdout + again.stderr
        assert {p.stem: read_pidfile(p) for p in (run_dir / "pids").glob("*.pid")} == pids
    finally:
        pids = {p.stem: read_pidfile(p) for p in (run_dir / "pids").glob("*.pid")}
        ports = [int(row["port"]) for row in json.loads((run_dir / "state.json").read_text())["components"].values()
                 if row.get("mode") == "started" and row.get("port")] if (run_dir / "state.json").exists() else []  # fmt: skip
        down = _devstack("down", stack_env, timeout=300)
    assert down.returncode == 0, down.stdout + down.stderr
    assert set(pids) == set(COMPONENTS) - {"postgres", "redis"}  # reused servers are never ours
    assert not [name for name, pid in pids.items() if pid_alive(pid)]
    assert not [port for port in ports if port_open("127.0.0.1", port)]
    assert not list((run_dir / "pids").glob("*.pid"))
    # the reused Postgres and Redis were left running
    assert run_sync(health.postgres_ok(with_database(stack_env["ATELIER_DATABASE_URL"], "postgres")))
    assert run_sync(health.redis_ok(stack_env["ATELIER_REDIS_URL"]))
