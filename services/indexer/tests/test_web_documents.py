"""Web page documents (document_source 1) through the gateway, created with the Coze SDK: the
indexer fetches the page from a web server the test starts (127.0.0.1 is on the test stack's
allow-list), keeps its main text, names the document after the page, refreshes it on schedule;
the SSRF guard refuses what the allow-list does not name, also behind a redirect."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest
from cozepy import (
    AsyncCoze,
    AsyncHTTPClient,
    AsyncTokenAuth,
    DocumentBase,
    DocumentSourceInfo,
    DocumentUpdateRule,
)

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.stack_fixtures import KnowledgeStack
from atelier_devstack.web_server import LocalWebServer

pytestmark = pytest.mark.e2e

ENABLED, FAILED = 1, 9

PAGE = """<!doctype html><html><head><title>Heron Pumps Field Manual</title></head><body>
<nav><a href="/">Home</a> | <a href="/shop">Shop</a> | <a href="/login">Sign in</a></nav>
<article>
<h1>Priming the heron pump</h1>
<p>Before the first start, fill the volute casing with clean water until it overflows at the vent
plug. A heron pump that runs dry for more than thirty seconds scores its mechanical seal.</p>
<h2>Seasonal care</h2>
<p>Drain the casing before the first frost and store the impeller in a dry place. Grease the
bearings every two hundred operating hours with lithium grease.</p>
</article>
<footer>Copyright Heron Industries. All rights reserved. Cookie settings.</footer>
</body></html>"""


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def web() -> Iterator[LocalWebServer]:
    with LocalWebServer() as server:
        yield server


@pytest.fixture
async def coze(knowledge_stack: KnowledgeStack) -> AsyncIterator[AsyncCoze]:
    http = AsyncHTTPClient(trust_env=False)
    yield AsyncCoze(auth=AsyncTokenAuth(knowledge_stack.token), base_url=knowledge_stack.gateway_url, http_client=http)
    await http.aclose()


async def add_page(coze: AsyncCoze, dataset_id: str, url: str, *, doc_name: str = "",
                   rule: DocumentUpdateRule | None = None) -> str:
    created = await coze.datasets.documents.create(dataset_id=dataset_id, document_bases=[
        DocumentBase(name=doc_name, source_info=DocumentSourceInfo.build_web_page(url), update_rule=rule)])
    [doc] = created
    assert (doc.source_type, doc.status, doc.type) == (1, 0, "html")
    return doc.document_id


async def wait_final(client: AtelierClient, document_id: str) -> dict:
    return (await client.wait_documents([document_id]))[document_id]


async def test_web_page_is_fetched_extracted_named_and_searchable(client: AtelierClient, coze: AsyncCoze,
                                                                  web: LocalWebServer) -> None:
    dataset_id = await client.create_dataset(name("web"))
    url = web.page("/manual", PAGE)
    document_id = await add_page(coze, dataset_id, url)
    final = await wait_final(client, document_id)
    assert final["status"] == ENABLED, final
    assert web.hits["/manual"] == 1  # fetched once, by the indexer

    listed = [d async for d in await coze.datasets.documents.list(dataset_id=dataset_id)]
    [doc] = listed
    assert doc.name == "Heron Pumps Field Manual"  # the page title, as no name was given
    assert (doc.source_type, doc.status, doc.update_type, doc.update_interval) == (1, 1, 0, 24)
    assert doc.char_count > 100 and doc.slice_count >= 1

    text = "\n".join(s["content"] for s in await client.slices(document_id))
    assert "volute casing" in text and "lithium grease" in text
    assert "Sign in" not in text and "Cookie settings" not in text  # navigation and footer dropped

    found = await client.call("/api/knowledge/retrieve", {
        "space_id": client.space_id, "dataset_ids": [dataset_id], "query": "mechanical seal runs dry",
        "strategy": {"search_type": 20, "min_score": 0.0}})
    assert any(s["document_id"] == document_id for s in found["slices"]), found


async def test_guard_refuses_a_local_server_off_the_allowlist_and_a_redirect_to_one(client: AtelierClient,
                                                                                   coze: AsyncCoze,
                                                                                   web: LocalWebServer) -> None:
    dataset_id = await client.create_dataset(name("web-refused"))
    with LocalWebServer("127.0.0.2") as other:  # loopback too, but only 127.0.0.1 is allow-listed
        hidden = other.page("/admin", PAGE)
        refused_id = await add_page(coze, dataset_id, hidden, doc_name="internal admin")
        bounced_url = web.redirect("/bounce", hidden)
        bounced_id = await add_page(coze, dataset_id, bounced_url, doc_name="bounced")
        metadata_url = web.redirect("/meta", "http://169.254.169.254/latest/meta-data/iam/")
        metadata_id = await add_page(coze, dataset_id, metadata_url, doc_name="metadata")

        refused = await wait_final(client, refused_id)
        assert refused["status"] == FAILED
        assert refused["status_descript"] == (f"web page {hidden} resolves to 127.0.0.2, a loopback address; "
                                              "allow it with ATELIER_OUTBOUND_ALLOWLIST=127.0.0.2")
        bounced = await wait_final(client, bounced_id)
        assert bounced["status"] == FAILED
        assert bounced["status_descript"].startswith(f"web page {bounced_url} redirects to {hidden}, which resolves "
                                                     "to 127.0.0.2, a loopback address")
        metadata = await wait_final(client, metadata_id)
        assert metadata["status"] == FAILED and "a cloud metadata address" in metadata["status_descript"]
        assert other.hits["/admin"] == 0  # never connected to
        assert web.hits["/bounce"] >= 1

    # The SDK sees them failed (9) with the reason.
    progress = await coze.datasets.process(dataset_id=dataset_id, document_ids=[refused_id, bounced_id])
    assert [p.status for p in progress] == [9, 9]
    assert "127.0.0.2" in progress[0].status_descript


async def test_unusable_pages_fail_with_a_reason(client: AtelierClient, coze: AsyncCoze, web: LocalWebServer) -> None:
    dataset_id = await client.create_dataset(name("web-bad"))
    missing = await add_page(coze, dataset_id, web.url("/gone"), doc_name="gone")
    empty = await add_page(coze, dataset_id, web.page("/empty", "<html><head><title>Blank</title></head><body> </body></html>"),
                           doc_name="empty")
    binary = await add_page(coze, dataset_id, web.page("/zip", b"PK\x03\x04", content_type="application/zip"),
                            doc_name="zip")
    assert (await wait_final(client, missing))["status_descript"] == f"web page {web.url('/gone')} answered HTTP 404"
    assert (await wait_final(client, empty))["status_descript"] == "the page has no readable text"
    assert "is application/zip, not an HTML or text page" in (await wait_final(client, binary))["status_descript"]

    # Bad input is refused at once with the field named.
    reply = await client.raw("POST", "/open_api/knowledge/document/create", json={
        "dataset_id": dataset_id, "document_bases": [
            {"name": "x", "source_info": {"web_url": "ftp://files.example/a", "document_source": 1}}]})
    assert reply.status_code == 400
    assert reply.json()["msg"] == ("document_bases[0].source_info.web_url 'ftp://files.example/a' must be an http "
                                   "or https URL with a host")
    table_id = await client.create_dataset(name("web-table"), format_type=1)
    reply = await client.raw("POST", "/open_api/knowledge/document/create", json={
        "dataset_id": table_id, "document_bases": [
            {"name": "x", "source_info": {"web_url": web.url("/zip"), "document_source": 1}}]})
    assert reply.status_code == 400 and "web pages can only be added to text datasets" in reply.json()["msg"]


async def _make_due(knowledge_stack: KnowledgeStack, document_id: str) -> None:
    """Time passes: the page was last fetched longer ago than its update_interval."""
    conn = await asyncpg.connect(knowledge_stack.env["ATELIER_DATABASE_URL"])
    try:
        await conn.execute("UPDATE knowledge.documents SET web_fetched_at = now() - interval '2 hours' WHERE id = $1",
                           int(document_id))
    finally:
        await conn.close()


async def _until(predicate, timeout_s: float = 30.0) -> None:  # noqa: ANN001
    deadline = time.monotonic() + timeout_s
    while not await predicate():
        assert time.monotonic() < deadline, "condition not reached in time"
        await asyncio.sleep(0.3)


async def test_auto_update_refetches_and_reindexes_only_changed_pages(client: AtelierClient, coze: AsyncCoze,
                                                                     web: LocalWebServer,
                                                                     knowledge_stack: KnowledgeStack) -> None:
    dataset_id = await client.create_dataset(name("web-refresh"))
    url = web.page("/news", "<html><head><title>News</title></head><body><article><p>The river ferry leaves "
                             "at seven in the morning from the north pier, every day except Sunday.</p>"
                             "</article></body></html>")
    document_id = await add_page(coze, dataset_id, url, rule=DocumentUpdateRule.build_auto_update(1))
    assert (await wait_final(client, document_id))["status"] == ENABLED
    first_slices = await client.slices(document_id)
    assert web.hits["/news"] == 1

    # Not due yet: nothing is fetched.
    await asyncio.sleep(2.5)
    assert web.hits["/news"] == 1

    # Due, page unchanged: fetched again, nothing re-indexed.
    await _make_due(knowledge_stack, document_id)

    async def fetched_twice() -> bool:
        return web.hits["/news"] >= 2
    await _until(fetched_twice)
    await asyncio.sleep(1.5)
    assert [s["slice_id"] for s in await client.slices(document_id)] == [s["slice_id"] for s in first_slices]

    # Due, page changed: the new text replaces the old one.
    web.page("/news", "<html><head><title>News</title></head><body><article><p>From June the river ferry leaves "
                      "at eight in the evening from the south pier, and also runs on Sundays.</p></article></body></html>")
    await _make_due(knowledge_stack, document_id)

    async def reindexed() -> bool:
        progress = await client.progress([document_id])
        if progress[0]["status"] != ENABLED:
            return False
        text = " ".join(s["content"] for s in await client.slices(document_id))
        return "south pier" in text
    await _until(reindexed)
    text = " ".join(s["content"] for s in await client.slices(document_id))
    assert "north pier" not in text

    # The document's stored text is the page's new main text; the listing says so.
    [doc] = [d async for d in await coze.datasets.documents.list(dataset_id=dataset_id)]
    assert (doc.update_type, doc.update_interval, doc.status) == (1, 1, 1)


async def test_update_rule_changes_and_deleting_removes_the_stored_page(client: AtelierClient, coze: AsyncCoze,
                                                                        web: LocalWebServer,
                                                                        knowledge_stack: KnowledgeStack) -> None:
    dataset_id = await client.create_dataset(name("web-rule"))
    document_id = await add_page(coze, dataset_id, web.page("/guide", PAGE))
    assert (await wait_final(client, document_id))["status"] == ENABLED
    # cozepy 0.20.0 cannot serialise its own update_rule model, so the rule goes as it would be sent.
    await client.call("/open_api/knowledge/document/update", {
        "document_id": document_id, "update_rule": {"update_type": 1, "update_interval": 48}})
    [doc] = [d async for d in await coze.datasets.documents.list(dataset_id=dataset_id)]
    assert (doc.update_type, doc.update_interval) == (1, 48)
    reply = await client.raw("POST", "/open_api/knowledge/document/update", json={
        "document_id": document_id, "update_rule": {"update_type": 1, "update_interval": 0}})
    assert reply.status_code == 400 and reply.json()["msg"] == "update_rule.update_interval must be between 1 and 8760 hours"

    listed = await client.call("/api/knowledge/document/list", {"dataset_id": dataset_id, "space_id": client.space_id})
    [info] = listed["document_infos"]
    stored = Path(knowledge_stack.env["ATELIER_STORAGE_DIR"]) / info["tos_uri"]
    assert "volute casing" in stored.read_text()
    assert info["url"] and info["web_url"] == web.url("/guide")

    await coze.datasets.documents.delete(document_ids=[document_id])

    async def gone() -> bool:
        return not stored.exists()
    await _until(gone)
