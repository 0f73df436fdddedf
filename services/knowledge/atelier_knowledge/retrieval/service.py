"""Retrieve: optional query rewrite -> vector, full-text and NL2SQL channels in parallel ->
pseudo-relevance feedback (the vector and full-text channels search again with the query moved
towards the first pass's best passages: retrieval/feedback.py) -> Reciprocal Rank Fusion (or one
channel's own scores) -> hybrid: neighbour smoothing (domain/neighbours.py, with the vectors the
vector channel returned) -> optional rerank -> min_score, top_k.

A channel that fails or times out is reported in channel_stats and the others still answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from atelier_common.ai import ChatModel, Reranker, create_chat_model, create_reranker
from atelier_common.db.change_listener import ChangeSubscriber
from atelier_common.errors import InvalidArgument
from atelier_common.service import ServiceDeps
from atelier_common.signed_urls import SigningKeyMissing
from atelier_knowledge import access
from atelier_knowledge.domain import fusion, neighbours
from atelier_knowledge.domain.entities import Dataset, RetrievableSlice
from atelier_knowledge.domain.fusion import ChannelHit
from atelier_knowledge.domain.kept_vectors import KeptVectors
from atelier_knowledge.retrieval import channels, feedback, rewrite
from atelier_knowledge.retrieval.channels import FEEDBACK, FULLTEXT, NL2SQL, RERANK, REWRITE, VECTOR, Outcome
from atelier_knowledge.retrieval.dataset_cache import DatasetCache
from atelier_knowledge.retrieval.kept_datasets import KeptDatasets
from atelier_knowledge.retrieval.query_vectors import QueryVectors
from atelier_knowledge.store import slices, tables
from atelier_proto import base_pb2
from atelier_proto.enums import FormatType
from atelier_search import IndexedSliceSource, SearchStores, create_search_stores

if TYPE_CHECKING:
    from atelier_knowledge.retrieval import nl2sql
from atelier_proto import knowledge_pb2 as kpb

SEMANTIC = kpb.SEARCH_STRATEGY_SEMANTIC_SEARCH
HYBRID = kpb.SEARCH_STRATEGY_HYBRID_SEARCH
FULL_TEXT = kpb.SEARCH_STRATEGY_FULL_TEXT_SEARCH
DEFAULT_TOP_K = 3
# min_score when the request sets none, per strategy, on the scale each one's score has:
# - semantic: the cosine similarity. Relevant passages score ~0.3-0.8 with MiniLM (and OpenAI's
#   models), passages on other subjects ~-0.1-0.2: 0.25 keeps the first and drops the second.
# - hybrid: Reciprocal Rank Fusion, normalised so 1.0 is "first in every channel" (then averaged
#   with the nearest neighbours' scores). It only ranks: a passage one channel found first scores
#   0.5 before smoothing, so a cut says nothing about relevance and none is made (top_k decides).
# - full text: BM25 divided by the best hit's (relative); only passages sharing a term are found.
DEFAULT_MIN_SCORES = {SEMANTIC: 0.25, HYBRID: 0.0, FULL_TEXT: 0.0}
RERANK_POOL = 50  # fused candidates the reranker sees


@dataclass
class RetrievalContext:
    """What retrieval needs besides the database, created once per process."""

    deps: ServiceDeps
    stores: SearchStores
    vectors: QueryVectors
    chat: ChatModel
    reranker: Reranker | None
    # The datasets searched, kept while changes to them are heard (a ChangeListener the service runs).
    datasets: DatasetCache = field(default_factory=DatasetCache)
    # Full-text indexes kept in this process (the same listener keeps them current); None: the store answers.
    kept_datasets: KeptDatasets | None = None

    @classmethod
    def create(cls, deps: ServiceDeps) -> RetrievalContext:
        settings = deps.settings
        stores = create_search_stores(settings)
        kept = None
        if settings.retrieval_kept_slices > 0 and isinstance(stores.fulltext, IndexedSliceSource):
            kept = KeptDatasets(stores.fulltext, max_slices=settings.retrieval_kept_slices)
        return cls(deps, stores, QueryVectors(settings, deps.redis), create_chat_model(settings),
                   create_reranker(settings), kept_datasets=kept)

    def change_subscribers(self) -> list[ChangeSubscriber]:
        """What a change to a dataset or its slices must reach (the ChangeListener's subscribers)."""
        return [self.datasets] + ([self.kept_datasets] if self.kept_datasets is not None else [])

    async def aclose(self) -> None:
        if self.kept_datasets is not None:
            await self.kept_datasets.aclose()
        await self.stores.aclose()
        await self.vectors.aclose()
        await self.chat.aclose()
        if self.reranker is not None:
            await self.reranker.aclose()


@dataclass(frozen=True)
class Strategy:
    search_type: int
    top_k: int
    min_score: float
    use_rewrite: bool
    use_rerank: bool
    use_nl2sql: bool
    use_feedback: bool

    @classmethod
    def of(cls, msg: kpb.RetrievalStrategy, *, feedback_default: bool = False) -> Strategy:
        top_k = msg.top_k if msg.HasField("top_k") else DEFAULT_TOP_K
        search_type = msg.search_type if msg.HasField("search_type") else HYBRID
        if search_type not in (SEMANTIC, HYBRID, FULL_TEXT):
            raise InvalidArgument(f"strategy.search_type {search_type} is not semantic (0), hybrid (1) or full text (20)")
        min_score = msg.min_score if msg.HasField("min_score") else DEFAULT_MIN_SCORES[search_type]
        if not 1 <= top_k <= 100:
            raise InvalidArgument(f"strategy.top_k must be between 1 and 100, got {top_k}")
        if not 0.0 <= min_score <= 1.0:
            raise InvalidArgument(f"strategy.min_score must be between 0 and 1, got {min_score:g}")
        use_feedback = msg.use_feedback if msg.HasField("use_feedback") else feedback_default
        return cls(search_type, top_k, min_score, msg.use_rewrite, msg.use_rerank, msg.use_nl2sql, use_feedback)

    @property
    def depth(self) -> int:
        """Candidates each channel returns: deeper than top_k so fusion has something to fuse."""
        return min(200, max(2 * self.top_k, 50))


async def retrieve(ctx: RetrievalContext, req: kpb.RetrieveRequest) -> kpb.RetrieveResponse:
    query = req.query.strip()
    if not query:
        raise InvalidArgument("query must not be empty")
    if not req.dataset_ids:
        raise InvalidArgument("dataset_ids must name at least one dataset")
    strategy = Strategy.of(req.strategy, feedback_default=ctx.deps.settings.retrieval_feedback)
    timeout = ctx.deps.settings.retrieval_channel_timeout_s
    datasets = await access.datasets_in_order(ctx.deps.pool, req.dataset_ids, kept=ctx.datasets)
    document_ids = list(req.document_ids) or None
    smoothing = _smoothing(ctx, strategy, datasets)
    # The vectors smoothing compares: kept by this process when it can, else returned with the dense hits.
    kept_vectors = ctx.kept_datasets.vectors(datasets) if smoothing and ctx.kept_datasets else None
    with_vectors = smoothing is not None and kept_vectors is None
    stats: list[Outcome] = []

    if strategy.use_rewrite and req.chat_history:
        history = [(m.role, m.content) for m in req.chat_history]
        outcome, rewritten = await _rewrite(ctx, history, query, timeout)
        stats.append(outcome)
        query = rewritten or query

    work: dict[str, asyncio.Task[Outcome]] = {}
    if strategy.search_type in (SEMANTIC, HYBRID):
        stage = channels.Stage()
        work[VECTOR] = asyncio.ensure_future(channels.timed(
            VECTOR, channels.vector_search(ctx.stores, ctx.vectors, datasets, query, strategy.depth, document_ids,
                                           stage=stage, with_vectors=with_vectors, kept=ctx.kept_datasets),
            timeout, stage=stage))
    if strategy.search_type in (FULL_TEXT, HYBRID):
        work[FULLTEXT] = asyncio.ensure_future(channels.timed(
            FULLTEXT, channels.fulltext_search(ctx.stores, datasets, query, strategy.depth, document_ids,
                                               kept=ctx.kept_datasets), timeout))
    table_work = None
    table_datasets = [d for d in datasets if d.format_type == FormatType.Table]
    if strategy.use_nl2sql and table_datasets:
        table_work = asyncio.ensure_future(_nl2sql(ctx, table_datasets, query, timeout))
    outcomes = dict(zip(work, await asyncio.gather(*work.values()), strict=True))
    feedback_stat = None
    if strategy.use_feedback and any(o.hits for o in outcomes.values()):
        feedback_stat = await _feedback(ctx, datasets, query, outcomes, strategy.depth, document_ids, timeout,
                                        with_vectors=with_vectors)
    table_answers: list[nl2sql.TableAnswer] = []  # noqa: F821 - typing only
    if table_work is not None:
        nl2sql_outcome, table_answers = await table_work
        outcomes[NL2SQL] = nl2sql_outcome
    stats += outcomes.values()
    if feedback_stat is not None:
        stats.append(feedback_stat)

    fused = _fuse(outcomes)
    if smoothing is not None and VECTOR in outcomes:
        fused = neighbours.smooth(fused, _vectors(outcomes[VECTOR].hits, kept_vectors), smoothing)
    if strategy.use_rerank:  # the reranker reads every candidate of its pool
        found = {s.id: s for s in await slices.retrievable(ctx.deps.pool, [f.slice_id for f in fused])}
        fused = [f for f in fused if f.slice_id in found]  # deleted or disabled since indexing
        outcome, fused = await _rerank(ctx, query, fused, found, timeout)
        stats.append(outcome)
    else:  # the same cut, only the slices it keeps read: min_score first, then the first top_k retrievable
        fused = [f for f in fused if f.score >= strategy.min_score]
        found = {s.id: s for s in await slices.first_retrievable(ctx.deps.pool, [f.slice_id for f in fused],
                                                                 strategy.top_k)}
        fused = [f for f in fused if f.slice_id in found]
    final = fusion.cut(fused, min_score=strategy.min_score, top_k=strategy.top_k)
    by_id = {d.id: d for d in datasets}
    return kpb.RetrieveResponse(
        slices=[await _slice(ctx, f, found[f.slice_id], by_id[found[f.slice_id].dataset_id]) for f in final],
        table_results=[_table_result(a) for a in table_answers],
        rewritten_query=query if query != req.query.strip() else "",
        channel_stats=[_stat(o) for o in stats],
    )


def _smoothing(ctx: RetrievalContext, strategy: Strategy, datasets: Sequence[Dataset]
               ) -> neighbours.NeighbourSettings | None:
    """Neighbour smoothing's settings for this retrieve, None without it: hybrid searches only
    (a semantic search's score is the cosine users filter on), and only when every dataset has
    the same embedding model (vectors of different models do not compare)."""
    settings = ctx.deps.settings
    if (strategy.search_type != HYBRID or settings.retrieval_neighbours <= 0
            or len({d.embedding_model for d in datasets}) != 1):
        return None
    return neighbours.NeighbourSettings(settings.retrieval_neighbours, settings.retrieval_neighbour_weight)


def _vectors(hits: Sequence[ChannelHit], kept: Sequence[KeptVectors] | None) -> dict[int, Sequence[float]]:
    """The dense hits' vectors, from what this process keeps or from the hits themselves."""
    if kept is None:
        return {h.slice_id: h.vector for h in hits if h.vector is not None}
    ids = [h.slice_id for h in hits]
    found: dict[int, Sequence[float]] = {}
    for vectors in kept:
        found.update(vectors.of(ids))
    return found


def _fuse(outcomes: dict[str, Outcome]) -> list[fusion.Fused]:
    answered = {name: o.hits for name, o in outcomes.items() if o.hits}
    if len(answered) == 1 and len(outcomes) == 1:
        [(name, hits)] = answered.items()
        return fusion.single_channel(name, hits, normalise_by_best=name != VECTOR)
    return fusion.rrf(answered)


async def _feedback(ctx: RetrievalContext, datasets: Sequence[Dataset], query: str, outcomes: dict[str, Outcome],
                    depth: int, document_ids: Sequence[int] | None, timeout: float, *, with_vectors: bool) -> Outcome:
    """Replace each channel's first-pass outcome by its feedback pass where that answered; a
    failed pass keeps the first one and says so."""
    started = time.perf_counter()
    answered = [name for name, o in outcomes.items() if o.hits]
    try:
        second = await feedback.second_pass(ctx.deps.pool, ctx.stores, ctx.vectors, datasets, query,
                                            _fuse(outcomes), answered, depth, document_ids, timeout,
                                            with_vectors=with_vectors, kept=ctx.kept_datasets)
        errors = [f"{name}: {o.error}" for name, o in second.items() if o.error]
        outcomes.update({name: o for name, o in second.items() if o.hits and not o.error})
    except Exception as exc:  # noqa: BLE001 - the first pass still answers
        second, errors = {}, [f"{type(exc).__name__}: {exc}"]
    took = int((time.perf_counter() - started) * 1000)
    error = f"{'; '.join(errors)}; the first pass was kept" if errors else None
    return Outcome(FEEDBACK, [], took, error)


async def _rewrite(ctx: RetrievalContext, history: Sequence[tuple[str, str]], query: str,
                   timeout: float) -> tuple[Outcome, str]:
    started = time.perf_counter()
    try:
        rewritten = await asyncio.wait_for(rewrite.rewrite(ctx.chat, history, query), timeout)
        error = None if rewritten else "the model returned an empty query; the original was used"
    except TimeoutError:
        rewritten, error = "", f"timed out after {timeout:g} s; the original query was used"
    except Exception as exc:  # noqa: BLE001 - the original query still answers
        rewritten, error = "", f"{exc}; the original query was used"
    return Outcome(REWRITE, [], int((time.perf_counter() - started) * 1000), error), rewritten


async def _nl2sql(ctx: RetrievalContext, datasets: Sequence[Dataset], query: str,
                  timeout: float) -> tuple[Outcome, list[nl2sql.TableAnswer]]:
    from atelier_knowledge.retrieval import nl2sql  # sqlglot only when a table is queried

    started = time.perf_counter()

    async def one(dataset: Dataset) -> nl2sql.TableAnswer:
        columns = await tables.get_columns(ctx.deps.pool, dataset.id) or []
        spec = nl2sql.TableSpec.of(dataset.id, dataset.name, columns)
        try:
            return await asyncio.wait_for(nl2sql.answer(ctx.chat, ctx.deps.pool, spec, query), timeout)
        except TimeoutError:
            return nl2sql.TableAnswer(dataset.id, dataset.name, "", [], [], [], f"timed out after {timeout:g} s")

    answers = list(await asyncio.gather(*(one(d) for d in datasets)))
    hits = [fusion.ChannelHit(slice_id, 1.0) for a in answers for slice_id in a.slice_ids]
    errors = [f"{a.dataset_name}: {a.error}" for a in answers if a.error]
    took = int((time.perf_counter() - started) * 1000)
    return Outcome(NL2SQL, hits, took, "; ".join(errors) or None), answers


async def _rerank(ctx: RetrievalContext, query: str, fused: list[fusion.Fused], found: dict[int, RetrievableSlice],
                  timeout: float) -> tuple[Outcome, list[fusion.Fused]]:
    started = time.perf_counter()
    if ctx.reranker is None:
        return Outcome(RERANK, [], 0, "no reranker configured (ATELIER_RERANK_PROVIDER); fusion order kept"), fused
    pool, rest = fused[:RERANK_POOL], fused[RERANK_POOL:]
    try:
        scores = await asyncio.wait_for(ctx.reranker.rerank(query, [found[f.slice_id].content for f in pool]), timeout)
    except Exception as exc:  # noqa: BLE001 - fusion order still answers
        took = int((time.perf_counter() - started) * 1000)
        return Outcome(RERANK, [], took, f"{exc or type(exc).__name__}; fusion order kept"), fused
    for f, score in zip(pool, scores, strict=True):
        f.score = score
    reranked = sorted(pool, key=lambda f: -f.score) + [fusion.Fused(f.slice_id, 0.0, f.ranks) for f in rest]
    took = int((time.perf_counter() - started) * 1000)
    return Outcome(RERANK, [fusion.ChannelHit(f.slice_id, f.score) for f in pool], took), reranked


async def _slice(ctx: RetrievalContext, fused: fusion.Fused, piece: RetrievableSlice,
                 dataset: Dataset) -> kpb.RetrievedSlice:
    msg = kpb.RetrievedSlice(
        slice_id=piece.id, content=piece.content, dataset_id=dataset.id, dataset_name=dataset.name,
        document_id=piece.document_id, document_name=piece.document_name, score=fused.score,
        channels=fused.channels, sequence=piece.sequence, format_type=dataset.format_type,
        ranks=[kpb.ChannelRank(channel=r.channel, rank=r.rank, score=r.score) for r in fused.ranks],
        chunk_info=json.dumps(piece.chunk_info or {}, ensure_ascii=False),
    )
    if dataset.format_type == FormatType.Image and piece.tos_uri:
        msg.image_url = await ctx.deps.storage.url(piece.tos_uri)
    if piece.tos_uri:  # the document's stored content: what a cited source opens
        with contextlib.suppress(SigningKeyMissing):  # no URL signing configured: sources go without links
            msg.document_url = msg.image_url or await ctx.deps.storage.url(piece.tos_uri)
    return msg


def _stat(outcome: Outcome) -> kpb.ChannelStat:
    msg = kpb.ChannelStat(channel=outcome.channel, took_ms=outcome.took_ms, hits=len(outcome.hits))
    if outcome.error is not None:
        msg.error = outcome.error
    return msg


def _table_result(answer: nl2sql.TableAnswer) -> kpb.TableQueryResult:
    msg = kpb.TableQueryResult(dataset_id=answer.dataset_id, dataset_name=answer.dataset_name, sql=answer.sql,
                               columns=answer.columns, rows=[base_pb2.StringList(values=r) for r in answer.rows])
    if answer.error:
        msg.error = answer.error
    return msg
