"""The benchmark harness leaves nothing behind on the machine it shares: its /tmp directory and its
database go when the benchmark ends, also when it fails."""

from __future__ import annotations

import asyncpg
import pytest

from atelier_devstack.infra.postgres import database_name, with_database
from benchmarks.harness import infrastructure


class BenchmarkFailed(Exception):
    pass


async def test_the_infrastructure_is_removed_when_a_benchmark_fails() -> None:
    with pytest.raises(BenchmarkFailed):
        async with infrastructure() as infra:
            root, database_url = infra.root, infra.env["ATELIER_DATABASE_URL"]
            assert root.is_dir() and root.name.startswith("atelier-bench-")
            raise BenchmarkFailed
    assert not root.exists()
    conn = await asyncpg.connect(with_database(database_url, "postgres"))
    try:
        assert await conn.fetchval("SELECT count(*) FROM pg_database WHERE datname = $1",
                                   database_name(database_url)) == 0
    finally:
        await conn.close()
