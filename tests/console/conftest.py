"""Browser tests of the web console: Playwright driving Debian's Chromium against chat_stack's
gateway (which serves web/dist). A failed test leaves a screenshot of its page in
test-artifacts/console/; `screenshot(name)` saves the README's pictures when
ATELIER_SCREENSHOT_DIR is set (`make screenshots`)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect, sync_playwright

from atelier_devstack.browser import CHROMIUM_ARGS, REPO_ROOT, chromium_path, console_dist
from atelier_devstack.stack_fixtures import KnowledgeStack

ARTIFACTS = REPO_ROOT / "test-artifacts" / "console"
expect.set_options(timeout=15_000)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    report = yield
    if report.when == "call" and report.failed:
        page = getattr(item, "console_page", None)
        if page is not None and not page.is_closed():
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            path = ARTIFACTS / (re.sub(r"[^\w.-]+", "_", item.nodeid) + ".png")
            try:
                page.screenshot(path=str(path), full_page=True)
                report.sections.append(("console screenshot", str(path)))
            except Exception as exc:  # the page may be gone with the failure; the report says so
                report.sections.append(("console screenshot", f"not taken: {exc}"))
    return report


# Per module, not per session: while Playwright's sync driver lives, its event loop counts as the
# main thread's running loop, and every later asyncio test of the session would be refused one.
@pytest.fixture(scope="module")
def playwright_driver() -> Iterator[Playwright]:
    console_dist()  # fail early, naming the fix, when the console was never built
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright_driver: Playwright) -> Iterator[Browser]:
    browser = playwright_driver.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
    yield browser
    browser.close()


@pytest.fixture
def console_context(browser: Browser, chat_stack: KnowledgeStack) -> Iterator[BrowserContext]:
    context = browser.new_context(base_url=chat_stack.gateway_url, viewport={"width": 1440, "height": 900})
    yield context
    context.close()


@pytest.fixture
def console(request: pytest.FixtureRequest, console_context: BrowserContext, chat_stack: KnowledgeStack) -> Page:
    """A page signed in with the stack's admin token, on the console's start page."""
    page = console_context.new_page()
    request.node.console_page = page
    page.goto("/")
    page.get_by_label("Personal access token").fill(chat_stack.token)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("navigation", name="Main")).to_be_visible()
    return page


@pytest.fixture
def screenshot() -> Callable[[Page, str], None]:
    """Saves the page as <name>.png for the README when ATELIER_SCREENSHOT_DIR is set."""
    target = os.environ.get("ATELIER_SCREENSHOT_DIR", "")

    def take(page: Page, name: str) -> None:
        if target:
            Path(target).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(target) / f"{name}.png"))

    return take
