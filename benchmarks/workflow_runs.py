"""Async workflow runs through the whole stack (bench-workflow's second part): the workflow
service, the gateway and 1 then 2 workflow workers as processes, as `make dev` runs them. Runs are
test runs submitted at once through /api/workflow_api/test_run (16 clients), timed until every one
is Success, on two workloads of 20 nodes:

  waiting   an HTTPRequester node calling a local server that answers after WAIT_MS (as a node
            calling a model or an API waits), then 18 TextProcessor nodes. A worker runs at most
            `workflow_worker_concurrency` runs at once, so its waiting bounds the rate: the figure
            a second worker should double. async_speedup_2_over_1 (goal >= 1.7) is this one's.
  trivial   20 TextProcessor nodes: nothing waits, every process is busy with bookkeeping (the
            gateway and the service taking runs in, Postgres, the broker, the workers' checkpoints).
            On a small machine the cores are shared by all of them, so a second worker adds little;
            the figures show what the stack does per second, and its speedup is reported as is.

  async_<workload>_runs_per_s_<n>_workers, async_<workload>_speedup_2_over_1
  test_run_to_first_node_ms_p50  one run at a time on idle workers: from sending test_run to
                                 the Entry node's recorded start (goal < 20 ms)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import asyncpg

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.health import http_ok, wait_until
from atelier_devstack.ports import free_port
from atelier_devstack.services import ServiceProcess
from benchmarks.figures import emit, percentile
from benchmarks.harness import admin_client, infrastructure, log, service_env

SPEEDUP_GOAL = 1.7
FIRST_NODE_GOAL_MS = 20.0
SUBMITTERS = 16
WAIT_MS = 500
WAIT_PATH = "/wait"

# The waiting workload's server, in a process of its own: an ASGI app under uvicorn (keep-alive,
# a deep accept backlog), so that hundreds of calls wait at once without queueing behind each other.
WAIT_SERVER = f"""
import asyncio, sys
import uvicorn

async def app(scope, receive, send):
    if scope["type"] != "http":
        return
    await asyncio.sleep({WAIT_MS / 1000})
    await send({{"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]}})
    await send({{"type": "http.response.body", "body": b'{{"ok": true}}'}})

uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", access_log=False)
"""


def http_get(node_id: str, url: str) -> dict[str, Any]:
    return {"id": node_id, "type": "45", "data": {"nodeMeta": {"title": "Call"}, "inputs": {
        "apiInfo": {"method": "GET", "url": url}, "headers": [], "params": [], "auth": {"authOpen": False},
        "body": {"bodyType": "EMPTY"}, "setting": {"timeout": 30, "retryTimes": 0}},
        "outputs": [{"type": "string", "name": "body"}, {"type": "integer", "name": "statusCode"}]}}


def chain(length: int, call_url: str | None = None) -> dict[str, Any]:
    """Start(text) -> `length` nodes -> End(result); with `call_url`, the first is a GET of it."""
    def ref(block: str, name: str) -> dict[str, Any]:
        return {"type": "string", "value": {"type": "ref", "content": {
            "source": "block-output", "blockID": block, "name": name}}}

    def lit(text: str) -> dict[str, Any]:
        return {"type": "string", "value": {"type": "literal", "content": text}}

    nodes: list[dict[str, Any]] = [{"id": "100001", "type": "1", "data": {
        "nodeMeta": {"title": "Start"}, "outputs": [{"type": "string", "name": "text", "required": True}]}}]
    previous, field = "100001", "text"
    first = 1
    if call_url is not None:
        nodes.append(http_get("200000", call_url))
        first = 2
    for i in range(first, length + 1):
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
    # Every text node reads the one before it; the first reads the Start's text (an HTTP node only waits).
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
        env = service_env(infra, {"ATELIER_OUTBOUND_ALLOWLIST": "127.0.0.1"})  # the waiting workload's server
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


async def _workflow(client: AtelierClient, nodes: int, call_url: str | None = None) -> str:
    base = {"space_id": client.space_id}
    created = await client.call("/api/workflow_api/create", {**base, "name": f"bench_{time.time_ns()}", "desc": "b"})
    workflow_id = created["data"]["workflow_id"]
    canvas = await client.call("/api/workflow_api/canvas", {**base, "workflow_id": workflow_id})
    await client.call("/api/workflow_api/save", {**base, "workflow_id": workflow_id, "schema": json.dumps(chain(nodes, call_url)),
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


@contextlib.asynccontextmanager
async def wait_server() -> AsyncIterator[str]:
    """The waiting workload's server: its URL."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", WAIT_SERVER, str(port)])
    try:
        if not await wait_until(lambda: http_ok(f"http://127.0.0.1:{port}{WAIT_PATH}"), 30):
            raise RuntimeError("the waiting workload's server did not start")
        yield f"http://127.0.0.1:{port}{WAIT_PATH}"
    finally:
        proc.terminate()
        proc.wait(10)


async def measure(bench_name: str, *, nodes: int, runs: int, samples: int) -> None:
    async with wait_server() as url, stack() as bench:
        workloads = {"waiting": await _workflow(bench.client, nodes, url),
                     "trivial": await _workflow(bench.client, nodes)}
        rates: dict[str, dict[int, float]] = {name: {} for name in workloads}
        for workers in (1, 2):
            while len(bench.workers) < workers:
                await bench.add_worker()
            await asyncio.sleep(15)  # the group settles (a joining member waits out a rebalance)
            for name, workflow_id in workloads.items():
                await throughput(bench, workflow_id, max(8, runs // 10))  # warm up: plans, connections
                log(f"async: {runs} {name} runs of {nodes} nodes on {workers} worker(s)")
                rates[name][workers] = await throughput(bench, workflow_id, runs)
                emit(bench_name, f"async_{name}_runs_per_s_{workers}_workers", rates[name][workers], "runs/s",
                     nodes=nodes, runs=runs, **({"wait_ms": WAIT_MS} if name == "waiting" else {}))
        for name, rate in rates.items():
            speedup = rate[2] / rate[1]
            goal = {"goal": SPEEDUP_GOAL, "meets_goal": speedup >= SPEEDUP_GOAL} if name == "waiting" else {}
            emit(bench_name, f"async_{name}_speedup_2_over_1", speedup, "x", **goal)
        log(f"first node: {samples} runs one at a time")
        latencies = await first_node_ms(bench, workloads["trivial"], samples)
        p50 = percentile(latencies, 0.5)
        emit(bench_name, "test_run_to_first_node_ms_p50", p50, "ms", p95=round(percentile(latencies, 0.95), 3),
             samples=samples, goal=FIRST_NODE_GOAL_MS, meets_goal=p50 < FIRST_NODE_GOAL_MS)
