"""The benchmark harness leaves nothing behind on the machine it shares: its /tmp directory and its
database go when the benchmark ends, also when it fails — then only its logs are kept, named, for
the next person to read."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import asyncpg
import pytest

from atelier_devstack.infra.postgres import database_name, with_database
from benchmarks.harness import infrastructure


class BenchmarkFailed(Exception):
    pass


def _kept_logs() -> set[Path]:
    return set(Path(tempfile.gettempdir()).glob("atelier-bench-failed-*"))


async def test_the_infrastructure_is_removed_when_a_benchmark_fails() -> None:
    kept_before = _kept_logs()
    with pytest.raises(BenchmarkFailed):
        async with infrastructure() as infra:
            root, database_url = infra.root, infra.env["ATELIER_DATABASE_URL"]
            assert root.is_dir() and root.name.startswith("atelier-bench-")
            raise BenchmarkFailed
    assert not root.exists()
    kept = _kept_logs() - kept_before
    try:
        assert len(kept) == 1, kept
        assert {"tansu.log", "milvus.log"} <= {p.name for p in next(iter(kept)).iterdir()}
    finally:
        for directory in kept:  # this test's own failure leaves nothing behind either
            shutil.rmtree(directory, ignore_errors=True)
    conn = await asyncpg.connect(with_database(database_url, "postgres"))
    try:
        assert await conn.fetchval("SELECT count(*) FROM pg_database WHERE datname = $1",
                                   database_name(database_url)) == 0
    finally:
        await conn.close()
