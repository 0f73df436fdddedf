"""The signed, expiring URLs of local storage open through the gateway, without a token; anything
tampered or expired is refused."""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from atelier_common.signed_urls import UrlSigner
from atelier_common.storage import LocalStorage

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def storage(rig, tmp_path: Path) -> LocalStorage:
    # the services' side: the same secret and public URL as the gateway's settings
    return LocalStorage(tmp_path / "objects", UrlSigner(rig.settings.url_signing_key, rig.settings.public_base_url()))


def _relative(url: str) -> str:
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}" == "http://gw"  # ATELIER_PUBLIC_URL of the rig
    return f"{parts.path}?{parts.query}"


def _with(url: str, **changes: str) -> str:
    path, _, query = url.partition("?")
    params = {k: v[0] for k, v in parse_qs(query).items()}
    return f"{path}?{urlencode({**params, **changes})}"


async def test_signed_url_opens_without_a_token(rig, storage) -> None:
    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
    await storage.put("uploads/7/abc/red dot.png", png, "image/png")
    url = _relative(await storage.url("uploads/7/abc/red dot.png", 300))
    async with rig.client(rig.app(storage=storage), token=None) as c:
        r = await c.get(url)
        head = await c.head(url)
    assert r.status_code == 200 and r.content == png
    assert r.headers["content-type"] == "image/png"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["content-disposition"] == "inline; filename*=UTF-8''red%20dot.png"
    cache = r.headers["cache-control"]
    assert cache.startswith("private, max-age=") and 290 <= int(cache.rsplit("=", 1)[1]) <= 300
    assert head.status_code == 200 and head.headers["content-length"] == str(len(png))


async def test_tampered_expired_missing_and_bad_keys(rig, storage) -> None:
    await storage.put("uploads/1/a.txt", b"mine", "text/plain")
    await storage.put("uploads/2/b.txt", b"theirs", "text/plain")
    url = _relative(await storage.url("uploads/1/a.txt", 300))
    query = url.partition("?")[2]
    expired = _relative(storage.signer.url("uploads/1/a.txt", 60, now=time.time() - 120))
    async with rig.client(rig.app(storage=storage), token=None) as c:
        assert (await c.get(url)).content == b"mine"
        other_key = await c.get(f"/storage/uploads/2/b.txt?{query}")  # a signature is for one key only
        assert other_key.status_code == 403 and b"theirs" not in other_key.content
        longer = await c.get(_with(url, expires=str(int(time.time()) + 86_400)))
        assert longer.status_code == 403 and longer.json()["msg"] == "invalid or tampered file URL"
        forged = await c.get(_with(url, signature="A" * 43))
        assert forged.status_code == 403
        assert (await c.get("/storage/uploads/1/a.txt")).status_code == 403  # unsigned
        late = await c.get(expired)
        assert late.status_code == 403 and "expired" in late.json()["msg"]
        await storage.delete("uploads/1/a.txt")
        gone = await c.get(url)
        assert gone.status_code == 404 and gone.json()["code"] == 404
        escape = await c.get(f"/storage/uploads/%2E%2E/%2E%2E/etc/passwd?{query}")
        assert escape.status_code == 400 and "invalid object key" in escape.json()["msg"]


async def test_active_content_is_a_sandboxed_attachment(rig, storage) -> None:
    await storage.put("uploads/1/page.html", b"<script>alert(1)</script>", "text/html")
    url = _relative(await storage.url("uploads/1/page.html"))
    async with rig.client(rig.app(storage=storage), token=None) as c:
        r = await c.get(url)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert r.headers["content-disposition"].startswith("attachment;")
    assert r.headers["content-security-policy"].startswith("sandbox")


async def test_without_a_signing_key_the_error_names_the_setting(rig, storage) -> None:
    await storage.put("uploads/1/a.txt", b"x")
    url = _relative(await storage.url("uploads/1/a.txt"))
    async with rig.client(rig.app(storage=storage, settings={"url_signing_key": ""}), token=None) as c:
        r = await c.get(url)
    assert r.status_code == 500 and "ATELIER_URL_SIGNING_KEY" in r.json()["msg"]
