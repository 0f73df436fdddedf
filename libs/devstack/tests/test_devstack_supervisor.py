"""up/status/down of the local stack, with stand-in services (tests/e2e runs the real ones)."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import asyncpg
import pytest

from atelier_common.settings import Settings
from atelier_devstack.infra.postgres import drop_database, with_database
from atelier_devstack.ports import free_port, port_open
from atelier_devstack.procs import pid_alive, read_pidfile
from atelier_devstack.rundir import RunDir
from atelier_devstack.supervisor import COMPONENTS, SERVICES, Stack

DUMMY = str(Path(__file__).with_name("dummy_service.py"))


def _stack(run: Path, overrides: dict[str, str], extra_env: dict[str, str] | None = None) -> tuple[Stack, io.StringIO]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ATELIER_")}
    env.update(overrides, **(extra_env or {}))
    settings = Settings(**{k.removeprefix("ATELIER_").lower(): v for k, v in overrides.items()})
    out = io.StringIO()
    stack = Stack(settings, RunDir(run), env=env, argv_for=lambda n: [sys.executable, DUMMY, n], out=out, timeout_s=60)
    return stack, out


def _ports(**infra: str) -> dict[str, str]:
    env = {f"ATELIER_{n.upper()}_ADDR": f"127.0.0.1:{free_port()}" for n in SERVICES}
    env["ATELIER_GATEWAY_PORT"] = str(free_port())
    env["ATELIER_KAFKA_BOOTSTRAP"] = f"127.0.0.1:{free_port()}"
    env["ATELIER_MILVUS_URI"] = f"http://127.0.0.1:{free_port()}"
    env.update(infra)
    return env


def _listening_ports(stack: Stack) -> list[int]:
    comps = stack.run.load_state()["components"]
    return [c["port"] for c in comps.values() if c["mode"] == "started"]


async def test_starts_everything_when_nothing_answers_and_down_stops_it(tmp_path: Path) -> None:
    # Postgres and Redis URLs on ports where nothing listens: the stack starts embedded ones there.
    pg_port, redis_port = free_port(), free_port()
    overrides = _ports(
        ATELIER_DATABASE_URL=f"postgresql://postgres@127.0.0.1:{pg_port}/atelier",
        ATELIER_REDIS_URL=f"redis://127.0.0.1:{redis_port}/0",
    )
    stack, out = _stack(tmp_path / "run", overrides)
    try:
        assert await stack.up() == 0, out.getvalue()
        text = out.getvalue()
        assert "admin token: pat_dummy_token" in text
        rows = {r.component: r for r in await stack.status()}
        assert set(rows) == set(COMPONENTS)
        assert all(r.health == "up" for r in rows.values()), rows
        assert rows["postgres"].port == pg_port and rows["redis"].port == redis_port
        conn = await asyncpg.connect(f"postgresql://postgres@127.0.0.1:{pg_port}/atelier")
        await conn.close()
        env_file = (tmp_path / "run" / "env").read_text()
        assert f"ATELIER_DATABASE_URL=postgresql://postgres@127.0.0.1:{pg_port}/atelier" in env_file
        pids = {n: read_pidfile(stack.run.pidfile(n)) for n in COMPONENTS}

        # A second `up` starts nothing new.
        again, out2 = _stack(tmp_path / "run", overrides)
        assert await again.up() == 0, out2.getvalue()
        assert "started" not in out2.getvalue()
        assert {n: read_pidfile(stack.run.pidfile(n)) for n in COMPONENTS} == pids
        ports = _listening_ports(stack)
        assert len(ports) == len(COMPONENTS)
    finally:
        assert stack.down(timeout_s=20) == 0
    assert not any(pid_alive(p) for p in pids.values())
    assert not any(port_open("127.0.0.1", p) for p in ports)
    assert not list(stack.run.pids.glob("*.pid"))
    assert all(r.health == "down" for r in await stack.status())


async def test_reuses_answering_servers_and_reports_a_failed_service(tmp_path: Path, redis_url: str) -> None:
    server = os.environ.get("ATELIER_TEST_DATABASE_URL") or "postgresql://postgres@127.0.0.1:5432/postgres"
    db_url = with_database(server, f"atelier_devstack_{free_port()}")
    overrides = _ports(ATELIER_DATABASE_URL=db_url, ATELIER_REDIS_URL=redis_url)
    stack, out = _stack(tmp_path / "run", overrides, {"DUMMY_FAIL": "plugin"})
    try:
        assert await stack.up() == 1
        text = out.getvalue()
        assert "plugin exited" in text and "simulated start-up failure" in text
        # the reused database was created; reused servers get no pidfile
        conn = await asyncpg.connect(db_url)
        await conn.close()
        assert not stack.run.pidfile("postgres").exists() and not stack.run.pidfile("redis").exists()
        rows = {r.component: r for r in await stack.status()}
        assert rows["postgres"].health == "reused" and rows["redis"].health == "reused"
        assert rows["agent"].health == "up" and rows["plugin"].health == "down" and rows["gateway"].health == "down"
        started = [read_pidfile(p) for p in stack.run.pids.glob("*.pid")]
        assert started
    finally:
        before = len(out.getvalue())
        assert stack.down(timeout_s=20) == 0
        await drop_database(db_url)
    assert not any(pid_alive(p) for p in started)
    stopped = out.getvalue()[before:]
    assert "kafka" in stopped and "postgres" not in stopped and "redis" not in stopped


async def test_refuses_a_port_taken_by_a_stranger(tmp_path: Path, database_url: str, redis_url: str) -> None:
    import socket

    overrides = _ports(ATELIER_DATABASE_URL=database_url, ATELIER_REDIS_URL=redis_url)
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", int(overrides["ATELIER_AGENT_ADDR"].rsplit(":", 1)[1])))
        squatter.listen()
        stack, out = _stack(tmp_path / "run", overrides)
        try:
            assert await stack.up() == 1
            assert "agent: port" in out.getvalue() and "already taken" in out.getvalue()
        finally:
            stack.down(timeout_s=20)


@pytest.mark.parametrize("command", ["status"])
def test_cli_status_without_a_stack_reports_down(tmp_path: Path, command: str) -> None:
    import subprocess

    env = {**os.environ, "ATELIER_RUN_DIR": str(tmp_path / "none")}
    proc = subprocess.run(
        [sys.executable, "-m", "atelier_devstack", command], env=env, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 3, proc.stderr
    assert "gateway" in proc.stdout and "down" in proc.stdout


@pytest.mark.parametrize("variable", ["ATELIER_URL_SIGNING_KEY", "ATELIER_SECRET_KEY"])
def test_the_stacks_secrets_are_generated_once_and_kept(tmp_path: Path, variable: str) -> None:
    """The key signing file URLs (URLs handed out before stay valid) and the key encrypting stored
    plugin credentials (they still decrypt) survive a restart of `make dev` on the same run dir."""
    state = {"components": {n: {"url": f"scheme://127.0.0.1:{i}"} for i, n in enumerate(("postgres", "redis",
                                                                                         "kafka", "milvus"))}}
    stack, _ = _stack(tmp_path / "run", _ports())
    stack.run.create()
    env = stack.service_env(state)
    key = env[variable]
    assert len(key) >= 32 and env["ATELIER_URL_SIGNING_KEY"] != env["ATELIER_SECRET_KEY"]
    stack._write_env_file(env)
    assert f"{variable}={key}\n" in stack.run.env_path.read_text()
    again, _ = _stack(tmp_path / "run", _ports())
    assert again.service_env(state)[variable] == key
    # a fresh run dir gets its own; an operator's own key always wins
    assert _stack(tmp_path / "other", _ports())[0].service_env(state)[variable] != key
    mine, _ = _stack(tmp_path / "run", _ports(**{variable: "operator-secret"}))
    assert mine.service_env(state)[variable] == "operator-secret"
