"""Signed file URLs: what local storage hands out and what the gateway accepts."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from atelier_common.settings import Settings
from atelier_common.signed_urls import PATH_PREFIX, BadSignature, SigningKeyMissing, UrlExpired, UrlSigner
from atelier_common.storage import LocalStorage, create_storage

NOW = 1_800_000_000


def _parts(url: str) -> tuple[str, str, str]:
    parts = urlsplit(url)
    q = parse_qs(parts.query)
    return unquote(parts.path.removeprefix(PATH_PREFIX)), q["expires"][0], q["signature"][0]


def test_url_round_trip_and_what_breaks_it() -> None:
    signer = UrlSigner("s3cret", "https://atelier.example.com/")
    url = signer.url("files/7/report v2.pdf", 600, now=NOW)
    assert url.startswith("https://atelier.example.com/storage/files/7/report%20v2.pdf?expires=")
    key, expires, sig = _parts(url)
    assert key == "files/7/report v2.pdf" and int(expires) == NOW + 600
    assert signer.verify(key, expires, sig, now=NOW + 1) == 599

    with pytest.raises(BadSignature):  # another object
        signer.verify("files/8/report v2.pdf", expires, sig, now=NOW)
    with pytest.raises(BadSignature):  # a longer life
        signer.verify(key, str(int(expires) + 3600), sig, now=NOW)
    with pytest.raises(BadSignature):  # another secret
        UrlSigner("other", "http://x").verify(key, expires, sig, now=NOW)
    with pytest.raises(BadSignature):
        signer.verify(key, expires, sig[:-2] + "AA", now=NOW)
    for missing in ((None, sig), (expires, None), ("soon", sig)):
        with pytest.raises(BadSignature):
            signer.verify(key, *missing, now=NOW)
    with pytest.raises(UrlExpired):
        signer.verify(key, expires, sig, now=NOW + 600)


async def test_missing_key_names_the_setting(tmp_path: Path) -> None:
    with pytest.raises(SigningKeyMissing, match="ATELIER_URL_SIGNING_KEY"):
        UrlSigner("", "http://x")
    storage = create_storage(Settings(storage_backend="local", storage_dir=tmp_path, url_signing_key=""))
    with pytest.raises(SigningKeyMissing, match="ATELIER_URL_SIGNING_KEY"):
        await storage.url("a.txt")


async def test_local_storage_hands_out_gateway_urls(tmp_path: Path) -> None:
    settings = Settings(storage_backend="local", storage_dir=tmp_path, url_signing_key="k", gateway_host="0.0.0.0",
                        gateway_port=9090)
    storage = create_storage(settings)
    assert isinstance(storage, LocalStorage)
    url = await storage.url("uploads/1/a.png", 60)
    assert url.startswith("http://127.0.0.1:9090/storage/uploads/1/a.png?expires=")
    key, expires, sig = _parts(url)
    assert UrlSigner("k", "").verify(key, expires, sig) > 0
    public = create_storage(settings.model_copy(update={"public_url": "https://files.example.org/atelier/"}))
    assert (await public.url("a.png")).startswith("https://files.example.org/atelier/storage/a.png?")
    with pytest.raises(ValueError):
        await storage.url("../etc/passwd")
