"""Each supported file type, uploaded through the gateway, ends enabled with the slices a user
would expect; each kind of bad input ends failed with a reason that names the problem."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from atelier_devstack import sample_files
from atelier_devstack.api_client import ApiError, AtelierClient
from atelier_devstack.stack_fixtures import KnowledgeStack
from atelier_search import SearchStores

pytestmark = pytest.mark.e2e

ENABLED, FAILED = 1, 9


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


async def upload_and_wait(api: AtelierClient, dataset_id: str, file_name: str, data: bytes, **fields) -> dict:
    info = await api.upload(dataset_id, file_name, data, **fields)
    assert info["status"] == 0, info  # recorded and queued; the indexer does the work
    return (await api.wait_documents([info["document_id"]]))[info["document_id"]]


async def test_pdf_docx_markdown_and_text_end_enabled_with_their_content(client: AtelierClient, stores: SearchStores) -> None:
    dataset_id = await client.create_dataset(name("formats"))
    files = {
        "report.pdf": sample_files.pdf(
            ["Turbine blades operate under extreme thermal stress.", "Cooling channels reduce blade temperature."],
            table=[["alloy", "limit"], ["inconel", "1100"]],
        ),
        "guide.docx": sample_files.docx("Field guide", [("Setup", "Mount the sensor on the frame."),
                                                        ("Calibration", "Zero the gauge before each run.")]),
        "notes.md": b"# Wings\n\nLift comes from pressure difference.\n\n## Flaps\n\nFlaps raise the lift coefficient.\n",
        "plain.txt": b"Boundary layers separate at high angles of attack.",
    }
    finals = {fname: await upload_and_wait(client, dataset_id, fname, data) for fname, data in files.items()}
    for fname, final in finals.items():
        assert final["status"] == ENABLED, (fname, final)
        assert final["progress"] == 100 and int(final["remaining_time"]) == 0

    docs = {d["name"]: d for d in (await client.call("/api/knowledge/document/list",
                                                     {"dataset_id": dataset_id, "space_id": client.space_id}))["document_infos"]}
    texts = {}
    for fname in files:
        doc = docs[fname]
        assert doc["slice_count"] >= 1 and doc["char_count"] > 0, doc
        slices = await client.slices(doc["document_id"])
        assert len(slices) == doc["slice_count"]
        assert all(s["status"] == 1 for s in slices)  # stored in the search stores
        texts[fname] = "\n".join(s["content"] for s in slices)
        await stores.vector.flush(int(dataset_id))
        assert await stores.vector.count(int(dataset_id), document_id=int(doc["document_id"])) == doc["slice_count"]
    assert "thermal stress" in texts["report.pdf"] and "inconel" in texts["report.pdf"]
    assert "Zero the gauge" in texts["guide.docx"] and "Mount the sensor" in texts["guide.docx"]
    assert "pressure difference" in texts["notes.md"] and "lift coefficient" in texts["notes.md"]
    assert "Boundary layers" in texts["plain.txt"]


async def test_heading_chunking_keeps_the_heading_path(client: AtelierClient) -> None:
    dataset_id = await client.create_dataset(name("levels"))
    md = b"# Engines\n\nJet engines compress air.\n\n## Turbofan\n\nA fan moves bypass air.\n\n# Wings\n\nWings lift.\n"
    final = await upload_and_wait(client, dataset_id, "book.md", md,
                                  chunk_strategy={"chunk_type": 2, "max_level": 2, "save_title": True})
    assert final["status"] == ENABLED
    doc_id = final["document_id"]
    contents = [s["content"] for s in await client.slices(doc_id)]
    assert any(c.startswith("Engines > Turbofan") and "bypass air" in c for c in contents), contents
    assert any(c.startswith("Wings") and "Wings lift" in c for c in contents), contents


async def test_custom_text_is_indexed_and_chunked_by_the_custom_rule(client: AtelierClient) -> None:
    dataset_id = await client.create_dataset(name("custom"))
    sections = [f"Section {i} talks about topic number {i}: the boundary layer thickens downstream, the flow"
                f" separates near the trailing edge and the wake widens as the angle of attack grows." for i in range(6)]
    text = "###".join(sections)
    info = await client.create_text_document(dataset_id, "typed", text, chunk_strategy={
        "chunk_type": 1, "separator": "###", "max_tokens": 50, "overlap": 0})
    final = (await client.wait_documents([info["document_id"]]))[info["document_id"]]
    assert final["status"] == ENABLED
    contents = [s["content"] for s in await client.slices(info["document_id"])]
    # Two sections (about 35 tokens each) never fit 50 tokens: each section is one slice, cut at the separator.
    assert contents == sections


async def test_bad_inputs_end_failed_with_a_precise_reason(client: AtelierClient, knowledge_stack: KnowledgeStack,
                                                           openai_stub) -> None:  # noqa: ANN001
    dataset_id = await client.create_dataset(name("bad"))
    real_pdf = sample_files.pdf(["A real page."])
    cases = {
        "empty.txt": (b"", "empty"),
        "program.exe": (b"MZ\x90\x00binary", "unsupported file type 'exe'"),
        "broken.pdf": (b"%PDF-1.7 this is not really a pdf \x00\x01", "PDF"),
        "truncated.pdf": (real_pdf[: len(real_pdf) // 3], "PDF"),
        "broken.docx": (b"PK\x03\x04 not a zip really", "DOCX"),
        "broken.xlsx": (b"not a workbook at all", "XLSX"),
        "garbage.txt": (bytes(range(256)) * 8, "decode"),
    }
    finals = {}
    for fname, (data, _) in cases.items():
        finals[fname] = await upload_and_wait(client, dataset_id, fname, data)
    for fname, (_, reason) in cases.items():
        assert finals[fname]["status"] == FAILED, (fname, finals[fname])
        assert reason.lower() in finals[fname]["status_descript"].lower(), (fname, finals[fname]["status_descript"])

    # The service kept running: a good document right after still ends enabled.
    good = await upload_and_wait(client, dataset_id, "fine.txt", b"Still working after bad input.")
    assert good["status"] == ENABLED


async def test_a_file_over_the_limit_is_refused_or_fails(client: AtelierClient, knowledge_stack: KnowledgeStack) -> None:
    limit = int(knowledge_stack.env["ATELIER_MAX_UPLOAD_BYTES"])
    dataset_id = await client.create_dataset(name("big"))
    with pytest.raises(ApiError) as refused:
        await client.upload(dataset_id, "huge.txt", b"a" * (limit + 1))
    assert refused.value.status == 413

    # An object that reached storage some other way is checked again by the indexer.
    key = f"uploads/{client.space_id}/{uuid.uuid4().hex}/huge.txt"
    path = Path(knowledge_stack.env["ATELIER_STORAGE_DIR"]) / key
    path.parent.mkdir(parents=True)
    path.write_bytes(b"word " * (limit // 5 + 10))
    info = (await client.call("/api/knowledge/document/create", {
        "dataset_id": dataset_id, "space_id": client.space_id,
        "document_bases": [{"name": "huge.txt", "source_info": {"tos_uri": key}}]}))["document_infos"][0]
    final = (await client.wait_documents([info["document_id"]]))[info["document_id"]]
    assert final["status"] == FAILED and "limit" in final["status_descript"]


async def test_image_dataset_captions_and_rejections(client: AtelierClient, openai_stub) -> None:  # noqa: ANN001
    dataset_id = await client.create_dataset(name("photos"), format_type=2)
    final = await upload_and_wait(client, dataset_id, "red.png", sample_files.png())
    assert final["status"] == ENABLED
    photos = (await client.call("/api/knowledge/photo/list", {"dataset_id": dataset_id, "space_id": client.space_id}))
    [photo] = photos["photo_infos"]
    assert photo["caption"] and photo["url"]
    [slice_] = await client.slices(final["document_id"])
    assert slice_["content"] == photo["caption"]
    assert json.loads(slice_["chunk_info"])["image_uri"]
    sent = openai_stub.requests("/v1/chat/completions")
    assert any("data:image/png;base64," in json.dumps(r["json"]) for r in sent)

    # A caption written by the user is what gets indexed.
    await client.call("/api/knowledge/photo/caption", {"document_id": final["document_id"], "caption": "a red square",
                                                        "space_id": client.space_id})
    await client.wait_documents([final["document_id"]])
    [slice_] = await client.slices(final["document_id"])
    assert slice_["content"] == "a red square"

    # The caption model refusing an image fails that document only.
    openai_stub.script({"error": {"status": 400, "message": "image could not be processed"}})
    rejected = await upload_and_wait(client, dataset_id, "odd.png", sample_files.png(color=(1, 2, 3)))
    assert rejected["status"] == FAILED and "caption model" in rejected["status_descript"]
