"""pytest fixtures for real infrastructure (loaded by the repo's root conftest.py).

Session fixtures, each started lazily (only when a test asks for it):
  database_url      fresh database on the machine's Postgres (ATELIER_TEST_DATABASE_URL's server,
                    else ATELIER_DATABASE_URL's), dropped WITH (FORCE) at the end; an embedded
                    Postgres in a temp dir when no server answers
  redis_url         a db of the machine's Redis held by this session alone (15, else 14, 12, 11,
                    10, 9: a claim key set NX, renewed, released at the end), flushed when taken;
                    ATELIER_TEST_REDIS_URL forces one (flushed, unclaimed); a bundled
                    redis-server on a free port when none answers
  kafka_bootstrap   Tansu broker on a free port (memory storage)
  private_kafka     (per test) a Tansu broker of the test's own, as its KafkaLauncher: the test may
                    kill and restart it on the same port (`.restart()`, memory storage: it comes
                    back empty) without disturbing the session's broker
  milvus_uri        `milvus-lite server` on a free port, data in a temp dir
  storage_dir       temp dir for local object storage
  openai_stub       OpenAI-compatible server (embeddings, chat) on a free port, controlled over
                    HTTP (atelier_devstack.openai_stub.OpenAIStub); `stub` is the same server, reset around a test
  atelier_env       ATELIER_* env for service subprocesses pointing at all of the above, plus a
                    free port for every service address and the gateway
  real_kafka / real_milvus / real_elasticsearch
                    testcontainers servers; skipped with the reason when no Docker engine answers
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import secrets
import shutil
import threading
import time
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import pytest

from atelier_devstack import health
from atelier_devstack.browser import CONSOLE_DIST
from atelier_devstack.infra import KafkaLauncher, MilvusLauncher, PostgresLauncher, RedisLauncher
from atelier_devstack.infra.postgres import drop_database, ensure_database, with_database
from atelier_devstack.ports import free_port

if TYPE_CHECKING:
    from atelier_devstack.openai_stub import OpenAIStub

T = TypeVar("T")

SERVICE_NAMES = ("agent", "conversation", "knowledge", "indexer", "workflow", "workflow_worker", "plugin")
DEFAULT_TEST_POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres"
DEFAULT_TEST_REDIS = "redis://127.0.0.1:6379/15"
DOCKER_IMAGES = {
    "kafka": os.environ.get("ATELIER_TEST_KAFKA_IMAGE", "confluentinc/cp-kafka:7.6.0"),
    "milvus": os.environ.get("ATELIER_TEST_MILVUS_IMAGE", "milvusdb/milvus:v2.5.4"),
    "elasticsearch": os.environ.get(
        "ATELIER_TEST_ELASTICSEARCH_IMAGE", "docker.elastic.co/elasticsearch/elasticsearch:8.15.0"
    ),
}


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion from sync fixture code, on a private loop in a worker thread,
    so it never interferes with pytest-asyncio's session loop."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: whole-stack test (starts every service and the gateway)")
    config.addinivalue_line("markers", "docker: needs a Docker engine (testcontainers)")


# ------------------------------------------------------------------------------- Postgres


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    server = (
        os.environ.get("ATELIER_TEST_DATABASE_URL") or os.environ.get("ATELIER_DATABASE_URL") or DEFAULT_TEST_POSTGRES
    )
    embedded: PostgresLauncher | None = None
    if not run_sync(health.postgres_ok(with_database(server, "postgres"))):
        root = tmp_path_factory.mktemp("postgres")
        embedded = PostgresLauncher(port=free_port(), data_dir=root / "data", log_path=root / "postgres.log")
        run_sync(embedded.start())
        server = embedded.url
    url = with_database(server, f"atelier_test_{os.getpid()}_{secrets.token_hex(3)}")
    run_sync(ensure_database(url))
    try:
        yield url
    finally:
        try:
            run_sync(drop_database(url))
        finally:
            if embedded:
                embedded.stop()


# ------------------------------------------------------------------------------- Redis


async def _flushdb(url: str) -> None:
    import redis.asyncio as aioredis

    client = aioredis.from_url(url)
    try:
        await client.flushdb()
    finally:
        await client.aclose()


# Test sessions take a Redis db of their own, so two sessions on one machine (a developer's run
# while CI runs) never flush each other's data. Never db 0 (a dev stack) or 13 (benchmarks).
TEST_DBS = (15, 14, 12, 11, 10, 9)
CLAIM_KEY = "atelier:test-session"
CLAIM_TTL_S = 60


def _with_db(url: str, db: int) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{db}", parts.query, parts.fragment))


class _Claim:
    """Holds one test db: claimed with SET NX (flushed in the same transaction), kept alive by a
    daemon thread, released at the end of the session."""

    def __init__(self, url: str) -> None:
        import redis

        self.token = f"{os.getpid()}-{time.time_ns()}"
        self.client = redis.Redis.from_url(url)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def take(self) -> bool:
        if not self.client.set(CLAIM_KEY, self.token, nx=True, ex=CLAIM_TTL_S):
            return False
        pipe = self.client.pipeline(transaction=True)
        pipe.flushdb()
        pipe.set(CLAIM_KEY, self.token, ex=CLAIM_TTL_S)
        pipe.execute()
        self._thread = threading.Thread(target=self._renew, name="redis-test-claim", daemon=True)
        self._thread.start()
        return True

    def _renew(self) -> None:
        while not self._stop.wait(CLAIM_TTL_S / 3):
            self.client.set(CLAIM_KEY, self.token, ex=CLAIM_TTL_S)

    def release(self) -> None:
        self._stop.set()
        if self.client.get(CLAIM_KEY) == self.token.encode():
            self.client.delete(CLAIM_KEY)
        self.client.close()


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    explicit = os.environ.get("ATELIER_TEST_REDIS_URL")
    base = explicit or os.environ.get("ATELIER_REDIS_URL") or DEFAULT_TEST_REDIS
    embedded: RedisLauncher | None = None
    if not run_sync(health.redis_ok(_with_db(base, TEST_DBS[0]) if not explicit else base)):
        root = tmp_path_factory.mktemp("redis")
        embedded = RedisLauncher(port=free_port(), data_dir=root, log_path=root / "redis.log", db=TEST_DBS[0],
                                 persist=False)
        run_sync(embedded.start())
        base, explicit = embedded.url, None
    claim: _Claim | None = None
    if explicit:
        url = explicit
        run_sync(_flushdb(url))
    else:
        for db in TEST_DBS:
            url = _with_db(base, db)
            claim = _Claim(url)
            if claim.take():
                break
            claim.client.close()
            claim = None
        else:
            raise RuntimeError(f"every test Redis db {TEST_DBS} is held by another test session")
    try:
        yield url
    finally:
        if claim is not None:
            claim.release()
        if embedded:
            embedded.stop()


# ------------------------------------------------------------------------------- Kafka, Milvus


def _running(launcher: KafkaLauncher | MilvusLauncher) -> Iterator[str]:
    """Start a server for the session, yield its URL, stop it afterwards."""
    run_sync(launcher.start())
    try:
        yield launcher.url
    finally:
        launcher.stop()


@pytest.fixture(scope="session")
def kafka_bootstrap(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("tansu")
    yield from _running(KafkaLauncher(port=free_port(), data_dir=root, log_path=root / "tansu.log"))


@pytest.fixture
def private_kafka(tmp_path: Path) -> Iterator[KafkaLauncher]:
    launcher = KafkaLauncher(port=free_port(), data_dir=tmp_path / "tansu", log_path=tmp_path / "tansu.log")
    run_sync(launcher.start())
    try:
        yield launcher
    finally:
        launcher.stop()


@pytest.fixture(scope="session")
def milvus_uri(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("milvus")
    yield from _running(MilvusLauncher(port=free_port(), data_dir=root / "data", log_path=root / "milvus.log"))


@pytest.fixture(scope="session")
def storage_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("storage")


@pytest.fixture(scope="session")
def openai_stub() -> Iterator[OpenAIStub]:
    """The OpenAI-compatible stub server (shared by the session: call .reset() before relying on its state)."""
    from atelier_devstack.openai_stub import OpenAIStub  # starlette/uvicorn only when asked for

    stub = OpenAIStub().start()
    try:
        yield stub
    finally:
        stub.stop()


@pytest.fixture
def stub(openai_stub: OpenAIStub) -> Iterator[OpenAIStub]:
    """The session's OpenAI stub, reset before and after the test (no script, failure or delay
    left over from another test)."""
    openai_stub.reset()
    yield openai_stub
    openai_stub.reset()


# ------------------------------------------------------------------------------- services


@pytest.fixture(scope="session")
def atelier_env(
    database_url: str,
    redis_url: str,
    kafka_bootstrap: str,
    milvus_uri: str,
    storage_dir: Path,
    openai_stub: OpenAIStub,
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, str]:
    """ATELIER_* for service subprocesses (merge over os.environ; start_service does)."""
    env = {
        "ATELIER_ENV": "test",
        "ATELIER_DATABASE_URL": database_url,
        "ATELIER_REDIS_URL": redis_url,
        "ATELIER_KAFKA_BOOTSTRAP": kafka_bootstrap,
        "ATELIER_MILVUS_URI": milvus_uri,
        "ATELIER_STORAGE_BACKEND": "local",
        "ATELIER_STORAGE_DIR": str(storage_dir),
        "ATELIER_RUN_DIR": str(tmp_path_factory.mktemp("run")),
        "ATELIER_GATEWAY_HOST": "127.0.0.1",
        "ATELIER_SHUTDOWN_GRACE_S": "2",
        "ATELIER_EMBEDDING_PROVIDER": "openai",
        "ATELIER_EMBEDDING_BASE_URL": openai_stub.base_url,
        "ATELIER_EMBEDDING_API_KEY": "test",
        "ATELIER_EMBEDDING_MODEL": "stub-embedding",
        "ATELIER_EMBEDDING_DIMENSIONS": "64",
        "ATELIER_LLM_BASE_URL": openai_stub.base_url,
        "ATELIER_LLM_API_KEY": "test",
        "ATELIER_LLM_MODEL": "stub-chat",
        "ATELIER_RERANK_PROVIDER": "http",
        "ATELIER_RERANK_BASE_URL": openai_stub.base_url,
        "ATELIER_RERANK_MODEL": "stub-rerank",
        "ATELIER_URL_SIGNING_KEY": secrets.token_urlsafe(32),
        "ATELIER_SECRET_KEY": secrets.token_urlsafe(32),
        "ATELIER_CONSOLE_DIR": str(CONSOLE_DIST),
    }
    return with_fresh_addresses(env)


def with_fresh_addresses(env: dict[str, str]) -> dict[str, str]:
    """`env` with a free port for every service address and the gateway: a second stack on the
    same infrastructure (each session-scoped stack fixture takes its own)."""
    fresh = {**env, "ATELIER_GATEWAY_PORT": str(free_port())}
    for name in SERVICE_NAMES:
        fresh[f"ATELIER_{name.upper()}_ADDR"] = f"127.0.0.1:{free_port()}"
    return fresh


# ------------------------------------------------------------------------------- Docker


def docker_unavailable_reason() -> str | None:
    """Why Docker-backed fixtures cannot run here, or None when an engine answers."""
    if not os.environ.get("DOCKER_HOST") and not Path("/var/run/docker.sock").exists() and not shutil.which("docker"):
        return "no Docker engine (no DOCKER_HOST, no /var/run/docker.sock, no docker CLI)"
    try:
        import docker
    except ImportError:
        return "the docker/testcontainers packages are not installed"
    try:
        client = docker.from_env(timeout=3)
        client.ping()
        client.close()
    except Exception as err:  # noqa: BLE001 - any failure means "no engine answers"
        return f"no Docker engine answers ({type(err).__name__}: {err})"
    return None


@pytest.fixture(scope="session")
def docker_engine() -> None:
    reason = docker_unavailable_reason()
    if reason:
        pytest.skip(f"needs Docker: {reason}")


@pytest.fixture(scope="session")
def real_kafka(docker_engine: None) -> Iterator[str]:
    """bootstrap servers of a real Apache Kafka (KRaft) in a container."""
    from testcontainers.community.kafka import KafkaContainer

    with KafkaContainer(DOCKER_IMAGES["kafka"]).with_kraft() as kafka:
        yield kafka.get_bootstrap_server()


@pytest.fixture(scope="session")
def real_milvus(docker_engine: None) -> Iterator[str]:
    """URI of a Milvus standalone in a container."""
    from testcontainers.community.milvus import MilvusContainer

    with MilvusContainer(DOCKER_IMAGES["milvus"]) as milvus:
        yield milvus.get_connection_url()


@pytest.fixture(scope="session")
def real_elasticsearch(docker_engine: None) -> Iterator[str]:
    """URL of an Elasticsearch in a container (security off)."""
    from testcontainers.community.elasticsearch import ElasticSearchContainer

    with ElasticSearchContainer(DOCKER_IMAGES["elasticsearch"], mem_limit="1g") as es:
        yield f"http://{es.get_container_host_ip()}:{es.get_exposed_port(es.port)}"
