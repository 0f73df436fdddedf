"""Async runs killed inside a Loop carry on inside it: a workflow whose Loop body calls a
counting HTTP server runs on workers, one is SIGKILLed while holding a run mid-loop (two or more
iterations done), and the run is taken over from its checkpoint. Every run ends Success with an
answer per item; each item's HTTP call completed once (the one in flight at the kill may be
sent again, nothing completed before it is); each iteration's HTTP node has one success record."""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack

import asyncpg
import pytest

from atelier_devstack.canvas_builders import chain, edge, entry, exit_, node, out, param, ref
from atelier_devstack.ports import free_port
from atelier_devstack.services import ServiceProcess
from atelier_devstack.stack_fixtures import KnowledgeStack
from atelier_devstack.tool_servers import ToolServer

RUNS, ITEMS, CALL_S = 6, 6, 0.25
LOOP_ID, HTTP_ID = "160001", "170001"
SUCCESS = 2
STRINGS = {"type": "string"}


@pytest.fixture
def api() -> Iterator[ToolServer]:
    with ToolServer() as server:
        server.respond("GET", "/count", {"ok": True}, delay_s=CALL_S)
        yield server


def loop_canvas(url: str) -> dict:
    http = node(HTTP_ID, 45, {
        "apiInfo": {"method": "GET", "url": url}, "headers": [], "auth": {"authOpen": False},
        "params": [param("run", ref("100001", "text")), param("item", ref(LOOP_ID, "item"))],
        "body": {"bodyType": "EMPTY", "bodyData": {}}, "setting": {"timeout": 5, "retryTimes": 0}},
        [out("body"), out("statusCode", "integer"), out("headers")])
    loop = node(LOOP_ID, 21, {"loopType": "array",
                              "inputParameters": [param("item", ref("100001", "items", "list", schema=STRINGS))]},
                [param("answers", ref(HTTP_ID, "statusCode", "list", schema={"type": "integer"}))],
                blocks=[http], edges=[edge(LOOP_ID, HTTP_ID, "loop-function-inline-output"), edge(HTTP_ID, LOOP_ID)])
    return {"nodes": [entry(out("text", required=True), out("items", "list", schema=STRINGS)), loop,
                      exit_(param("answers", ref(LOOP_ID, "answers", "list", schema={"type": "integer"})))],
            "edges": chain("100001", LOOP_ID, "900001")}


def _worker(stack: KnowledgeStack) -> ServiceProcess:
    env = {**stack.env, "ATELIER_WORKFLOW_WORKER_ADDR": f"127.0.0.1:{free_port()}",
           "ATELIER_WORKFLOW_WORKER_CONCURRENCY": "2"}
    return ServiceProcess("workflow_worker", env)


async def _holding_mid_loop(db: asyncpg.Pool, execute_ids: list[int], worker: ServiceProcess, *,
                            timeout_s: float) -> int | None:
    """A run `worker` holds with at least two iterations of its loop done and more to come."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        rows = await db.fetch(
            "SELECT id, lease_owner, checkpoint->'progress'->$2->'done' AS done FROM workflow.workflow_executions"
            " WHERE id = ANY($1) AND status = 1 AND checkpoint ? 'progress'", execute_ids, LOOP_ID)
        for row in rows:
            owner = row["lease_owner"] or ""
            done = row["done"] if isinstance(row["done"], dict) else json.loads(row["done"] or "{}")
            if owner.startswith("workflow-worker:") and int(owner.split(":")[2]) == worker.pid \
                    and 2 <= len(done) < ITEMS:
                return row["id"]
        await asyncio.sleep(0.01)
    return None


async def test_a_run_killed_mid_loop_does_not_repeat_completed_iterations(
        workflow_stack: KnowledgeStack, workflows, workflow_db: asyncpg.Pool, api: ToolServer) -> None:
    workflow_id = await workflows.create()
    await workflows.save(workflow_id, loop_canvas(api.url("/count")))
    items = [f"i{k}" for k in range(ITEMS)]
    with ExitStack() as cleanup:
        victim = _worker(workflow_stack)
        cleanup.callback(victim.stop)
        await asyncio.to_thread(victim.start)
        execute_ids: list[int] = []
        killed: int | None = None
        for attempt in range(3):  # runs until the victim is seen holding one mid-loop
            replies = await asyncio.gather(*(workflows.call("test_run", workflow_id=workflow_id,
                                                            input={"text": f"r{attempt}-{i}",
                                                                   "items": json.dumps(items)})
                                             for i in range(RUNS)))
            execute_ids += [int(reply["data"]["execute_id"]) for reply in replies]
            killed = await _holding_mid_loop(workflow_db, execute_ids, victim, timeout_s=ITEMS * CALL_S * 3)
            if killed is not None:
                await asyncio.to_thread(victim.kill)
                break
        assert killed is not None, "the victim worker never held a run mid-loop"

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if not await workflow_db.fetchval("SELECT count(*) FROM workflow.workflow_executions"
                                              " WHERE id = ANY($1) AND status = 1", execute_ids):
                break
            await asyncio.sleep(0.2)

    rows = {r["id"]: r for r in await workflow_db.fetch(
        "SELECT id, status, output, input, attempts FROM workflow.workflow_executions WHERE id = ANY($1)",
        execute_ids)}
    assert all(r["status"] == SUCCESS for r in rows.values()), {i: r["status"] for i, r in rows.items()}
    assert rows[killed]["attempts"] > 1  # taken over from its checkpoint
    for row in rows.values():
        assert json.loads(row["output"]) == {"answers": [200] * ITEMS}

    calls = Counter((r.query["run"][0], r.query["item"][0]) for r in api.calls("GET", "/count"))
    for row in rows.values():
        run = json.loads(row["input"])["text"]
        sent = [calls[(run, item)] for item in items]
        assert all(n >= 1 for n in sent), (run, sent)
        # at most the call in flight at each kill went out again
        assert sum(sent) - ITEMS <= row["attempts"] - 1, (run, sent)
    killed_run = json.loads(rows[killed]["input"])["text"]
    # the iterations done before the kill (two or more) were not called again
    assert sum(calls[(killed_run, item)] for item in items) <= ITEMS + 1

    records = await workflow_db.fetch(
        "SELECT execute_id, iteration, count(*) AS n FROM workflow.node_executions WHERE execute_id = ANY($1)"
        " AND node_id = $2 AND scope_owner = $3 AND status = 3 GROUP BY execute_id, iteration",
        execute_ids, HTTP_ID, LOOP_ID)
    per_run = Counter(r["execute_id"] for r in records)
    assert all(r["n"] == 1 for r in records), [dict(r) for r in records if r["n"] != 1]
    assert per_run == {execute_id: ITEMS for execute_id in execute_ids}
