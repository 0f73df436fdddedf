"""The knowledge OpenAPI as the official Coze SDK (cozepy 0.20.0) sees it through the gateway:
datasets with icons, documents from inline files and uploaded files, progress, images, deletes
that take the stored source files with them."""

from __future__ import annotations

import asyncio
import random
import time
import uuid
import warnings
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import unquote, urlparse

import asyncpg
import httpx
import pytest
from cozepy import (
    AsyncCoze,
    AsyncHTTPClient,
    AsyncTokenAuth,
    CozeAPIError,
    DocumentBase,
    DocumentFormatType,
    DocumentSourceInfo,
)

from atelier_common.files import FileStore, StoredFile
from atelier_common.storage import LocalStorage
from atelier_devstack import sample_files
from atelier_devstack.api_client import AtelierClient
from atelier_devstack.stack_fixtures import KnowledgeStack

pytestmark = pytest.mark.e2e

MANUAL = ("# Kettle descaling\n\nFill the kettle with equal parts water and white vinegar, boil once and leave it "
          "for an hour. Rinse three times before the next use.\n")


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


@pytest.fixture
async def api(knowledge_stack: KnowledgeStack) -> AsyncIterator[AtelierClient]:
    async with knowledge_stack.client() as client:
        yield client


@pytest.fixture
async def coze(knowledge_stack: KnowledgeStack) -> AsyncIterator[AsyncCoze]:
    http = AsyncHTTPClient(trust_env=False)
    yield AsyncCoze(auth=AsyncTokenAuth(knowledge_stack.token), base_url=knowledge_stack.gateway_url, http_client=http)
    await http.aclose()


@pytest.fixture
def store_dir(knowledge_stack: KnowledgeStack) -> Path:
    return Path(knowledge_stack.env["ATELIER_STORAGE_DIR"])


@pytest.fixture
async def admin_id(knowledge_stack: KnowledgeStack) -> int:
    conn = await asyncpg.connect(knowledge_stack.env["ATELIER_DATABASE_URL"])
    try:
        return int(await conn.fetchval("SELECT id FROM gateway.users WHERE name = 'admin'"))
    finally:
        await conn.close()


async def upload_file(store_dir: Path, owner: int, file_name: str, data: bytes) -> StoredFile:
    """What /v1/files/upload leaves behind: a file of `owner` in object storage."""
    return await FileStore(LocalStorage(store_dir)).save(
        file_id=random.randint(10**15, 10**16), file_name=file_name, data=data, creator_id=owner)


async def read_url(url: str) -> bytes:
    """What a browser opening `url` gets (local storage may still answer with file:// URLs)."""
    parsed = urlparse(url)
    if parsed.scheme == "file":
        return Path(unquote(parsed.path)).read_bytes()
    async with httpx.AsyncClient(trust_env=False) as http:
        reply = await http.get(url)
        reply.raise_for_status()
        return reply.content


async def until(predicate, timeout_s: float = 30.0) -> None:  # noqa: ANN001
    deadline = time.monotonic() + timeout_s
    while not await predicate():
        assert time.monotonic() < deadline, "condition not reached in time"
        await asyncio.sleep(0.3)


async def wait_processed(coze: AsyncCoze, dataset_id: str, document_ids: list[str]) -> dict[str, object]:
    """Poll /v1/datasets/{id}/process through the SDK until no document is processing (0)."""
    deadline = time.monotonic() + 60
    while True:
        progress = await coze.datasets.process(dataset_id=dataset_id, document_ids=document_ids)
        if all(p.status != 0 for p in progress):
            return {p.document_id: p for p in progress}
        assert time.monotonic() < deadline, [p.status for p in progress]
        await asyncio.sleep(0.3)


async def test_datasets_with_icons(coze: AsyncCoze, api: AtelierClient, store_dir: Path, admin_id: int) -> None:
    icon = await upload_file(store_dir, admin_id, "logo.png", sample_files.png())
    created = await coze.datasets.create(name=name("sdk"), space_id=api.space_id, format_type=DocumentFormatType.DOCUMENT,
                                         description="kitchen appliances", icon_file_id=str(icon.id))
    listed = {d.dataset_id: d async for d in await coze.datasets.list(space_id=api.space_id, page_size=100)}
    dataset = listed[created.dataset_id]
    assert (dataset.status, dataset.format_type, dataset.description) == (1, 0, "kitchen appliances")
    assert await read_url(dataset.icon_url) == sample_files.png()  # an address the icon can be opened at

    # Someone else's file, or a file that is not an image, is no icon.
    stranger = await upload_file(store_dir, admin_id + 1, "theirs.png", sample_files.png(color=(1, 1, 1)))
    with pytest.raises(CozeAPIError) as refused:
        await coze.datasets.create(name=name("sdk"), space_id=api.space_id, format_type=DocumentFormatType.DOCUMENT,
                                   icon_file_id=str(stranger.id))
    assert (refused.value.code, refused.value.msg) == (404, f"file {stranger.id} not found")
    notes = await upload_file(store_dir, admin_id, "notes.txt", b"plain text")
    with pytest.raises(CozeAPIError) as refused:
        await coze.datasets.update(dataset_id=created.dataset_id, name="x", icon_file_id=str(notes.id))
    assert refused.value.code == 400 and "is not an image" in refused.value.msg

    # Coze's update replaces name, description and icon together.
    await coze.datasets.update(dataset_id=created.dataset_id, name=name("renamed"))
    detail = await api.call("/api/knowledge/detail", {"dataset_ids": [created.dataset_id], "space_id": api.space_id})
    renamed = detail["dataset_details"][created.dataset_id]
    assert (renamed["description"], renamed["icon_url"], renamed["icon_uri"]) == ("", "", "")

    await coze.datasets.delete(dataset_id=created.dataset_id)
    remaining = [d.dataset_id async for d in await coze.datasets.list(space_id=api.space_id, page_size=100)]
    assert created.dataset_id not in remaining


async def test_documents_from_inline_and_uploaded_files(coze: AsyncCoze, api: AtelierClient, store_dir: Path,
                                                        admin_id: int) -> None:
    dataset_id = (await coze.datasets.create(name=name("docs"), space_id=api.space_id,
                                             format_type=DocumentFormatType.DOCUMENT)).dataset_id
    uploaded = await upload_file(store_dir, admin_id, "descaling.md", MANUAL.encode())
    created = await coze.datasets.documents.create(dataset_id=dataset_id, document_bases=[
        DocumentBase(name="inline.txt", source_info=DocumentSourceInfo.build_local_file("Espresso machines need "
                                                                                           "their group head cleaned "
                                                                                           "every week.")),
        DocumentBase(name="", source_info=DocumentSourceInfo.build_file_id(str(uploaded.id))),
    ])
    inline, from_file = created
    assert (inline.name, inline.type, inline.source_type, inline.status) == ("inline.txt", "txt", 0, 0)
    assert (from_file.name, from_file.type, from_file.size) == ("descaling.md", "md", len(MANUAL.encode()))
    assert (inline.update_type, inline.update_interval) == (0, 0)

    # The document keeps its own copy: removing the uploaded file does not break it.
    (store_dir / uploaded.key).unlink()
    done = await wait_processed(coze, dataset_id, [inline.document_id, from_file.document_id])
    assert [p.status for p in done.values()] == [1, 1]
    assert done[from_file.document_id].url and done[from_file.document_id].size == len(MANUAL.encode())
    assert await read_url(done[from_file.document_id].url) == MANUAL.encode()

    listed = {d.document_id: d async for d in await coze.datasets.documents.list(dataset_id=dataset_id)}
    assert listed[from_file.document_id].slice_count >= 1 and listed[from_file.document_id].char_count > 50
    assert listed[inline.document_id].format_type == 0

    # Another user's file id is not found; a missing id neither.
    theirs = await upload_file(store_dir, admin_id + 1, "theirs.txt", b"secret")
    with pytest.raises(CozeAPIError) as refused:
        await coze.datasets.documents.create(dataset_id=dataset_id, document_bases=[
            DocumentBase(name="", source_info=DocumentSourceInfo.build_file_id(str(theirs.id)))])
    assert (refused.value.code, refused.value.msg) == (404, f"file {theirs.id} not found")

    await coze.datasets.documents.update(document_id=inline.document_id, document_name="espresso.txt")
    names = sorted([d.name async for d in await coze.datasets.documents.list(dataset_id=dataset_id)])
    assert names == ["descaling.md", "espresso.txt"]

    # Deleting a document deletes its stored source file.
    listed_raw = await api.call("/api/knowledge/document/list", {"dataset_id": dataset_id, "space_id": api.space_id})
    stored = {d["document_id"]: store_dir / d["tos_uri"] for d in listed_raw["document_infos"]}
    assert all(p.exists() for p in stored.values())
    await coze.datasets.documents.delete(document_ids=[inline.document_id])

    async def inline_gone() -> bool:
        return not stored[inline.document_id].exists()
    await until(inline_gone)
    assert stored[from_file.document_id].exists()
    assert [d.document_id async for d in await coze.datasets.documents.list(dataset_id=dataset_id)] == \
        [from_file.document_id]

    # Deleting the dataset deletes the rest.
    await coze.datasets.delete(dataset_id=dataset_id)

    async def all_gone() -> bool:
        return not any(p.exists() for p in stored.values())
    await until(all_gone)


async def test_deprecated_knowledge_documents_client_parses(knowledge_stack: KnowledgeStack, api: AtelierClient
                                                            ) -> None:
    from cozepy import Coze, SyncHTTPClient, TokenAuth

    dataset_id = await api.create_dataset(name("legacy"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        sync = Coze(auth=TokenAuth(knowledge_stack.token), base_url=knowledge_stack.gateway_url,
                    http_client=SyncHTTPClient(trust_env=False))
        created = await asyncio.to_thread(sync.knowledge.documents.create, dataset_id=dataset_id, document_bases=[
            DocumentBase(name="legacy.txt", source_info=DocumentSourceInfo.build_local_file("Toasters crumb trays."))])
        [doc] = created
        await asyncio.to_thread(sync.knowledge.documents.update, document_id=doc.document_id, document_name="old.txt")
        page = await asyncio.to_thread(sync.knowledge.documents.list, dataset_id=dataset_id)
        assert [d.name for d in page.items] == ["old.txt"]
        await asyncio.to_thread(sync.knowledge.documents.delete, document_ids=[doc.document_id])
        page = await asyncio.to_thread(sync.knowledge.documents.list, dataset_id=dataset_id)
        assert page.items == []


async def test_image_datasets_through_the_sdk(coze: AsyncCoze, api: AtelierClient) -> None:
    dataset_id = (await coze.datasets.create(name=name("imgs"), space_id=api.space_id,
                                             format_type=DocumentFormatType.IMAGE)).dataset_id
    red = await api.upload(dataset_id, "red.png", sample_files.png(), caption="a red square")
    blue = await api.upload(dataset_id, "blue.png", sample_files.png(color=(0, 0, 200)), caption="a blue square")
    await api.wait_documents([red["document_id"], blue["document_id"]])
    photos = [p async for p in await coze.datasets.images.list(dataset_id=dataset_id)]
    assert sorted(p.caption for p in photos) == ["a blue square", "a red square"]
    assert all(p.status == 1 and p.source_type == 0 for p in photos)
    by_id = {p.document_id: p for p in photos}
    assert await read_url(by_id[red["document_id"]].url) == sample_files.png()

    await coze.datasets.images.update(dataset_id=dataset_id, document_id=red["document_id"], caption="a crimson tile")
    await api.wait_documents([red["document_id"]])
    found = [p async for p in await coze.datasets.images.list(dataset_id=dataset_id, keyword="crimson")]
    assert [p.document_id for p in found] == [red["document_id"]]
    uncaptioned = [p async for p in await coze.datasets.images.list(dataset_id=dataset_id, has_caption=False)]
    assert uncaptioned == []

    other = await api.create_dataset(name("other-imgs"), format_type=2)
    with pytest.raises(CozeAPIError) as refused:
        await coze.datasets.images.update(dataset_id=other, document_id=red["document_id"], caption="x")
    assert (refused.value.code, refused.value.msg) == (404, f"image {red['document_id']} is not in dataset {other}")
    with pytest.raises(CozeAPIError) as refused:
        await coze.datasets.images.update(dataset_id=dataset_id, document_id=red["document_id"], caption="  ")
    assert refused.value.code == 400 and refused.value.msg == "caption must not be empty"


async def test_deleting_while_indexing_leaves_no_file(api: AtelierClient, store_dir: Path) -> None:
    dataset_id = await api.create_dataset(name("race"))
    text = ("Blenders should never run empty. " * 400).encode()
    info = await api.upload(dataset_id, "blender.txt", text)
    listed = await api.call("/api/knowledge/document/list", {"dataset_id": dataset_id, "space_id": api.space_id})
    stored = store_dir / listed["document_infos"][0]["tos_uri"]
    await api.call("/open_api/knowledge/document/delete", {"document_ids": [info["document_id"]]})

    async def gone() -> bool:
        return not stored.exists()
    await until(gone)
    reply = await api.raw("POST", "/open_api/knowledge/document/delete", json={"document_ids": [info["document_id"]]})
    assert reply.status_code == 404
