"""A whole stack for benchmarks: infrastructure (the machine's Postgres/Redis when they answer,
else embedded ones; Tansu; Milvus Lite), then knowledge, N indexers and the gateway as separate
processes, exactly as `make dev` runs them, but with the environment a benchmark chooses."""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
import tempfile
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import psutil

from atelier_devstack import health
from atelier_devstack.api_client import AtelierClient
from atelier_devstack.infra import KafkaLauncher, MilvusLauncher, PostgresLauncher, RedisLauncher
from atelier_devstack.infra.postgres import drop_database, ensure_database, with_database
from atelier_devstack.ports import free_port
from atelier_devstack.services import ServiceProcess

MACHINE_POSTGRES = os.environ.get("ATELIER_BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
MACHINE_REDIS = os.environ.get("ATELIER_BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")


def log(message: str) -> None:
    """Progress goes to stderr; stdout carries only the JSON figures."""
    print(message, file=sys.stderr, flush=True)


@dataclass
class Infra:
    env: dict[str, str]
    root: Path


@contextlib.asynccontextmanager
async def infrastructure() -> AsyncIterator[Infra]:
    root = Path(tempfile.mkdtemp(prefix="atelier-bench-"))
    launchers = []
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
            rd = RedisLauncher(port=free_port(), data_dir=root / "redis", log_path=root / "redis.log", db=14, persist=False)
            await rd.start()
            launchers.append(rd)
            redis_url = rd.url
        kafka = KafkaLauncher(port=free_port(), data_dir=root / "tansu", log_path=root / "tansu.log")
        await kafka.start()
        launchers.append(kafka)
        milvus = MilvusLauncher(port=free_port(), data_dir=root / "milvus", log_path=root / "milvus.log")
        await milvus.start()
        launchers.append(milvus)
        env = {
            "ATELIER_ENV": "bench", "ATELIER_LOG_LEVEL": "WARNING",
            "ATELIER_DATABASE_URL": database_url, "ATELIER_REDIS_URL": redis_url,
            "ATELIER_KAFKA_BOOTSTRAP": kafka.url, "ATELIER_MILVUS_URI": milvus.url,
            "ATELIER_STORAGE_BACKEND": "local", "ATELIER_STORAGE_DIR": str(root / "storage"),
            "ATELIER_RUN_DIR": str(root / "run"),
        }
        yield Infra(env, root)
        await drop_database(database_url)
    finally:
        for launcher in reversed(launchers):
            launcher.stop()


@dataclass
class Services:
    procs: list[ServiceProcess]
    client: AtelierClient


@contextlib.asynccontextmanager
async def services(infra: Infra, overrides: Mapping[str, str], *, indexers: int = 1) -> AsyncIterator[Services]:
    """knowledge + `indexers` indexer processes + gateway, each on fresh ports."""
    import asyncio

    env = {**infra.env, **overrides, "ATELIER_GATEWAY_PORT": str(free_port()),
           "ATELIER_BOOTSTRAP_TOKEN_FILE": str(infra.root / f"token-{secrets.token_hex(3)}")}
    for name in ("agent", "conversation", "knowledge", "workflow", "plugin", "indexer"):
        env[f"ATELIER_{name.upper()}_ADDR"] = f"127.0.0.1:{free_port()}"
    procs = [ServiceProcess("knowledge", env)]
    procs += [ServiceProcess("indexer", {**env, "ATELIER_INDEXER_ADDR": f"127.0.0.1:{free_port()}"}) for _ in range(indexers)]
    procs.append(ServiceProcess("gateway", env))
    started: list[ServiceProcess] = []
    try:
        for proc in procs:
            await asyncio.to_thread(proc.start)
            started.append(proc)
        conn = await asyncpg.connect(env["ATELIER_DATABASE_URL"])
        try:
            space_id = str(await conn.fetchval(
                "SELECT min(m.space_id) FROM gateway.space_members m JOIN gateway.users u ON u.id = m.user_id"
                " WHERE u.name = 'admin'"))
        finally:
            await conn.close()
        token = Path(env["ATELIER_BOOTSTRAP_TOKEN_FILE"]).read_text().strip()
        client = AtelierClient(procs[-1].url, token, space_id, timeout_s=120)
        try:
            yield Services(started, client)
        finally:
            await client.aclose()
    finally:
        for proc in reversed(started):
            await asyncio.to_thread(proc.stop)


_COMPONENTS = (("atelier_gateway", "gateway"), ("atelier_knowledge", "knowledge"), ("atelier_indexer", "indexer"),
               ("tansu", "kafka"), ("milvus", "milvus"), ("postgres", "postgres"), ("benchmarks.", "bench"))


def _component(proc: psutil.Process) -> str | None:
    try:
        cmdline = " ".join(proc.cmdline()) or proc.name()
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return None
    for needle, label in _COMPONENTS:
        if needle in cmdline:
            return label
    return None


def _cpu_by_pid() -> dict[int, tuple[str, float]]:
    out: dict[int, tuple[str, float]] = {}
    for proc in psutil.process_iter():
        label = _component(proc)
        if label is None:
            continue
        with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
            times = proc.cpu_times()
            out[proc.pid] = (label, times.user + times.system)
    return out


class CpuMeter:
    """CPU seconds each component of the stack used between start() and stop(): where the time
    goes when the pipeline is slower than its embedder (everything shares the machine's cores)."""

    def start(self) -> None:
        self._before = _cpu_by_pid()

    def stop(self) -> dict[str, float]:
        used: dict[str, float] = {}
        for pid, (label, seconds) in _cpu_by_pid().items():
            used[label] = used.get(label, 0.0) + seconds - self._before.get(pid, (label, 0.0))[1]
        return {k: round(v, 2) for k, v in sorted(used.items(), key=lambda kv: -kv[1])}
