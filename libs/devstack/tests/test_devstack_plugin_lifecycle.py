"""The fixtures clean up after their session: run a small pytest session in a subprocess and
check what it leaves behind."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg

from atelier_devstack.ports import free_port, port_open

PROBE = """
import json, os

def test_record(database_url, redis_url, kafka_bootstrap):
    with open(os.environ["PROBE_OUT"], "w") as f:
        json.dump({"database_url": database_url, "redis_url": redis_url, "kafka": kafka_bootstrap}, f)
"""


def _session(tmp_path: Path, env: dict[str, str]) -> dict[str, str]:
    (tmp_path / "test_probe_session.py").write_text(PROBE)
    out = tmp_path / "out.json"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "atelier_devstack.pytest_plugin", "-p", "no:cacheprovider",
         "--rootdir", str(tmp_path), "-c", os.devnull, str(tmp_path / "test_probe_session.py")],
        env={**os.environ, **env, "PROBE_OUT": str(out)}, capture_output=True, text=True, timeout=240, check=False,
        cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(out.read_text())


async def test_database_is_dropped_and_broker_stopped_after_the_session(tmp_path: Path) -> None:
    seen = _session(tmp_path, {})
    name = urlsplit(seen["database_url"]).path.lstrip("/")
    conn = await asyncpg.connect(seen["database_url"].rsplit("/", 1)[0] + "/postgres")
    try:
        assert not await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name)
    finally:
        await conn.close()
    host, port = seen["kafka"].rsplit(":", 1)
    assert not port_open(host, int(port))


def test_embedded_servers_when_none_answers(tmp_path: Path) -> None:
    dead_pg, dead_redis = free_port(), free_port()
    seen = _session(
        tmp_path,
        {
            "ATELIER_TEST_DATABASE_URL": f"postgresql://postgres@127.0.0.1:{dead_pg}/postgres",
            "ATELIER_TEST_REDIS_URL": f"redis://127.0.0.1:{dead_redis}/15",
        },
    )
    pg, rd = urlsplit(seen["database_url"]), urlsplit(seen["redis_url"])
    assert pg.port not in (dead_pg, 5432) and rd.port not in (dead_redis, 6379)
    assert rd.path == "/15"
    # both embedded servers were stopped with the session
    assert not port_open("127.0.0.1", pg.port) and not port_open("127.0.0.1", rd.port)
