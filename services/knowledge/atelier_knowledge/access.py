"""Loading entities on behalf of a caller: 404 when absent or in a space the caller is not in (alike, so
ids cannot be probed across spaces)."""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg

from atelier_common.auth import current_context, require_visible
from atelier_common.errors import NotFound
from atelier_knowledge.domain.entities import Dataset, Document, Slice
from atelier_knowledge.retrieval.dataset_cache import DatasetCache
from atelier_knowledge.store import datasets, documents, slices
from atelier_proto.enums import DocumentStatus

Conn = asyncpg.Connection | asyncpg.Pool


def caller_id() -> int:
    return current_context().user_id


async def dataset(conn: Conn, dataset_id: int, *, for_update: bool = False) -> Dataset:
    found = await datasets.get(conn, dataset_id, for_update=for_update)
    if found is None:
        raise NotFound(f"dataset {dataset_id} not found")
    require_visible(found.space_id, f"dataset {dataset_id} not found")
    return found


async def datasets_in_order(conn: Conn, dataset_ids: Sequence[int], *, kept: DatasetCache | None = None
                            ) -> list[Dataset]:
    """Each dataset once, in the order first asked for, read in one statement (`kept`: those it
    holds are not read); NotFound naming the first one absent or in a space the caller is not in,
    as `dataset` would."""
    wanted = list(dict.fromkeys(int(i) for i in dataset_ids))
    live = await kept.live(conn, wanted) if kept is not None else await datasets.get_many(conn, wanted)
    found = {d.id: d for d in live}
    for dataset_id in wanted:
        if dataset_id not in found:
            raise NotFound(f"dataset {dataset_id} not found")
        require_visible(found[dataset_id].space_id, f"dataset {dataset_id} not found")
    return [found[i] for i in wanted]


async def document(conn: Conn, document_id: int, *, for_update: bool = False) -> Document:
    found = await documents.get(conn, document_id, for_update=for_update)
    if found is None or found.status == DocumentStatus.Deleted:
        raise NotFound(f"document {document_id} not found")
    require_visible(found.space_id, f"document {document_id} not found")
    return found


async def documents_in_order(conn: Conn, document_ids: Sequence[int]) -> list[Document]:
    """The documents in the order asked for (an id asked twice comes twice), read in one
    statement; NotFound naming the first one absent, deleted or in a space the caller is not in,
    as `document` would."""
    wanted = [int(i) for i in document_ids]
    found = {d.id: d for d in await documents.get_many(conn, list(dict.fromkeys(wanted)))}  # deleted ones left out
    for document_id in wanted:
        if document_id not in found:
            raise NotFound(f"document {document_id} not found")
        require_visible(found[document_id].space_id, f"document {document_id} not found")
    return [found[i] for i in wanted]


async def slice_(conn: Conn, slice_id: int, *, for_update: bool = False) -> Slice:
    found = await slices.get(conn, slice_id, for_update=for_update)
    if found is None:
        raise NotFound(f"slice {slice_id} not found")
    require_visible(found.space_id, f"slice {slice_id} not found")
    return found
