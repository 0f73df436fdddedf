"""Re-analysis of full-text data stored under an older analyzer (`analyzers.ANALYZER_VERSION`).

Milvus BM25 indexes the text `analyzers.analyze` produced when a slice was written; queries are
analyzed with the current analyzer. When the analysis changes (v2: Snowball instead of Porter,
no one-character words), datasets written before keep working, a little off (about 4% of words
stem differently), until this pass has rewritten their analyzed text from the stored content,
document by document under the document's turn: same vectors, nothing re-embedded. Knowledge
then records the version on the dataset, so it happens once. With Elasticsearch the text is
analyzed by the cluster and there is nothing to rewrite.
"""

from __future__ import annotations

import logging

from atelier_indexer import targets
from atelier_indexer.context import IndexerContext
from atelier_proto import knowledge_pb2 as kpb
from atelier_search import MilvusStore
from atelier_search.analyzers import ANALYZER_VERSION

log = logging.getLogger("atelier.indexer.reanalyzer")


async def reanalyze_pending(ctx: IndexerContext) -> int:
    """Bring every dataset analyzed before ANALYZER_VERSION up to it; the number of datasets done."""
    done = 0
    while pending := await ctx.knowledge.datasets_to_reanalyze(ANALYZER_VERSION):
        for dataset in pending:
            await reanalyze_dataset(ctx, dataset)
            done += 1
    return done


async def reanalyze_dataset(ctx: IndexerContext, dataset: kpb.IndexingDataset) -> None:
    store = ctx.stores.fulltext
    rewritten = 0
    if isinstance(store, MilvusStore):
        after = 0
        while document_ids := await ctx.knowledge.document_ids(dataset.dataset_id, after=after):
            for document_id in document_ids:
                async with ctx.document_turn(document_id):
                    for key in targets.live_keys(dataset):
                        rewritten += await store.reanalyze_document(key, document_id)
                        ctx.flusher.written(key)
            after = document_ids[-1]
    await ctx.knowledge.set_analyzer(dataset.dataset_id, ANALYZER_VERSION)
    log.info("full-text data re-analyzed", extra={"dataset_id": dataset.dataset_id, "entities": rewritten,
                                                   "analyzer": ANALYZER_VERSION})
