from __future__ import annotations

import os
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from atelier_common.settings import Settings
from atelier_common.storage import InvalidKey, LocalStorage, ObjectNotFound, S3Storage, create_storage


async def test_local_round_trip_overwrite_delete(tmp_path: Path) -> None:
    storage = LocalStorage(tmp_path)
    await storage.put("uploads/1/a.txt", b"hello")
    assert await storage.get("uploads/1/a.txt") == b"hello"
    assert await storage.size("uploads/1/a.txt") == 5
    await storage.put("uploads/1/a.txt", b"hi")
    assert await storage.get("uploads/1/a.txt") == b"hi"
    await storage.delete("uploads/1/a.txt")
    assert not await storage.exists("uploads/1/a.txt")
    with pytest.raises(ObjectNotFound):
        await storage.get("uploads/1/a.txt")
    assert not [p for p in tmp_path.rglob(".tmp-*")], "no temp files left behind"


@pytest.mark.parametrize("key", ["", "/etc/passwd", "../x", "a/../../x", "a//b", "a\\b", "./a"])
async def test_local_rejects_keys_that_escape_the_root(tmp_path: Path, key: str) -> None:
    storage = LocalStorage(tmp_path / "root")
    with pytest.raises(InvalidKey):
        await storage.put(key, b"x")


def _s3_unavailable() -> str | None:
    endpoint = os.environ.get("ATELIER_TEST_S3_ENDPOINT", "")
    if not endpoint:
        return "no S3/MinIO endpoint: set ATELIER_TEST_S3_ENDPOINT (and _BUCKET/_ACCESS_KEY/_SECRET_KEY) to run"
    try:
        urllib.request.urlopen(endpoint, timeout=2)
    except urllib.error.HTTPError:
        pass  # S3 answers anonymous requests with 403: it is up
    except OSError as exc:
        return f"S3 endpoint {endpoint} does not answer: {exc}"
    return None


async def test_create_storage_local_backend(tmp_path: Path) -> None:
    storage = create_storage(Settings(storage_backend="local", storage_dir=tmp_path))
    assert isinstance(storage, LocalStorage)
    await storage.put("k", b"v")
    assert (tmp_path / "k").read_bytes() == b"v"
    with pytest.raises(ValueError):
        create_storage(Settings(storage_backend="ftp"))


@pytest.mark.skipif(_s3_unavailable() is not None, reason=_s3_unavailable() or "")
async def test_s3_round_trip() -> None:
    storage = S3Storage(
        os.environ.get("ATELIER_TEST_S3_BUCKET", "atelier-test"),
        endpoint_url=os.environ["ATELIER_TEST_S3_ENDPOINT"],
        access_key=os.environ.get("ATELIER_TEST_S3_ACCESS_KEY", "minioadmin"),
        secret_key=os.environ.get("ATELIER_TEST_S3_SECRET_KEY", "minioadmin"),
        region="us-east-1",
    )
    await storage.put("t/obj.bin", b"\x00\x01")
    assert await storage.get("t/obj.bin") == b"\x00\x01"
    assert await storage.size("t/obj.bin") == 2
    await storage.delete("t/obj.bin")
    assert not await storage.exists("t/obj.bin")
