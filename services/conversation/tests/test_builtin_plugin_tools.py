"""An agent uses built-in plugins with nothing registered: the web page reader and the calculator
bound by their fixed ids to a published agent; in one turn the scripted model reads a page served
by a local tool server (through the SSRF guard) and computes with the calculator, then answers
from both results, and the chat shows each call's result and run record."""

from __future__ import annotations

import json
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.tool_servers import ToolServer

pytestmark = pytest.mark.e2e

CHAT = "/v1/chat/completions"
WEB_READER, READ_WEB_PAGE = "2", "2001"
CALCULATOR, CALCULATE = "3", "3001"

PAGE = """<!doctype html><html><head><title>Harbour ferry timetable</title></head><body>
<nav><a href="/">Home</a> | <a href="/tickets">Tickets</a></nav>
<main><h1>Harbour ferry</h1>
<p>The harbour ferry crosses the bay every 25 minutes from the north pier, from early morning until late evening.</p>
<p>A single crossing costs 3.40 euros; children under twelve travel for half the fare on every crossing.</p>
</main><footer>Contact the harbour office for group bookings.</footer></body></html>"""


async def chat(client: AtelierClient, bot: str, query: str) -> list[dict[str, Any]]:
    """A console chat with the agent's online version: the finished messages."""
    conversation = (await client.call("/v1/conversation/create", {"bot_id": bot}))["data"]
    body = {"bot_id": bot, "conversation_id": conversation["id"], "query": query, "draft_mode": False}
    events = [(n, json.loads(d) if d else d) async for n, d in client.sse("/api/conversation/chat", body)]
    assert events[-1] == ("done", "")
    return [d["message"] for n, d in events if n == "message" and d["is_finish"] and d["message"]["type"] != "ack"]


def records(finished: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The run records of the turn's tool calls, by tool name."""
    found = [json.loads(json.loads(m["content"])["data"]) for m in finished if m["type"] == "verbose"
             and json.loads(m["content"]).get("msg_type") == "tool_call_record"]
    return {r["tool_name"]: r for r in found}


async def test_an_agent_reads_a_page_and_calculates_with_built_in_plugins(client: AtelierClient, new_bot,
                                                                         stub: OpenAIStub) -> None:
    with ToolServer() as site:
        site.respond("GET", "/ferry", raw=PAGE.encode(), content_type="text/html; charset=utf-8")
        bot = await new_bot(publish=True, plugin_info_list=[
            {"plugin_id": WEB_READER, "api_id": READ_WEB_PAGE}, {"plugin_id": CALCULATOR, "api_id": CALCULATE}])
        stub.script({"content": "", "tool_calls": [
            {"name": "read_web_page", "arguments": {"url": site.url("/ferry")}},
            {"name": "calculate", "arguments": {"expression": "2 * 3.40 + 2 * 3.40 / 2"}}]},
            {"content": "Two adults and two children pay 10.20 euros; the ferry leaves every 25 minutes."})
        finished = await chat(client, bot, "What do two adults and two kids pay for the ferry?")
        [fetched] = site.calls("GET", "/ferry")

    # The model was offered both tools by their names and schemas.
    offered = {t["function"]["name"]: t["function"] for t in stub.requests(CHAT)[-2]["json"]["tools"]}
    assert offered["read_web_page"]["parameters"]["required"] == ["url"]
    assert set(offered["calculate"]["parameters"]["properties"]) == {"expression"}
    assert fetched.headers["user-agent"].startswith("AtelierBot/1.0")

    # The model's second request carried both results: the page's main text and the sum.
    said = {m["tool_call_id"]: m["content"] for m in stub.requests(CHAT)[-1]["json"]["messages"] if m["role"] == "tool"}
    page, total = sorted(said.values(), key=lambda text: not text.startswith("Title:"))
    assert page.startswith(f"Title: Harbour ferry timetable\nURL: {site.url('/ferry')}\n\n")
    assert "every 25 minutes" in page and "3.40 euros" in page and "group bookings" not in page
    assert total == "2 * 3.40 + 2 * 3.40 / 2 = 10.2"

    kinds = [m["type"] for m in finished]
    assert kinds.index("function_call") < kinds.index("tool_response") < kinds.index("answer")
    assert next(m for m in finished if m["type"] == "answer")["content"].startswith("Two adults and two children")
    by_tool = records(finished)
    reader, calculator = by_tool["read_web_page"], by_tool["calculate"]
    assert (reader["plugin_id"], reader["api_id"], reader["plugin_name"], reader["outcome"], reader["status_code"]) \
        == (WEB_READER, READ_WEB_PAGE, "Web reader", "ok", 200)
    assert reader["request"]["url"] == site.url("/ferry") and "half the fare" in reader["response"]
    assert (calculator["plugin_id"], calculator["outcome"]) == (CALCULATOR, "ok")
    assert json.loads(calculator["response"]) == {"expression": "2 * 3.40 + 2 * 3.40 / 2", "result": 10.2}
