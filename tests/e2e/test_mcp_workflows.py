"""Published workflows served by Atelier's MCP endpoint, driven by the `mcp` package's own client as an
IDE or another agent would (`streamable_http_client` + `ClientSession` against `/v1/mcp` of a real
stack: gateway, agent, conversation, plugin, workflow...), authorised by a personal access token. Each
test works in new accounts of its own, so the listings are exact."""

from __future__ import annotations

import contextlib
import json
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult

from atelier_devstack.canvas_builders import ENTRY_ID, EXIT_ID, chain, concat, entry, exit_, node, out, param, ref
from atelier_devstack.stack_fixtures import KnowledgeStack, new_user

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]


@dataclass
class Account:
    token: str
    spaces: list[str]
    base_url: str

    async def call(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        async with httpx.AsyncClient(base_url=self.base_url, headers={"Authorization": f"Bearer {self.token}"},
                                     timeout=30, trust_env=False) as http:
            reply = await http.post(path, json=body)
        assert reply.status_code == 200, reply.text
        return reply.json()

    async def workflow(self, space: str, name: str, doc: dict[str, Any], *, desc: str, publish: bool = True) -> str:
        async def call(route: str, **body: Any) -> dict[str, Any]:
            return await self.call(f"/api/workflow_api/{route}", {"space_id": space, **body})

        workflow_id = (await call("create", name=name, desc=desc))["data"]["workflow_id"]
        commit = (await call("canvas", workflow_id=workflow_id))["data"]["vcs_data"]["submit_commit_id"]
        await call("save", workflow_id=workflow_id, schema=json.dumps(doc), submit_commit_id=commit)
        if publish:
            await call("publish", workflow_id=workflow_id, force=True)
        return workflow_id

    @contextlib.asynccontextmanager
    async def mcp(self, query: str = "") -> AsyncIterator[ClientSession]:
        headers = {"Authorization": f"Bearer {self.token}"}
        async with httpx2.AsyncClient(headers=headers, timeout=60, trust_env=False) as http, \
                streamable_http_client(f"{self.base_url}/v1/mcp{query}", http_client=http) as (read, write), \
                ClientSession(read, write) as session:
            await session.initialize()
            yield session


async def _account(stack: KnowledgeStack, *spaces: str) -> Account:
    token, ids = await new_user(stack.env["ATELIER_DATABASE_URL"], spaces or ("Home",))
    return Account(token, ids, stack.gateway_url)


@pytest.fixture
async def account(chat_stack: KnowledgeStack) -> Account:
    return await _account(chat_stack, "Kitchen", "Garage")


@pytest.fixture
async def stranger(chat_stack: KnowledgeStack) -> Account:
    return await _account(chat_stack)


def greeting_canvas(*, text: bool = False) -> dict[str, Any]:
    """Start(name: required string, times: integer) -> "Hello {{name}} x{{times}}" -> End(greeting)."""
    start = entry(out("name", required=True, description="who to greet"), out("times", "integer"))
    greet = concat("g", "Hello {{name}} x{{times}}", param("name", ref(ENTRY_ID, "name")),
                   param("times", ref(ENTRY_ID, "times", "integer")))
    end = exit_(param("greeting", ref("g", "output")), text="Said: {{greeting}}" if text else None)
    return {"nodes": [start, greet, end], "edges": chain(ENTRY_ID, "g", EXIT_ID)}


def question_canvas() -> dict[str, Any]:
    return {"nodes": [
        entry(out("name")),
        node("qa", 18, {"inputParameters": [param("name", ref(ENTRY_ID, "name"))],
                        "question": "Which city, {{name}}?", "answer_type": "text"}, [out("USER_RESPONSE")],
             title="Ask"),
        exit_(param("city", ref("qa", "USER_RESPONSE")))], "edges": chain(ENTRY_ID, "qa", EXIT_ID)}


def text_of(result: CallToolResult) -> str:
    return "\n".join(block.text for block in result.content if block.type == "text")


def unique(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:6]}"


async def tools_by_workflow(session: ClientSession) -> dict[str, Any]:
    """workflow id -> tool: a workflow tool's name ends with `_wf<id>`."""
    return {tool.name.rsplit("_wf", 1)[1]: tool for tool in (await session.list_tools()).tools}


async def test_tools_are_exactly_the_published_workflows_of_the_token(account: Account, stranger: Account) -> None:
    kitchen, garage = account.spaces
    greeter = await account.workflow(kitchen, unique("greeter"), greeting_canvas(), desc="Greets someone")
    other = await account.workflow(garage, unique("garage_greeter"), greeting_canvas(), desc="Greets in the garage")
    await account.workflow(kitchen, unique("draft_only"), greeting_canvas(), desc="never published", publish=False)
    theirs = await stranger.workflow(stranger.spaces[0], unique("theirs"), greeting_canvas(), desc="someone else's")

    async with account.mcp() as session:
        tools = await tools_by_workflow(session)
    assert set(tools) == {greeter, other}  # no draft, nothing of another user
    listed = tools[greeter]
    assert listed.name.startswith("greeter_") and listed.name.endswith(f"_wf{greeter}")
    assert listed.description == "Greets someone"
    assert listed.input_schema == {"type": "object", "required": ["name"], "properties": {
        "name": {"type": "string", "description": "who to greet"}, "times": {"type": "integer"}}}

    async with account.mcp(f"?workspace_id={garage}") as session:
        assert set(await tools_by_workflow(session)) == {other}
    async with stranger.mcp() as session:
        assert set(await tools_by_workflow(session)) == {theirs}


async def test_a_call_runs_the_workflow_and_answers_its_output(account: Account, stranger: Account) -> None:
    space = account.spaces[0]
    variables = await account.workflow(space, unique("greeter"), greeting_canvas(), desc="Greets")
    text = await account.workflow(space, unique("greeter_text"), greeting_canvas(text=True), desc="Greets, as text")
    asks = await account.workflow(space, unique("asker"), question_canvas(), desc="Asks for a city")
    async with account.mcp() as session:
        tools = await tools_by_workflow(session)

        result = await session.call_tool(tools[variables].name, {"name": "Ada", "times": 2})
        assert not result.is_error, text_of(result)
        assert result.structured_content["output"] == {"greeting": "Hello Ada x2"}
        assert json.loads(text_of(result)) == {"greeting": "Hello Ada x2"}

        result = await session.call_tool(tools[text].name, {"name": "Bo", "times": 1})
        assert not result.is_error, text_of(result)
        assert result.structured_content["answer"] == text_of(result) == "Said: Hello Bo x1"

        # a run that fails (a required input left out) is an error result saying why
        failed = await session.call_tool(tools[variables].name, {"times": 1})
        assert failed.is_error and "the run input name is required" in text_of(failed), text_of(failed)

        # a question cannot be answered over MCP: an error result with the question and how to resume
        waiting = await session.call_tool(tools[asks].name, {"name": "Cy"})
        assert waiting.is_error and "Which city, Cy?" in text_of(waiting) and "stream_resume" in text_of(waiting)

    async with stranger.mcp() as session:  # another user's workflow is not theirs to call
        refused = await session.call_tool(f"greeter_wf{variables}", {"name": "Eve"})
        assert refused.is_error and "not a published workflow in your workspaces" in text_of(refused)
