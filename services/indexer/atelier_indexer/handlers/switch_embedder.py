"""SwitchEmbedder: re-embed every slice of a dataset with its new embedder into a new index, then
move the dataset to that index.

Document by document, in id order, each under the document's turn (so it never interleaves with
that document being indexed): its slices are read from Postgres, embedded, upserted by slice id
into the new index, and entries of slices that no longer exist are removed; then the switch
records the document as done. A redelivered event (the indexer was killed) resumes after the last
document recorded, and redoing a document only overwrites the same entries: no duplicates.
Documents indexed meanwhile are written to both indexes (`targets`). The last step moves the
dataset (model, dimension, index) and queues the old index's drop through the outbox, in one
transaction.
"""

from __future__ import annotations

import logging

from atelier_common.ai import EmbeddingError
from atelier_indexer import targets
from atelier_indexer.context import IndexerContext
from atelier_indexer.errors import BadDocument
from atelier_indexer.handlers.common import already_processed, drop_index, record_processed
from atelier_indexer.handlers.index_slice import search_text
from atelier_knowledge import events
from atelier_knowledge.domain.enums import FormatType
from atelier_knowledge.embedders import index_key
from atelier_knowledge.search import SliceDoc
from atelier_knowledge.store import datasets, documents, embedder_switches, slices, tables
from atelier_knowledge.store.embedder_switches import EmbedderSwitch, SwitchStatus
from atelier_proto import events_pb2 as epb

log = logging.getLogger("atelier.indexer.switch_embedder")


async def handle(ctx: IndexerContext, event: epb.SwitchEmbedder, event_id: str) -> None:
    if await already_processed(ctx.pool, ctx.group_id, event_id):
        return
    switch = await embedder_switches.get(ctx.pool, event.switch_id)
    dataset = await datasets.get(ctx.pool, event.dataset_id)
    if switch is None or switch.status != SwitchStatus.RUNNING:
        await record_processed(ctx.pool, ctx.group_id, event_id)
        return
    if dataset is None:  # deleted meanwhile: the dataset's drop takes every index, this one too
        await fail(ctx, switch, "the dataset was deleted", event_id=event_id)
        return
    target = targets.IndexTarget(switch.id, switch.to_model, switch.dimension, switch.id)
    semantic = await _semantic_columns(ctx, dataset)
    async with ctx.pool.acquire() as conn:
        await embedder_switches.set_total(conn, switch.id, await slices.count_for_dataset(conn, dataset["id"]))
    try:
        after = switch.last_document
        while (doc := await documents.next_in_dataset(ctx.pool, dataset["id"], after)) is not None:
            async with ctx.document_turn(doc["id"]):
                count = await _reembed_document(ctx, dataset["id"], target, doc["id"], semantic)
                target = await _refresh(ctx, target)
                async with ctx.pool.acquire() as conn:
                    await embedder_switches.advance(conn, switch.id, document_id=doc["id"], slices=count)
            after = doc["id"]
            if await datasets.get(ctx.pool, dataset["id"]) is None:
                await fail(ctx, switch, "the dataset was deleted", event_id=event_id)
                return
        await _complete(ctx, switch, target, event_id)
    except BadDocument as exc:  # the new embedder refuses: the dataset stays where it was
        await fail(ctx, switch, exc.reason, event_id=event_id)


async def _semantic_columns(ctx: IndexerContext, dataset) -> set[str] | None:  # noqa: ANN001
    if dataset["format_type"] != FormatType.TABLE:
        return None
    columns = await tables.get_columns(ctx.pool, dataset["id"]) or []
    return {c.column_name for c in columns if c.is_semantic}


async def _refresh(ctx: IndexerContext, target: targets.IndexTarget) -> targets.IndexTarget:
    """The target with the dimension recorded by its first vectors."""
    if target.recorded_dimension:
        return target
    switch = await embedder_switches.get(ctx.pool, target.key)
    dimension = switch.dimension if switch is not None else 0
    return targets.IndexTarget(target.key, target.model_id, dimension, target.switch_id)


async def _reembed_document(ctx: IndexerContext, dataset_id: int, target: targets.IndexTarget, document_id: int,
                            semantic: set[str] | None) -> int:
    rows = await slices.for_document(ctx.pool, document_id)
    batch_size = ctx.deps.settings.index_batch_size
    for start in range(0, len(rows), batch_size):
        batch = rows[start:start + batch_size]
        texts = [search_text(r["content"], semantic) for r in batch]
        vectors = await targets.embed(ctx, target, texts)
        if start == 0:
            await targets.ensure(ctx, dataset_id, target, len(vectors[0]))
            target = await _refresh(ctx, target)
        await targets.upsert(ctx, target.key, [
            SliceDoc(slice_id=r["id"], document_id=document_id, dataset_id=dataset_id, content=t, vector=v)
            for r, t, v in zip(batch, texts, vectors, strict=True)])
    if not rows:  # a document without slices (failed, or emptied): nothing of it may stay in the index
        await ctx.stores.vector.delete_documents(target.key, [document_id])
        if ctx.stores.fulltext is not ctx.stores.vector:
            await ctx.stores.fulltext.delete_documents(target.key, [document_id])
    return len(rows)


async def _complete(ctx: IndexerContext, switch: EmbedderSwitch, target: targets.IndexTarget, event_id: str) -> None:
    target = await _refresh(ctx, target)  # dimension 0 (no slices): the first document's vectors set it
    async with ctx.pool.acquire() as conn, conn.transaction():
        dataset = await datasets.get(conn, switch.dataset_id, for_update=True)
        if dataset is None:
            raise BadDocument("the dataset was deleted")
        old_key = index_key(dataset)
        if not await embedder_switches.finish(conn, switch.id, SwitchStatus.DONE):
            await record_processed(conn, ctx.group_id, event_id)
            return
        await datasets.use_index(conn, dataset["id"], embedding_model=switch.to_model,
                                 embedding_dimension=target.recorded_dimension, index_id=switch.id)
        await events.publish(conn, dataset["id"], epb.DeleteKnowledgeData(
            space_id=dataset["space_id"], dataset_id=dataset["id"], index_id=old_key))
        await record_processed(conn, ctx.group_id, event_id)
    log.info("dataset moved to another embedder", extra={"dataset_id": switch.dataset_id,
                                                          "from_model": switch.from_model, "to_model": switch.to_model})


async def fail(ctx: IndexerContext, switch: EmbedderSwitch, reason: str, *, event_id: str | None = None) -> None:
    """The switch ends failed with the reason; the dataset keeps its embedder and index."""
    async with ctx.pool.acquire() as conn, conn.transaction():
        changed = await embedder_switches.finish(conn, switch.id, SwitchStatus.FAILED, reason)
        if event_id:
            await record_processed(conn, ctx.group_id, event_id)
    if changed:
        await drop_index(ctx, switch.id)
        log.warning("embedder switch failed", extra={"dataset_id": switch.dataset_id, "to_model": switch.to_model,
                                                     "reason": reason})


async def fail_after_retries(ctx: IndexerContext, event: epb.SwitchEmbedder, error: BaseException,
                             attempts: int) -> None:
    switch = await embedder_switches.get(ctx.pool, event.switch_id)
    if switch is not None:
        why = str(error) if isinstance(error, EmbeddingError) else f"{type(error).__name__}: {error}"
        await fail(ctx, switch, f"re-embedding failed after {attempts} attempts: {why}")
