"""Runs served by the workflow service and its workers reach the outside world: an HTTPRequester
node's request arrives at a server the test starts (through the SSRF guard, 127.0.0.1 allow-listed
in the test stack), in a sync run and in an async test run executed by a worker."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.canvas_builders import chain, entry, exit_, node, out, param, ref
from atelier_devstack.tool_servers import ToolServer

pytestmark = pytest.mark.e2e

HTTP_ID = "170001"
RUNNING, SUCCESS = 1, 2  # WorkflowExeStatus


def ordering(url: str) -> dict[str, Any]:
    """Start(item) -> POST {url} with {"item": ...} -> End(body, status)."""
    http = node(HTTP_ID, 45, {
        "apiInfo": {"method": "POST", "url": url}, "headers": [], "params": [], "auth": {"authOpen": False},
        "body": {"bodyType": "JSON", "bodyData": {"json": '{"item": "{{block_output_100001.item}}"}'}},
        "setting": {"timeout": 5, "retryTimes": 0}},
        [out("body"), out("statusCode", "integer"), out("headers")], "Order")
    return {"nodes": [entry(out("item", required=True)), http,
                      exit_(param("body", ref(HTTP_ID, "body")), param("status", ref(HTTP_ID, "statusCode", "integer")))],
            "edges": chain("100001", HTTP_ID, "900001")}


async def test_http_nodes_reach_the_server_in_sync_and_worker_runs(workflows, client: AtelierClient) -> None:
    with ToolServer() as shop:
        shop.respond("POST", "/orders", {"accepted": True})
        workflow_id = await workflows.create()
        await workflows.save(workflow_id, ordering(shop.url("/orders")))
        await workflows.publish(workflow_id, force=True)

        reply = await client.call("/v1/workflow/run", {"workflow_id": workflow_id, "parameters": {"item": "tea"}})
        output = json.loads(reply["data"])
        assert output["status"] == 200 and json.loads(output["body"]) == {"accepted": True}
        assert shop.calls("POST", "/orders")[-1].json() == {"item": "tea"}

        # the draft, run by a worker (a debug run): the same request leaves the worker's process
        started = (await workflows.call("test_run", workflow_id=workflow_id, input={"item": "cake"}))["data"]
        done = await finished(workflows, workflow_id, started["execute_id"])
        assert done["executeStatus"] == SUCCESS, done
        nodes = {n["nodeId"]: n for n in done["nodeResults"]}
        assert json.loads(nodes[HTTP_ID]["output"])["statusCode"] == 200
        assert shop.calls("POST", "/orders")[-1].json() == {"item": "cake"}


async def finished(workflows, workflow_id: str, execute_id: str, timeout_s: float = 20.0) -> dict[str, Any]:
    deadline = asyncio.get_running_loop().time() + timeout_s
    while True:
        found = (await workflows.client.call("/api/workflow_api/get_process", {
            "workflow_id": workflow_id, "space_id": workflows.space_id, "execute_id": execute_id}, method="GET"))["data"]
        if found["executeStatus"] != RUNNING or asyncio.get_running_loop().time() > deadline:
            return found
        await asyncio.sleep(0.1)
