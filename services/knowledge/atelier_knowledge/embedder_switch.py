"""Moving a dataset to another embedder (SwitchDatasetEmbedder, GetEmbedderSwitch).

A dataset keeps the embedder it was created with; when that one no longer answers (a hosted API
gone, a key revoked) its semantic search fails. A switch records the target, checks it answers,
and hands the work to the indexer through the outbox (a `SwitchEmbedder` event): it re-embeds
every slice into a new index, document by document (resuming after the last one done when the
indexer restarts), then moves the dataset to it in one transaction. Until then queries use the old
index (old vectors; full text keeps answering even when the old embedder is gone).
"""

from __future__ import annotations

import asyncio
import logging

import asyncpg

from atelier_common.ai import PROVIDERS, EmbeddingError, embedding_config, parse_model_id
from atelier_common.errors import Conflict, InvalidArgument, Unavailable
from atelier_common.service import ServiceDeps
from atelier_knowledge import access, convert, events
from atelier_knowledge.domain.entities import Dataset, EmbedderSwitch
from atelier_knowledge.embedders import dataset_chunk_limit, index_key
from atelier_knowledge.retrieval.query_vectors import QueryVectors
from atelier_knowledge.store import datasets, embedder_switches, slices
from atelier_proto import events_pb2 as epb
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import EmbedderSwitchStatus

log = logging.getLogger("atelier.knowledge.embedder_switch")
PROBE_TIMEOUT_S = 30.0  # a local model may load for several seconds on first use


def _target(deps: ServiceDeps, requested: str) -> str:
    model_id = requested.strip() or embedding_config(deps.settings).model_id
    try:
        provider, model, _ = parse_model_id(model_id)
    except ValueError as exc:
        raise InvalidArgument(f"embedding_model: {exc}") from None
    if provider not in PROVIDERS or not model:
        raise InvalidArgument(f"embedding_model {model_id!r}: the provider must be one of {', '.join(PROVIDERS)}")
    return model_id


async def _probe(vectors: QueryVectors, model_id: str) -> None:
    """The target must answer before any work starts (the point is leaving an embedder that does not)."""
    try:
        await asyncio.wait_for(vectors.embedder(model_id).embed(["embedder check"]), PROBE_TIMEOUT_S)
    except TimeoutError:
        raise Unavailable(f"the embedder {model_id} did not answer within {PROBE_TIMEOUT_S:g} s") from None
    except EmbeddingError as exc:
        if exc.permanent:
            raise InvalidArgument(f"the embedder {model_id} cannot be used: {exc}") from None
        raise Unavailable(f"the embedder {model_id} does not answer: {exc}") from None


async def switch(deps: ServiceDeps, vectors: QueryVectors, dataset_id: int, requested: str) -> kpb.EmbedderSwitch:
    dataset = await access.dataset(deps.pool, dataset_id)
    target = _target(deps, requested)
    if target == dataset.embedding_model:
        raise InvalidArgument(f"dataset {dataset_id} already uses the embedder {target}")
    await _probe(vectors, target)
    async with deps.pool.acquire() as conn, conn.transaction():
        dataset = await access.dataset(conn, dataset_id, for_update=True)
        if await embedder_switches.running(conn, dataset_id) is not None:
            raise Conflict(f"dataset {dataset_id} is already moving to another embedder; wait for it to finish")
        try:
            started = await embedder_switches.insert(
                conn, id=deps.ids.next_id(), dataset_id=dataset_id, space_id=dataset.space_id,
                from_model=dataset.embedding_model, to_model=target,
                total_slices=await slices.count_for_dataset(conn, dataset_id))
        except asyncpg.UniqueViolationError:
            raise Conflict(f"dataset {dataset_id} is already moving to another embedder") from None
        await events.publish(conn, dataset_id, epb.SwitchEmbedder(dataset_id=dataset_id, switch_id=started.id))
    return message(started)


async def report_progress(deps: ServiceDeps, req: kpb.ReportSwitchProgressRequest) -> kpb.ReportSwitchProgressResponse:
    """The indexer's progress: a document re-embedded (resuming starts after it), or a recount."""
    async with deps.pool.acquire() as conn:
        if req.count_total:
            switch = await embedder_switches.get(conn, req.switch_id)
            if switch is not None:
                await embedder_switches.set_total(conn, switch.id, await slices.count_for_dataset(conn, switch.dataset_id))
        if req.HasField("document_id"):
            await embedder_switches.advance(conn, req.switch_id, document_id=req.document_id, slices=req.slices)
    return kpb.ReportSwitchProgressResponse()


async def finish(deps: ServiceDeps, req: kpb.FinishEmbedderSwitchRequest) -> kpb.FinishEmbedderSwitchResponse:
    """Done: the dataset moves to the new embedder and index, and the old index's drop is queued,
    in one transaction. Failed: the dataset keeps its embedder (the indexer drops the new index)."""
    async with deps.pool.acquire() as conn, conn.transaction():
        switch = await embedder_switches.get(conn, req.switch_id, for_update=True)
        if switch is None or switch.status != EmbedderSwitchStatus.Running:
            return kpb.FinishEmbedderSwitchResponse(changed=False)
        if not req.succeeded:
            await embedder_switches.finish(conn, switch.id, EmbedderSwitchStatus.Failed, req.error)
            return kpb.FinishEmbedderSwitchResponse(changed=True)
        dataset = await datasets.get(conn, switch.dataset_id, for_update=True)
        if dataset is None:  # deleted meanwhile: the dataset's drop takes every index, this one too
            await embedder_switches.finish(conn, switch.id, EmbedderSwitchStatus.Failed, "the dataset was deleted")
            return kpb.FinishEmbedderSwitchResponse(changed=False)
        old_key = index_key(dataset)
        await embedder_switches.finish(conn, switch.id, EmbedderSwitchStatus.Done)
        await datasets.use_index(conn, dataset.id, embedding_model=switch.to_model,
                                 embedding_dimension=req.dimension or switch.dimension, index_id=switch.id)
        await events.publish(conn, dataset.id, epb.DeleteKnowledgeData(dataset_id=dataset.id, index_id=old_key))
    log.info("dataset moved to another embedder", extra={"dataset_id": switch.dataset_id,
                                                          "from_model": switch.from_model, "to_model": switch.to_model})
    return kpb.FinishEmbedderSwitchResponse(changed=True)


async def get(deps: ServiceDeps, dataset_id: int) -> kpb.GetEmbedderSwitchResponse:
    dataset = await access.dataset(deps.pool, dataset_id)
    reply = kpb.GetEmbedderSwitchResponse(embedding_model=dataset.embedding_model)
    latest = await embedder_switches.latest(deps.pool, dataset_id)
    if latest is not None:
        reply.embedder_switch.CopyFrom(message(latest))
    return reply


def message(switch: EmbedderSwitch) -> kpb.EmbedderSwitch:
    msg = kpb.EmbedderSwitch(switch_id=switch.id, from_model=switch.from_model, to_model=switch.to_model,
                             status=switch.status, progress=switch.progress, total_slices=switch.total_slices,
                             done_slices=switch.done_slices, create_time=convert.ts(switch.created_at))
    if switch.error:
        msg.error = switch.error
    if switch.finished_at is not None:
        msg.finish_time = convert.ts(switch.finished_at)
    return msg


async def describe(deps: ServiceDeps, found: list[Dataset], msgs: list[kpb.Dataset]) -> None:
    """The embedder fields of dataset messages: its model, the chunk size it reads, its latest switch."""
    latest = await embedder_switches.latest_many(deps.pool, [ds.id for ds in found])
    for ds, msg in zip(found, msgs, strict=True):
        msg.embedding_model = ds.embedding_model
        limit = dataset_chunk_limit(ds.embedding_model, deps.settings)
        if limit is not None:
            msg.max_chunk_tokens = limit.max_tokens
        if ds.id in latest:
            msg.embedder_switch.CopyFrom(message(latest[ds.id]))
