"""The console's frame: served by the gateway at /, sign-in with a token, spaces, tokens, theme."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.pytest_plugin import run_sync
from atelier_devstack.stack_fixtures import KnowledgeStack, new_user


def test_gateway_serves_the_console_with_cache_headers(chat_stack: KnowledgeStack) -> None:
    with httpx.Client(base_url=chat_stack.gateway_url) as http:
        index = http.get("/")
        assert index.status_code == 200 and '<div id="root">' in index.text
        assert index.headers["cache-control"] == "no-cache"
        deep = http.get("/agents/123/edit")  # a page path: the app's router reads it
        assert deep.status_code == 200 and deep.text == index.text
        asset = next(part.split('"')[0] for part in index.text.split('src="')[1:] if part.startswith("/assets/"))
        script = http.get(asset)
        assert script.status_code == 200 and "immutable" in script.headers["cache-control"]
        assert http.get("/assets/missing-0000.js").status_code == 404
        unknown_api = http.get("/api/no/such/route")
        assert unknown_api.status_code == 404 and unknown_api.json()["code"] == 404
        assert http.get("/../../etc/passwd").status_code in (200, 404)  # never a file outside the build
        assert "root:" not in http.get("/%2e%2e/%2e%2e/etc/passwd").text


def test_sign_in_rejects_a_wrong_token_then_accepts_the_right_one(console_context, chat_stack: KnowledgeStack) -> None:
    page = console_context.new_page()
    page.goto("/")
    page.get_by_label("Personal access token").fill("pat_not-a-real-token")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_contain_text("token")
    page.get_by_label("Personal access token").fill(chat_stack.token)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("navigation", name="Main")).to_be_visible()
    page.reload()  # the session survives a reload
    expect(page.get_by_role("navigation", name="Main")).to_be_visible()
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_label("Personal access token")).to_be_visible()


def test_token_page_creates_a_token_that_signs_in(console: Page, console_context, screenshot) -> None:
    console.get_by_role("link", name="Access tokens").click()
    form = console.get_by_role("form", name="Create a token")
    form.get_by_label("Name").fill("browser test token")
    form.get_by_role("button", name="Create token").click()
    secret = console.get_by_test_id("new-token")
    expect(secret).to_contain_text("pat_")
    token = secret.inner_text()
    expect(console.get_by_role("cell", name="browser test token")).to_be_visible()
    screenshot(console, "tokens")

    other = console_context.browser.new_context(base_url=console.url.split("/tokens")[0])
    try:
        page = other.new_page()
        page.goto("/")
        page.get_by_label("Personal access token").fill(token)
        page.get_by_role("button", name="Sign in").click()
        expect(page.get_by_role("navigation", name="Main")).to_be_visible()
    finally:
        other.close()


def test_theme_switch_applies_dark_mode(console: Page) -> None:
    console.get_by_label("Theme").select_option("dark")
    expect(console.locator("html")).to_have_attribute("data-theme", "dark")
    console.reload()
    expect(console.locator("html")).to_have_attribute("data-theme", "dark")


def test_space_switcher_shows_each_spaces_own_data(console_context, chat_stack: KnowledgeStack) -> None:
    token, (home, team) = run_sync(new_user(chat_stack.env["ATELIER_DATABASE_URL"], ("Home", "Team")))

    async def team_dataset() -> None:
        async with AtelierClient(chat_stack.gateway_url, token, team) as client:
            await client.create_dataset("Team handbook")

    run_sync(team_dataset())
    page = console_context.new_page()
    page.goto("/knowledge")
    page.get_by_label("Personal access token").fill(token)
    page.get_by_role("button", name="Sign in").click()
    switcher = page.get_by_role("combobox", name="Space")
    expect(switcher.locator("option")).to_have_text(["Home", "Team"])
    expect(page.get_by_role("heading", level=1, name="Knowledge")).to_be_visible()
    expect(page.get_by_text("Team handbook")).to_have_count(0)  # the Home space has no datasets
    switcher.select_option(label="Team")
    expect(page.get_by_text("Team handbook")).to_be_visible()
    page.reload()  # the chosen space is kept
    expect(switcher).to_have_value(team)
    switcher.select_option(label="Home")
    expect(page.get_by_text("Team handbook")).to_have_count(0)
    assert home != team


def test_keyboard_reaches_every_area_and_the_skip_link(console: Page) -> None:
    console.keyboard.press("Tab")
    skip = console.get_by_role("link", name="Skip to content")
    expect(skip).to_be_focused()
    for name in ("Knowledge", "Agents", "Plugins", "Workflows", "Runs", "Access tokens"):
        link = console.get_by_role("navigation", name="Main").get_by_role("link", name=name)
        link.focus()
        console.keyboard.press("Enter")
        expect(link).to_have_attribute("aria-current", "page")
        expect(console.get_by_role("heading", level=1)).to_be_visible()
