"""The event path under crashes, with real processes and SIGKILL: 200 documents indexed while the
indexer is killed 10 times, and 200 more while the broker is killed and restarted twice. Every
document must be final within 60 s of the last restart, with the slices and vectors of a clean run
of the same documents and nothing stored twice. The service settings are the defaults (no test
timings): recovering within a minute is what an operator gets.

Each scenario prints its figures (one JSON line); `make bench-faults` runs the same scenarios."""

from __future__ import annotations

import asyncio
import json
import signal
from collections.abc import AsyncIterator, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.infra import KafkaLauncher
from atelier_devstack.infra.postgres import drop_database, ensure_database, with_database
from atelier_devstack.ports import free_port
from atelier_devstack.pytest_plugin import run_sync, with_fresh_addresses
from atelier_devstack.services import ServiceProcess, start_service
from atelier_devstack.stack_fixtures import _admin_space
from benchmarks import faults

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(600)]

DOCUMENTS = 200
INDEXER_KILLS = 10
BROKER_RESTARTS = 2
RECOVERY_S = 60.0


@dataclass
class FaultStack:
    procs: dict[str, ServiceProcess]
    broker: KafkaLauncher
    env: dict[str, str]
    token: str
    space_id: str

    def client(self) -> AtelierClient:
        return AtelierClient(self.procs["gateway"].url, self.token, self.space_id, timeout_s=60)


@pytest.fixture(scope="module")
def fault_stack(atelier_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[FaultStack]:
    """Its own database and broker (the broker gets killed), on the session's Milvus and embedder."""
    root = tmp_path_factory.mktemp("faults")
    database = with_database(atelier_env["ATELIER_DATABASE_URL"], f"atelier_faults_{free_port()}")
    run_sync(ensure_database(database))
    broker = KafkaLauncher(port=free_port(), data_dir=root / "tansu", log_path=root / "tansu.log")
    run_sync(broker.start())
    env = {**with_fresh_addresses(atelier_env), "ATELIER_DATABASE_URL": database,
           "ATELIER_KAFKA_BOOTSTRAP": broker.url, "ATELIER_BOOTSTRAP_TOKEN_FILE": str(root / "admin_token")}
    try:
        with ExitStack() as stack:
            procs = {name: stack.enter_context(start_service(name, env)) for name in ("knowledge", "indexer", "gateway")}
            token = Path(env["ATELIER_BOOTSTRAP_TOKEN_FILE"]).read_text().strip()
            yield FaultStack(procs, broker, env, token, run_sync(_admin_space(database)))
    finally:
        broker.stop()
        run_sync(drop_database(database))


@pytest_asyncio.fixture
async def client(fault_stack: FaultStack) -> AsyncIterator[AtelierClient]:
    async with fault_stack.client() as c:
        yield c


async def _vectors(env: dict[str, str], dataset_id: str) -> int:
    from atelier_common.settings import Settings
    from atelier_search import create_search_stores

    stores = create_search_stores(Settings(milvus_uri=env["ATELIER_MILVUS_URI"]))
    try:
        await stores.vector.flush(int(dataset_id))
        return await stores.vector.count(int(dataset_id))
    finally:
        await stores.aclose()


async def _check(scenario: str, stack: FaultStack, client: AtelierClient, clean: faults.Indexed, run: faults.Indexed,
                 kills: int, recovered_s: float) -> None:
    result = await faults.compare(scenario, client, stack.env["ATELIER_DATABASE_URL"],
                                  lambda dataset_id: _vectors(stack.env, dataset_id), clean, run,
                                  kills=kills, recovered_s=recovered_s)
    print(json.dumps(result.figures()))
    assert result.enabled == result.documents == DOCUMENTS, result
    assert result.slice_mismatches == 0 and result.slices == result.clean_slices, result
    assert result.vectors == result.clean_vectors == result.slices, result
    assert result.duplicate_slices == 0, result
    assert result.recovered_s <= RECOVERY_S, result


async def test_indexer_killed_ten_times_loses_and_duplicates_nothing(fault_stack: FaultStack,
                                                                     client: AtelierClient) -> None:
    docs = faults.documents(DOCUMENTS)
    clean = await faults.clean_run(client, docs, "indexer-faults")
    indexer = fault_stack.procs["indexer"]

    async def crash() -> None:
        indexer.kill()
        await asyncio.to_thread(indexer.start)

    run, recovered_s = await faults.run_with_faults(client, docs, "indexer-faults", crash, kills=INDEXER_KILLS,
                                                    recover_timeout_s=RECOVERY_S)
    await _check("indexer SIGKILL", fault_stack, client, clean, run, INDEXER_KILLS, recovered_s)


async def test_broker_restarted_twice_loses_and_duplicates_nothing(fault_stack: FaultStack,
                                                                   client: AtelierClient) -> None:
    docs = faults.documents(DOCUMENTS, seed=8)
    clean = await faults.clean_run(client, docs, "broker-faults")
    broker = fault_stack.broker

    async def crash() -> None:
        # Memory storage: the restarted broker has no topics, no messages and no committed offsets.
        broker.stop_signal = signal.SIGKILL
        broker.stop()
        await broker.start()

    run, recovered_s = await faults.run_with_faults(client, docs, "broker-faults", crash, kills=BROKER_RESTARTS,
                                                    recover_timeout_s=RECOVERY_S)
    await _check("broker SIGKILL + restart", fault_stack, client, clean, run, BROKER_RESTARTS, recovered_s)

