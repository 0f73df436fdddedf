"""datasets rows, read as Dataset entities."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import asyncpg

from atelier_knowledge.domain.entities import Dataset, DatasetCounts
from atelier_knowledge.store.documents import DELETED
from atelier_knowledge.store.rows import entity, many, maybe
from atelier_proto.enums import DatasetStatus

Conn = asyncpg.Connection | asyncpg.Pool

_COUNTS = f"""
    (SELECT count(*) FROM documents d WHERE d.dataset_id = ds.id AND d.status <> {DELETED}) AS doc_count,
    (SELECT coalesce(sum(d.slice_count), 0)::bigint FROM documents d WHERE d.dataset_id = ds.id AND d.status <> {DELETED}) AS slice_count,
    (SELECT coalesce(sum(d.size), 0)::bigint FROM documents d WHERE d.dataset_id = ds.id AND d.status <> {DELETED}) AS all_file_size,
    (SELECT coalesce(sum(d.hit_count), 0)::bigint FROM documents d WHERE d.dataset_id = ds.id AND d.status <> {DELETED}) AS hit_count
"""


async def insert(conn: Conn, *, id: int, space_id: int, creator_id: int, name: str, description: str,
                 icon_uri: str, format_type: int, embedding_model: str, embedding_dimension: int) -> None:
    await conn.execute(
        "INSERT INTO datasets (id, space_id, creator_id, name, description, icon_uri, format_type,"
        " embedding_model, embedding_dimension) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)",
        id, space_id, creator_id, name, description, icon_uri, format_type, embedding_model, embedding_dimension,
    )


def _counted(row: asyncpg.Record) -> Dataset:
    return entity(Dataset, row, counts=entity(DatasetCounts, row))


async def get(conn: Conn, dataset_id: int, *, for_update: bool = False) -> Dataset | None:
    lock = " FOR UPDATE" if for_update else ""
    return maybe(Dataset, await conn.fetchrow(f"SELECT * FROM datasets WHERE id = $1 AND deleted_at IS NULL{lock}",
                                              dataset_id))


async def get_many(conn: Conn, dataset_ids: Sequence[int]) -> list[Dataset]:
    """The live datasets among these ids, in no particular order, in one statement."""
    return many(Dataset, await conn.fetch("SELECT * FROM datasets WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL",
                                          list(dataset_ids)))


async def get_with_counts(conn: Conn, dataset_ids: Sequence[int]) -> list[Dataset]:
    rows = await conn.fetch(
        f"SELECT ds.*, {_COUNTS} FROM datasets ds WHERE ds.id = ANY($1::bigint[]) AND ds.deleted_at IS NULL",
        list(dataset_ids),
    )
    return [_counted(r) for r in rows]


async def list_page(conn: Conn, *, space_id: int, name: str, dataset_ids: Sequence[int] | None,
                    format_type: int | None, order_by: str, descending: bool, limit: int, offset: int
                    ) -> tuple[list[Dataset], int]:
    where = ["ds.space_id = $1", "ds.deleted_at IS NULL"]
    args: list[Any] = [space_id]
    if name:
        args.append(f"%{name}%")
        where.append(f"ds.name ILIKE ${len(args)}")
    if dataset_ids:
        args.append(list(dataset_ids))
        where.append(f"ds.id = ANY(${len(args)}::bigint[])")
    if format_type is not None:
        args.append(format_type)
        where.append(f"ds.format_type = ${len(args)}")
    clause = " AND ".join(where)
    column = "updated_at" if order_by == "update" else "created_at"
    direction = "DESC" if descending else "ASC"
    total = await conn.fetchval(f"SELECT count(*) FROM datasets ds WHERE {clause}", *args)
    rows = await conn.fetch(
        f"SELECT ds.*, {_COUNTS} FROM datasets ds WHERE {clause} ORDER BY ds.{column} {direction}, ds.id DESC"
        f" LIMIT {int(limit)} OFFSET {int(offset)}",
        *args,
    )
    return [_counted(r) for r in rows], int(total)


async def update(conn: Conn, dataset_id: int, fields: dict[str, Any]) -> None:
    if not fields:
        return
    sets = ", ".join(f"{k} = ${i + 2}" for i, k in enumerate(fields))
    await conn.execute(f"UPDATE datasets SET {sets}, updated_at = now() WHERE id = $1", dataset_id, *fields.values())


async def set_dimension(conn: Conn, dataset_id: int, dimension: int) -> None:
    await conn.execute(
        "UPDATE datasets SET embedding_dimension = $2 WHERE id = $1 AND embedding_dimension = 0", dataset_id, dimension
    )


async def soft_delete(conn: Conn, dataset_id: int) -> None:
    await conn.execute(
        "UPDATE datasets SET deleted_at = now(), status = $2, updated_at = now() WHERE id = $1",
        dataset_id, DatasetStatus.DatasetDeleted,
    )


async def is_live(conn: Conn, dataset_id: int) -> bool:
    return bool(await conn.fetchval("SELECT deleted_at IS NULL FROM datasets WHERE id = $1", dataset_id))


async def get_any(conn: Conn, dataset_id: int) -> Dataset | None:
    """The dataset even when it was deleted (its search indexes may still need dropping)."""
    return maybe(Dataset, await conn.fetchrow("SELECT * FROM datasets WHERE id = $1", dataset_id))


async def use_index(conn: Conn, dataset_id: int, *, embedding_model: str, embedding_dimension: int,
                    index_id: int) -> None:
    """The dataset moves to another embedder and the index its slices were re-embedded into."""
    await conn.execute(
        "UPDATE datasets SET embedding_model = $2, embedding_dimension = $3, index_id = $4, updated_at = now()"
        " WHERE id = $1", dataset_id, embedding_model, embedding_dimension, index_id)


async def analyzed_before(conn: Conn, version: int, limit: int = 100) -> list[Dataset]:
    """Live datasets whose full-text index holds text of an older analyzer."""
    return many(Dataset, await conn.fetch(
        "SELECT * FROM datasets WHERE deleted_at IS NULL AND fulltext_analyzer < $1 ORDER BY id LIMIT $2",
        version, limit))


async def set_analyzer(conn: Conn, dataset_id: int, version: int) -> None:
    await conn.execute("UPDATE datasets SET fulltext_analyzer = $2 WHERE id = $1", dataset_id, version)
