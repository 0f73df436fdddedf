"""Web page documents in the indexer: fetch the page through the SSRF guard, keep its main text
under the document's storage key, and remember a hash of it (so a refresh knows whether the text
changed). The stored text is what the document is chunked from."""

from __future__ import annotations

from datetime import UTC, datetime

import asyncpg

from atelier_common.outbound import OutboundFailed, OutboundRefused
from atelier_common.storage import ObjectNotFound
from atelier_indexer.context import IndexerContext
from atelier_indexer.errors import BadDocument, Superseded
from atelier_indexer.handlers.common import remove_source_files
from atelier_knowledge.domain.enums import DocStatus
from atelier_knowledge.parsing import ParseError
from atelier_knowledge.store import documents
from atelier_knowledge.webpages import FetchedPage, fetch_page


async def fetch(ctx: IndexerContext, url: str) -> FetchedPage:
    """The page, or BadDocument with the reason; transient network failures propagate (retried)."""
    try:
        return await fetch_page(url, ctx.outbound)
    except OutboundRefused as exc:
        raise BadDocument(str(exc)) from None
    except ParseError as exc:
        raise BadDocument(exc.reason) from None
    except OutboundFailed as exc:
        if exc.transient:
            raise
        raise BadDocument(str(exc)) from None


async def store(ctx: IndexerContext, doc: asyncpg.Record, page: FetchedPage, *, expected_status: int) -> None:
    """Write the page's text under the document's key and record its hash, size and fetch time (and
    the title as the name when the document was named by its URL). Superseded when the document
    left `expected_status` meanwhile (deleted...), with the text removed again."""
    await ctx.deps.storage.put(doc["tos_uri"], page.data, "text/markdown; charset=utf-8")
    async with ctx.pool.acquire() as conn, conn.transaction():
        status = await conn.fetchval("SELECT status FROM documents WHERE id = $1 FOR UPDATE", doc["id"])
        if status != expected_status:
            superseded = True
        else:
            superseded = False
            fields = {"size": len(page.data), "content_hash": page.content_hash, "web_fetched_at": datetime.now(UTC)}
            if page.title and doc["name"] == doc["web_url"]:
                fields["name"] = page.title
            await documents.update_fields(conn, doc["id"], fields)
    if superseded:
        await remove_source_files(ctx, document_ids=[doc["id"]])
        raise Superseded()


async def text_of(ctx: IndexerContext, doc: asyncpg.Record) -> bytes:
    """The text to index: the stored one when the page was already fetched (resegment, refresh, a
    re-driven run), else the page fetched now."""
    if doc["content_hash"]:
        try:
            return await ctx.deps.storage.get(doc["tos_uri"])
        except ObjectNotFound:
            pass
    page = await fetch(ctx, doc["web_url"])
    await store(ctx, doc, page, expected_status=DocStatus.CHUNKING)
    return page.data
