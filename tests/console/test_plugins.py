"""The console's Plugins area against the real stack: importing a plugin from an OpenAPI document
served by a local API server (by URL, fetched by the server; an address its guard refuses is named) and from a cURL command, its tools, debugging a tool and
seeing the server's real answer, a bad document refused in the server's words, API-key auth."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from atelier_devstack.tool_servers import OAuthServer, ToolServer

API_KEY = "k-" + "5" * 24


def weather_document(server: ToolServer, title: str) -> dict:
    return {
        "openapi": "3.0.3",
        "info": {"title": title, "description": "Forecasts for people", "version": "1.0"},
        "servers": [{"url": server.url()}],
        "paths": {
            "/weather/{city}": {"get": {
                "operationId": "get_weather", "summary": "Weather of a city",
                "parameters": [
                    {"name": "city", "in": "path", "required": True, "schema": {"type": "string"},
                     "description": "the city"},
                    {"name": "days", "in": "query", "schema": {"type": "integer"}}],
                "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {
                    "type": "object", "properties": {"temp": {"type": "number"}, "sky": {"type": "string"}}}}}}}}},
            "/notes": {"post": {
                "operationId": "create_note", "summary": "Write a note",
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["title"], "properties": {"title": {"type": "string"}}}}}},
                "responses": {"201": {"description": "Created"}}}},
        },
    }


@pytest.fixture
def weather_api() -> Iterator[ToolServer]:
    with ToolServer() as server:
        server.respond("GET", "/weather/Oslo", {"temp": 21.5, "sky": "clear over the fjord"})
        yield server


def import_from_url(page: Page, url: str) -> None:
    page.get_by_role("button", name="Import plugin").click()
    dialog = page.get_by_role("dialog", name="Import a plugin")
    dialog.get_by_label("URL", exact=True).check()
    dialog.get_by_label("Document URL").fill(url)
    dialog.get_by_role("button", name="Convert").click()
    expect(dialog.get_by_role("status")).to_contain_text("Read as OpenAPI")
    dialog.get_by_role("button", name="Create plugin").click()


def test_import_by_url_lists_tools_and_debugging_shows_the_servers_answer(console: Page, weather_api: ToolServer,
                                                                         screenshot) -> None:
    title = f"Weather {uuid.uuid4().hex[:6]}"
    weather_api.respond("GET", "/openapi.json", weather_document(weather_api, title))
    console.get_by_role("link", name="Plugins").click()
    expect(console.get_by_role("heading", name="Built-in plugins")).to_be_visible()
    builtins = console.get_by_role("table", name="Built-in plugins")
    expect(builtins.get_by_role("link", name="Web reader")).to_be_visible()

    import_from_url(console, weather_api.url("/openapi.json"))
    expect(console.get_by_role("heading", name=title, level=1)).to_be_visible()
    # the server fetched the document (it allows no cross-origin requests): no browser's Origin came
    [fetched] = weather_api.calls("GET", "/openapi.json")
    assert "origin" not in fetched.headers and "Chrome" not in fetched.headers.get("user-agent", "")
    tools = console.get_by_role("table", name="Tools")
    expect(tools.get_by_role("cell", name=re.compile("^get_weather"))).to_be_visible()
    expect(tools.get_by_text("GET /weather/{city}")).to_be_visible()
    expect(tools.get_by_text("POST /notes")).to_be_visible()

    # debug: a form from the tool's parameters; a bad value is named before anything is sent
    console.get_by_role("button", name="Debug get_weather").click()
    dialog = console.get_by_role("dialog", name="Debug get_weather")
    dialog.get_by_label(re.compile(r"^city")).fill("Oslo")
    dialog.get_by_label(re.compile(r"^days")).fill("two")
    dialog.get_by_role("button", name="Run").click()
    expect(dialog.get_by_text("days must be a whole number.")).to_be_visible()
    assert weather_api.calls("GET", "/weather/Oslo") == []
    dialog.get_by_label(re.compile(r"^days")).fill("2")
    dialog.get_by_role("button", name="Run").click()
    expect(dialog.get_by_role("status")).to_have_text("The tool answered.")
    expect(dialog.get_by_label("Response received")).to_contain_text("clear over the fjord")
    expect(dialog.get_by_label("Request sent")).to_contain_text("/weather/Oslo?days=2")
    [sent] = weather_api.calls("GET", "/weather/Oslo")
    assert sent.query == {"days": ["2"]}
    screenshot(console, "plugin-debug")
    dialog.get_by_role("button", name="Close").click()
    expect(tools.get_by_text("debugged", exact=True)).to_be_visible()

    # publishing wants every enabled tool debugged: the server says which is not
    console.get_by_role("tab", name="Publish").click()
    publish = console.get_by_role("form", name="Publish")
    publish.get_by_label("Version").fill("v1.0.0")
    publish.get_by_role("button", name="Publish").click()
    expect(publish.get_by_role("alert")).to_contain_text("create_note")
    console.get_by_role("tab", name="Tools").click()
    console.get_by_role("button", name="Switch off create_note").click()
    expect(tools.get_by_role("row").filter(has_text="create_note")).to_contain_text("off")
    console.get_by_role("tab", name="Publish").click()
    publish.get_by_label("Version").fill("v1.0.0")
    publish.get_by_label("What changed").fill("first version")
    publish.get_by_role("button", name="Publish").click()
    expect(publish.get_by_role("status")).to_have_text("Published v1.0.0.")

    console.get_by_role("link", name="← Plugins").click()
    own = console.get_by_role("table", name="Plugins of this space")
    expect(own.get_by_role("row").filter(has=console.get_by_role("link", name=title))).to_contain_text("v1.0.0")
    screenshot(console, "plugins")


def test_a_url_the_servers_guard_refuses_is_shown_in_its_words(console: Page) -> None:
    with ToolServer("127.0.0.2") as internal:  # another loopback: the test stack allows only 127.0.0.1
        internal.respond("GET", "/openapi.json", weather_document(internal, "Internal"))
        console.get_by_role("link", name="Plugins").click()
        console.get_by_role("button", name="Import plugin").click()
        dialog = console.get_by_role("dialog", name="Import a plugin")
        dialog.get_by_label("URL", exact=True).check()
        url = internal.url("/openapi.json")
        dialog.get_by_label("Document URL").fill(url)
        dialog.get_by_role("button", name="Convert").click()
        expect(dialog.get_by_role("alert")).to_contain_text(f"{url} resolves to 127.0.0.2, a loopback address")
        expect(dialog.get_by_role("button", name="Create plugin")).to_have_count(0)
        assert internal.calls("GET", "/openapi.json") == []


def test_a_bad_document_is_refused_in_the_servers_words_and_curl_imports(console: Page) -> None:
    console.get_by_role("link", name="Plugins").click()
    console.get_by_role("button", name="Import plugin").click()
    dialog = console.get_by_role("dialog", name="Import a plugin")
    dialog.get_by_role("textbox", name="OpenAPI document").fill(json.dumps(
        {"openapi": "3.0.3", "info": {"title": "Broken"}, "paths": {"/a": {"get": {"parameters": [{"in": "path"}]}}}}))
    dialog.get_by_role("button", name="Convert").click()
    expect(dialog.get_by_role("alert")).to_contain_text("field 'data'")
    expect(dialog.get_by_role("button", name="Create plugin")).to_have_count(0)

    # the console names what is wrong with the input itself: the document is no cURL command
    dialog.get_by_label("cURL command", exact=True).check()
    dialog.get_by_role("button", name="Convert").click()
    expect(dialog.get_by_role("alert")).to_have_text("A cURL command starts with curl.")

    name = f"Items {uuid.uuid4().hex[:6]}"
    dialog.get_by_role("textbox", name="cURL command").fill(
        "curl -X POST https://api.example.com/v1/items -H 'Content-Type: application/json' -d '{\"name\": \"x\"}'")
    dialog.get_by_label("Name (optional)").fill(name)
    dialog.get_by_role("button", name="Convert").click()
    expect(dialog.get_by_role("status")).to_contain_text("Read as cURL")
    dialog.get_by_role("button", name="Create plugin").click()
    expect(console.get_by_role("heading", name=name, level=1)).to_be_visible()
    tools = console.get_by_role("table", name="Tools")
    expect(tools.get_by_role("code")).to_have_text("POST /v1/items")

    # tools made, changed and deleted in the console
    console.on("dialog", lambda confirm: confirm.accept())
    console.get_by_role("button", name="New tool").click()
    made = console.get_by_role("form", name="New tool")
    made.get_by_label("Name").fill("list_items")
    made.get_by_label("Method").select_option("GET")
    made.get_by_label("Path").fill("/v1/items")
    made.get_by_label("Description").fill("Lists the items")
    made.get_by_role("button", name="Create tool").click()
    expect(tools.get_by_role("row").filter(has_text="list_items")).to_contain_text("GET /v1/items")
    console.get_by_role("button", name="Edit post_v1_items").click()
    edited = console.get_by_role("form", name="Edit post_v1_items")
    edited.get_by_label("Description").fill("Adds an item")
    edited.get_by_role("button", name="Save tool").click()
    expect(tools.get_by_role("row").filter(has_text="post_v1_items")).to_contain_text("Adds an item")
    console.get_by_role("button", name="Delete list_items").click()
    expect(tools.get_by_role("row").filter(has_text="list_items")).to_have_count(0)
    console.reload()
    expect(console.get_by_role("table", name="Tools").get_by_role("row").filter(has_text="Adds an item")).to_have_count(1)
    expect(console.get_by_role("table", name="Tools").get_by_role("row").filter(has_text="list_items")).to_have_count(0)


def test_api_key_auth_is_saved_masked_and_sent_to_the_server(console: Page, weather_api: ToolServer) -> None:
    title = f"Keyed {uuid.uuid4().hex[:6]}"
    weather_api.respond("GET", "/openapi.json", weather_document(weather_api, title))
    console.get_by_role("link", name="Plugins").click()
    import_from_url(console, weather_api.url("/openapi.json"))
    expect(console.get_by_role("heading", name=title, level=1)).to_be_visible()

    console.get_by_role("tab", name="Authorization").click()
    form = console.get_by_role("form", name="Authorization settings")
    form.get_by_label("Service token / API key").check()
    form.get_by_role("button", name="Save authorization").click()
    expect(form.get_by_text("The API key or token is required.")).to_be_visible()
    form.get_by_label("Sent in").select_option("header")
    form.get_by_label("Parameter name").fill("X-Api-Key")
    form.get_by_label("API key / token").fill(API_KEY)
    form.get_by_role("button", name="Save authorization").click()
    expect(form.get_by_role("status")).to_have_text("Authorization settings saved.")

    console.reload()
    console.get_by_role("tab", name="Authorization").click()
    form = console.get_by_role("form", name="Authorization settings")
    expect(form.get_by_label("Service token / API key")).to_be_checked()
    expect(form.get_by_label("Parameter name")).to_have_value("X-Api-Key")
    expect(form.get_by_label("API key / token")).to_have_value("******")

    console.get_by_role("tab", name="Tools").click()
    console.get_by_role("button", name="Debug get_weather").click()
    dialog = console.get_by_role("dialog", name="Debug get_weather")
    dialog.get_by_label(re.compile(r"^city")).fill("Oslo")
    dialog.get_by_role("button", name="Run").click()
    expect(dialog.get_by_label("Response received")).to_contain_text("clear over the fjord")
    assert weather_api.calls("GET", "/weather/Oslo")[-1].headers["x-api-key"] == API_KEY
    expect(dialog.get_by_label("Request sent")).not_to_contain_text(API_KEY)  # masked in what is shown


def test_oauth_authorization_code_is_authorized_used_and_revoked(console: Page, console_context: BrowserContext,
                                                                 weather_api: ToolServer) -> None:
    title = f"Private {uuid.uuid4().hex[:6]}"
    weather_api.respond("GET", "/openapi.json", weather_document(weather_api, title))
    console.get_by_role("link", name="Plugins").click()
    import_from_url(console, weather_api.url("/openapi.json"))
    expect(console.get_by_role("heading", name=title, level=1)).to_be_visible()

    with OAuthServer() as idp:
        console.get_by_role("tab", name="Authorization").click()
        form = console.get_by_role("form", name="Authorization settings")
        form.get_by_label("OAuth 2: authorization code (each user authorizes)").check()
        form.get_by_label("Client ID").fill(idp.client_id)
        form.get_by_label("Client secret").fill(idp.client_secret)
        form.get_by_label("Authorization URL").fill(idp.authorize_url)
        form.get_by_label("Token URL").fill("not a url")
        form.get_by_role("button", name="Save authorization").click()
        expect(form.get_by_text("Token URL must be an http or https URL.")).to_be_visible()
        form.get_by_label("Token URL").fill(idp.token_url)
        form.get_by_label("Scope").fill("weather.read")
        form.get_by_role("button", name="Save authorization").click()
        expect(form.get_by_role("status")).to_have_text("Authorization settings saved.")

        card = console.get_by_role("region", name="Your authorization")
        expect(card.get_by_role("status")).to_have_text("not authorized")
        with console_context.expect_page() as opened:
            card.get_by_role("link", name="Authorize").click()
        provider_tab = opened.value
        expect(provider_tab.locator("body")).to_contain_text(f"You authorized the plugin '{title}'")
        provider_tab.close()
        console.bring_to_front()
        card.get_by_role("button", name="Refresh status").click()
        expect(card.get_by_role("status")).to_have_text("authorized")

        # the user's token goes with the tool's calls
        console.get_by_role("tab", name="Tools").click()
        console.get_by_role("button", name="Debug get_weather").click()
        dialog = console.get_by_role("dialog", name="Debug get_weather")
        dialog.get_by_label(re.compile(r"^city")).fill("Oslo")
        dialog.get_by_role("button", name="Run").click()
        expect(dialog.get_by_label("Response received")).to_contain_text("clear over the fjord")
        assert weather_api.calls("GET", "/weather/Oslo")[-1].headers["authorization"] == \
            f"Bearer {idp.access_tokens[-1]}"
        dialog.get_by_role("button", name="Close").click()

        console.get_by_role("tab", name="Authorization").click()
        card = console.get_by_role("region", name="Your authorization")
        card.get_by_role("button", name="Revoke").click()
        expect(card.get_by_role("status")).to_have_text("not authorized")
        expect(card.get_by_role("link", name="Authorize")).to_have_attribute("href", re.compile(
            "^" + re.escape(idp.authorize_url)))
