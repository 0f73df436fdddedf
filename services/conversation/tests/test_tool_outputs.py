"""Client-side tools (Coze's local plugins): the model calls one, the chat stops with requires_action
and the calls; /v3/chat/submit_tool_outputs validates the outputs, saves them and resumes the same
chat where it stopped (streamed, or in the background)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.openai_stub import OpenAIStub

pytestmark = pytest.mark.e2e

CHAT = "/v1/chat/completions"
WEATHER = {"name": "get_weather", "description": "The weather in a city, as the user's app sees it",
           "parameters": json.dumps({"type": "object", "required": ["city"],
                                     "properties": {"city": {"type": "string"}}})}
CLOCK = {"name": "local_time", "description": "The time on the user's device"}


def names(events: list[tuple[str, Any]]) -> list[str]:
    out: list[str] = []
    for name, _ in events:
        if not (name == "conversation.message.delta" and out and out[-1] == name):
            out.append(name)
    return out


async def submit(client: AtelierClient, chat: dict[str, Any], outputs: list[dict[str, str]], *,
                 stream: bool) -> Any:
    query = f"?conversation_id={chat['conversation_id']}&chat_id={chat['id']}"
    body = {"tool_outputs": outputs, "stream": stream}
    if not stream:
        return (await client.call("/v3/chat/submit_tool_outputs" + query, body))["data"]
    return [(n, d if d == '"[DONE]"' else json.loads(d))
            async for n, d in client.sse("/v3/chat/submit_tool_outputs" + query, body)]


async def test_a_client_tool_call_stops_the_chat_and_its_output_resumes_it(client: AtelierClient, new_bot,
                                                                          stub: OpenAIStub) -> None:
    bot = await new_bot(client_tool_list=[WEATHER],
                        variable_list=[{"key": "city", "description": "where the user lives"}])
    # One model turn calls the client tool and a server-side one (memory): the server one still runs.
    stub.script({"content": "Let me check.", "tool_calls": [
                    {"name": "get_weather", "arguments": {"city": "Lyon"}},
                    {"name": "setKeywordMemory", "arguments": {"data": [{"keyword": "city", "value": "Lyon"}]}}]},
                {"content": "It is sunny in Lyon."})
    events = await client.chat(bot, "I live in Lyon. How is the weather?")
    assert names(events)[-2:] == ["conversation.chat.requires_action", "done"]
    offered = {t["function"]["name"]: t["function"] for t in stub.requests(CHAT)[-1]["json"]["tools"]}
    assert offered["get_weather"]["parameters"] == json.loads(WEATHER["parameters"])
    assert offered["get_weather"]["description"] == WEATHER["description"]
    waiting = events[-2][1]
    assert waiting["status"] == "requires_action" and waiting["required_action"]["type"] == "submit_tool_outputs"
    [call] = waiting["required_action"]["submit_tool_outputs"]["tool_calls"]
    assert call["type"] == "function" and call["function"]["name"] == "get_weather"
    assert json.loads(call["function"]["arguments"]) == {"city": "Lyon"}
    completed = [d for n, d in events if n == "conversation.message.completed"]
    assert [m["type"] for m in completed] == ["answer", "function_call", "function_call", "tool_response"]
    assert json.loads(completed[3]["content"])["saved"] == {"city": "Lyon"}  # the memory tool ran
    chat = events[0][1]
    retrieved = await client.retrieve_chat(chat["conversation_id"], chat["id"])
    assert retrieved["status"] == "requires_action" and retrieved["required_action"] == waiting["required_action"]

    resumed = await submit(client, chat, [{"tool_call_id": call["id"], "output": "sunny, 24 C"}], stream=True)
    assert names(resumed) == ["conversation.chat.in_progress", "conversation.message.delta",
                              "conversation.message.completed", "conversation.message.completed",
                              "conversation.chat.completed", "done"]
    assert "".join(d["content"] for n, d in resumed if n == "conversation.message.delta") == "It is sunny in Lyon."
    done = resumed[-2][1]
    assert done["id"] == chat["id"] and done["status"] == "completed" and "required_action" not in done
    assert done["usage"]["input_count"] > waiting["usage"]["input_count"]  # both model calls counted
    # The model continued the same turn: its call, the server tool's result and the client's output.
    sent = stub.requests(CHAT)[-1]["json"]["messages"]
    assert [m["role"] for m in sent[-4:]] == ["user", "assistant", "tool", "tool"]
    assert {m["tool_call_id"]: m["content"] for m in sent[-2:]}[call["id"]] == "sunny, 24 C"
    listed = await client.chat_messages(chat)
    assert [(m["type"], m["content"]) for m in listed if m["type"] in ("answer", "tool_response")][-2:] == [
        ("tool_response", "sunny, 24 C"), ("answer", "It is sunny in Lyon.")]
    await expect_error(submit(client, chat, [{"tool_call_id": call["id"], "output": "again"}], stream=True),
                       409, "not waiting", "completed")

    # The next turn replays the client tool's call and output like any tool's.
    stub.script({"content": "Still sunny."})
    await client.chat(bot, "and now?", conversation_id=chat["conversation_id"])
    history = stub.requests(CHAT)[-1]["json"]["messages"]
    assert any(m["role"] == "tool" and m["content"] == "sunny, 24 C" for m in history)


async def test_without_streaming_the_chat_is_polled_to_requires_action_and_resumed_in_the_background(
        client: AtelierClient, new_bot, stub: OpenAIStub) -> None:
    bot = await new_bot(client_tool_list=[WEATHER, CLOCK])
    stub.script({"tool_calls": [{"name": "local_time", "arguments": {}}, {"name": "get_weather",
                                                                         "arguments": {"city": "Oslo"}}]},
                {"content": "At 09:00 it snows in Oslo.", "tokens_per_s": 20, "chunk_size_chars": 5})
    chat = (await client.call("/v3/chat", {"bot_id": bot, "user_id": "u1", "stream": False, "additional_messages": [
        {"role": "user", "content": "time and weather in Oslo?", "content_type": "text"}]}))["data"]
    assert chat["status"] == "in_progress"
    waiting = await client.wait_chat(chat)
    assert waiting["status"] == "requires_action"
    calls = {c["function"]["name"]: c["id"] for c in waiting["required_action"]["submit_tool_outputs"]["tool_calls"]}
    assert set(calls) == {"local_time", "get_weather"}
    resumed = await submit(client, chat, [{"tool_call_id": calls["get_weather"], "output": "snow"},
                                          {"tool_call_id": calls["local_time"], "output": "09:00"}], stream=False)
    assert resumed["id"] == chat["id"] and resumed["status"] == "in_progress"
    done = await client.wait_chat(chat)
    assert done["status"] == "completed"
    assert [m["content"] for m in await client.chat_messages(chat) if m["type"] == "answer"] == [
        "At 09:00 it snows in Oslo."]
    # Outputs are handed to the model in the order of the calls, whatever order they came in.
    sent = stub.requests(CHAT)[-1]["json"]["messages"]
    assert [(m["tool_call_id"], m["content"]) for m in sent[-2:]] == [(calls["local_time"], "09:00"),
                                                                      (calls["get_weather"], "snow")]


async def test_bad_submissions_are_refused_and_change_nothing(client: AtelierClient, new_bot, stub: OpenAIStub,
                                                              stranger) -> None:  # noqa: ANN001
    bot = await new_bot(client_tool_list=[WEATHER, CLOCK])
    stub.script({"tool_calls": [{"name": "local_time", "arguments": {}},
                                {"name": "get_weather", "arguments": {"city": "Rome"}}]})
    events = await client.chat(bot, "time and weather?")
    chat = events[0][1]
    calls = {c["function"]["name"]: c["id"]
             for c in events[-2][1]["required_action"]["submit_tool_outputs"]["tool_calls"]}
    before = await client.chat_messages(chat)
    both = [{"tool_call_id": calls["local_time"], "output": "noon"}, {"tool_call_id": calls["get_weather"], "output": "rain"}]

    await expect_error(submit(client, chat, both[:1], stream=True), 400, calls["get_weather"], "get_weather")
    await expect_error(submit(client, chat, [*both, {"tool_call_id": "call_x", "output": "?"}], stream=False),
                       400, "tool_outputs[2].tool_call_id", "call_x")
    await expect_error(submit(client, chat, [*both, both[0]], stream=True), 400, "answered twice")
    await expect_error(submit(client, chat, [], stream=True), 400, "tool_outputs")
    await expect_error(submit(client, {**chat, "id": "123456789"}, both, stream=True), 404, "chat 123456789")
    await expect_error(submit(stranger.api, chat, both, stream=True), 404)
    assert (await client.retrieve_chat(chat["conversation_id"], chat["id"]))["status"] == "requires_action"
    assert await client.chat_messages(chat) == before  # nothing was written

    # A chat waiting for outputs can be cancelled; then there is nothing to submit to.
    cancelled = (await client.call("/v3/chat/cancel", {"conversation_id": chat["conversation_id"],
                                                       "chat_id": chat["id"]}))["data"]
    assert cancelled["status"] == "canceled" and "required_action" not in cancelled
    await expect_error(submit(client, chat, both, stream=True), 409, "canceled")
    # A chat that never stopped for tools cannot take outputs either.
    stub.script({"content": "plain"})
    plain = (await client.chat(bot, "hi"))[0][1]
    await expect_error(submit(client, plain, both, stream=False), 409, "not waiting")


async def test_client_tools_reach_published_chats_with_the_version(client: AtelierClient, new_bot,
                                                                   stub: OpenAIStub) -> None:
    bot = await new_bot()
    await client.call("/api/playground_api/draftbot/update_draft_bot_info",
                      {"bot_info": {"bot_id": bot, "client_tool_list": [WEATHER]}})
    stub.script({"content": "no tools yet"})
    await client.chat(bot, "weather?")
    assert "tools" not in stub.requests(CHAT)[-1]["json"]  # the published version has none
    await client.call("/api/draftbot/publish", {"space_id": client.space_id, "bot_id": bot})
    stub.script({"content": "now with tools"})
    await client.chat(bot, "weather?")
    assert [t["function"]["name"] for t in stub.requests(CHAT)[-1]["json"]["tools"]] == ["get_weather"]
