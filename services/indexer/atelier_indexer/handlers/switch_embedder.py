"""SwitchEmbedder: re-embed every slice of a dataset with its new embedder into a new index, then
have knowledge move the dataset to that index.

Document by document, in id order, each under the document's turn (so it never interleaves with
that document being indexed): its slices are read from knowledge, embedded and upserted by slice
id into the new index; then the switch's progress records the document as done. A redelivered
event (the indexer was killed) resumes after the last document recorded, and redoing a document
only overwrites the same entries: no duplicates. Documents indexed meanwhile are written to both
indexes (`targets`). FinishEmbedderSwitch then moves the dataset (model, dimension, index) and
queues the old index's drop, in one transaction on knowledge's side.
"""

from __future__ import annotations

import logging

from atelier_common.ai import EmbeddingError
from atelier_indexer import targets
from atelier_indexer.context import IndexerContext
from atelier_indexer.errors import BadDocument
from atelier_indexer.handlers.common import already_processed, record_processed
from atelier_indexer.handlers.index_slice import search_text, semantic_columns
from atelier_proto import events_pb2 as epb
from atelier_search import SliceDoc

log = logging.getLogger("atelier.indexer.switch_embedder")
DOCUMENTS_PER_PAGE = 100


async def handle(ctx: IndexerContext, event: epb.SwitchEmbedder, event_id: str) -> None:
    if await already_processed(ctx, event_id):
        return
    dataset = await ctx.knowledge.dataset(event.dataset_id)
    running = dataset.running_switch if dataset is not None and dataset.HasField("running_switch") else None
    if running is None or running.switch_id != event.switch_id:  # finished or failed already
        await record_processed(ctx, event_id)
        return
    if not dataset.live:  # deleted meanwhile: the dataset's drop takes every index, this one too
        await fail(ctx, event.switch_id, "the dataset was deleted", event_id=event_id)
        return
    target = targets.switch_target(running)
    semantic = semantic_columns(dataset)
    await ctx.knowledge.report_switch(running.switch_id, count_total=True)
    try:
        after = running.last_document
        while document_ids := await ctx.knowledge.document_ids(dataset.dataset_id, after=after,
                                                                limit=DOCUMENTS_PER_PAGE):
            for document_id in document_ids:
                async with ctx.document_turn(document_id):
                    count, target = await _reembed_document(ctx, dataset.dataset_id, target, document_id, semantic)
                    await ctx.knowledge.report_switch(running.switch_id, document_id=document_id, slices=count)
            after = document_ids[-1]
            current = await ctx.knowledge.dataset(dataset.dataset_id)
            if current is None or not current.live:
                await fail(ctx, running.switch_id, "the dataset was deleted", event_id=event_id)
                return
        await ctx.knowledge.finish_switch(running.switch_id, succeeded=True, dimension=target.recorded_dimension)
        await record_processed(ctx, event_id)
        log.info("dataset moved to another embedder", extra={"dataset_id": dataset.dataset_id,
                                                              "from_model": dataset.embedding_model,
                                                              "to_model": running.to_model})
    except BadDocument as exc:  # the new embedder refuses: the dataset stays where it was
        await fail(ctx, running.switch_id, exc.reason, event_id=event_id)


async def _reembed_document(ctx: IndexerContext, dataset_id: int, target: targets.IndexTarget, document_id: int,
                            semantic: set[str] | None) -> tuple[int, targets.IndexTarget]:
    """The document's slices in the new index; (how many, the target with its dimension known)."""
    batch_size = ctx.deps.settings.index_batch_size
    rows = await ctx.knowledge.document_slices(document_id, page_size=max(batch_size, 500))
    for start in range(0, len(rows), batch_size):
        batch = rows[start:start + batch_size]
        texts = [search_text(r.content, semantic) for r in batch]
        vectors = await targets.embed(ctx, target, texts)
        if start == 0:
            await targets.ensure(ctx, dataset_id, target, len(vectors[0]))
            target = target.with_dimension(len(vectors[0]))
        await targets.upsert(ctx, target.key, [
            SliceDoc(slice_id=r.slice_id, document_id=document_id, dataset_id=dataset_id, content=t, vector=v)
            for r, t, v in zip(batch, texts, vectors, strict=True)])
    if not rows:  # a document without slices (failed, or emptied): nothing of it may stay in the index
        await targets.delete_documents(ctx, [target.key], [document_id])
    return len(rows), target


async def fail(ctx: IndexerContext, switch_id: int, reason: str, *, event_id: str | None = None) -> None:
    """The switch ends failed with the reason; the dataset keeps its embedder and index."""
    changed = await ctx.knowledge.finish_switch(switch_id, succeeded=False, error=reason)
    if event_id:
        await record_processed(ctx, event_id)
    if changed:
        await targets.drop(ctx, [switch_id])
        log.warning("embedder switch failed", extra={"switch_id": switch_id, "reason": reason})


async def fail_after_retries(ctx: IndexerContext, event: epb.SwitchEmbedder, error: BaseException,
                             attempts: int) -> None:
    why = str(error) if isinstance(error, EmbeddingError) else f"{type(error).__name__}: {error}"
    await fail(ctx, event.switch_id, f"re-embedding failed after {attempts} attempts: {why}")
