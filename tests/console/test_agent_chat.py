"""The agent debug chat: an agent's draft with a knowledge base and a plugin, chatted with in the
browser. The page shows the recalled passage, the tool call with its arguments and response, the
answer as it streams with its sources, tokens and times; regenerate, stop and clear work; errors
show the server's words."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.pytest_plugin import run_sync
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack
from atelier_devstack.tool_servers import ToolServer, forecast_openapi, register_api_key_plugin

PASSAGE = "The Tower of Hercules in A Coruna is the oldest working lighthouse."



async def draft_agent(api: AtelierClient, **bot_info: Any) -> str:
    created = await api.call("/api/draftbot/create", {"space_id": api.space_id, "name": f"guide-{uuid.uuid4().hex[:6]}"})
    bot_id = created["data"]["bot_id"]
    await api.call("/api/playground_api/draftbot/update_draft_bot_info",
                   {"bot_info": {"bot_id": bot_id, "model_info": {"model_id": STUB_MODEL_ID}, **bot_info}})
    return bot_id


async def guide_agent(api: AtelierClient, tools: ToolServer) -> str:
    """A draft (never published) bound to an indexed document and the Weather plugin."""
    dataset_id = await api.create_dataset(f"lighthouses-{uuid.uuid4().hex[:6]}")
    doc = await api.create_text_document(dataset_id, "lighthouse-facts", PASSAGE)
    assert (await api.wait_documents([doc["document_id"]]))[doc["document_id"]]["status"] == 1
    document = forecast_openapi(tools, days={"required": True, "schema": {"type": "integer"}})
    plugin_id, api_id = await register_api_key_plugin(api, document, api_key="k-" + "5" * 24)
    return await draft_agent(
        api,
        prompt_info={"prompt": "You are a travel guide."},
        knowledge={"knowledge_info": [{"id": dataset_id}], "auto": True, "min_score": 0, "top_k": 2},
        plugin_info_list=[{"plugin_id": plugin_id, "api_id": api_id}],
        onboarding_info={"prologue": "Hola! Ask me about lighthouses.",
                         "suggested_questions": ["Which is the oldest lighthouse?"]},
        suggest_reply_info={"suggest_reply_mode": 0},
    )


@pytest.fixture
def tools() -> Iterator[ToolServer]:
    with ToolServer() as server:
        server.respond("GET", "/v1/forecast/Coruna", {"city": "Coruna", "high_c": 19, "sky": "clear"})
        yield server


def open_chat(console: Page, bot_id: str) -> None:
    console.goto(f"/agents/{bot_id}/chat")
    expect(console.get_by_role("heading", name="Debug chat")).to_be_visible()


def test_debug_chat_shows_every_step_then_regenerates_stops_and_clears(
        console: Page, chat_stack: KnowledgeStack, stub: OpenAIStub, tools: ToolServer, screenshot) -> None:
    bot_id = run_sync(_with_client(chat_stack, lambda api: guide_agent(api, tools)))
    open_chat(console, bot_id)
    log = console.get_by_role("log", name="Conversation")
    expect(log).to_contain_text("Hola! Ask me about lighthouses.")  # the prologue
    expect(log.get_by_role("button", name="Which is the oldest lighthouse?")).to_be_visible()

    stub.script(
        {"content": "", "tool_calls": [{"name": "forecast", "arguments": {"city": "Coruna", "days": 1}}]},
        {"content": "Tomorrow A Coruna is clear and 19 C. The Tower of Hercules in A Coruna is the oldest "
                    "working lighthouse.", "tokens_per_s": 60},
        {"content": '["And the day after?", "Can I climb it?"]'},
    )
    console.get_by_label("Message").fill("Weather by the oldest lighthouse tomorrow?")
    console.get_by_role("button", name="Send").click()

    turn = log.get_by_role("article", name="Turn 1")
    answer = turn.get_by_test_id("answer")
    expect(answer).to_contain_text("Tomorrow A Coruna is clear and 19 C.")
    expect(turn.get_by_label("Usage and timing")).to_contain_text("Input tokens", timeout=20_000)

    # The tool call: its name, the arguments the model gave, what the server answered.
    tool = turn.get_by_test_id("tool-step")
    expect(tool).to_contain_text("forecast")
    expect(tool).to_contain_text("Weather")  # the plugin, from the call's run record
    tool.locator("summary").click()
    expect(tool.get_by_label("Arguments of forecast")).to_contain_text('"city": "Coruna"')
    expect(tool.get_by_label("Response of forecast")).to_contain_text('"high_c": 19')
    assert len(tools.calls("GET", "/v1/forecast/Coruna")) == 1

    # The recalled passage, with its document and score.
    knowledge = turn.get_by_test_id("knowledge-step")
    expect(knowledge).to_contain_text("1 passage")
    knowledge.locator("summary").click()
    expect(knowledge).to_contain_text("lighthouse-facts")
    expect(knowledge).to_contain_text(PASSAGE)
    expect(knowledge).to_contain_text(re.compile(r"score \d\.\d{3}"))

    # The stored answer cites the passage: the mark links to the source listed under it.
    expect(answer.get_by_role("link", name=re.compile("Source 1"))).to_be_visible()
    expect(turn.get_by_role("region", name="Sources")).to_contain_text("lighthouse-facts")

    metrics = turn.get_by_label("Usage and timing")
    input_tokens = int(metrics.locator("dt:text('Input tokens') + dd").inner_text())
    output_tokens = int(metrics.locator("dt:text('Output tokens') + dd").inner_text())
    assert input_tokens > 0 and output_tokens > 0
    expect(metrics).to_contain_text("First token")
    expect(metrics).to_contain_text("Total")
    expect(log.get_by_role("button", name="And the day after?")).to_be_visible()  # follow-up questions
    knowledge.locator("summary").click()  # folded again: the picture shows the tool call and the answer
    log.evaluate("el => el.scrollTo(0, el.scrollHeight)")
    screenshot(console, "agent-chat")

    # Regenerate: the same question answered again, in place.
    stub.script({"content": "Second take: clear skies, 19 C."}, {"content": '["More?"]'})
    console.get_by_role("button", name="Regenerate").click()
    expect(answer).to_contain_text("Second take: clear skies, 19 C.")
    expect(log.get_by_role("article")).to_have_count(1)
    expect(turn.get_by_test_id("tool-step")).to_have_count(0)
    expect(turn.get_by_label("Usage and timing")).to_contain_text("Output tokens")

    # The conversation is kept: a reload shows the question and the regenerated answer again.
    console.reload()
    expect(answer).to_contain_text("Second take: clear skies, 19 C.")
    expect(turn).to_contain_text("Weather by the oldest lighthouse tomorrow?")

    # Stop a slow answer: the text streams, Stop ends it, the partial answer stays, marked.
    stub.script({"content": "word " * 300, "tokens_per_s": 20, "chunk_size_chars": 5})
    console.get_by_label("Message").fill("Talk slowly")
    console.get_by_role("button", name="Send").click()
    slow = log.get_by_role("article", name="Turn 2")
    expect(slow.get_by_test_id("answer")).to_contain_text("word word word")
    expect(slow).to_have_attribute("aria-busy", "true")  # still streaming
    console.get_by_role("button", name="Stop").click()
    expect(slow.get_by_role("status")).to_contain_text("Cancelled")
    expect(console.get_by_role("button", name="Send")).to_be_visible()
    partial = slow.get_by_test_id("answer").inner_text()
    assert 0 < partial.count("word") < 300
    chats = run_sync(_with_client(chat_stack, lambda api: _console_messages(api, bot_id)))
    stored = next(m for m in chats if m["type"] == "answer" and m["content"].startswith("word"))
    assert stored["status"] == "broken"

    # Clear: the conversation is gone here and on the server; the prologue is back.
    console.get_by_role("button", name="Clear").click()
    expect(log.get_by_role("article")).to_have_count(0)
    expect(log).to_contain_text("Hola! Ask me about lighthouses.")
    assert run_sync(_with_client(chat_stack, lambda api: _console_messages(api, bot_id))) == []
    console.reload()
    expect(log).to_contain_text("Hola! Ask me about lighthouses.")
    expect(log.get_by_role("article")).to_have_count(0)


def test_debug_chat_shows_the_servers_errors(console: Page, chat_stack: KnowledgeStack, stub: OpenAIStub) -> None:
    bot_id = run_sync(_with_client(chat_stack, lambda api: draft_agent(api, prompt_info={"prompt": "Be brief."})))
    open_chat(console, bot_id)
    stub.script({"content": "Partial words then nothing", "chunk_size_chars": 4,
                 "stream_error": {"after_chars": 8, "message": "model crashed"}})
    console.get_by_label("Message").fill("hello")
    console.get_by_label("Message").press("Enter")  # Enter sends
    turn = console.get_by_role("article", name="Turn 1")
    expect(turn.get_by_role("alert")).to_contain_text("model crashed")
    expect(turn.get_by_test_id("answer")).to_contain_text("Partial")  # what was said before stays

    stub.script({"error": {"status": 400, "message": "bad request to model"}})
    console.get_by_role("button", name="Regenerate").click()
    expect(turn.get_by_role("alert")).to_contain_text("bad request to model")

    console.goto("/agents/123456789/chat")  # no such agent
    expect(console.get_by_role("alert").first).to_contain_text("not found")
    expect(console.get_by_label("Message")).to_be_disabled()


async def _with_client(stack: KnowledgeStack, work: Any) -> Any:
    async with stack.client() as api:
        return await work(api)


async def _console_messages(api: AtelierClient, bot_id: str) -> list[dict[str, Any]]:
    listed = await api.call("/api/conversation/get_message_list",
                            {"bot_id": bot_id, "cursor": "0", "count": 50, "draft_mode": True})
    return listed["message_list"]


BORN = "The lighthouse keeper Ada Varga was born in the town of Szeged."
FESTIVAL = "Every summer Szeged hosts an open-air theatre festival on Dome Square."


async def research_agent(api: AtelierClient) -> str:
    """A draft with the deep research setting (off by default) over two one-fact documents."""
    dataset_id = await api.create_dataset(f"research-{uuid.uuid4().hex[:6]}")
    docs = [(await api.create_text_document(dataset_id, name, text))["document_id"]
            for name, text in (("keeper-biography", BORN), ("town-events", FESTIVAL))]
    await api.wait_documents(docs)
    return await draft_agent(api, knowledge={"knowledge_info": [{"id": dataset_id}], "auto": True, "min_score": 0,
                                             "top_k": 1, "search_strategy": 0},
                             deep_research={"enabled": False, "max_steps": 4})


def test_deep_research_toggle_shows_the_reasoning_apart(console: Page, chat_stack: KnowledgeStack,
                                                        stub: OpenAIStub) -> None:
    bot_id = run_sync(_with_client(chat_stack, research_agent))
    open_chat(console, bot_id)
    toggle = console.get_by_role("checkbox", name="Deep research")
    expect(toggle).not_to_be_checked()  # the agent's setting
    toggle.check()
    stub.script({"content": "Birthplace first.", "tool_calls": [
                    {"name": "recallKnowledge", "arguments": {"query": "where was Ada Varga born"}}]},
                {"content": "Now the festival.", "tool_calls": [
                    {"name": "recallKnowledge", "arguments": {"query": "festival in Szeged summer"}}]},
                {"content": "Enough."},
                {"reasoning": "Both facts are in.",
                 "content": "Ada Varga was born in Szeged [1], which hosts an open-air theatre festival [2]."})
    console.get_by_label("Message").fill("Which festival is held in the town where Ada Varga was born?")
    console.get_by_role("button", name="Send").click()
    turn = console.get_by_role("article", name="Turn 1")
    answer = turn.get_by_test_id("answer")
    expect(answer).to_contain_text("Ada Varga was born in Szeged")
    expect(answer).not_to_contain_text("Birthplace first.")  # the searching steps' text is reasoning
    reasoning = turn.locator("details.chat-reasoning")
    expect(reasoning.first).to_be_visible()
    for part in reasoning.all():
        if part.get_attribute("open") is None:
            part.locator("summary").click()
    expect(reasoning.filter(has_text="Birthplace first.").first).to_be_visible()
    expect(turn).to_contain_text("Research search")  # each search of the research, in its record
    expect(turn.get_by_label("Usage and timing")).to_contain_text("Input tokens")

    # 800 px wide, dark: nothing runs off the side.
    console.set_viewport_size({"width": 800, "height": 900})
    console.get_by_label("Theme").select_option("dark")
    assert console.evaluate("document.documentElement.scrollWidth") <= 800
