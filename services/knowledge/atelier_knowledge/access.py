"""Loading rows on behalf of a caller: 404 when absent or in a space the caller is not in (alike, so
ids cannot be probed across spaces)."""

from __future__ import annotations

import asyncpg

from atelier_common.auth import current_context, require_visible
from atelier_common.errors import NotFound
from atelier_knowledge.store import datasets, documents, slices
from atelier_proto.enums import DocumentStatus

Conn = asyncpg.Connection | asyncpg.Pool


def caller_id() -> int:
    return current_context().user_id


async def dataset(conn: Conn, dataset_id: int, *, for_update: bool = False) -> asyncpg.Record:
    row = await datasets.get(conn, dataset_id, for_update=for_update)
    if row is None:
        raise NotFound(f"dataset {dataset_id} not found")
    require_visible(row["space_id"], f"dataset {dataset_id} not found")
    return row


async def document(conn: Conn, document_id: int, *, for_update: bool = False) -> asyncpg.Record:
    row = await documents.get(conn, document_id, for_update=for_update)
    if row is None or row["status"] == DocumentStatus.Deleted:
        raise NotFound(f"document {document_id} not found")
    require_visible(row["space_id"], f"document {document_id} not found")
    return row


async def slice_(conn: Conn, slice_id: int, *, for_update: bool = False) -> asyncpg.Record:
    row = await slices.get(conn, slice_id, for_update=for_update)
    if row is None:
        raise NotFound(f"slice {slice_id} not found")
    require_visible(row["space_id"], f"slice {slice_id} not found")
    return row
