"""pytest fixtures for tests that drive the knowledge stack end to end through the gateway.

  knowledge_stack   knowledge + indexer + gateway processes on the session's infrastructure
                    (atelier_env), with test-friendly timings: the reconciler wakes every second
                    and re-drives documents silent for 6 s; transient failures get 3 attempts.
                    Yields a KnowledgeStack (procs, env, token, space_id, client()).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.pytest_plugin import run_sync, with_fresh_addresses
from atelier_devstack.services import ServiceProcess, start_service

TEST_TIMINGS = {
    "ATELIER_RECONCILE_INTERVAL_S": "1",
    "ATELIER_RECONCILE_STUCK_AFTER_S": "6",
    "ATELIER_INDEX_MAX_ATTEMPTS": "3",
    "ATELIER_INDEX_BATCH_SIZE": "16",
    "ATELIER_EMBEDDING_MAX_RETRIES": "1",
    "ATELIER_MAX_UPLOAD_BYTES": str(3 * 1024 * 1024),
}


@dataclass
class KnowledgeStack:
    procs: dict[str, ServiceProcess]
    env: dict[str, str]
    token: str
    space_id: str

    @property
    def gateway_url(self) -> str:
        return self.procs["gateway"].url

    def client(self) -> AtelierClient:
        return AtelierClient(self.gateway_url, self.token, self.space_id)

    def restart(self, name: str, *, crash: bool = False) -> ServiceProcess:
        proc = self.procs[name]
        if crash:
            proc.kill()
        else:
            proc.stop()
        return proc.start()


async def _admin_space(database_url: str) -> str:
    conn = await asyncpg.connect(database_url)
    try:
        return str(await conn.fetchval(
            "SELECT min(m.space_id) FROM gateway.space_members m JOIN gateway.users u ON u.id = m.user_id"
            " WHERE u.name = 'admin'"
        ))
    finally:
        await conn.close()


@pytest.fixture(scope="session")
def knowledge_stack(atelier_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[KnowledgeStack]:
    token_file: Path = tmp_path_factory.mktemp("knowledge-gw") / "admin_token"
    # Its own ports: the whole-stack tests start their services from atelier_env too.
    env = {**with_fresh_addresses(atelier_env), **TEST_TIMINGS, "ATELIER_BOOTSTRAP_TOKEN_FILE": str(token_file)}
    with ExitStack() as stack:
        procs = {name: stack.enter_context(start_service(name, env)) for name in ("knowledge", "indexer")}
        procs["gateway"] = stack.enter_context(start_service("gateway", env))
        space_id = run_sync(_admin_space(env["ATELIER_DATABASE_URL"]))
        yield KnowledgeStack(procs, env, token_file.read_text().strip(), space_id)
