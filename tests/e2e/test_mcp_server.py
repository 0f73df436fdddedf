"""Atelier as an MCP server, driven by the `mcp` package's own client as an IDE or another agent
would: `streamable_http_client` + `ClientSession` against `/v1/mcp` of the real stack (gateway,
agent, conversation; the suite's OpenAI-compatible server as the model), authorised by a personal
access token. Each test works in new accounts of its own, so the listings are exact."""

from __future__ import annotations

import contextlib
import json
import re
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
import httpx2
import pytest
from mcp import Client, ClientSession, MCPError
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult

from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack, new_user

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]

CHAT = "/v1/chat/completions"


@dataclass
class Account:
    token: str
    spaces: list[str]
    base_url: str

    def http(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=self.base_url, headers={"Authorization": f"Bearer {self.token}"},
                                 timeout=30, trust_env=False)

    async def call(self, path: str, body: dict[str, Any], *, method: str = "POST") -> dict[str, Any]:
        async with self.http() as http:
            if method == "GET":
                reply = await http.get(path, params=body)
            else:
                reply = await http.post(path, json=body)
        assert reply.status_code == 200, reply.text
        return reply.json()

    async def bot(self, space: str, name: str, *, description: str = "", publish: bool = True) -> str:
        created = await self.call("/v1/bot/create", {"space_id": space, "name": name, "description": description,
                                                     "model_info_config": {"model_id": STUB_MODEL_ID}})
        bot_id = created["data"]["bot_id"]
        if publish:
            await self.call("/v1/bot/publish", {"bot_id": bot_id})
        return bot_id

    async def unpublish(self, bot_id: str) -> None:
        await self.call(f"/v1/bots/{bot_id}/unpublish", {"connector_id": "1024"})

    @contextlib.asynccontextmanager
    async def mcp(self, query: str = "") -> AsyncIterator[ClientSession]:
        """The SDK's session over streamable HTTP, initialised (the handshake IDEs speak today)."""
        headers = {"Authorization": f"Bearer {self.token}"}
        async with httpx2.AsyncClient(headers=headers, timeout=60, trust_env=False) as http, \
                streamable_http_client(f"{self.base_url}/v1/mcp{query}", http_client=http) as (read, write), \
                ClientSession(read, write) as session:
            await session.initialize()
            yield session


@pytest.fixture
async def account(chat_stack: KnowledgeStack) -> Account:
    token, spaces = await new_user(chat_stack.env["ATELIER_DATABASE_URL"], ("Kitchen", "Garage"))
    return Account(token, spaces, chat_stack.gateway_url)


@pytest.fixture
async def stranger(chat_stack: KnowledgeStack) -> Account:
    token, spaces = await new_user(chat_stack.env["ATELIER_DATABASE_URL"])
    return Account(token, spaces, chat_stack.gateway_url)


def tag() -> str:
    return uuid.uuid4().hex[:6]


def text_of(result: CallToolResult) -> str:
    return "\n".join(block.text for block in result.content if block.type == "text")


async def tools_by_bot(session: ClientSession) -> dict[str, Any]:
    """bot id -> tool: a tool's name ends with its bot's id."""
    return {tool.name.rsplit("_", 1)[1]: tool for tool in (await session.list_tools()).tools}


# ------------------------------------------------------------------ listing


async def test_tools_are_exactly_the_published_agents_of_the_token(account: Account, stranger: Account) -> None:
    kitchen, garage = account.spaces
    kettle = await account.bot(kitchen, f"Kettle helper {tag()}", description="Answers kettle questions.")
    drill = await account.bot(garage, f"Drill guide {tag()}")
    await account.bot(kitchen, "Never published", publish=False)
    withdrawn = await account.bot(kitchen, "Withdrawn")
    await account.unpublish(withdrawn)
    foreign = await stranger.bot(stranger.spaces[0], "Someone else's")

    async with account.mcp() as session:
        tools = await tools_by_bot(session)
    assert set(tools) == {kettle, drill}  # no draft, nothing unpublished, nothing of another user
    listed = tools[kettle]
    assert listed.name.startswith("kettle_helper_") and listed.name.endswith(f"_{kettle}")
    assert listed.title.startswith("Kettle helper") and listed.description == "Answers kettle questions."
    assert listed.input_schema["required"] == ["query"]
    assert set(listed.input_schema["properties"]) == {"query", "conversation_id"}
    assert "Drill guide" in tools[drill].description  # no description: one naming the agent

    async with account.mcp(f"?workspace_id={garage}") as session:
        assert set(await tools_by_bot(session)) == {drill}
    async with stranger.mcp() as session:
        assert set(await tools_by_bot(session)) == {foreign}


async def test_the_2026_protocol_serves_the_same_tools(account: Account, stub: OpenAIStub) -> None:
    """The SDK's Client negotiates the newest revision (stateless, per-request envelope)."""
    bot = await account.bot(account.spaces[0], f"Modern {tag()}")
    headers = {"Authorization": f"Bearer {account.token}"}
    async with httpx2.AsyncClient(headers=headers, timeout=60, trust_env=False) as http, \
            Client(streamable_http_client(f"{account.base_url}/v1/mcp", http_client=http)) as client:
        assert not client.protocol_version.startswith("2025")
        (tool,) = (await client.list_tools()).tools
        assert tool.name.endswith(f"_{bot}")
        stub.script({"content": "Hello from 2026."})
        result = await client.call_tool(tool.name, {"query": "hi"})
        assert result.structured_content["answer"] == "Hello from 2026."


# ------------------------------------------------------------------ calling


async def test_a_call_answers_and_its_conversation_continues(account: Account, stub: OpenAIStub) -> None:
    bot = await account.bot(account.spaces[0], f"Kettle {tag()}")
    async with account.mcp() as session:
        name = (await tools_by_bot(session))[bot].name
        stub.script({"content": "Descale it once a month."})
        first = await session.call_tool(name, {"query": "How often should I descale?"})
        assert not first.is_error, text_of(first)
        answer = first.structured_content
        assert answer["answer"] == "Descale it once a month."
        assert first.content[0].text == "Descale it once a month."
        assert answer["conversation_id"] in text_of(first)  # a model reading the text can continue too

        stub.script({"content": "White vinegar works."})
        second = await session.call_tool(name, {"query": "With what?", "conversation_id": answer["conversation_id"]})
        assert second.structured_content["answer"] == "White vinegar works."
        assert second.structured_content["conversation_id"] == answer["conversation_id"]
        sent = [(m["role"], m["content"]) for m in stub.requests(CHAT)[-1]["json"]["messages"] if m["role"] != "system"]
        assert sent == [("user", "How often should I descale?"), ("assistant", "Descale it once a month."),
                        ("user", "With what?")]

        stub.script({"content": "Fresh start."})
        third = await session.call_tool(name, {"query": "Hello"})
        assert third.structured_content["conversation_id"] != answer["conversation_id"]


async def test_a_failing_chat_is_an_error_result(account: Account, stranger: Account, stub: OpenAIStub) -> None:
    bot = await account.bot(account.spaces[0], f"Fragile {tag()}")
    elsewhere = await stranger.bot(stranger.spaces[0], "Theirs")
    async with account.mcp() as session:
        name = (await tools_by_bot(session))[bot].name
        stub.script({"error": {"status": 400, "message": "bad request to model"}})
        failed = await session.call_tool(name, {"query": "hi"})
        assert failed.is_error and "bad request to model" in text_of(failed) and name in text_of(failed)

        stub.script({"content": "Mine."})
        theirs = await stranger_conversation(stranger, elsewhere, stub)
        refused = await session.call_tool(name, {"query": "hi", "conversation_id": theirs})
        assert refused.is_error and "conversation" in text_of(refused)

        bad = await session.call_tool(name, {"query": "   "})
        assert bad.is_error and "'query'" in text_of(bad)
        bad = await session.call_tool(name, {"query": "hi", "conversation_id": "12x"})
        assert bad.is_error and "'conversation_id'" in text_of(bad)
        bad = await session.call_tool(name, {"query": "hi", "temperature": 2})
        assert bad.is_error and "'temperature'" in text_of(bad)


async def test_an_agent_waiting_for_client_tools_is_an_error_and_its_run_ends(account: Account,
                                                                             stub: OpenAIStub) -> None:
    bot = await account.bot(account.spaces[0], f"Phone {tag()}", publish=False)
    tool = {"name": "battery_level", "description": "Battery level of the user's phone",
            "parameters": json.dumps({"type": "object", "properties": {}})}
    await account.call("/api/playground_api/draftbot/update_draft_bot_info",
                       {"bot_info": {"bot_id": bot, "client_tool_list": [tool]}})
    await account.call("/v1/bot/publish", {"bot_id": bot})
    async with account.mcp() as session:
        name = (await tools_by_bot(session))[bot].name
        stub.script({"tool_calls": [{"name": "battery_level", "arguments": {}}]})
        waiting = await session.call_tool(name, {"query": "battery?"})
    assert waiting.is_error and "battery_level" in text_of(waiting)
    conversation, chat = re.search(r"conversation_id (\d+), chat_id (\d+)", text_of(waiting)).groups()
    retrieved = await account.call("/v3/chat/retrieve", {"conversation_id": conversation, "chat_id": chat},
                                   method="GET")
    assert retrieved["data"]["status"] == "canceled"  # nothing would ever submit the outputs


async def stranger_conversation(stranger: Account, bot: str, stub: OpenAIStub) -> str:
    async with stranger.mcp() as session:
        name = (await tools_by_bot(session))[bot].name
        return (await session.call_tool(name, {"query": "hello"})).structured_content["conversation_id"]


async def test_unpublished_and_foreign_agents_are_named_in_the_error(account: Account, stranger: Account) -> None:
    bot = await account.bot(account.spaces[0], f"Short lived {tag()}")
    foreign = await stranger.bot(stranger.spaces[0], "Not yours")
    async with stranger.mcp() as session:
        foreign_name = (await tools_by_bot(session))[foreign].name
    async with account.mcp() as session:
        name = (await tools_by_bot(session))[bot].name
        await account.unpublish(bot)
        gone = await session.call_tool(name, {"query": "still there?"})
        assert gone.is_error and name in text_of(gone) and "unpublished" in text_of(gone)
        other = await session.call_tool(foreign_name, {"query": "hi"})
        assert other.is_error and foreign in text_of(other) and foreign_name in text_of(other)
        unknown = await session.call_tool("no-such-tool", {"query": "hi"})
        assert unknown.is_error and "no-such-tool" in text_of(unknown)


# ------------------------------------------------------------------ authorisation


async def test_only_a_valid_token_gets_in(account: Account, stranger: Account) -> None:
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "curl", "version": "1"}}}
    accept = {"Accept": "application/json, text/event-stream"}
    async with httpx.AsyncClient(base_url=account.base_url, timeout=30, trust_env=False) as http:
        for headers, msg in (({}, "missing bearer token"),
                             ({"Authorization": "Bearer pat_not-a-token"}, "invalid token")):
            reply = await http.post("/v1/mcp", json=initialize, headers={**accept, **headers})
            body = reply.json()  # the gateway's error, readable as a JSON-RPC error too
            assert reply.status_code == 401 and (body["code"], body["msg"], body["error"]["message"]) == (401, msg, msg)
            assert reply.headers["www-authenticate"].startswith("Bearer")
        mine = {**accept, "Authorization": f"Bearer {account.token}"}
        reply = await http.post(f"/v1/mcp?workspace_id={stranger.spaces[0]}", json=initialize, headers=mine)
        assert reply.status_code == 403 and stranger.spaces[0] in reply.json()["msg"]
        reply = await http.post("/v1/mcp?workspace_id=kitchen", json=initialize, headers=mine)
        assert reply.status_code == 400 and "workspace_id" in reply.json()["msg"]
        reply = await http.post("/v1/mcp", json=initialize, headers=mine)
        assert reply.status_code == 200 and reply.json()["result"]["serverInfo"]["name"] == "atelier"

    wrong = Account("pat_not-a-token", account.spaces, account.base_url)
    with pytest.raises(ExceptionGroup) as refused:  # the SDK's client raises the reason from its task group
        async with wrong.mcp():
            pass
    assert refused.group_contains(MCPError, match="invalid token")
