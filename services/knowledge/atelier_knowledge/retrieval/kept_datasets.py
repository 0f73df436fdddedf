"""What the knowledge process keeps of the datasets it searches: a BM25 index per dataset
(domain.bm25_index) and its stored vectors (domain.kept_vectors), read in the background from the
slices the search store indexed, kept while this process hears of every change to the dataset and
its slices (the ChangeListener on 'dataset_changed', migrations 0008 and 0009).

Why: Milvus Lite scores BM25 per segment (rankings move with how compaction cut the collection,
up to 11% nDCG@10 on Cranfield) and in Python (most of a hybrid retrieve's CPU); and the vectors
neighbour smoothing compares cost more to return with the dense search (built and decoded element
by element) than to keep, and searching them here exactly costs less than a request to the store.
A dataset is wanted by its first full-text or dense search (answered by the store meanwhile, the
dense search returning the vectors) and read once it has had no change for `quiet_s` (not after
every batch of an ingestion); a change heard during a read discards it. Deleted slices still kept
are harmless: the slice lookup keeps only retrievable ones. Datasets above `max_slices` slices, and
whatever does not fit beside the others in `max_slices`, are searched in the store; a dense search
of one above EXACT_SEARCH_MAX_SLICES goes to the store's ANN index even when it is kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from atelier_knowledge.domain.bm25_index import Bm25Index
from atelier_knowledge.domain.entities import Dataset
from atelier_knowledge.domain.kept_vectors import KeptVectors
from atelier_knowledge.embedders import index_key
from atelier_search.base import IndexedSliceSource

log = logging.getLogger("atelier.knowledge.kept_datasets")

QUIET_S = 2.0  # a dataset with no change this long is built (an indexer's batches come faster)
# Beyond this many slices a dense search goes to the store's ANN index: a product over every kept
# row grows with the dataset (~1.1 ms of CPU at 20,000 MiniLM slices, about what a request to
# Milvus Lite costs).
EXACT_SEARCH_MAX_SLICES = 20_000


@dataclass(frozen=True)
class _Kept:
    key: int  # the search index it was read from (a dataset moved to another embedder's index changes it)
    index: Bm25Index
    vectors: KeptVectors | None  # None: some slice had no vector


class KeptDatasets:
    def __init__(self, source: IndexedSliceSource, *, max_slices: int, quiet_s: float = QUIET_S) -> None:
        self._source = source
        self._max_slices = max_slices
        self._quiet_s = quiet_s
        self._kept: OrderedDict[int, _Kept] = OrderedDict()  # least recently searched first
        self._generation: dict[int, int] = {}  # per dataset, bumped by each change heard
        self._epoch = 0  # bumped when what is heard restarts (everything may have changed)
        self._changed_at: dict[int, float] = {}
        self._too_large: dict[int, tuple[int, int]] = {}  # dataset -> the ticket its size was read under
        self._builds: dict[int, asyncio.Task[None]] = {}
        self._listening = False

    # ---------------------------------------------------------------- what the ChangeListener calls

    def forget(self, dataset_id: int) -> None:
        self._generation[dataset_id] = self._generation.get(dataset_id, 0) + 1
        self._changed_at[dataset_id] = time.monotonic()
        self._kept.pop(dataset_id, None)

    def forget_all(self) -> None:
        self._epoch += 1
        self._kept.clear()
        self._too_large.clear()

    def set_listening(self, listening: bool) -> None:
        self.forget_all()
        self._listening = listening

    # ---------------------------------------------------------------- searching

    def index(self, dataset: Dataset) -> Bm25Index | None:
        """The dataset's BM25 index when one is kept and current; else None (search the store), and
        a read is started if none is under way."""
        kept = self._kept_or_wanted(dataset)
        return kept.index if kept is not None else None

    def dense(self, dataset: Dataset) -> KeptVectors | None:
        """The dataset's vectors to search exactly when they are kept, current and at most
        EXACT_SEARCH_MAX_SLICES; else None (search the store), and a read is started if none is
        under way."""
        kept = self._kept_or_wanted(dataset)
        if kept is None or kept.vectors is None or kept.vectors.size > EXACT_SEARCH_MAX_SLICES:
            return None
        return kept.vectors

    def vectors(self, datasets: Sequence[Dataset]) -> list[KeptVectors] | None:
        """The datasets' kept vectors when every one's are kept and current; else None (the dense
        search must return them). What is returned stays valid: a change drops it from here only."""
        kept = [self._current(d) for d in datasets]
        if any(k is None or k.vectors is None for k in kept):
            return None
        return [k.vectors for k in kept]  # type: ignore[union-attr]

    def _kept_or_wanted(self, dataset: Dataset) -> _Kept | None:
        kept = self._current(dataset)
        if kept is None and (self._listening and dataset.id not in self._builds
                             and self._too_large.get(dataset.id) != self._ticket(dataset.id)):
            self._builds[dataset.id] = asyncio.get_running_loop().create_task(
                self._build(dataset.id, index_key(dataset)), name=f"kept-dataset-{dataset.id}")
        return kept

    def _current(self, dataset: Dataset) -> _Kept | None:
        if not self._listening:
            return None
        kept = self._kept.get(dataset.id)
        if kept is None or kept.key != index_key(dataset):
            return None
        self._kept.move_to_end(dataset.id)
        return kept

    def building(self, dataset_id: int) -> bool:
        return dataset_id in self._builds

    @property
    def kept_slices(self) -> int:
        return sum(k.index.size for k in self._kept.values())

    async def aclose(self) -> None:
        builds = list(self._builds.values())
        for task in builds:
            task.cancel()
        for task in builds:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    # ---------------------------------------------------------------- building

    def _ticket(self, dataset_id: int) -> tuple[int, int]:
        return self._epoch, self._generation.get(dataset_id, 0)

    async def _build(self, dataset_id: int, key: int) -> None:
        try:
            while (wait := self._changed_at.get(dataset_id, -math.inf) + self._quiet_s - time.monotonic()) > 0:
                await asyncio.sleep(wait)
            ticket = self._ticket(dataset_id)
            started = time.perf_counter()
            entries = await self._source.indexed_slices(key, limit=self._max_slices)
            if entries is None:
                self._too_large[dataset_id] = ticket
                log.info("dataset %d has more than %d slices: the search store answers for it",
                         dataset_id, self._max_slices)
                return
            kept = await asyncio.to_thread(lambda: _Kept(key, Bm25Index.build(entries), KeptVectors.build(entries)))
            if not self._listening or ticket != self._ticket(dataset_id):
                return  # changed meanwhile: the next search wants it again
            self._keep(dataset_id, kept)
            log.info("dataset %d kept: %d slices read in %.2f s", dataset_id, kept.index.size,
                     time.perf_counter() - started)
        except Exception:  # noqa: BLE001 - the store keeps answering; the next search tries again
            log.warning("dataset %d not kept", dataset_id, exc_info=True)
        finally:
            self._builds.pop(dataset_id, None)

    def _keep(self, dataset_id: int, kept: _Kept) -> None:
        self._kept[dataset_id] = kept
        while self.kept_slices > self._max_slices and len(self._kept) > 1:
            self._kept.popitem(last=False)
