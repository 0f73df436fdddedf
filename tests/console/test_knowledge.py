"""The console's Knowledge area against the real stack: datasets, uploads with per-file progress,
chunking preview, slices, and the retrieval tester (chat_stack's embedder is the stub's)."""

from __future__ import annotations

import re
import time
import uuid
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from atelier_devstack import sample_files
from atelier_devstack.stack_fixtures import KnowledgeStack

GUIDE_PAGES = [
    "Kettle guide. Fill the kettle with fresh water up to the max line before switching it on.",
    "Descaling. To remove limescale, boil a mix of white vinegar and water, leave it for an hour, "
    "then rinse the kettle three times with clean water.",
]
PHRASE = "remove limescale with white vinegar"
SCORE_TEXT = re.compile(r"^score (0\.\d*[1-9]\d*|1)$")  # as the page prints it, above zero


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


class Api:
    """The public HTTP API, for setting data up and checking what the console did."""

    def __init__(self, stack: KnowledgeStack) -> None:
        self.stack = stack
        self.http = httpx.Client(base_url=stack.gateway_url, headers={"Authorization": f"Bearer {stack.token}"},
                                 timeout=30)

    def call(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        reply = self.http.post(path, json={"space_id": self.stack.space_id, **body})
        data = reply.json()
        assert reply.status_code == 200 and data["code"] == 0, data
        return data

    def datasets_named(self, name: str) -> list[dict[str, Any]]:
        return self.call("/api/knowledge/list", {"filter": {"name": name}})["dataset_list"]

    def wait_enabled(self, document_id: str, timeout_s: float = 60) -> dict[str, Any]:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            [progress] = self.call("/api/knowledge/document/progress/get", {"document_ids": [document_id]})["data"]
            if progress["status"] in (1, 2, 9):
                assert progress["status"] == 1, progress
                return progress
            time.sleep(0.2)
        raise AssertionError(f"document {document_id} still indexing after {timeout_s} s")


@pytest.fixture
def http_api(chat_stack: KnowledgeStack) -> Api:
    return Api(chat_stack)


def open_knowledge(page: Page) -> None:
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Knowledge").click()
    expect(page.get_by_role("heading", name="Knowledge", level=1)).to_be_visible()


def create_dataset_in_ui(page: Page, name: str, kind: str = "Text") -> None:
    page.get_by_role("button", name="New dataset").click()
    dialog = page.get_by_role("dialog", name="New dataset")
    dialog.get_by_label("Name").fill(name)
    dialog.get_by_label("Description").fill("Appliance manuals for the browser test")
    dialog.get_by_role("radio", name=kind).check()
    dialog.get_by_role("button", name="Create dataset").click()
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()


def drop_file(page: Page, name: str, content: bytes, mime: str) -> None:
    """Drops a file on the drop zone as a user dragging it from their desktop would."""
    transfer = page.evaluate_handle(
        """([name, bytes, mime]) => {
            const transfer = new DataTransfer();
            transfer.items.add(new File([new Uint8Array(bytes)], name, { type: mime }));
            return transfer;
        }""",
        [name, list(content), mime],
    )
    page.get_by_test_id("drop-zone").dispatch_event("drop", {"dataTransfer": transfer})


def test_upload_a_pdf_and_find_its_passage_in_the_retrieval_tester(console: Page, http_api: Api, screenshot,
                                                                    tmp_path) -> None:
    name = unique("manuals")
    open_knowledge(console)
    create_dataset_in_ui(console, name)

    pdf = tmp_path / "kettle-guide.pdf"
    pdf.write_bytes(sample_files.pdf(GUIDE_PAGES))
    console.get_by_label("Files to upload").set_input_files(str(pdf))
    uploads = console.get_by_role("list", name="Uploads")
    bar = uploads.get_by_role("progressbar", name="kettle-guide.pdf progress")
    expect(bar).to_have_attribute("aria-valuenow", "100", timeout=60_000)
    expect(uploads.get_by_text("Done")).to_be_visible()
    documents = console.get_by_role("table", name="Documents")
    row = documents.get_by_role("row").filter(has_text="kettle-guide.pdf")
    expect(row.get_by_text("Enabled")).to_be_visible()

    # The chunking preview cuts the stored file with the settings on the page; changing them
    # previews again.
    console.get_by_role("radio", name="Custom").check()
    console.get_by_role("combobox", name="Separator").fill(".")
    console.get_by_role("spinbutton", name="Max tokens").fill("50")
    console.get_by_role("spinbutton", name="Overlap (%)").fill("0")
    console.get_by_role("combobox", name="Preview on").select_option(label="kettle-guide.pdf")
    chunks = console.get_by_role("list", name="Preview chunks")
    expect(chunks.get_by_role("listitem").first).to_be_visible(timeout=30_000)
    expect(chunks).to_contain_text("Descaling")
    assert chunks.get_by_role("listitem").count() >= 2  # cut at full stops, 50 tokens at most
    screenshot(console, "knowledge-dataset")

    console.get_by_role("tab", name="Retrieval test").click()
    tester = console.get_by_role("form", name="Retrieval test")
    tester.get_by_label("Query", exact=True).fill(PHRASE)
    tester.get_by_label("Strategy").select_option(label="Hybrid")
    tester.get_by_label("Top k").fill("3")
    tester.get_by_role("button", name="Search").click()
    passages = console.get_by_role("list", name="Passages")
    first = passages.get_by_role("listitem").first
    expect(first).to_contain_text("boil a mix of white vinegar")
    expect(first).to_contain_text("#1")
    expect(first.get_by_label("Score", exact=False)).to_have_text(SCORE_TEXT)
    channels = console.get_by_role("table", name="Channels")
    expect(channels.get_by_role("row").filter(has_text="Semantic (vector)")).to_be_visible()
    expect(channels.get_by_role("row").filter(has_text="Full text")).to_be_visible()
    screenshot(console, "knowledge-retrieval")

    [listed] = http_api.datasets_named(name)
    assert listed["doc_count"] == 1
    open_knowledge(console)
    card = console.get_by_role("list", name="Datasets").get_by_role("listitem").filter(has_text=name)
    expect(card).to_contain_text("Text")
    expect(card.get_by_role("definition").nth(1)).to_have_text("1")
    screenshot(console, "knowledge-datasets")


def test_bad_input_and_a_failed_file_show_the_servers_message(console: Page, http_api: Api) -> None:
    open_knowledge(console)
    console.get_by_role("button", name="New dataset").click()
    dialog = console.get_by_role("dialog", name="New dataset")
    dialog.get_by_role("button", name="Create dataset").click()  # no name
    expect(dialog.get_by_role("alert")).to_contain_text("field 'name': must not be empty")

    taken = unique("taken")
    http_api.call("/api/knowledge/create", {"name": taken, "format_type": 0})
    dialog.get_by_label("Name").fill(taken)
    dialog.get_by_role("button", name="Create dataset").click()
    expect(dialog.get_by_role("alert")).to_contain_text("already exists")
    dialog.get_by_label("Name").fill(unique("broken-files"))
    dialog.get_by_role("button", name="Create dataset").click()
    expect(console.get_by_role("tab", name="Documents")).to_be_visible()

    # A file that is no PDF inside: uploaded fine, then indexing fails with the indexer's reason.
    drop_file(console, "broken.pdf", b"this is not a pdf at all", "application/pdf")
    item = console.get_by_role("list", name="Uploads").get_by_role("listitem").filter(has_text="broken.pdf")
    expect(item.get_by_role("alert")).to_contain_text("Failed: ", timeout=60_000)
    row = console.get_by_role("table", name="Documents").get_by_role("row").filter(has_text="broken.pdf")
    expect(row.get_by_text("Failed")).to_be_visible()
    dataset_id = console.url.rstrip("/").split("/knowledge/")[1].split("?")[0]
    [doc] = http_api.call("/api/knowledge/document/list", {"dataset_id": dataset_id})["document_infos"]
    assert doc["status"] == 9 and doc["status_descript"]
    expect(item.get_by_role("alert")).to_have_text(f"Failed: {doc['status_descript']}")

    # Values out of range are named before anything is sent.
    console.get_by_role("tab", name="Retrieval test").click()
    tester = console.get_by_role("form", name="Retrieval test")
    tester.get_by_label("Query", exact=True).fill("anything")
    tester.get_by_label("Top k").fill("500")
    tester.get_by_role("button", name="Search").click()
    expect(tester.get_by_text("Top k must be a whole number from 1 to 100")).to_be_visible()


def test_slice_edit_persists(console: Page, http_api: Api) -> None:
    dataset_id = http_api.call("/api/knowledge/create", {"name": unique("slices"), "format_type": 0})["dataset_id"]
    [doc] = http_api.call("/api/knowledge/document/create", {
        "dataset_id": dataset_id,
        "document_bases": [{"name": "faq", "source_info": {"document_source": 2,
                                                           "custom_content": "The warranty lasts two years."}}],
    })["document_infos"]
    http_api.wait_enabled(doc["document_id"])

    console.goto(f"/knowledge/{dataset_id}")
    console.get_by_role("table", name="Documents").get_by_role("link", name="faq").click()
    expect(console.get_by_role("heading", name="faq", level=1)).to_be_visible()
    slice_one = console.get_by_role("listitem", name="Slice 1")
    expect(slice_one).to_contain_text("The warranty lasts two years.")
    slice_one.get_by_role("button", name="Edit slice 1").click()
    slice_one.get_by_role("textbox", name="Slice 1 text").fill("The warranty lasts three years from the date of purchase.")
    slice_one.get_by_role("button", name="Save").click()
    expect(slice_one).to_contain_text("three years from the date of purchase")

    console.reload()
    expect(console.get_by_role("listitem", name="Slice 1")).to_contain_text("three years from the date of purchase")
    [stored] = http_api.call("/api/knowledge/slice/list", {"document_id": doc["document_id"]})["slices"]
    assert stored["content"] == "The warranty lasts three years from the date of purchase."

    # Empty text is refused with the server's words, and nothing changes.
    slice_one = console.get_by_role("listitem", name="Slice 1")
    slice_one.get_by_role("button", name="Edit slice 1").click()
    slice_one.get_by_role("textbox", name="Slice 1 text").fill("   ")
    slice_one.get_by_role("button", name="Save").click()
    expect(console.get_by_role("alert")).to_contain_text("raw_text must not be empty")


def test_create_and_delete_a_dataset(console: Page, http_api: Api) -> None:
    name = unique("scratch")
    open_knowledge(console)
    create_dataset_in_ui(console, name, kind="Table")
    [created] = http_api.datasets_named(name)
    assert created["format_type"] == 1 and created["description"] == "Appliance manuals for the browser test"
    expect(console.get_by_role("tab", name="Schema and rows")).to_be_visible()

    open_knowledge(console)
    cards = console.get_by_role("list", name="Datasets")
    expect(cards.get_by_role("link", name=name)).to_be_visible()
    console.once("dialog", lambda dialog: dialog.accept())
    cards.get_by_role("button", name=f"Delete {name}").click()
    expect(cards.get_by_role("link", name=name)).to_have_count(0)
    assert http_api.datasets_named(name) == []


def upload_and_wait(page: Page, path: str, file_name: str) -> None:
    page.get_by_label("Files to upload").set_input_files(path)
    item = page.get_by_role("list", name="Uploads").get_by_role("listitem").filter(has_text=file_name)
    expect(item.get_by_role("progressbar", name=f"{file_name} progress")).to_have_attribute("aria-valuenow", "100",
                                                                                          timeout=60_000)
    expect(item).to_contain_text("Done")


def test_table_dataset_shows_its_columns_and_rows(console: Page, http_api: Api, tmp_path) -> None:
    dataset_id = http_api.call("/api/knowledge/create", {"name": unique("cities"), "format_type": 1})["dataset_id"]
    sheet = tmp_path / "cities.csv"
    sheet.write_bytes(sample_files.csv_bytes([["city", "country", "population"], ["Oslo", "Norway", 709000],
                                              ["Lyon", "France", 522000]]))
    console.goto(f"/knowledge/{dataset_id}")
    upload_and_wait(console, str(sheet), "cities.csv")
    console.get_by_role("tab", name="Schema and rows").click()
    columns = console.get_by_role("table", name="Columns")
    for column in ("city", "country", "population"):
        expect(columns.get_by_role("cell", name=column, exact=True)).to_be_visible()
    rows = console.get_by_role("region", name="Slices")
    expect(rows).to_contain_text("2 slices")
    expect(rows.get_by_role("listitem").filter(has_text="Oslo")).to_contain_text("Norway")


def test_image_dataset_caption_edit_persists(console: Page, http_api: Api, tmp_path) -> None:
    dataset_id = http_api.call("/api/knowledge/create", {"name": unique("photos"), "format_type": 2})["dataset_id"]
    picture = tmp_path / "red.png"
    picture.write_bytes(sample_files.png())
    console.goto(f"/knowledge/{dataset_id}")
    upload_and_wait(console, str(picture), "red.png")
    photo = console.get_by_role("list", name="Photos").get_by_role("listitem").filter(has_text="red.png")
    caption = photo.get_by_role("textbox", name="Caption of red.png")
    expect(caption).to_have_value(re.compile(r"\S"))  # the caption model wrote one
    caption.fill("a red square")
    photo.get_by_role("button", name="Save caption").click()
    expect(photo.get_by_role("button", name="Save caption")).to_be_disabled()
    console.reload()
    expect(console.get_by_role("textbox", name="Caption of red.png")).to_have_value("a red square")
    [stored] = http_api.call("/api/knowledge/photo/list", {"dataset_id": dataset_id})["photo_infos"]
    assert stored["caption"] == "a red square"

    # The caption model writes it again (the stub describes the bytes it was shown).
    console.get_by_role("button", name="Write caption").click()
    expect(console.get_by_role("textbox", name="Caption of red.png")).to_have_value(re.compile(r"^An image"))


def test_document_actions_disable_enable_and_rechunk(console: Page, http_api: Api) -> None:
    dataset_id = http_api.call("/api/knowledge/create", {"name": unique("actions"), "format_type": 0})["dataset_id"]
    text = " ".join(f"Sentence {i} about the boiler pressure valve and its yearly service." for i in range(40))
    [doc] = http_api.call("/api/knowledge/document/create", {
        "dataset_id": dataset_id,
        "document_bases": [{"name": "boiler", "source_info": {"document_source": 2, "custom_content": text}}],
    })["document_infos"]
    http_api.wait_enabled(doc["document_id"])
    console.goto(f"/knowledge/{dataset_id}")
    row = console.get_by_role("table", name="Documents").get_by_role("row").filter(has_text="boiler")
    row.get_by_role("button", name="Disable boiler").click()
    expect(row.get_by_text("Disabled", exact=True)).to_be_visible()
    row.get_by_role("button", name="Enable boiler").click()
    expect(row.get_by_text("Enabled", exact=True)).to_be_visible()

    console.get_by_role("radio", name="Custom").check()
    console.get_by_role("combobox", name="Separator").fill(".")
    console.get_by_role("spinbutton", name="Max tokens").fill("60")
    console.once("dialog", lambda dialog: dialog.accept())
    row.get_by_role("button", name="Re-chunk boiler").click()
    expect(row.get_by_role("cell", name="Custom, 60 tokens")).to_be_visible()
    expect(row.get_by_text("Enabled", exact=True)).to_be_visible(timeout=60_000)
    [info] = http_api.call("/api/knowledge/document/list", {"dataset_id": dataset_id})["document_infos"]
    assert info["chunk_strategy"]["chunk_type"] == 1 and info["chunk_strategy"]["max_tokens"] == 60
    assert info["slice_count"] > 1  # 40 sentences no longer fit one 60-token chunk


def test_dataset_page_fits_800_pixels_in_dark_mode(console: Page, http_api: Api) -> None:
    dataset_id = http_api.call("/api/knowledge/create", {"name": unique("narrow"), "format_type": 0})["dataset_id"]
    console.get_by_label("Theme").select_option("dark")
    console.set_viewport_size({"width": 800, "height": 900})
    console.goto(f"/knowledge/{dataset_id}")
    expect(console.get_by_test_id("drop-zone")).to_be_visible()
    assert console.evaluate("document.documentElement.scrollWidth") <= 800
    # Theme colours come from the variables: the drop zone is not the light theme's grey.
    background = console.get_by_test_id("drop-zone").evaluate("e => getComputedStyle(e).backgroundColor")
    assert background != "rgb(240, 241, 244)", background


def test_preview_a_new_file_then_add_it(console: Page, http_api: Api, tmp_path) -> None:
    dataset_id = http_api.call("/api/knowledge/create", {"name": unique("preview"), "format_type": 0})["dataset_id"]
    notes = tmp_path / "notes.md"
    notes.write_text("# Setup\n\nPlug the kettle in.\n\n# Cleaning\n\nWipe it with a damp cloth.\n")
    console.goto(f"/knowledge/{dataset_id}")
    console.get_by_role("radio", name="By heading").check()
    console.get_by_role("spinbutton", name="Deepest heading level").fill("1")
    console.get_by_label("File to preview").set_input_files(str(notes))
    chunks = console.get_by_role("list", name="Preview chunks")
    expect(chunks.get_by_role("listitem")).to_have_count(2, timeout=30_000)
    expect(chunks.get_by_role("listitem").nth(1)).to_contain_text("Cleaning")
    assert http_api.call("/api/knowledge/document/list", {"dataset_id": dataset_id})["total"] == 0  # only previewed

    console.get_by_role("button", name="Add notes.md to the dataset").click()
    row = console.get_by_role("table", name="Documents").get_by_role("row").filter(has_text="notes.md")
    expect(row.get_by_text("Enabled", exact=True)).to_be_visible(timeout=60_000)
    expect(row.get_by_role("cell", name="By heading (level 1)")).to_be_visible()
    [doc] = http_api.call("/api/knowledge/document/list", {"dataset_id": dataset_id})["document_infos"]
    assert doc["slice_count"] == 2
