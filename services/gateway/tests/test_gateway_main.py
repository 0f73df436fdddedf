"""The process wiring: `serve()` with migrations, bootstrap token file, graceful stop, and the
`create-token` CLI. Needs atelier_common's db/logging/telemetry modules."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import httpx
import pytest

from atelier_common.settings import Settings
from atelier_devstack.ports import free_port

pytestmark = pytest.mark.timeout(120)


async def test_serve_bootstraps_and_stops_gracefully(database_url: str, redis_url: str, tmp_path) -> None:
    pytest.importorskip("atelier_common.db.migrations")
    pytest.importorskip("atelier_common.grpc.client")
    from atelier_gateway.main import serve

    port = free_port()
    token_file = tmp_path / "token"
    settings = Settings(database_url=database_url, redis_url=redis_url, bootstrap_token_file=str(token_file),
                        shutdown_grace_s=2)
    stop = asyncio.Event()
    task = asyncio.create_task(serve(settings, stop, port=port))
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=5) as c:
        for _ in range(200):
            if task.done():
                task.result()
            try:
                if (await c.get("/healthz")).status_code == 200:
                    break
            except httpx.TransportError:
                await asyncio.sleep(0.05)
        token = token_file.read_text().strip()
        r = await c.get(
            "/api/permission_api/pat/list_personal_access_tokens", headers={"Authorization": f"Bearer {token}"}
        )
        assert r.status_code == 200, r.text
    stop.set()
    await asyncio.wait_for(task, 10)


def test_create_token_cli(database_url: str) -> None:
    pytest.importorskip("atelier_common.db.migrations")
    pytest.importorskip("atelier_common.logging")
    env = {**os.environ, "ATELIER_DATABASE_URL": database_url}
    out = subprocess.run(
        [sys.executable, "-m", "atelier_gateway", "create-token", "--user", "cli-user"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    token = out.stdout.strip().splitlines()[-1]
    assert token.startswith("pat_")
