"""A whole stack for benchmarks: infrastructure (the machine's Postgres/Redis when they answer,
else embedded ones; Tansu; Milvus Lite), then knowledge, N indexers and the gateway as separate
processes, exactly as `make dev` runs them, but with the environment a benchmark chooses."""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import shutil
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import psutil

from atelier_devstack import health
from atelier_devstack.api_client import AtelierClient
from atelier_devstack.browser import CONSOLE_DIST
from atelier_devstack.infra import KafkaLauncher, MilvusLauncher, PostgresLauncher, RedisLauncher
from atelier_devstack.infra.postgres import drop_database, ensure_database, with_database
from atelier_devstack.ports import free_port
from atelier_devstack.services import ServiceProcess
from benchmarks import cranfield

MACHINE_POSTGRES = os.environ.get("ATELIER_BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
MACHINE_REDIS = os.environ.get("ATELIER_BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")  # not 14/15: the tests flush those


def log(message: str) -> None:
    """Progress goes to stderr; stdout carries only the JSON figures."""
    print(message, file=sys.stderr, flush=True)


@dataclass
class Infra:
    env: dict[str, str]
    root: Path
    kafka: KafkaLauncher  # bench-faults kills and restarts it
    milvus: MilvusLauncher | None  # None: asked for without (benchmarks of services that never search)


@contextlib.asynccontextmanager
async def infrastructure(*, milvus: bool = True) -> AsyncIterator[Infra]:
    """Everything a benchmark's services need, in a directory of its own under /tmp; when the
    benchmark ends (finished or failed) the servers stop, its database is dropped and the
    directory (data, logs, stored files) is removed — except, when it failed, the logs: they are
    moved to a `/tmp/atelier-bench-failed-*` directory first and named on stderr."""
    root = Path(tempfile.mkdtemp(prefix="atelier-bench-"))
    launchers = []
    database_url = ""
    failed = False
    try:
        server = MACHINE_POSTGRES
        if not await health.postgres_ok(server):
            pg = PostgresLauncher(port=free_port(), data_dir=root / "pg", log_path=root / "pg.log")
            await pg.start()
            launchers.append(pg)
            server = pg.url
        database_url = with_database(server, f"atelier_bench_{secrets.token_hex(3)}")
        await ensure_database(database_url)
        redis_url = MACHINE_REDIS
        if not await health.redis_ok(redis_url):
            rd = RedisLauncher(port=free_port(), data_dir=root / "redis", log_path=root / "redis.log", db=13, persist=False)
            await rd.start()
            launchers.append(rd)
            redis_url = rd.url
        kafka = KafkaLauncher(port=free_port(), data_dir=root / "tansu", log_path=root / "tansu.log")
        await kafka.start()
        launchers.append(kafka)
        search: MilvusLauncher | None = None
        if milvus:
            search = MilvusLauncher(port=free_port(), data_dir=root / "milvus", log_path=root / "milvus.log")
            await search.start()
            launchers.append(search)
        env = {
            "ATELIER_ENV": "bench", "ATELIER_LOG_LEVEL": os.environ.get("ATELIER_BENCH_LOG_LEVEL", "WARNING"),
            "ATELIER_DATABASE_URL": database_url, "ATELIER_REDIS_URL": redis_url,
            "ATELIER_KAFKA_BOOTSTRAP": kafka.url, **({"ATELIER_MILVUS_URI": search.url} if search else {}),
            "ATELIER_STORAGE_BACKEND": "local", "ATELIER_STORAGE_DIR": str(root / "storage"),
            "ATELIER_RUN_DIR": str(root / "run"),
            # Local storage hands out signed URLs (a document's content_url in every upload reply):
            # without a key the upload fails, as it would for `make dev` without one.
            "ATELIER_URL_SIGNING_KEY": secrets.token_urlsafe(32),
            "ATELIER_CONSOLE_DIR": str(CONSOLE_DIST),  # the gateway serves the console (bench-console)
        }
        yield Infra(env, root, kafka, search)
    except BaseException:
        failed = True
        raise
    finally:
        if database_url:
            with contextlib.suppress(Exception):  # the Postgres it lived on may be the one that failed
                await drop_database(database_url)
        for launcher in reversed(launchers):
            launcher.stop()
        if failed:
            _keep_logs(root)
        shutil.rmtree(root, ignore_errors=True)


def _keep_logs(root: Path) -> None:
    """The failed run's logs (services' and servers') where the next person can read them."""
    kept = Path(tempfile.mkdtemp(prefix="atelier-bench-failed-"))
    for found in [*root.glob("*.log"), *(root / "run" / "logs").glob("*.log")]:
        with contextlib.suppress(OSError):
            shutil.copy2(found, kept / found.name)
    log(f"the failed run's logs are kept in {kept}")


@dataclass
class Services:
    procs: list[ServiceProcess]
    client: AtelierClient


@contextlib.asynccontextmanager
async def services(infra: Infra, overrides: Mapping[str, str], *, indexers: int = 1,
                   extra: tuple[str, ...] = ()) -> AsyncIterator[Services]:
    """knowledge + `indexers` indexer processes + `extra` services (e.g. agent, conversation) + gateway,
    each on fresh ports."""
    env = service_env(infra, overrides)
    knowledge, gateway = ServiceProcess("knowledge", env), ServiceProcess("gateway", env)
    # Indexers start together and get long enough to be ready: each joins the consumer group, and a
    # member joining while another is mid-rebalance waits for that round to end.
    workers = [ServiceProcess("indexer", {**env, "ATELIER_INDEXER_ADDR": f"127.0.0.1:{free_port()}"}, timeout_s=180)
               for _ in range(indexers)]
    others = [ServiceProcess(name, env) for name in extra]
    started: list[ServiceProcess] = []
    try:
        await asyncio.to_thread(knowledge.start)
        started.append(knowledge)
        for proc in others:
            await asyncio.to_thread(proc.start)
            started.append(proc)
        started += workers  # stopped on failure too, whichever came up
        await asyncio.gather(*(asyncio.to_thread(w.start) for w in workers))
        await asyncio.to_thread(gateway.start)
        started.append(gateway)
        async with admin_client(env, gateway) as client:
            yield Services(started, client)
    finally:
        for proc in reversed(started):
            await asyncio.to_thread(proc.stop)


def service_env(infra: Infra, overrides: Mapping[str, str]) -> dict[str, str]:
    """The environment of a benchmark's services: fresh ports, a token file of their own."""
    env = {**infra.env, **overrides, "ATELIER_GATEWAY_PORT": str(free_port()),
           "ATELIER_BOOTSTRAP_TOKEN_FILE": str(infra.root / f"token-{secrets.token_hex(3)}")}
    for name in ("agent", "conversation", "knowledge", "workflow", "workflow_worker", "plugin", "indexer"):
        env[f"ATELIER_{name.upper()}_ADDR"] = f"127.0.0.1:{free_port()}"
    return env


@contextlib.asynccontextmanager
async def admin_client(env: Mapping[str, str], gateway: ServiceProcess) -> AsyncIterator[AtelierClient]:
    """The bootstrap admin's client, in its first space."""
    conn = await asyncpg.connect(env["ATELIER_DATABASE_URL"])
    try:
        space_id = str(await conn.fetchval(
            "SELECT min(m.space_id) FROM gateway.space_members m JOIN gateway.users u ON u.id = m.user_id"
            " WHERE u.name = 'admin'"))
    finally:
        await conn.close()
    token = Path(env["ATELIER_BOOTSTRAP_TOKEN_FILE"]).read_text().strip()
    client = AtelierClient(gateway.url, token, space_id, timeout_s=120)
    try:
        yield client
    finally:
        await client.aclose()


UPLOAD_CONCURRENCY = 16
PROGRESS_PAGE = 100


@dataclass
class Ingested:
    dataset_id: str
    seconds: float  # first upload to every document final
    chunks: int
    cran_ids: dict[str, int]  # document id -> Cranfield id


async def ingest(client: AtelierClient, docs: list[cranfield.CranDoc], label: str) -> Ingested:
    """Upload every document (bounded concurrency, one text file each) into a new text dataset and
    wait until all are final."""
    dataset_id = await client.create_dataset(f"cranfield-{label}-{int(time.time())}")
    gate = asyncio.Semaphore(UPLOAD_CONCURRENCY)
    ids: list[str] = []
    cran_ids: dict[str, int] = {}

    async def one(doc: cranfield.CranDoc) -> None:
        async with gate:
            info = await client.upload(dataset_id, f"cran-{doc.id}.txt", doc.content.encode())
            ids.append(info["document_id"])
            cran_ids[info["document_id"]] = doc.id

    started = time.perf_counter()
    uploads = asyncio.gather(*(one(d) for d in docs))
    finished: dict[str, Any] = {}
    last_report = 0.0
    while True:
        await asyncio.sleep(0.5)
        # Documents finish roughly in upload order: ask only about the oldest unfinished ones, so
        # the benchmark's own polling takes little CPU from the pipeline it measures.
        while True:
            oldest = [i for i in list(ids) if i not in finished][:PROGRESS_PAGE]
            newly = [item for item in (await client.progress(oldest) if oldest else [])
                     if item["status"] in (1, 2, 9)]
            finished.update((item["document_id"], item) for item in newly)
            if len(newly) < len(oldest) or not oldest:
                break
        if time.perf_counter() - last_report > 5:
            log(f"  [{label}] uploaded {len(ids)}/{len(docs)}, indexed {len(finished)}/{len(docs)}"
                f" ({100 * len(finished) // len(docs)}%)")
            last_report = time.perf_counter()
        if uploads.done() and (uploads.exception() is not None or len(finished) == len(docs)):
            break  # a failed upload ends the wait: awaiting `uploads` below raises its error
    await uploads
    took = time.perf_counter() - started
    # Cranfield has two empty records (471, 995): they must fail, saying so; nothing else may.
    failed = [f for f in finished.values() if f["status"] == 9]
    unexpected = [f for f in failed if "empty" not in f.get("status_descript", "")]
    if unexpected or len(failed) != sum(1 for d in docs if not d.content):
        raise SystemExit(f"{len(failed)} documents failed, e.g. {(unexpected or failed)[0]}")
    listed = await client.call("/api/knowledge/detail", {"dataset_ids": [dataset_id], "space_id": client.space_id})
    chunks = listed["dataset_details"][dataset_id]["slice_count"]
    return Ingested(dataset_id, took, chunks, cran_ids)


_COMPONENTS = (("atelier_gateway", "gateway"), ("atelier_knowledge", "knowledge"), ("atelier_indexer", "indexer"),
               ("atelier_agent", "agent"), ("atelier_conversation", "conversation"), ("atelier_plugin", "plugin"),
               ("atelier_workflow", "workflow"), ("openai_stub", "model"),
               ("tansu", "kafka"), ("milvus", "milvus"), ("postgres", "postgres"), ("redis-server", "redis"),
               ("benchmarks.", "bench"))


def _component(proc: psutil.Process) -> str | None:
    try:
        cmdline = " ".join(proc.cmdline()) or proc.name()
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return None
    for needle, label in _COMPONENTS:
        if needle in cmdline:
            return label
    return None


def _cpu_by_pid(own_only: bool = False, also: Mapping[int, str] | None = None) -> dict[int, tuple[str, float]]:
    out: dict[int, tuple[str, float]] = {}
    procs = psutil.Process().children(recursive=True) if own_only else psutil.process_iter()
    for proc in procs:
        label = _component(proc)
        if label is None:
            continue
        with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
            times = proc.cpu_times()
            out[proc.pid] = (label, times.user + times.system)
    for pid, label in (also or {}).items():
        if pid not in out:
            with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
                times = psutil.Process(pid).cpu_times()
                out[pid] = (label, times.user + times.system)
    return out


class CpuMeter:
    """CPU seconds each component of the stack used between start() and stop(): where the time
    goes when the pipeline is slower than its embedder (everything shares the machine's cores).
    own_only counts this benchmark's own processes alone (its stack, not the machine's Postgres or
    anything else running), which stays meaningful on a busy machine. `also` adds processes by pid
    that parentage does not find: the benchmark's own process, or the backends of the machine's
    Postgres serving the benchmark's database (`database_backends`)."""

    def __init__(self, own_only: bool = False, also: Mapping[int, str] | None = None) -> None:
        self.own_only = own_only
        self.also = dict(also or {})  # further processes by pid -> label (this process, Postgres backends)

    def start(self) -> None:
        self._before = _cpu_by_pid(self.own_only, self.also)

    def stop(self, digits: int = 2) -> dict[str, float]:
        used: dict[str, float] = {}
        for pid, (label, seconds) in _cpu_by_pid(self.own_only, self.also).items():
            used[label] = used.get(label, 0.0) + seconds - self._before.get(pid, (label, 0.0))[1]
        return {k: round(v, digits) for k, v in sorted(used.items(), key=lambda kv: -kv[1])}


async def database_backends(conn: asyncpg.Connection) -> dict[int, str]:
    """The Postgres backends now connected to conn's database (conn's own excepted), labelled
    "postgres": the share of a shared Postgres server that one benchmark's stack uses."""
    rows = await conn.fetch("SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                            " AND pid <> pg_backend_pid()")
    return {int(r["pid"]): "postgres" for r in rows}
