"""Shared helpers of the workflow console tests: the workflow service and the gateway as processes
(`workflow_stack`), a console client per test, another user, a connection to look at what is
stored, and `Workflows`, the console's calls with the canvases it sends."""

from __future__ import annotations

import copy
import json
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import asyncpg
import httpx
import pytest
from cozepy import Coze, SyncHTTPClient, TokenAuth

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.stack_fixtures import KnowledgeStack, new_user

START = {"id": "100001", "type": "1", "meta": {"position": {"x": 0, "y": 0}},
         "data": {"nodeMeta": {"title": "Start"}, "outputs": [{"type": "string", "name": "city", "required": True}]}}
END = {"id": "900001", "type": "2", "meta": {"position": {"x": 900, "y": 0}},
       "data": {"nodeMeta": {"title": "End"}, "inputs": {"terminatePlan": "returnVariables", "inputParameters": [
           {"name": "answer", "input": {"type": "string", "value": {"type": "ref", "content": {
               "source": "block-output", "blockID": "130001", "name": "output"}}}}]}}}


class CanvasParts:
    """Canvases as the console sends them: start -> nodes in a chain -> end."""

    START = START
    END = END

    @staticmethod
    def edge(source: str, target: str) -> dict[str, str]:
        return {"sourceNodeID": source, "targetNodeID": target}

    @staticmethod
    def text_node(node_id: str, *, x: int = 400, **inputs: Any) -> dict[str, Any]:
        """A text-processing node (type "15")."""
        return {"id": node_id, "type": "15", "meta": {"position": {"x": x, "y": 0}},
                "data": {"nodeMeta": {"title": f"Text {node_id}"}, "inputs": {"method": "concat", **inputs},
                         "outputs": [{"type": "string", "name": "output"}]}}

    @staticmethod
    def sub_workflow_node(node_id: str, workflow_id: str, version: str = "") -> dict[str, Any]:
        """A SubWorkflow node (type "9") running workflow_id."""
        return {"id": node_id, "type": "9", "meta": {"position": {"x": 400, "y": 200}},
                "data": {"nodeMeta": {"title": "Sub"}, "inputs": {
                    "workflowId": workflow_id, "workflowVersion": version, "inputParameters": []}}}

    def canvas(self, *middle: dict[str, Any], start: dict[str, Any] | None = None) -> dict[str, Any]:
        nodes = [copy.deepcopy(start or START), *middle, copy.deepcopy(END)]
        ids = [n["id"] for n in nodes]
        return {"nodes": nodes, "edges": [self.edge(a, b) for a, b in zip(ids, ids[1:], strict=False)]}


def _ref(block_id: str, name: str) -> dict[str, Any]:
    return {"type": "string", "value": {"type": "ref", "content": {
        "source": "block-output", "blockID": block_id, "name": name}}}


def _lit(text: str) -> dict[str, Any]:
    return {"type": "string", "value": {"type": "literal", "content": text}}


class RunCanvases:
    """Canvases the run tests execute: chains of TextProcessor nodes (each appends its mark to what
    the node before it produced), so a run's output shows every node ran, in order, once."""

    START_ID, END_ID = "100001", "900001"

    @staticmethod
    def mark(i: int) -> str:
        return f"<{i}>"

    def chain(self, length: int, *, answer: bool = False) -> dict[str, Any]:
        """Start(text) -> `length` text nodes (ids 200001...) -> End(result). Node i outputs its
        input followed by mark(i). With `answer`, End returns the text "done: {{result}}"."""
        nodes: list[dict[str, Any]] = [{"id": self.START_ID, "type": "1", "meta": {"position": {"x": 0, "y": 0}},
                                        "data": {"nodeMeta": {"title": "Start"}, "outputs": [
                                            {"type": "string", "name": "text", "required": True}]}}]
        previous, field = self.START_ID, "text"
        for i in range(1, length + 1):
            node_id = str(200000 + i)
            nodes.append({"id": node_id, "type": "15", "meta": {"position": {"x": 100 * i, "y": 0}}, "data": {
                "nodeMeta": {"title": f"Step {i}"},
                "inputs": {"method": "concat",
                           "inputParameters": [{"name": "before", "input": _ref(previous, field)}],
                           "concatParams": [{"name": "concatResult", "input": _lit("{{before}}" + self.mark(i))},
                                            {"name": "arrayItemConcatChar", "input": _lit(", ")}]},
                "outputs": [{"type": "string", "name": "output"}]}})
            previous, field = node_id, "output"
        end_inputs: dict[str, Any] = {"terminatePlan": "useAnswerContent" if answer else "returnVariables",
                                      "inputParameters": [{"name": "result", "input": _ref(previous, field)}]}
        if answer:
            end_inputs["content"] = _lit("done: {{result}}")
        nodes.append({"id": self.END_ID, "type": "2", "meta": {"position": {"x": 100 * (length + 1), "y": 0}},
                      "data": {"nodeMeta": {"title": "End"}, "inputs": end_inputs}})
        return {"nodes": nodes, "edges": self.edges(nodes)}

    @staticmethod
    def edges(nodes: list[dict[str, Any]]) -> list[dict[str, str]]:
        ids = [n["id"] for n in nodes]
        return [{"sourceNodeID": a, "targetNodeID": b} for a, b in zip(ids, ids[1:], strict=False)]

    def with_code(self, doc: dict[str, Any], after: str, code: str) -> dict[str, Any]:
        """`doc` (a chain) with a CodeRunner node (id 300001) running `code` right after `after`;
        no node reads its outputs."""
        nodes = list(doc["nodes"])
        at = next(i for i, n in enumerate(nodes) if n["id"] == after) + 1
        nodes.insert(at, {"id": "300001", "type": "5", "meta": {"position": {"x": 150, "y": 100}}, "data": {
            "nodeMeta": {"title": "Code"}, "inputs": {"code": code, "language": 3, "inputParameters": [],
                                                      "settingOnError": {"timeoutMs": 60000}},
            "outputs": [{"type": "string", "name": "output"}]}})
        return {"nodes": nodes, "edges": self.edges(nodes)}

    def expected(self, text: str, length: int) -> str:
        return text + "".join(self.mark(i) for i in range(1, length + 1))

class Workflows:
    """The console's workflow calls in one space."""

    def __init__(self, client: AtelierClient) -> None:
        self.client = client
        self.space_id = client.space_id

    @staticmethod
    def unique_name(prefix: str = "flow") -> str:
        return f"{prefix}_{uuid.uuid4().hex[:8]}"

    async def call(self, route: str, **body: Any) -> dict[str, Any]:
        return await self.client.call(f"/api/workflow_api/{route}", {"space_id": self.space_id, **body})

    async def create(self, name: str | None = None, **fields: Any) -> str:
        """A new workflow (a unique name unless one is given)."""
        name = self.unique_name() if name is None else name
        reply = await self.call("create", name=name, desc=fields.pop("desc", "a workflow"), **fields)
        return reply["data"]["workflow_id"]

    async def canvas(self, workflow_id: str) -> dict[str, Any]:
        return (await self.call("canvas", workflow_id=workflow_id))["data"]

    async def commit(self, workflow_id: str) -> str:
        return (await self.canvas(workflow_id))["vcs_data"]["submit_commit_id"]

    async def save(self, workflow_id: str, doc: dict[str, Any] | str, commit: str | None = None,
                   **fields: Any) -> dict[str, Any]:
        commit = commit if commit is not None else await self.commit(workflow_id)
        schema = doc if isinstance(doc, str) else json.dumps(doc)
        return (await self.call("save", workflow_id=workflow_id, schema=schema, submit_commit_id=commit,
                                **fields))["data"]

    async def publish(self, workflow_id: str, **fields: Any) -> dict[str, Any]:
        return (await self.call("publish", workflow_id=workflow_id, **fields))["data"]

    async def listed(self, **filters: Any) -> dict[str, Any]:
        return (await self.call("workflow_list", **filters))["data"]

    async def detail(self, *ids: str) -> list[dict[str, Any]]:
        return (await self.call("workflow_detail", workflow_ids=list(ids)))["data"]


@pytest.fixture
async def client(workflow_stack: KnowledgeStack) -> AsyncIterator[AtelierClient]:
    async with workflow_stack.client() as api:
        yield api


@pytest.fixture
def parts() -> CanvasParts:
    return CanvasParts()


@pytest.fixture
def run_canvases() -> RunCanvases:
    return RunCanvases()


@pytest.fixture
def workflows(client: AtelierClient) -> Workflows:
    return Workflows(client)


@pytest.fixture
async def other(workflow_stack: KnowledgeStack) -> AsyncIterator[Workflows]:
    """The console of another user, in a fresh space of theirs (its lists hold exactly what the test made)."""
    token, spaces = await new_user(workflow_stack.env["ATELIER_DATABASE_URL"])
    async with AtelierClient(workflow_stack.gateway_url, token, spaces[0]) as api:
        yield Workflows(api)


@pytest.fixture
async def workflow_db(workflow_stack: KnowledgeStack) -> AsyncIterator[asyncpg.Pool]:
    """The stack's database (to look at what is stored)."""
    async with asyncpg.create_pool(workflow_stack.env["ATELIER_DATABASE_URL"], min_size=1, max_size=1) as pool:
        yield pool


# ---------------------------------------------------------------- chatflows (chatflow_stack)

CHATFLOW_MODE = 3  # WorkflowMode.ChatFlow, Coze's flow_mode


@pytest.fixture
def coze(chatflow_stack: KnowledgeStack) -> Iterator[Coze]:
    """The official Coze SDK on the chatflow stack's gateway."""
    http = SyncHTTPClient(trust_env=False)
    yield Coze(auth=TokenAuth(chatflow_stack.token), base_url=chatflow_stack.gateway_url, http_client=http)
    http.close()


@pytest.fixture
def console(chatflow_stack: KnowledgeStack) -> Iterator[httpx.Client]:
    """The console's HTTP calls on the chatflow stack (the admin's token)."""
    with httpx.Client(base_url=chatflow_stack.gateway_url, trust_env=False, timeout=30,
                      headers={"Authorization": f"Bearer {chatflow_stack.token}"}) as http:
        yield http


@pytest.fixture
def publish_chatflow(console: httpx.Client, chatflow_stack: KnowledgeStack) -> Callable[..., str]:
    """publish_chatflow(canvas, mode=CHATFLOW_MODE): a new workflow with that canvas, published; its id."""
    def api(route: str, **body: Any) -> dict[str, Any]:
        reply = console.post(f"/api/workflow_api/{route}", json={"space_id": chatflow_stack.space_id, **body})
        assert reply.status_code == 200, reply.text
        return reply.json()["data"]

    def publish(doc: dict[str, Any], mode: int = CHATFLOW_MODE) -> str:
        workflow_id = api("create", name=f"chat_{uuid.uuid4().hex[:8]}", desc="a chatflow", flow_mode=mode)["workflow_id"]
        commit = api("canvas", workflow_id=workflow_id)["vcs_data"]["submit_commit_id"]
        api("save", workflow_id=workflow_id, schema=json.dumps(doc), submit_commit_id=commit)
        api("publish", workflow_id=workflow_id, force=True)
        return workflow_id

    return publish
