"""The console's frame: served by the gateway at /, sign-in with a token, spaces, tokens, theme."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect

from atelier_devstack.stack_fixtures import KnowledgeStack


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
