"""ExtractText, the indexer's internal RPC the agent calls for files attached to chat messages: the
text of a user's uploaded file or of a web page (through the SSRF guard), parsed like a document;
and InspectTable, which knowledge's table schema endpoints read files through."""

from __future__ import annotations

import base64
import random
from pathlib import Path

import asyncpg
import grpc
import pytest

from atelier_common.auth import RequestContext, to_metadata
from atelier_common.files import FileStore, StoredFile
from atelier_common.storage import LocalStorage
from atelier_devstack import sample_files
from atelier_devstack.stack_fixtures import KnowledgeStack
from atelier_devstack.web_server import LocalWebServer
from atelier_proto import indexer_pb2 as ipb
from atelier_proto import indexer_pb2_grpc

pytestmark = pytest.mark.e2e

MANUAL = ("# Kettle descaling\n\nFill the kettle with equal parts water and white vinegar, boil once and leave it "
          "for an hour. Rinse three times before the next use.\n")


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


@pytest.fixture
async def extract(knowledge_stack: KnowledgeStack, admin_id: int):  # noqa: ANN201
    channel = grpc.aio.insecure_channel(knowledge_stack.procs["indexer"].addr)
    stub = indexer_pb2_grpc.IndexerServiceStub(channel)
    metadata = to_metadata(RequestContext(user_id=admin_id, space_ids=frozenset({int(knowledge_stack.space_id)})))

    async def call(**fields: object) -> ipb.ExtractTextResponse:
        return await stub.ExtractText(ipb.ExtractTextRequest(**fields), metadata=metadata, timeout=30)
    yield call
    await channel.close()


async def test_extract_text_of_files_and_pages(extract, store_dir: Path, admin_id: int) -> None:  # noqa: ANN001
    pdf = await upload_file(store_dir, admin_id, "specs.pdf", sample_files.pdf(["The toaster draws 900 watts."]))
    got = await extract(file_id=pdf.id)
    assert (got.file_name, got.truncated) == ("specs.pdf", False) and "900 watts" in got.text

    md = await upload_file(store_dir, admin_id, "descaling.md", MANUAL.encode())
    got = await extract(file_id=md.id, max_chars=20)
    assert (got.text, got.truncated) == (MANUAL.lstrip("# ")[:20], True)

    with LocalWebServer() as web:
        page = web.page("/guide", "<html><head><title>Guide</title></head><body><nav><a href='/'>Home</a> | "
                                  "<a href='/shop'>Shop</a> | <a href='/login'>Sign in</a></nav><article><h1>Microwaves</h1>"
                                  "<p>Microwave ovens must never run empty, or the magnetron overheats and the "
                                  "waveguide cover scorches.</p><p>Clean the turntable support weekly with warm "
                                  "soapy water and dry it before refitting.</p></article>"
                                  "<footer>Cookie settings</footer></body></html>")
        got = await extract(url=page)
        assert got.file_name == "guide" and "magnetron overheats" in got.text
        assert "Sign in" not in got.text and "Cookie settings" not in got.text
        web.page("/data.csv", "name,watts\nkettle,2200\n", content_type="text/csv")
        assert "kettle,2200" in (await extract(url=web.url("/data.csv"))).text

        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await extract(url=web.redirect("/meta", "http://169.254.169.254/latest/meta-data/"))
        assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "which resolves to 169.254.169.254, a cloud metadata address" in refused.value.details()
        with pytest.raises(grpc.aio.AioRpcError) as failed:
            await extract(url=web.url("/nothing"))
        assert failed.value.code() == grpc.StatusCode.FAILED_PRECONDITION  # 422
        assert failed.value.details() == f"URL {web.url('/nothing')} answered HTTP 404"


async def test_extract_text_refusals(extract, store_dir: Path, admin_id: int) -> None:  # noqa: ANN001
    exe = await upload_file(store_dir, admin_id, "setup.exe", b"MZ\x90\x00")
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await extract(file_id=exe.id)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert refused.value.details().startswith("cannot extract text from setup.exe: unsupported file type 'exe'; "
                                              "supported: txt, md")
    theirs = await upload_file(store_dir, admin_id + 1, "theirs.txt", b"secret")
    with pytest.raises(grpc.aio.AioRpcError) as hidden:
        await extract(file_id=theirs.id)
    assert (hidden.value.code(), hidden.value.details()) == (grpc.StatusCode.NOT_FOUND, f"file {theirs.id} not found")
    for fields, message in (({}, "give exactly one of file_id and url"),
                            ({"file_id": theirs.id, "url": "http://example.com/"}, "give exactly one of file_id and url"),
                            ({"url": "http://example.com/", "max_chars": 0}, "max_chars must be between 1 and 1000000")):
        with pytest.raises(grpc.aio.AioRpcError) as bad:
            await extract(**fields)
        assert (bad.value.code(), bad.value.details()) == (grpc.StatusCode.INVALID_ARGUMENT, message)
    broken = await upload_file(store_dir, admin_id, "broken.pdf", base64.b64decode("JVBERi0xLjQKJcfs"))
    with pytest.raises(grpc.aio.AioRpcError) as unparsable:
        await extract(file_id=broken.id)
    assert unparsable.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert unparsable.value.details().startswith("cannot extract text from broken.pdf: ")


async def test_inspect_table_is_for_services_only(knowledge_stack: KnowledgeStack, admin_id: int) -> None:
    """Knowledge calls it as a system caller after checking the user's access; a user's call is refused."""
    async with grpc.aio.insecure_channel(knowledge_stack.procs["indexer"].addr) as channel:
        stub = indexer_pb2_grpc.IndexerServiceStub(channel)
        request = ipb.InspectTableRequest(content='[{"a": 1}]', file_type="json", preview_rows=1)
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await stub.InspectTable(request, metadata=to_metadata(RequestContext(user_id=admin_id)), timeout=30)
        assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
        found = await stub.InspectTable(request, metadata=to_metadata(RequestContext(internal=True)), timeout=30)
        assert [c.column_name for c in found.columns] == ["a"] and found.preview[0].values == {"a": "1"}
