"""Re-analysis of full-text data stored under an older analyzer (`analyzers.ANALYZER_VERSION`).

Milvus BM25 indexes the text `analyzers.analyze` produced when a slice was written; queries are
analyzed with the current analyzer. When the analysis changes (v2: Snowball instead of Porter,
no one-character words), datasets written before keep working, a little off (about 4% of words
stem differently), until this pass has rewritten their analyzed text from the stored content,
document by document under the document's turn: same vectors, nothing re-embedded. The dataset
row then records the version, so it happens once. With Elasticsearch the text is analyzed by
the cluster and there is nothing to rewrite.
"""

from __future__ import annotations

import logging

from atelier_indexer import targets
from atelier_indexer.context import IndexerContext
from atelier_knowledge.search import MilvusStore
from atelier_knowledge.search.analyzers import ANALYZER_VERSION
from atelier_knowledge.store import datasets, documents

log = logging.getLogger("atelier.indexer.reanalyzer")


async def reanalyze_pending(ctx: IndexerContext) -> int:
    """Bring every dataset analyzed before ANALYZER_VERSION up to it; the number of datasets done."""
    done = 0
    while pending := await datasets.analyzed_before(ctx.pool, ANALYZER_VERSION):
        for dataset in pending:
            await reanalyze_dataset(ctx, dataset["id"])
            done += 1
    return done


async def reanalyze_dataset(ctx: IndexerContext, dataset_id: int) -> None:
    store = ctx.stores.fulltext
    rewritten = 0
    if isinstance(store, MilvusStore):
        after = 0
        while (doc := await documents.next_in_dataset(ctx.pool, dataset_id, after)) is not None:
            async with ctx.document_turn(doc["id"]):
                for key in await targets.all_keys(ctx, dataset_id, running_only=True):
                    rewritten += await store.reanalyze_document(key, doc["id"])
                    ctx.flusher.written(key)
            after = doc["id"]
    async with ctx.pool.acquire() as conn:
        await datasets.set_analyzer(conn, dataset_id, ANALYZER_VERSION)
    log.info("full-text data re-analyzed", extra={"dataset_id": dataset_id, "entities": rewritten,
                                                   "analyzer": ANALYZER_VERSION})
