"""Loading rows on behalf of a caller: 404 when absent, 403 when in another space."""

from __future__ import annotations

import asyncpg

from atelier_common.auth import current_context, require_space
from atelier_common.errors import NotFound
from atelier_knowledge.domain.enums import DocStatus
from atelier_knowledge.store import datasets, documents, slices

Conn = asyncpg.Connection | asyncpg.Pool


def caller_id() -> int:
    return current_context().user_id


async def dataset(conn: Conn, dataset_id: int, *, for_update: bool = False) -> asyncpg.Record:
    row = await datasets.get(conn, dataset_id, for_update=for_update)
    if row is None:
        raise NotFound(f"dataset {dataset_id} not found")
    require_space(row["space_id"])
    return row


async def document(conn: Conn, document_id: int, *, for_update: bool = False) -> asyncpg.Record:
    row = await documents.get(conn, document_id, for_update=for_update)
    if row is None or row["status"] == DocStatus.DELETED:
        raise NotFound(f"document {document_id} not found")
    require_space(row["space_id"])
    return row


async def slice_(conn: Conn, slice_id: int, *, for_update: bool = False) -> asyncpg.Record:
    row = await slices.get(conn, slice_id, for_update=for_update)
    if row is None:
        raise NotFound(f"slice {slice_id} not found")
    require_space(row["space_id"])
    return row
