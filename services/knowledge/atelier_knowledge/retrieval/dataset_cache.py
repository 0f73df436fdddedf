"""The datasets a Retrieve searches (their space, embedder, index, format and name), kept per dataset
while this process hears of every change to them (atelier_common's NotifiedCache, driven by a
ChangeListener on 'dataset_changed', migration 0008): a retrieval of datasets kept reads none of them
from the database before it searches. A change (renamed, deleted, moved to another embedder's index)
drops the dataset; while changes cannot be heard nothing is kept and retrievals read the database.
The caller's access is checked on every retrieval, kept or not (access.datasets_in_order)."""

from __future__ import annotations

from collections.abc import Sequence

from atelier_common.db.notified_cache import NotifiedCache
from atelier_knowledge.domain.entities import Dataset
from atelier_knowledge.store import datasets

TOPIC = "dataset_changed"  # notified by every change to a dataset row
LIVE = "live"  # the variant kept: the dataset as get_many reads it (not deleted)


class DatasetCache(NotifiedCache[Dataset]):
    async def live(self, conn: datasets.Conn, dataset_ids: Sequence[int]) -> list[Dataset]:
        """datasets.get_many, from what is kept when it can be (the missing ones in one statement)."""
        found: list[Dataset] = []
        missing: list[int] = []
        for dataset_id in dataset_ids:
            kept = self.get(dataset_id, LIVE)
            if kept is None:
                missing.append(dataset_id)
            else:
                found.append(kept)
        if missing:
            ticket = self.ticket()
            read = await datasets.get_many(conn, missing)
            for dataset in read:
                self.put(dataset.id, LIVE, dataset, ticket)
            found += read
        return found
