"""Coze's /v1/files through the gateway: real Postgres (tokens), Redis (ids) and local object
storage; over HTTP and through the official SDK (cozepy's async client on the same app)."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from atelier_common.files import FileStore
from atelier_common.ids import decompose
from atelier_common.storage import LocalStorage

pytestmark = pytest.mark.timeout(60)

UPLOAD, RETRIEVE = "/v1/files/upload", "/v1/files/retrieve"


@pytest.fixture
def storage(tmp_path: Path) -> LocalStorage:
    return LocalStorage(tmp_path / "objects")


def _stored_objects(storage: LocalStorage) -> list[Path]:
    return [p for p in storage.root.rglob("*") if p.is_file()] if storage.root.exists() else []


async def test_upload_then_retrieve(rig, storage) -> None:
    app = rig.app(storage=storage)
    before = int(time.time())
    async with rig.client(app) as c:
        r = await c.post(UPLOAD, files={"file": ("notes v1.md", b"# hello\n", "text/markdown")})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["code"] == 0 and body["msg"] == ""
        data = body["data"]
        assert set(data) == {"id", "bytes", "created_at", "file_name"}
        assert isinstance(data["id"], str) and data["id"].isdigit()  # i64 ids travel as strings
        assert data["bytes"] == 8 and data["file_name"] == "notes v1.md" and data["created_at"] >= before
        got = await c.get(RETRIEVE, params={"file_id": data["id"]})
    assert got.status_code == 200 and got.json()["data"] == data
    # a 64-bit time-ordered id from the gateway's leased worker id
    millis, worker, _ = decompose(int(data["id"]))
    assert worker == rig.ids.worker_id and abs(millis / 1000 - time.time()) < 60
    # the content went through FileStore: any service resolves it for its owner
    files = FileStore(storage)
    stored = await files.owned(int(data["id"]), rig.user_id)
    assert await files.read(stored) == b"# hello\n" and stored.content_type == "text/markdown"


async def test_ids_are_unique_and_ordered(rig, storage) -> None:
    async with rig.client(rig.app(storage=storage)) as c:
        ids = [int((await c.post(UPLOAD, files={"file": (f"{i}.txt", b"x")})).json()["data"]["id"]) for i in range(5)]
    assert ids == sorted(set(ids))


async def test_another_users_file_is_404(rig, storage) -> None:
    app = rig.app(storage=storage)
    async with rig.client(app) as c:
        file_id = (await c.post(UPLOAD, files={"file": ("mine.txt", b"secret")})).json()["data"]["id"]
    async with rig.client(app, token=rig.other_token) as other:
        r = await other.get(RETRIEVE, params={"file_id": file_id})
    assert r.status_code == 404 and r.json() == {"code": 404, "msg": f"file {file_id} not found"}
    async with rig.client(app) as c:
        assert (await c.get(RETRIEVE, params={"file_id": "12345"})).status_code == 404
        missing = await c.get(RETRIEVE)
    assert missing.status_code == 400 and "file_id" in missing.json()["msg"]


async def test_bad_uploads_are_4xx_and_store_nothing(rig, storage) -> None:
    app = rig.app(storage=storage, settings={"max_upload_bytes": 1024})
    async with rig.client(app) as c:
        big = await c.post(UPLOAD, files={"file": ("big.bin", b"x" * 1025)})
        assert big.status_code == 413 and "1024 bytes" in big.json()["msg"]
        empty = await c.post(UPLOAD, files={"file": ("empty.txt", b"")})
        assert empty.status_code == 400 and "empty" in empty.json()["msg"]
        no_part = await c.post(UPLOAD, files={"attachment": ("a.txt", b"x")})
        assert no_part.status_code == 400 and "'file'" in no_part.json()["msg"]
        as_json = await c.post(UPLOAD, json={"file_name": "a.txt", "content": "eA=="})
        assert as_json.status_code == 400 and "multipart/form-data" in as_json.json()["msg"]
        exact = await c.post(UPLOAD, files={"file": ("edge.bin", b"y" * 1024)})
        assert exact.status_code == 200, exact.text
    assert len(_stored_objects(storage)) == 2  # only the file of exactly the cap: content + record
    async with rig.client(app, token=None) as anonymous:
        assert (await anonymous.post(UPLOAD, files={"file": ("a.txt", b"x")})).status_code == 401


async def test_through_cozepy(rig, storage, tmp_path: Path) -> None:
    from cozepy import AsyncCoze, AsyncHTTPClient, AsyncTokenAuth, CozeAPIError

    app = rig.app(storage=storage)

    def sdk(token: str) -> AsyncCoze:
        client = AsyncHTTPClient(transport=httpx.ASGITransport(app=app))
        return AsyncCoze(auth=AsyncTokenAuth(token), base_url="http://gw", http_client=client)

    path = tmp_path / "report.pdf"
    path.write_bytes(b"%PDF-1.4 not really")
    coze = sdk(rig.token)
    uploaded = await coze.files.upload(file=path)
    assert uploaded.file_name == "report.pdf" and uploaded.bytes == path.stat().st_size
    again = await coze.files.retrieve(file_id=uploaded.id)
    assert (again.id, again.bytes, again.created_at, again.file_name) == (
        uploaded.id, uploaded.bytes, uploaded.created_at, uploaded.file_name)
    with pytest.raises(CozeAPIError) as err:
        await sdk(rig.other_token).files.retrieve(file_id=uploaded.id)
    assert err.value.code == 404 and "not found" in (err.value.msg or "")
