"""The console's run log of workflow runs: a space's runs across its workflows, newest first with
the workflow's name, status, timings, tokens, input and output; filtered by workflow, status, who
started it and time; paged with a cursor; nothing of another space."""

from __future__ import annotations

import json
import time
from typing import Any

from atelier_devstack.api_client import expect_error

LIST = "/api/workflow_api/run_record/list"
SUCCESS, FAIL = 2, 3  # WorkflowExeStatus


async def run(workflows, workflow_id: str, text: str) -> str:
    reply = await workflows.client.call("/v1/workflow/run", {"workflow_id": workflow_id,
                                                             "parameters": json.dumps({"text": text})})
    return reply["execute_id"]


async def records(workflows, **filters: Any) -> dict[str, Any]:
    return await workflows.client.call(LIST, {"space_id": workflows.space_id, **filters})


async def test_runs_across_workflows_are_listed_filtered_and_paged(other, run_canvases, workflows) -> None:
    started = int(time.time()) - 1
    names = [other.unique_name("alpha"), other.unique_name("beta")]
    alpha, beta = [await other.create(name) for name in names]
    for workflow_id in (alpha, beta):
        await other.save(workflow_id, run_canvases.chain(2))
        await other.publish(workflow_id, force=True)
    runs = [await run(other, alpha, "one"), await run(other, beta, "two"), await run(other, alpha, "three")]

    listed = await records(other)
    newest_first = runs[::-1]
    assert [r["execute_id"] for r in listed["data"]] == newest_first and listed["has_more"] is False
    latest = listed["data"][0]
    assert (latest["workflow_id"], latest["workflow_name"], latest["status"]) == (alpha, names[0], SUCCESS)
    assert json.loads(latest["input"]) == {"text": "three"}
    assert json.loads(latest["output"]) == {"result": run_canvases.expected("three", 2)}
    assert latest["version"] and latest["latency_ms"] >= 0 and latest["finished_at"] >= latest["created_at"]
    assert latest["creator_id"]

    async def ids(**filters: Any) -> list[str]:
        return [r["execute_id"] for r in (await records(other, **filters))["data"]]

    assert await ids(workflow_id=beta) == [runs[1]]
    assert await ids(status=SUCCESS) == newest_first and await ids(status=FAIL) == []
    assert await ids(creator_id=latest["creator_id"]) == newest_first
    assert await ids(creator_id="1234567") == []
    assert await ids(start_time=started) == newest_first and await ids(end_time=started) == []
    page = await records(other, limit=2)
    assert [r["execute_id"] for r in page["data"]] == newest_first[:2] and page["has_more"] is True
    rest = await records(other, limit=2, cursor=page["next_cursor"])
    assert [r["execute_id"] for r in rest["data"]] == newest_first[2:] and rest["has_more"] is False

    # another space's runs are not the caller's business
    assert not set(runs) & set(await ids_of(workflows))
    await expect_error(workflows.client.call(LIST, {"space_id": other.space_id}), 403)
    await expect_error(records(other, limit=500), 400, "limit")
    await expect_error(records(other, cursor="x1"), 400, "cursor")


async def ids_of(workflows) -> list[str]:
    return [r["execute_id"] for r in (await records(workflows, limit=100))["data"]]
