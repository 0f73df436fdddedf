"""reviews rows (chunking previews), read as Review entities."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import asyncpg

from atelier_knowledge.domain.entities import Review
from atelier_knowledge.store.rows import entity, many, maybe
from atelier_proto.enums import ReviewStatus

Conn = asyncpg.Connection | asyncpg.Pool


async def insert(conn: Conn, *, id: int, dataset_id: int, space_id: int, document_name: str, document_type: str,
                 tos_uri: str, chunk_strategy: dict[str, Any], parsing_strategy: dict[str, Any]) -> Review:
    return entity(Review, await conn.fetchrow(
        "INSERT INTO reviews (id, dataset_id, space_id, document_name, document_type, tos_uri, chunk_strategy,"
        " parsing_strategy) VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING *",
        id, dataset_id, space_id, document_name, document_type, tos_uri, chunk_strategy, parsing_strategy,
    ))


async def get_many(conn: Conn, dataset_id: int, review_ids: Sequence[int]) -> list[Review]:
    return many(Review, await conn.fetch("SELECT * FROM reviews WHERE dataset_id = $1 AND id = ANY($2::bigint[]) ORDER BY id",
                                         dataset_id, list(review_ids)))


async def get(conn: Conn, review_id: int) -> Review | None:
    return maybe(Review, await conn.fetchrow("SELECT * FROM reviews WHERE id = $1", review_id))


async def finish(conn: Conn, review_id: int, *, status: ReviewStatus, doc_tree_uri: str = "", error: str = "",
                 only_processing: bool = False) -> None:
    processing = f" AND status = {int(ReviewStatus.Processing)}" if only_processing else ""
    await conn.execute(
        "UPDATE reviews SET status = $2, doc_tree_uri = $3, error = $4, updated_at = now() WHERE id = $1" + processing,
        review_id, status, doc_tree_uri, error,
    )
