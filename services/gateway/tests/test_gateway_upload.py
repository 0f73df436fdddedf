"""Multipart upload: the file lands in object storage, the service gets key + size only."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.timeout(60)

URL = "/api/knowledge/document/upload"


@pytest.fixture
def storage(tmp_path):  # type: ignore[no-untyped-def]
    local = pytest.importorskip("atelier_common.storage")
    return local.LocalStorage(tmp_path)


async def test_upload_stores_file_and_forwards_key(rig, storage) -> None:
    app = rig.app(storage=storage)
    form = {
        "space_id": str(rig.space_id),
        "dataset_id": "42",
        "tos_uri": "uploads/1/someone-elses/file.pdf",  # ignored: the key is the gateway's
        "chunk_strategy": json.dumps({"separator": "\n", "max_tokens": 500}),
    }
    files = {"file": ("../../etc/notes v1.md", b"# hello\nworld\n", "text/markdown")}
    async with rig.client(app) as c:
        r = await c.post(URL, data=form, files=files)
    assert r.status_code == 200, r.text
    info = r.json()["document_info"]
    req = rig.knowledge.uploads[-1]
    assert req.file_name == "../../etc/notes v1.md" and req.size == len(b"# hello\nworld\n")
    assert req.dataset_id == 42 and req.chunk_strategy.max_tokens == 500
    assert req.tos_uri.startswith(f"uploads/{rig.space_id}/") and req.tos_uri.endswith("/notes_v1.md")
    assert await storage.get(req.tos_uri) == b"# hello\nworld\n"
    assert info["tos_uri"] == req.tos_uri


async def test_upload_to_other_space_is_403_and_stores_nothing(rig, storage, tmp_path) -> None:
    app = rig.app(storage=storage)
    before = len(rig.knowledge.uploads)
    async with rig.client(app) as c:
        r = await c.post(
            URL,
            data={"space_id": str(rig.other_space_id), "dataset_id": "1"},
            files={"file": ("a.txt", b"x", "text/plain")},
        )
    assert r.status_code == 403
    assert len(rig.knowledge.uploads) == before
    assert not any(p.is_file() for p in tmp_path.rglob("*"))


async def test_upload_the_service_refuses_leaves_no_file_behind(rig, storage, tmp_path) -> None:
    async with rig.client(rig.app(storage=storage)) as c:
        r = await c.post(URL, data={"space_id": str(rig.space_id), "dataset_id": "404"},
                         files={"file": ("a.txt", b"x", "text/plain")})
    assert r.status_code == 404 and "dataset 404" in r.json()["msg"]
    assert rig.knowledge.uploads[-1].dataset_id == 404  # it reached the service, which said no
    assert not any(p.is_file() for p in tmp_path.rglob("*"))


async def test_upload_without_file_is_400(rig, storage) -> None:
    async with rig.client(rig.app(storage=storage)) as c:
        r = await c.post(URL, data={"space_id": str(rig.space_id), "dataset_id": "1"}, files={"other": ("a", b"x")})
    assert r.status_code == 400 and "file" in r.json()["msg"]
