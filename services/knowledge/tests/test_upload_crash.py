"""A knowledge service killed with SIGKILL while uploads stream in leaves no orphan files: every
object stored for a document that was never created (the gateway stored the upload, or knowledge
stored custom text, and the process died before the row committed) is swept once its upload lease
expires, and every document that was created has its source."""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from atelier_devstack.api_client import ApiError, AtelierClient
from atelier_devstack.pytest_plugin import run_sync, with_fresh_addresses
from atelier_devstack.services import ServiceProcess, start_service
from atelier_devstack.stack_fixtures import TEST_TIMINGS, new_user

pytestmark = pytest.mark.e2e

KILLS = 3
UPLOADERS = 8
LEASE_S = 5
PAYLOAD = b"Pressure relief valves open at the set pressure and reseat below it.\n" * 2000  # ~140 kB


@pytest.fixture(scope="module")
def crash_stack(atelier_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
                ) -> Iterator[tuple[dict[str, ServiceProcess], str, str]]:
    """knowledge + gateway with short upload leases and a sweep every second; a space of its own."""
    env = {**with_fresh_addresses(atelier_env), **TEST_TIMINGS, "ATELIER_UPLOAD_LEASE_S": str(LEASE_S),
           "ATELIER_BOOTSTRAP_TOKEN_FILE": str(tmp_path_factory.mktemp("crash-gw") / "admin_token")}
    with start_service("knowledge", env) as knowledge, start_service("gateway", env) as gateway:
        token, [space_id] = run_sync(new_user(env["ATELIER_DATABASE_URL"]))
        yield {"knowledge": knowledge, "gateway": gateway}, token, space_id


def stored_objects(storage_dir: Path, space_id: str) -> set[str]:
    """The space's objects (a local store's temporary files are not objects: never visible to readers)."""
    root = storage_dir / "uploads" / space_id
    return {p.relative_to(storage_dir).as_posix() for p in root.rglob("*")
            if p.is_file() and not p.name.startswith(".tmp-")}


async def document_sources(database_url: str, space_id: str) -> set[str]:
    conn = await asyncpg.connect(database_url)
    try:
        rows = await conn.fetch("SELECT tos_uri FROM knowledge.documents WHERE space_id = $1", int(space_id))
    finally:
        await conn.close()
    return {r["tos_uri"] for r in rows}


async def test_uploads_while_knowledge_is_killed_leave_no_orphan_files(
        crash_stack: tuple[dict[str, ServiceProcess], str, str], atelier_env: dict[str, str]) -> None:
    procs, token, space_id = crash_stack
    storage_dir = Path(atelier_env["ATELIER_STORAGE_DIR"])
    database_url = atelier_env["ATELIER_DATABASE_URL"]
    outcomes: dict[str, int] = {"created": 0, "refused": 0}
    async with AtelierClient(procs["gateway"].url, token, space_id, timeout_s=60) as client:
        dataset_id = await client.create_dataset(f"crash-{uuid.uuid4().hex[:8]}")
        stop = asyncio.Event()

        async def uploader(n: int) -> None:
            i = 0
            while not stop.is_set():
                i += 1
                try:
                    if i % 3:  # the gateway stores the file, then knowledge creates the document
                        await client.upload(dataset_id, f"valves-{n}-{i}.txt", PAYLOAD)
                    else:  # knowledge stores the text itself, then creates the document
                        await client.create_text_document(dataset_id, f"note-{n}-{i}", PAYLOAD.decode()[:20_000])
                    outcomes["created"] += 1
                except ApiError as err:
                    assert err.status >= 500, err.body  # a dead service is a clean 5xx, never a 4xx
                    outcomes["refused"] += 1
                    await asyncio.sleep(0.05)

        tasks = [asyncio.create_task(uploader(n)) for n in range(UPLOADERS)]
        try:
            for _ in range(KILLS):
                await asyncio.sleep(1.5)  # uploads in full flow
                procs["knowledge"].kill()
                await asyncio.sleep(0.5)  # uploads meet a dead service
                await asyncio.to_thread(procs["knowledge"].start)
        finally:
            await asyncio.sleep(1.0)
            stop.set()
            for task in tasks:
                with contextlib.suppress(Exception):
                    await task
    assert outcomes["created"] > 0 and outcomes["refused"] > 0, outcomes

    started = time.monotonic()
    deadline = started + LEASE_S + 30
    while True:
        objects = stored_objects(storage_dir, space_id)
        sources = await document_sources(database_url, space_id)
        orphans = objects - sources
        if not orphans or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.5)
    print(f"uploads created {outcomes['created']}, refused {outcomes['refused']} over {KILLS} kills; "
          f"orphans swept in {time.monotonic() - started:.1f} s")
    assert not orphans, f"{len(orphans)} objects with no document row, e.g. {sorted(orphans)[:3]}"
    missing = {key for key in sources if key} - objects
    assert not missing, f"{len(missing)} documents without their source, e.g. {sorted(missing)[:3]}"
