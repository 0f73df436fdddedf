"""The agent editor's default values of a bound tool's arguments: the tool's parameters from the
plugin API each get a value field; a default that does not fit the tool is refused in the server's
words; a saved one survives a reload and reaches the tool server when the model leaves it out."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.pytest_plugin import run_sync
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack
from atelier_devstack.tool_servers import ToolServer, forecast_openapi, register_api_key_plugin

pytestmark = pytest.mark.e2e



# how many days: 1 to 10 (a default of 20 is refused)
DAYS = {"description": "how many days", "schema": {"type": "integer", "minimum": 1, "maximum": 10}}


@pytest.fixture
def tools() -> Iterator[ToolServer]:
    with ToolServer() as server:
        server.respond("GET", "/v1/forecast/Coruna", {"city": "Coruna", "high_c": 19, "sky": "clear"})
        yield server


def agent_with_the_tool(stack: KnowledgeStack, tools: ToolServer) -> str:
    """A draft on the stub model with the forecast tool bound, no default given yet."""
    async def go() -> str:
        async with stack.client() as api:
            plugin_id, api_id = await register_api_key_plugin(
                api, forecast_openapi(tools, title=f"Weather {uuid.uuid4().hex[:6]}", days=DAYS), api_key="k-" + "7" * 24)
            created = await api.call("/api/draftbot/create", {"space_id": api.space_id,
                                                              "name": f"forecaster-{uuid.uuid4().hex[:6]}"})
            bot_id = created["data"]["bot_id"]
            await api.call("/api/playground_api/draftbot/update_draft_bot_info", {"bot_info": {
                "bot_id": bot_id, "model_info": {"model_id": STUB_MODEL_ID},
                "plugin_info_list": [{"plugin_id": plugin_id, "api_id": api_id}]}})
            return bot_id

    return run_sync(go())


def test_a_tool_default_is_refused_when_it_does_not_fit_then_saved_kept_and_sent(
        console: Page, chat_stack: KnowledgeStack, stub: OpenAIStub, tools: ToolServer, screenshot) -> None:
    bot_id = agent_with_the_tool(chat_stack, tools)
    console.goto(f"/agents/{bot_id}")
    bound = console.get_by_role("list", name="Bound tools")
    defaults = bound.locator("details").filter(has_text="Default values of forecast")
    defaults.locator("summary").click()
    days = defaults.get_by_label(re.compile(r"^days"))
    expect(defaults).to_contain_text("integer")  # the tool's schema, from the plugin API
    expect(defaults.get_by_label(re.compile(r"^city"))).to_have_value("")

    # 20 is over the tool's maximum: the server says so, nothing is saved
    days.fill("20")
    console.get_by_role("button", name="Save", exact=True).click()
    expect(console.get_by_role("alert")).to_contain_text("default_params")
    expect(console.get_by_role("alert")).to_contain_text("days")
    expect(console.get_by_test_id("save-state")).to_have_text("Unsaved changes")

    days.fill("3")
    console.get_by_role("button", name="Save", exact=True).click()
    expect(console.get_by_test_id("save-state")).to_have_text("All changes saved")
    defaults.evaluate("el => el.closest('section').scrollIntoView({block: 'center'})")
    screenshot(console, "agent-tool-defaults")

    console.reload()
    defaults = console.get_by_role("list", name="Bound tools").locator("details").filter(
        has_text="Default values of forecast")
    expect(defaults).to_contain_text("(1 set)")
    expect(defaults.get_by_label(re.compile(r"^days"))).to_have_value("3")  # open: it holds a default

    # the model leaves days out; the call carries the agent's default
    stub.script(
        {"content": "", "tool_calls": [{"name": "forecast", "arguments": {"city": "Coruna"}}]},
        {"content": "Clear and 19 C for the next three days."},
    )
    chat = console.get_by_role("complementary").filter(has=console.get_by_role("heading", name="Debug chat"))
    chat.get_by_label("Message").fill("Weather in Coruna?")
    chat.get_by_role("button", name="Send").click()
    turn = chat.get_by_role("article", name="Turn 1")
    expect(turn.get_by_test_id("answer")).to_contain_text("Clear and 19 C")
    [sent] = tools.calls("GET", "/v1/forecast/Coruna")
    assert sent.query == {"days": ["3"]}
