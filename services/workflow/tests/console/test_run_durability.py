"""Async runs survive their workers being killed: 50 test runs of a 23-node workflow while
workers are SIGKILLed mid-run five times. Every run ends Success exactly once with the right
output, none is left running, and each was resumed from its checkpoint: every node has exactly
one success record per run (a node that completed before a kill is not run again)."""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import ExitStack

import asyncpg

from atelier_devstack.ports import free_port
from atelier_devstack.services import ServiceProcess
from atelier_devstack.stack_fixtures import KnowledgeStack

RUNS, CHAIN, KILLS = 50, 20, 5
# Half-way, a code node that takes a while: the nodes before it are stored while it runs, so a
# kill lands mid-run with progress to resume from (text and code nodes are safe to repeat, so
# storing them is batched: a run of them alone may finish between two writes).
PAUSE = """
import asyncio

async def main(args):
    await asyncio.sleep(0.3)
    return {"output": "paused"}
"""
SUCCESS = 2


def _worker(stack: KnowledgeStack) -> ServiceProcess:
    # A small concurrency: runs queue behind each other, so a kill always finds runs in flight.
    env = {**stack.env, "ATELIER_WORKFLOW_WORKER_ADDR": f"127.0.0.1:{free_port()}",
           "ATELIER_WORKFLOW_WORKER_CONCURRENCY": "2"}
    return ServiceProcess("workflow_worker", env)


async def _test_run(workflows, workflow_id: str, text: str) -> int:
    reply = await workflows.call("test_run", workflow_id=workflow_id, input={"text": text})
    return int(reply["data"]["execute_id"])


async def _first_holding(db: asyncpg.Pool, workers: list[ServiceProcess], *, timeout_s: float
                         ) -> ServiceProcess | None:
    """The first of these workers seen holding a run mid-way (a node completed, more to come)."""
    by_pid = {worker.pid: worker for worker in workers}
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        owners = await db.fetch("SELECT lease_owner FROM workflow.workflow_executions WHERE status = 1"
                                " AND lease_owner LIKE 'workflow-worker:%' AND checkpoint IS NOT NULL")
        for row in owners:
            pid = int(row["lease_owner"].split(":")[2])
            if pid in by_pid:
                return by_pid[pid]
        await asyncio.sleep(0.002)
    return None


async def test_async_runs_complete_exactly_once_while_workers_are_killed(
        workflow_stack: KnowledgeStack, workflows, run_canvases, workflow_db: asyncpg.Pool) -> None:
    workflow_id = await workflows.create()
    await workflows.save(workflow_id, run_canvases.with_code(run_canvases.chain(CHAIN), "200010", PAUSE))
    with ExitStack() as cleanup:
        victims = [_worker(workflow_stack) for _ in range(2)]
        for worker in victims:
            cleanup.callback(worker.stop)
        await asyncio.gather(*(asyncio.to_thread(worker.start) for worker in victims))

        started = time.monotonic()
        execute_ids: list[int] = []
        restarts: dict[ServiceProcess, asyncio.Task[object]] = {}
        kills = 0
        for batch in range(KILLS):  # a batch of runs, then a worker holding one of them is killed
            execute_ids += await asyncio.gather(*(_test_run(workflows, workflow_id, f"run{batch}-{i}")
                                                  for i in range(RUNS // KILLS)))
            up = [w for w in victims if w not in restarts or restarts[w].done()]
            victim = await _first_holding(workflow_db, up, timeout_s=10)
            if victim is not None:
                await asyncio.to_thread(victim.kill)
                kills += 1
                # the same worker comes back, while the runs go on
                restarts[victim] = asyncio.create_task(asyncio.to_thread(victim.start))
        await asyncio.gather(*restarts.values())
        assert kills >= 3, "the runs finished before the workers could be killed mid-run"

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            left = await workflow_db.fetchval("SELECT count(*) FROM workflow.workflow_executions"
                                              " WHERE id = ANY($1) AND status = 1", execute_ids)
            if not left:
                break
            await asyncio.sleep(0.2)
        recovered_s = time.monotonic() - started

    rows = await workflow_db.fetch("SELECT id, status, output, input, attempts FROM workflow.workflow_executions"
                                   " WHERE id = ANY($1)", execute_ids)
    assert len(rows) == RUNS
    unfinished = [r["id"] for r in rows if r["status"] != SUCCESS]
    assert not unfinished, f"runs not finished {recovered_s:.0f}s after the start: {unfinished}"
    for row in rows:
        text = json.loads(row["input"])["text"]
        assert json.loads(row["output"]) == {"result": run_canvases.expected(text, CHAIN)}
    assert recovered_s < 60
    taken_over = [r["id"] for r in rows if r["attempts"] > 1]
    assert taken_over, "no run was taken over: the kills did not interrupt any"

    # exactly one success record per node of every run; taken-over runs kept the nodes completed before the kill
    counts = await workflow_db.fetch(
        "SELECT execute_id, node_id, count(*) AS n, min(run_attempt) AS first FROM workflow.node_executions"
        " WHERE execute_id = ANY($1) AND status = 3 AND scope_owner = '' GROUP BY execute_id, node_id", execute_ids)
    assert all(c["n"] == 1 for c in counts), [dict(c) for c in counts if c["n"] != 1]
    per_run: dict[int, int] = {}
    for c in counts:
        per_run[c["execute_id"]] = per_run.get(c["execute_id"], 0) + 1
    assert per_run == {execute_id: CHAIN + 3 for execute_id in execute_ids}
    resumed = {c["execute_id"] for c in counts if c["first"] == 1} & set(taken_over)
    assert resumed, "no taken-over run kept the nodes it had completed"


async def _orphan(db: asyncpg.Pool, workflow_id: str, space_id: str, mode: int) -> int:
    """A running run whose holder died without a trace: its lease lapsed, and no event asks for it."""
    execute_id = int(time.time_ns() // 1000)
    await db.execute(
        "INSERT INTO workflow.workflow_executions (id, workflow_id, space_id, creator_id, version, content_hash, mode,"
        " input, lease_owner, lease_until, attempts, started_at)"
        " SELECT $1, $2, $3, 1, '', content_hash, $4, '{\"text\": \"orphan\"}'::jsonb, 'workflow-worker:gone:1:x',"
        " now() - interval '1 minute', 1, now() FROM workflow.workflow_drafts WHERE workflow_id = $2",
        execute_id, int(workflow_id), int(space_id), mode)
    return execute_id


async def test_runs_whose_executor_died_are_never_left_running(workflows, run_canvases,
                                                               workflow_db: asyncpg.Pool) -> None:
    workflow_id = await workflows.create()
    await workflows.save(workflow_id, run_canvases.chain(2))
    queued = await _orphan(workflow_db, workflow_id, workflows.space_id, mode=3)  # a test run: re-driven
    synced = await _orphan(workflow_db, workflow_id, workflows.space_id, mode=0)  # its caller is gone: fails
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        left = await workflow_db.fetchval("SELECT count(*) FROM workflow.workflow_executions"
                                          " WHERE id = ANY($1) AND status = 1", [queued, synced])
        if not left:
            break
        await asyncio.sleep(0.1)
    rows = {r["id"]: r for r in await workflow_db.fetch(
        "SELECT id, status, output, error_msg, attempts FROM workflow.workflow_executions WHERE id = ANY($1)",
        [queued, synced])}
    assert rows[queued]["status"] == SUCCESS and rows[queued]["attempts"] == 2
    assert json.loads(rows[queued]["output"]) == {"result": run_canvases.expected("orphan", 2)}
    assert rows[synced]["status"] == 3 and "stopped" in rows[synced]["error_msg"]
