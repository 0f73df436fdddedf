"""Async workflow runs through the whole stack (bench-workflow's second part): the workflow
service, the gateway and 1 then 2 workflow workers as processes, as `make dev` runs them.

  async_runs_per_s_<n>_workers   test runs of a 20-node TextProcessor chain, submitted at once
                                 through /api/workflow_api/test_run, until every one is Success
  async_speedup_2_over_1         the ratio (goal >= 1.7)
  test_run_to_first_node_ms_p50  one run at a time on idle workers: from sending test_run to
                                 the Entry node's recorded start (goal < 20 ms)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import asyncpg

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.ports import free_port
from atelier_devstack.services import ServiceProcess
from benchmarks.figures import emit, percentile
from benchmarks.harness import admin_client, infrastructure, log, service_env

SPEEDUP_GOAL = 1.7
FIRST_NODE_GOAL_MS = 20.0
SUBMITTERS = 16


def chain(length: int) -> dict[str, Any]:
    def ref(block: str, name: str) -> dict[str, Any]:
        return {"type": "string", "value": {"type": "ref", "content": {
            "source": "block-output", "blockID": block, "name": name}}}

    def lit(text: str) -> dict[str, Any]:
        return {"type": "string", "value": {"type": "literal", "content": text}}

    nodes: list[dict[str, Any]] = [{"id": "100001", "type": "1", "data": {
        "nodeMeta": {"title": "Start"}, "outputs": [{"type": "string", "name": "text", "required": True}]}}]
    previous, field = "100001", "text"
    for i in range(1, length + 1):
        node_id = str(200000 + i)
        nodes.append({"id": node_id, "type": "15", "data": {"nodeMeta": {"title": f"Step {i}"}, "inputs": {
            "method": "concat", "inputParameters": [{"name": "before", "input": ref(previous, field)}],
            "concatParams": [{"name": "concatResult", "input": lit("{{before}}.")},
                             {"name": "arrayItemConcatChar", "input": lit(",")}]},
            "outputs": [{"type": "string", "name": "output"}]}})
        previous, field = node_id, "output"
    nodes.append({"id": "900001", "type": "2", "data": {"nodeMeta": {"title": "End"}, "inputs": {
        "terminatePlan": "returnVariables", "inputParameters": [{"name": "result", "input": ref(previous, field)}]}}})
    ids = [n["id"] for n in nodes]
    return {"nodes": nodes, "edges": [{"sourceNodeID": a, "targetNodeID": b} for a, b in zip(ids, ids[1:], strict=False)]}


@dataclass
class Stack:
    env: dict[str, str]
    client: AtelierClient
    db: asyncpg.Pool
    workers: list[ServiceProcess]

    async def add_worker(self) -> None:
        worker = ServiceProcess("workflow_worker", {**self.env,
                                                     "ATELIER_WORKFLOW_WORKER_ADDR": f"127.0.0.1:{free_port()}"})
        await asyncio.to_thread(worker.start)
        self.workers.append(worker)


@contextlib.asynccontextmanager
async def stack() -> AsyncIterator[Stack]:
    async with infrastructure(milvus=False) as infra:
        env = service_env(infra, {})
        workflow, gateway = ServiceProcess("workflow", env), ServiceProcess("gateway", env)
        started: list[ServiceProcess] = []
        try:
            for proc in (workflow, gateway):
                await asyncio.to_thread(proc.start)
                started.append(proc)
            async with admin_client(env, gateway) as client, \
                    asyncpg.create_pool(env["ATELIER_DATABASE_URL"], min_size=1, max_size=2) as db:
                bench = Stack(env, client, db, [])
                try:
                    yield bench
                finally:
                    for worker in bench.workers:
                        await asyncio.to_thread(worker.stop)
        finally:
            for proc in reversed(started):
                await asyncio.to_thread(proc.stop)


async def _workflow(client: AtelierClient, nodes: int) -> str:
    base = {"space_id": client.space_id}
    created = await client.call("/api/workflow_api/create", {**base, "name": f"bench_{time.time_ns()}", "desc": "b"})
    workflow_id = created["data"]["workflow_id"]
    canvas = await client.call("/api/workflow_api/canvas", {**base, "workflow_id": workflow_id})
    await client.call("/api/workflow_api/save", {**base, "workflow_id": workflow_id, "schema": json.dumps(chain(nodes)),
                                                 "submit_commit_id": canvas["data"]["vcs_data"]["submit_commit_id"]})
    return workflow_id


async def _test_run(client: AtelierClient, workflow_id: str, text: str) -> int:
    reply = await client.call("/api/workflow_api/test_run", {"space_id": client.space_id, "workflow_id": workflow_id,
                                                             "input": {"text": text}})
    return int(reply["data"]["execute_id"])


async def _all_done(db: asyncpg.Pool, ids: list[int], timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while await db.fetchval("SELECT count(*) FROM workflow.workflow_executions WHERE id = ANY($1)"
                            " AND status = 1", ids):
        if time.monotonic() > deadline:
            raise RuntimeError(f"runs not finished within {timeout_s}s")
        await asyncio.sleep(0.02)
    failed = await db.fetchval("SELECT count(*) FROM workflow.workflow_executions WHERE id = ANY($1)"
                               " AND status <> 2", ids)
    if failed:
        raise RuntimeError(f"{failed} runs did not succeed")


async def throughput(bench: Stack, workflow_id: str, runs: int) -> float:
    """Runs per second: all submitted at once, until the last one finished."""
    queue = list(range(runs))
    ids: list[int] = []

    async def submit() -> None:
        while queue:
            ids.append(await _test_run(bench.client, workflow_id, f"r{queue.pop()}"))

    started = time.perf_counter()
    await asyncio.gather(*(submit() for _ in range(SUBMITTERS)))
    await _all_done(bench.db, ids, timeout_s=600)
    return runs / (time.perf_counter() - started)


async def first_node_ms(bench: Stack, workflow_id: str, samples: int) -> list[float]:
    """test_run sent -> the Entry node's recorded start, one run at a time."""
    out = []
    for i in range(samples):
        sent = time.time()
        execute_id = await _test_run(bench.client, workflow_id, f"f{i}")
        await _all_done(bench.db, [execute_id], timeout_s=60)
        started = await bench.db.fetchval("SELECT min(started_at) FROM workflow.node_executions"
                                          " WHERE execute_id = $1 AND node_id = '100001'", execute_id)
        out.append((started.timestamp() - sent) * 1000.0)
    return out


async def measure(bench_name: str, *, nodes: int, runs: int, samples: int) -> None:
    async with stack() as bench:
        workflow_id = await _workflow(bench.client, nodes)
        rates = {}
        for workers in (1, 2):
            while len(bench.workers) < workers:
                await bench.add_worker()
            await asyncio.sleep(15)  # the group settles (a joining member waits out a rebalance)
            await throughput(bench, workflow_id, max(8, runs // 10))  # warm up: plans, connections
            log(f"async: {runs} runs of {nodes} nodes on {workers} worker(s)")
            rates[workers] = await throughput(bench, workflow_id, runs)
            emit(bench_name, f"async_runs_per_s_{workers}_workers", rates[workers], "runs/s", nodes=nodes, runs=runs)
        speedup = rates[2] / rates[1]
        emit(bench_name, "async_speedup_2_over_1", speedup, "x", goal=SPEEDUP_GOAL, meets_goal=speedup >= SPEEDUP_GOAL)
        log(f"first node: {samples} runs one at a time")
        latencies = await first_node_ms(bench, workflow_id, samples)
        p50 = percentile(latencies, 0.5)
        emit(bench_name, "test_run_to_first_node_ms_p50", p50, "ms", p95=round(percentile(latencies, 0.95), 3),
             samples=samples, goal=FIRST_NODE_GOAL_MS, meets_goal=p50 < FIRST_NODE_GOAL_MS)
