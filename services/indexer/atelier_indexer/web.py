"""Web page documents in the indexer: fetch the page through the SSRF guard, keep its main text
under the document's storage key, and have knowledge record a hash of it (so a refresh knows
whether the text changed). The stored text is what the document is chunked from."""

from __future__ import annotations

from atelier_common.outbound import OutboundFailed, OutboundRefused
from atelier_common.storage import ObjectNotFound
from atelier_indexer.context import IndexerContext
from atelier_indexer.errors import BadDocument, Superseded
from atelier_indexer.parsing import ParseError
from atelier_indexer.webpages import FetchedPage, fetch_page
from atelier_proto import knowledge_pb2 as kpb


async def fetch(ctx: IndexerContext, url: str) -> FetchedPage:
    """The page, or BadDocument with the reason; transient network failures propagate (retried)."""
    try:
        return await fetch_page(url, ctx.fetcher)
    except OutboundRefused as exc:
        raise BadDocument(str(exc)) from None
    except ParseError as exc:
        raise BadDocument(exc.reason) from None
    except OutboundFailed as exc:
        if exc.transient:
            raise
        raise BadDocument(str(exc)) from None


async def store(ctx: IndexerContext, document_id: int, tos_uri: str, page: FetchedPage, *, run: int | None = None,
                reindex: bool = False) -> bool:
    """Write the page's text under the document's key and have knowledge record it (hash, size,
    fetch time, the title as the name of a document named by its URL). False when superseded: the
    document left the state the call expects (deleted...); knowledge then removes the text again."""
    await ctx.deps.storage.put(tos_uri, page.data, "text/markdown; charset=utf-8")
    return await ctx.knowledge.record_web_page(document_id, size=len(page.data), content_hash=page.content_hash,
                                               title=page.title, run=run, reindex=reindex)


async def text_of(ctx: IndexerContext, doc: kpb.IndexingDocument, run: int) -> bytes:
    """The text to index: the stored one when the page was already fetched (resegment, refresh, a
    re-driven run), else the page fetched now."""
    if doc.content_hash:
        try:
            return await ctx.deps.storage.get(doc.tos_uri)
        except ObjectNotFound:
            pass
    page = await fetch(ctx, doc.web_url)
    if not await store(ctx, doc.document_id, doc.tos_uri, page, run=run):
        raise Superseded()
    return page.data
