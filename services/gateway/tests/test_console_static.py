"""The gateway's console serving: build files, the SPA fallback, cache headers, and what stays JSON."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette

from atelier_gateway.console import Console
from atelier_gateway.errors import EXCEPTION_HANDLERS


def _client(dist: Path) -> httpx.AsyncClient:
    app = Starlette(exception_handlers=EXCEPTION_HANDLERS)
    app.router.default = Console(dist)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://console.test")


@pytest.fixture
def dist(tmp_path: Path) -> Path:
    build = tmp_path / "dist"
    (build / "assets").mkdir(parents=True)
    (build / "index.html").write_text('<div id="root"></div>')
    (build / "assets" / "index-abc123.js").write_text("console.log(1)")
    (build / "favicon.svg").write_text("<svg/>")
    (tmp_path / "secret.txt").write_text("outside the build")
    return build


async def test_files_and_page_paths(dist: Path) -> None:
    async with _client(dist) as http:
        root = await http.get("/")
        assert root.status_code == 200 and root.text == '<div id="root"></div>'
        assert root.headers["cache-control"] == "no-cache"
        page = await http.get("/workflows/42/canvas?tab=run")
        assert page.status_code == 200 and page.text == root.text
        asset = await http.get("/assets/index-abc123.js")
        assert asset.text == "console.log(1)" and asset.headers["cache-control"] == "public, max-age=31536000, immutable"
        icon = await http.get("/favicon.svg")
        assert icon.headers["cache-control"] == "public, max-age=3600"
        assert (await http.head("/")).status_code == 200


async def test_what_is_not_a_page(dist: Path) -> None:
    async with _client(dist) as http:
        missing_asset = await http.get("/assets/gone-1.js")
        assert missing_asset.status_code == 404 and missing_asset.json()["code"] == 404
        assert (await http.get("/logo.png")).status_code == 404  # a file name, not a page path
        api = await http.get("/api/knowledge/nothing")
        assert api.status_code == 404 and "no such route" in api.json()["msg"]
        assert (await http.post("/agents")).status_code == 404
        outside = await http.get("/..%2fsecret.txt")
        assert "outside the build" not in outside.text


async def test_unbuilt_console_says_how_to_build_it(tmp_path: Path) -> None:
    async with _client(tmp_path / "nothing") as http:
        r = await http.get("/")
        assert r.status_code == 503 and "make web" in r.text
