"""Routes a browser visits (the IDL's api.page fields; here the OAuth callback): a 302 to the
redirect field, else an HTML page with the service's text escaped, and errors as HTML pages with
their status; never JSON."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.timeout(60)

CALLBACK = "/api/oauth/authorization_code"


def browser(rig):  # type: ignore[no-untyped-def]
    app = rig.app(settings={"plugin_addr": rig.settings.knowledge_addr})  # the rig's server answers PluginService
    return rig.client(app, token=None)


async def test_a_set_redirect_field_is_a_302_there(rig) -> None:
    async with browser(rig) as c:
        r = await c.get(CALLBACK, params={"code": "back", "state": "s"})
    assert r.status_code == 302 and r.headers["location"] == "https://app.example/chat?x=1"
    assert r.headers["cache-control"] == "no-store"


async def test_without_a_redirect_the_page_shows_the_title_and_the_escaped_text(rig) -> None:
    async with browser(rig) as c:
        r = await c.get(CALLBACK, params={"code": "page", "state": "s"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "<title>Plugin authorized</title>" in r.text and "<h1>Plugin authorized</h1>" in r.text
    assert "You authorized &lt;Weather&gt; &amp; may go back." in r.text and "<Weather>" not in r.text


async def test_errors_are_pages_naming_the_problem_with_their_status(rig) -> None:
    async with browser(rig) as c:
        refused = await c.get(CALLBACK, params={"code": "refused", "state": "<b>old</b>"})
        missing = await c.get(CALLBACK, params={"code": "page"})  # state is required
    async with rig.client(rig.app(), token=None) as c:  # the plugin service is down
        down = await c.get(CALLBACK, params={"code": "page", "state": "s"})
    assert refused.status_code == 400 and refused.headers["content-type"].startswith("text/html")
    assert "<h1>400 Bad Request</h1>" in refused.text
    assert "field &#x27;state&#x27;: &lt;&lt;b&gt;old&lt;/b&gt;&gt; expired" in refused.text
    assert missing.status_code == 400 and "state" in missing.text and missing.headers["content-type"].startswith(
        "text/html")
    assert down.status_code == 503 and down.headers["content-type"].startswith("text/html")


async def test_a_redirect_to_anything_but_http_is_never_sent(rig) -> None:
    async with browser(rig) as c:
        r = await c.get(CALLBACK, params={"code": "scripted", "state": "s"})
    assert r.status_code == 500 and "location" not in r.headers and "javascript" not in r.text


async def test_errors_of_other_routes_stay_json(rig) -> None:
    async with rig.client() as c:
        r = await c.post("/api/knowledge/create", json={"name": "x", "space_id": str(rig.other_space_id),
                                                        "format_type": 0})
    assert r.status_code == 403 and r.headers["content-type"] == "application/json" and r.json()["code"] != 0
