"""The knowledge API as a user meets it through the gateway: datasets, documents, slices and
their errors. (What the indexer does with documents is tested in services/indexer/tests.)"""

from __future__ import annotations

import uuid

import asyncpg
import pytest

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.stack_fixtures import KnowledgeStack, new_user

pytestmark = pytest.mark.e2e


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


@pytest.fixture
async def api(knowledge_stack: KnowledgeStack):  # noqa: ANN201
    async with knowledge_stack.client() as client:
        yield client




async def test_dataset_lifecycle(api: AtelierClient, knowledge_stack: KnowledgeStack) -> None:
    ds_name = name("manuals")
    dataset_id = await api.create_dataset(ds_name, description="aircraft manuals")
    detail = await api.call("/api/knowledge/detail", {"dataset_ids": [dataset_id], "space_id": api.space_id})
    ds = detail["dataset_details"][dataset_id]
    assert ds["name"] == ds_name and ds["format_type"] == 0 and ds["status"] == 1 and ds["doc_count"] == 0

    # The embedder is recorded on the dataset so later documents and queries use the same one.
    conn = await asyncpg.connect(knowledge_stack.env["ATELIER_DATABASE_URL"])
    try:
        model = await conn.fetchval("SELECT embedding_model FROM knowledge.datasets WHERE id = $1", int(dataset_id))
    finally:
        await conn.close()
    assert "stub-embedding" in model

    await api.call("/api/knowledge/update", {"dataset_id": dataset_id, "name": ds_name + "-v2", "space_id": api.space_id})
    listed = await api.call("/api/knowledge/list", {"space_id": api.space_id, "filter": {"name": ds_name + "-v2"}})
    assert [d["dataset_id"] for d in listed["dataset_list"]] == [dataset_id] and listed["total"] == 1

    await api.call("/api/knowledge/delete", {"dataset_id": dataset_id, "space_id": api.space_id})
    await expect_error(api.call("/api/knowledge/delete", {"dataset_id": dataset_id, "space_id": api.space_id}),
                       404, "not found")
    listed = await api.call("/api/knowledge/list", {"space_id": api.space_id, "filter": {"name": ds_name}})
    assert listed["total"] == 0


async def test_openapi_dataset_endpoints(api: AtelierClient) -> None:
    created = await api.call("/v1/datasets", {"name": name("open"), "space_id": api.space_id, "format_type": 2})
    dataset_id = created["data"]["dataset_id"]
    listed = await api.call("/v1/datasets", {"space_id": api.space_id, "format_type": 2, "page_size": 50}, method="GET")
    assert dataset_id in [d["dataset_id"] for d in listed["data"]["dataset_list"]]
    reply = await api.raw("PUT", f"/v1/datasets/{dataset_id}", json={"name": "renamed-" + dataset_id})
    assert reply.status_code == 200, reply.text
    reply = await api.raw("DELETE", f"/v1/datasets/{dataset_id}", params={"space_id": api.space_id})
    assert reply.status_code == 200, reply.text


async def test_dataset_errors_name_the_problem(api: AtelierClient) -> None:
    await expect_error(api.create_dataset("   "), 400, "field 'name': must not be empty")
    await expect_error(api.create_dataset("x" * 101), 400, "field 'name': at most 100 characters")
    await expect_error(api.create_dataset(name("fmt"), format_type=7), 400, "format_type")
    taken = name("taken")
    await api.create_dataset(taken)
    await expect_error(api.create_dataset(taken), 409, "already exists")
    await expect_error(api.call("/api/knowledge/create", {"name": "x", "space_id": "999999", "format_type": 0}),
                       403, "space")
    await expect_error(api.call("/api/knowledge/detail", {"dataset_ids": ["1"], "space_id": "999999"}), 403)
    await expect_error(api.call("/api/knowledge/update", {"dataset_id": "12345", "name": "x"}), 404, "dataset 12345")


async def test_documents_are_recorded_at_once_and_listed(api: AtelierClient) -> None:
    dataset_id = await api.create_dataset(name("docs"))
    info = await api.create_text_document(dataset_id, "first", "Some custom text about hydraulics.")
    assert info["status"] in (0, 4, 1) and info["type"] == "txt" and info["source_type"] == 2
    listed = await api.call("/api/knowledge/document/list", {"dataset_id": dataset_id, "space_id": api.space_id})
    assert [d["document_id"] for d in listed["document_infos"]] == [info["document_id"]]

    await api.wait_documents([info["document_id"]])
    await api.call("/api/knowledge/document/update", {"document_id": info["document_id"], "document_name": "renamed",
                                                      "status": 2, "space_id": api.space_id})
    [progress] = await api.progress([info["document_id"]])
    assert progress["status"] == 2 and progress["document_name"] == "renamed" and progress["progress"] == 100

    await api.call("/api/knowledge/document/delete", {"document_ids": [info["document_id"]], "space_id": api.space_id})
    await expect_error(api.progress([info["document_id"]]), 404, info["document_id"])


async def test_progress_of_many_documents_answers_in_the_order_asked(api: AtelierClient) -> None:
    dataset_id = await api.create_dataset(name("progress"))
    first = (await api.create_text_document(dataset_id, "first", "Text about wings."))["document_id"]
    second = (await api.create_text_document(dataset_id, "second", "Text about rudders."))["document_id"]
    asked = [second, first, second]
    assert [p["document_id"] for p in await api.progress(asked)] == asked
    assert [p["document_name"] for p in await api.progress([first, second])] == ["first", "second"]
    await expect_error(api.progress([first, "67890", second]), 404, "67890")


async def test_document_errors_name_the_field(api: AtelierClient) -> None:
    dataset_id = await api.create_dataset(name("docerr"))
    body = {"dataset_id": dataset_id, "space_id": api.space_id,
            "document_bases": [{"name": "x", "source_info": {"document_source": 2, "custom_content": "text"}}]}
    await expect_error(api.call("/api/knowledge/document/create", {**body, "chunk_strategy": {
        "chunk_type": 1, "separator": "\n", "max_tokens": 10}}), 400, "max_tokens")
    await expect_error(api.call("/api/knowledge/document/create", {**body, "document_bases": []}), 400, "document_bases")
    await expect_error(api.call("/api/knowledge/document/create", {**body, "document_bases": [
        {"name": "x", "source_info": {"document_source": 2, "custom_content": "  "}}]}), 400, "custom_content")
    await expect_error(api.call("/api/knowledge/document/create", {**body, "document_bases": [
        {"name": "x", "source_info": {"tos_uri": "uploads/424242/abc/secret.pdf"}}]}), 404, "tos_uri",
        "does not exist")
    await expect_error(api.call("/api/knowledge/document/create", {**body, "document_bases": [
        {"name": "x", "source_info": {"tos_uri": f"uploads/{api.space_id}/nope/missing.pdf"}}]}), 404, "does not exist")
    await expect_error(api.call("/api/knowledge/document/create", {**body, "dataset_id": "777"}), 404, "dataset 777")


async def test_review_previews_chunks_without_indexing(api: AtelierClient) -> None:
    dataset_id = await api.create_dataset(name("review"))
    uploaded = await api.upload(dataset_id, "preview.md", b"# A\n\nalpha text\n\n# B\n\nbeta text\n")
    await api.wait_documents([uploaded["document_id"]])
    created = await api.call("/api/knowledge/review/create", {
        "dataset_id": dataset_id, "space_id": api.space_id,
        "reviews": [{"document_name": "preview.md", "document_type": "md", "tos_uri": uploaded["tos_uri"]}],
        "chunk_strategy": {"chunk_type": 2, "max_level": 1, "save_title": True}})
    review_id = created["reviews"][0]["review_id"]
    import asyncio

    for _ in range(100):
        got = await api.call("/api/knowledge/review/mget", {"dataset_id": dataset_id, "review_ids": [review_id],
                                                            "space_id": api.space_id})
        if got["reviews"][0]["status"] != 0:
            break
        await asyncio.sleep(0.2)
    review = got["reviews"][0]
    assert review["status"] == 1 and review["doc_tree_tos_url"], review
    listed = await api.call("/api/knowledge/document/list", {"dataset_id": dataset_id, "space_id": api.space_id})
    assert listed["total"] == 1  # the preview created no document


async def test_a_file_uploaded_for_preview_is_no_document_until_created(api: AtelierClient) -> None:
    import asyncio

    dataset_id = await api.create_dataset(name("preview-first"))
    content = b"# A\n\nalpha text\n\n# B\n\nbeta text\n"
    reply = await api.http.post("/api/knowledge/review/upload", data={"space_id": api.space_id, "dataset_id": dataset_id},
                                files={"file": ("notes.md", content, "text/markdown")})
    uploaded = reply.json()
    assert reply.status_code == 200 and uploaded["code"] == 0, uploaded
    assert uploaded["file_name"] == "notes.md" and uploaded["file_type"] == "md" and int(uploaded["size"]) == len(content)
    assert uploaded["tos_uri"].startswith(f"uploads/{api.space_id}/")
    listed = await api.call("/api/knowledge/document/list", {"dataset_id": dataset_id, "space_id": api.space_id})
    assert listed["total"] == 0

    created = await api.call("/api/knowledge/review/create", {
        "dataset_id": dataset_id, "space_id": api.space_id,
        "reviews": [{"document_name": "notes.md", "document_type": "md", "tos_uri": uploaded["tos_uri"]}],
        "chunk_strategy": {"chunk_type": 2, "max_level": 1}})
    review_id = created["reviews"][0]["review_id"]
    for _ in range(100):
        got = await api.call("/api/knowledge/review/mget", {"dataset_id": dataset_id, "review_ids": [review_id],
                                                            "space_id": api.space_id})
        if got["reviews"][0]["status"] != 0:
            break
        await asyncio.sleep(0.2)
    assert got["reviews"][0]["status"] == 1, got

    # Kept: the previewed file becomes a document with the previewed strategy.
    [info] = (await api.call("/api/knowledge/document/create", {
        "dataset_id": dataset_id, "space_id": api.space_id, "chunk_strategy": {"chunk_type": 2, "max_level": 1},
        "document_bases": [{"name": "notes.md", "source_info": {"tos_uri": uploaded["tos_uri"]}}]}))["document_infos"]
    done = await api.wait_documents([info["document_id"]])
    assert done[info["document_id"]]["status"] == 1

    reply = await api.http.post("/api/knowledge/review/upload", data={"space_id": api.space_id, "dataset_id": "777"},
                                files={"file": ("x.md", b"x", "text/markdown")})
    assert reply.status_code == 404 and "dataset 777" in reply.json()["msg"]


async def test_list_paging_out_of_range_is_a_400_naming_the_field(api: AtelierClient) -> None:
    dataset_id = await api.create_dataset(name("paging"))
    images = await api.create_dataset(name("paging-img"), format_type=2)
    lists = [("/api/knowledge/list", {"space_id": api.space_id}, "page", "size"),
             ("/api/knowledge/document/list", {"dataset_id": dataset_id, "space_id": api.space_id}, "page", "size"),
             ("/api/knowledge/photo/list", {"dataset_id": images, "space_id": api.space_id}, "page", "size")]
    for path, body, number, size in lists:
        for bad, field in (({number: 2147483647}, number), ({number: -1}, number), ({size: 101}, size),
                           ({size: -1}, size)):
            await expect_error(api.call(path, {**body, **bad}), 400, f"'{field}'")
    await expect_error(api.call("/api/knowledge/slice/list", {"dataset_id": dataset_id, "page_size": 201}), 400,
                       "'page_size'")
    await expect_error(api.call("/v1/datasets", {"space_id": api.space_id, "page_num": -3}, method="GET"), 400,
                       "'page")


async def test_another_users_datasets_and_documents_answer_like_unknown_ids(api: AtelierClient,
                                                                             knowledge_stack: KnowledgeStack) -> None:
    token, (space,) = await new_user(knowledge_stack.env["ATELIER_DATABASE_URL"])
    async with AtelierClient(knowledge_stack.gateway_url, token, space) as other:
        dataset = await other.create_dataset(name("theirs"))
        document = (await other.create_text_document(dataset, "secret", "Their text."))["document_id"]
    unknown_dataset, unknown_document = "12345", "67890"
    for ids, (path, body) in [
        ((dataset, unknown_dataset), ("/api/knowledge/update", {"dataset_id": "{d}", "name": "mine now"})),
        ((dataset, unknown_dataset), ("/api/knowledge/document/list", {"dataset_id": "{d}"})),
        ((dataset, unknown_dataset), ("/api/knowledge/delete", {"dataset_id": "{d}"})),
        ((document, unknown_document), ("/api/knowledge/document/update", {"document_id": "{d}",
                                                                           "document_name": "x"})),
        ((document, unknown_document), ("/api/knowledge/slice/list", {"document_id": "{d}"})),
    ]:
        foreign_id, unknown_id = ids
        fill = {k: v.replace("{d}", foreign_id) if isinstance(v, str) else v for k, v in body.items()}
        foreign = await expect_error(api.call(path, fill), 404, foreign_id)
        fill = {k: v.replace("{d}", unknown_id) if isinstance(v, str) else v for k, v in body.items()}
        unknown = await expect_error(api.call(path, fill), 404, unknown_id)
        assert foreign["msg"].replace(foreign_id, "?") == unknown["msg"].replace(unknown_id, "?"), path
    await expect_error(api.progress([document]), 404, document)


async def test_another_spaces_upload_is_not_found_like_a_missing_one(api: AtelierClient) -> None:
    dataset_id = await api.create_dataset(name("keys"), format_type=1)
    foreign, missing = "uploads/424242/abc/secret.csv", f"uploads/{api.space_id}/nope/missing.csv"
    for key in (foreign, missing):
        await expect_error(api.call("/api/knowledge/review/create", {
            "dataset_id": dataset_id, "space_id": api.space_id,
            "reviews": [{"document_name": "x.csv", "document_type": "csv", "tos_uri": key}]}),
            404, "reviews[0].tos_uri", key, "does not exist")
        await expect_error(api.call("/api/knowledge/table_schema/get", {
            "space_id": api.space_id, "source_file": {"tos_uri": key}}), 404, "source_file.tos_uri", key,
            "does not exist")
