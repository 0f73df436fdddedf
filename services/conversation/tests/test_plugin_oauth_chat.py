"""A plugin behind OAuth (authorization code) in a chat: the first call interrupts the chat with an
authorization link (requires_action, the link in the answer and in an `interrupt` message, nothing
sent to the tool); the user opens it, the provider sends the browser to the gateway's callback, and
resuming the same chat makes the call with the user's token, refreshed because it is about to
expire; after a revoke the next chat interrupts again. Real processes (gateway, agent, conversation,
plugin), a tool server and an OAuth provider started by the test, the suite's scripted model."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.tool_servers import OAuthServer, ToolServer

pytestmark = pytest.mark.e2e

CHAT = "/v1/chat/completions"
USER = "reader-7"  # the end user /v3/chat names: the token is theirs
EVENTS = [{"title": "standup", "at": "09:30"}]


def calendar_api(tools: ToolServer) -> dict[str, Any]:
    return {
        "openapi": "3.0.3", "info": {"title": "Calendar", "description": "Your events", "version": "1"},
        "servers": [{"url": f"http://{tools.host}:{tools.port}/v2"}],
        "paths": {"/events": {"get": {
            "operationId": "list_events", "summary": "Events of a day",
            "parameters": [{"name": "day", "in": "query", "required": True,
                            "schema": {"type": "string", "format": "date"}}],
            "responses": {"200": {"description": "OK"}}}}},
    }


async def authorize(link: str) -> None:
    """The user opens the link: the provider approves and sends the browser to the gateway's callback."""
    async with httpx.AsyncClient(trust_env=False, timeout=10, follow_redirects=True) as browser:
        landed = await browser.get(link)
    assert landed.status_code == 200, landed.text
    # the callback ends on a page for the person, not JSON
    assert landed.headers["content-type"].startswith("text/html") and "<h1>Plugin authorized</h1>" in landed.text
    assert "go back to the chat" in landed.text


async def register_oauth_plugin(client: AtelierClient, tools: ToolServer, idp: OAuthServer) -> tuple[str, str]:
    """Registered with OAuth authorization code, debugged by the developer (who authorizes it for
    themselves) and published: (plugin_id, api_id)."""
    space = client.space_id
    manifest = {
        "schema_version": "v1", "name_for_model": "calendar", "name_for_human": "Calendar",
        "description_for_model": "Your events", "description_for_human": "Your events",
        "api": {"type": "openapi"},
        "auth": {"type": "oauth", "sub_type": "authorization_code", "payload": json.dumps({
            "client_id": idp.client_id, "client_secret": idp.client_secret, "client_url": idp.authorize_url,
            "authorization_url": idp.token_url, "scope": "calendar", "authorization_content_type": "application/json"})}}
    registered = await client.call("/api/plugin_api/register", {
        "space_id": space, "ai_plugin": json.dumps(manifest), "openapi": json.dumps(calendar_api(tools))})
    plugin_id = registered["data"]["plugin_id"]
    api_id = (await client.call("/api/plugin_api/get_plugin_apis", {"plugin_id": plugin_id, "space_id": space})
              )["api_info"][0]["api_id"]
    status = await client.call("/api/plugin_api/get_oauth_status", {"plugin_id": plugin_id, "space_id": space})
    await authorize(status["content"])
    debug = await client.call("/api/plugin_api/debug_api", {"plugin_id": plugin_id, "api_id": api_id, "space_id": space,
                                                            "operation": 1, "parameters": json.dumps({"day": "2025-01-01"})})
    assert debug["success"] is True, debug
    await client.call("/api/plugin_api/publish_plugin", {"plugin_id": plugin_id, "space_id": space})
    tools.requests.clear()
    return plugin_id, api_id


def names(events: list[tuple[str, Any]]) -> list[str]:
    return [n for n, _ in events if n != "conversation.message.delta"]


def completed(events: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    return [d for n, d in events if n == "conversation.message.completed"]


def verbose(messages: list[dict[str, Any]], msg_type: str) -> list[dict[str, Any]]:
    found = []
    for m in messages:
        if m["type"] == "verbose" and json.loads(m["content"]).get("msg_type") == msg_type:
            found.append(json.loads(json.loads(m["content"])["data"]))
    return found


async def resume(client: AtelierClient, chat: dict[str, Any]) -> list[tuple[str, Any]]:
    """submit_tool_outputs with no output: the call waiting for authorization is made again."""
    query = f"?conversation_id={chat['conversation_id']}&chat_id={chat['id']}"
    return [(n, d if d == '"[DONE]"' else json.loads(d))
            async for n, d in client.sse("/v3/chat/submit_tool_outputs" + query, {"tool_outputs": [], "stream": True})]


def waiting_call(events: list[tuple[str, Any]]) -> dict[str, Any]:
    assert names(events)[-2:] == ["conversation.chat.requires_action", "done"], names(events)
    [call] = events[-2][1]["required_action"]["submit_tool_outputs"]["tool_calls"]
    return call


async def test_oauth_interrupts_the_chat_and_the_authorized_user_resumes_it(client: AtelierClient, new_bot,
                                                                            stub: OpenAIStub) -> None:
    with ToolServer() as tools, OAuthServer() as idp:
        tools.respond("GET", "/v2/events", EVENTS)
        plugin_id, api_id = await register_oauth_plugin(client, tools, idp)
        idp.expires_in = 20  # inside the plugin service's 30 s leeway: every use refreshes it
        issued = len(idp.access_tokens)  # the developer's own, while debugging
        bot = await new_bot(plugin_info_list=[{"plugin_id": plugin_id, "api_id": api_id}])
        stub.script({"content": "", "tool_calls": [{"name": "list_events", "arguments": {"day": "2025-03-01"}}]},
                    {"content": "You have standup at 09:30."})
        model_calls = len(stub.requests(CHAT))

        # Interrupt: nothing reaches the tool, the chat waits with the link.
        first = await client.chat(bot, "What is on my calendar on March 1st?", user_id=USER)
        call = waiting_call(first)
        link = call["authorization_url"]
        assert link.startswith(idp.authorize_url) and call["function"]["name"] == "list_events"
        assert tools.requests == [] and len(stub.requests(CHAT)) == model_calls + 1
        said = completed(first)
        answer = next(m for m in said if m["type"] == "answer")
        assert link in answer["content"] and "Calendar" in answer["content"]
        [interrupt] = verbose(said, "interrupt")
        assert interrupt["interrupt_type"] == 7 and interrupt["tool_calls"][0]["authorization_url"] == link
        assert [r["outcome"] for r in verbose(said, "tool_call_record")] == ["oauth_required"]
        assert not [m for m in said if m["type"] == "tool_response"]
        chat = first[0][1]

        # Resumed before authorizing: the same chat waits again; the model is not asked again.
        again = await resume(client, chat)
        assert waiting_call(again)["id"] == call["id"] and tools.requests == []
        assert len(stub.requests(CHAT)) == model_calls + 1

        # The user authorizes in the browser: the provider redirects to the gateway's callback.
        await authorize(link)
        assert len(idp.access_tokens) == issued + 1

        resumed = await resume(client, chat)
        assert names(resumed)[-2:] == ["conversation.chat.completed", "done"], names(resumed)
        done = resumed[-2][1]
        assert done["id"] == chat["id"] and "required_action" not in done
        [sent] = tools.calls("GET", "/v2/events")
        assert sent.query == {"day": ["2025-03-01"]}
        # The stored token was about to expire: refreshed once, and the fresh one was sent.
        assert len(idp.grants("refresh_token")) == 1 and len(idp.access_tokens) == issued + 2
        assert sent.headers["authorization"] == f"Bearer {idp.access_tokens[-1]}"
        said = completed(resumed)
        assert [m["type"] for m in said if m["type"] in ("tool_response", "answer")] == ["tool_response", "answer"]
        assert next(m for m in said if m["type"] == "answer")["content"] == "You have standup at 09:30."
        assert [r["outcome"] for r in verbose(said, "tool_call_record")] == ["ok"]
        # The model continued the same turn with the tool's answer.
        messages = stub.requests(CHAT)[-1]["json"]["messages"]
        assert messages[-1]["role"] == "tool" and json.loads(messages[-1]["content"]) == EVENTS
        assert messages[-2]["tool_calls"][0]["id"] == call["id"]

        # Revoked for that user: the next chat interrupts again, and nothing is sent.
        await client.call("/api/plugin_api/revoke_auth_token",
                          {"plugin_id": plugin_id, "space_id": client.space_id, "user_id": USER})
        stub.script({"content": "", "tool_calls": [{"name": "list_events", "arguments": {"day": "2025-03-02"}}]})
        after = await client.chat(bot, "And on March 2nd?", user_id=USER, conversation_id=chat["conversation_id"])
        assert waiting_call(after)["authorization_url"].startswith(idp.authorize_url)
        assert len(tools.calls("GET", "/v2/events")) == 1


async def test_one_users_consent_does_not_authorize_another(client: AtelierClient, new_bot,
                                                                        stub: OpenAIStub) -> None:
    with ToolServer() as tools, OAuthServer() as idp:
        tools.respond("GET", "/v2/events", EVENTS)
        plugin_id, api_id = await register_oauth_plugin(client, tools, idp)
        bot = await new_bot(plugin_info_list=[{"plugin_id": plugin_id, "api_id": api_id}])
        tool_call = {"content": "", "tool_calls": [{"name": "list_events", "arguments": {"day": "2025-03-01"}}]}
        stub.script(tool_call)
        first = await client.chat(bot, "My calendar?", user_id=USER)  # the developer's consent is not theirs
        await authorize(waiting_call(first)["authorization_url"])

        stub.script(tool_call)
        other = await client.chat(bot, "My calendar?", user_id="someone-else")
        assert waiting_call(other)["authorization_url"].startswith(idp.authorize_url)
        assert tools.requests == []
