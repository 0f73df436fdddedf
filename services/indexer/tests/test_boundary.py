"""The indexer holds no connection to knowledge's schema: it runs under a Postgres role that owns
schema `indexer` and may read nothing else, and still indexes a document end to end (parse, chunk,
embed, search stores, slices stored and the document enabled through knowledge's RPCs)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.pytest_plugin import run_sync, with_fresh_addresses
from atelier_devstack.services import start_service
from atelier_devstack.stack_fixtures import TEST_TIMINGS

pytestmark = pytest.mark.e2e


@dataclass
class RestrictedStack:
    gateway_url: str
    database_url: str  # the superuser's (knowledge, the gateway and the test)
    indexer_url: str  # the indexer's role
    role: str
    token: str


def as_role(dsn: str, role: str) -> str:
    parts = urlsplit(dsn)
    return urlunsplit(parts._replace(netloc=f"{role}@{parts.hostname}:{parts.port or 5432}"))


async def _create_role(database_url: str, role: str) -> None:
    conn = await asyncpg.connect(database_url)
    try:
        await conn.execute(f'CREATE ROLE "{role}" LOGIN')
        await conn.execute(f'CREATE SCHEMA indexer AUTHORIZATION "{role}"')  # its own schema, nothing else
    finally:
        await conn.close()


async def _drop_role(server_url: str, role: str) -> None:
    conn = await asyncpg.connect(server_url)
    try:
        await conn.execute(f'DROP ROLE IF EXISTS "{role}"')
    finally:
        await conn.close()


@pytest.fixture(scope="module")
def restricted_stack(atelier_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
                     ) -> Iterator[RestrictedStack]:
    """knowledge, gateway and an indexer under a role of its own, on a database and broker of their
    own (no other stack's indexer may take these events, nor this one theirs)."""
    from atelier_devstack.infra import KafkaLauncher
    from atelier_devstack.infra.postgres import database_name, drop_database, ensure_database, with_database
    from atelier_devstack.ports import free_port

    root = tmp_path_factory.mktemp("restricted-stack")
    database = with_database(atelier_env["ATELIER_DATABASE_URL"], f"{database_name(atelier_env['ATELIER_DATABASE_URL'])}_rst")
    role = f"atelier_indexer_{uuid.uuid4().hex[:8]}"
    run_sync(ensure_database(database))
    run_sync(_create_role(database, role))
    broker = KafkaLauncher(port=free_port(), data_dir=root / "tansu", log_path=root / "tansu.log")
    run_sync(broker.start())
    env = {**with_fresh_addresses(atelier_env), **TEST_TIMINGS, "ATELIER_DATABASE_URL": database,
           "ATELIER_KAFKA_BOOTSTRAP": broker.url, "ATELIER_BOOTSTRAP_TOKEN_FILE": str(root / "admin_token")}
    try:
        with ExitStack() as stack:
            stack.enter_context(start_service("knowledge", env))
            stack.enter_context(start_service("indexer", {**env, "ATELIER_DATABASE_URL": as_role(database, role)}))
            gateway = stack.enter_context(start_service("gateway", env))
            yield RestrictedStack(gateway.url, database, as_role(database, role), role,
                                  Path(env["ATELIER_BOOTSTRAP_TOKEN_FILE"]).read_text().strip())
    finally:
        broker.stop()
        run_sync(drop_database(database))
        run_sync(_drop_role(atelier_env["ATELIER_DATABASE_URL"], role))


async def test_the_indexer_role_cannot_read_knowledge(restricted_stack: RestrictedStack) -> None:
    conn = await asyncpg.connect(restricted_stack.indexer_url)
    try:
        assert await conn.fetchval("SELECT current_user") == restricted_stack.role
        for table in ("knowledge.documents", "knowledge.slices", "knowledge.datasets", "knowledge.outbox"):
            with pytest.raises(asyncpg.InsufficientPrivilegeError):
                await conn.fetchval(f"SELECT count(*) FROM {table}")
        assert await conn.fetchval("SELECT has_schema_privilege(current_user, 'knowledge', 'USAGE')") is False
        owned = {r["tablename"] for r in await conn.fetch("SELECT tablename FROM pg_tables WHERE tableowner = current_user")}
        assert "processed_events" in owned  # migrated by the indexer itself, in its own schema
    finally:
        await conn.close()


async def test_a_document_is_indexed_end_to_end_by_the_restricted_indexer(restricted_stack: RestrictedStack) -> None:
    conn = await asyncpg.connect(restricted_stack.database_url)
    try:
        space_id = str(await conn.fetchval(
            "SELECT min(m.space_id) FROM gateway.space_members m JOIN gateway.users u ON u.id = m.user_id"
            " WHERE u.name = 'admin'"))
    finally:
        await conn.close()
    async with AtelierClient(restricted_stack.gateway_url, restricted_stack.token, space_id) as client:
        dataset_id = await client.create_dataset(f"boundary-{uuid.uuid4().hex[:8]}")
        text = "\n\n".join(f"Section {i}: the bilge pump clears water from compartment {i}." for i in range(40))
        info = await client.upload(dataset_id, "pumps.md", text.encode(),
                                   chunk_strategy={"chunk_type": 1, "separator": "\n\n", "max_tokens": 50,
                                                   "overlap": 0})
        final = (await client.wait_documents([info["document_id"]], timeout_s=60))[info["document_id"]]
        assert final["status"] == 1, final
        slices = await client.slices(info["document_id"])
        assert len(slices) > 1 and all(s["status"] == 1 for s in slices)
        found = await client.call("/api/knowledge/retrieve", {
            "space_id": space_id, "dataset_ids": [dataset_id], "query": "bilge pump compartment 17",
            "strategy": {"search_type": 20, "min_score": 0}})
        assert any("compartment 17" in s["content"] for s in found["slices"]), found
    conn = await asyncpg.connect(restricted_stack.indexer_url)
    try:  # the run was recorded where the indexer may write: its own schema
        assert await conn.fetchval("SELECT count(*) FROM indexer.processed_events") >= 1
    finally:
        await conn.close()
