"""slices rows, read as Slice entities."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import asyncpg

from atelier_knowledge.domain.entities import RetrievableSlice, Slice
from atelier_knowledge.store.rows import many, maybe
from atelier_proto.enums import DocumentStatus, SliceStatus

Conn = asyncpg.Connection | asyncpg.Pool


@dataclass(frozen=True)
class NewSlice:
    id: int
    sequence: int
    content: str
    token_count: int
    chunk_info: dict[str, Any]


async def insert_many(conn: Conn, *, document_id: int, dataset_id: int, space_id: int, slices: Sequence[NewSlice],
                      status: SliceStatus = SliceStatus.Init) -> None:
    await conn.executemany(
        "INSERT INTO slices (id, document_id, dataset_id, space_id, sequence, content, char_count, token_count,"
        " chunk_info, status) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) ON CONFLICT (id) DO NOTHING",
        [(s.id, document_id, dataset_id, space_id, s.sequence, s.content, len(s.content), s.token_count, s.chunk_info,
          status) for s in slices],
    )


async def mark_stored(conn: Conn, slice_ids: Sequence[int]) -> None:
    await conn.execute("UPDATE slices SET status = $2, updated_at = now() WHERE id = ANY($1::bigint[])",
                       list(slice_ids), SliceStatus.Stored)


async def delete_for_document(conn: Conn, document_id: int) -> None:
    await conn.execute("DELETE FROM slices WHERE document_id = $1", document_id)


async def delete_for_dataset(conn: Conn, dataset_id: int) -> None:
    await conn.execute("DELETE FROM slices WHERE dataset_id = $1", dataset_id)


async def get(conn: Conn, slice_id: int, *, for_update: bool = False) -> Slice | None:
    lock = " FOR UPDATE" if for_update else ""
    return maybe(Slice, await conn.fetchrow(f"SELECT * FROM slices WHERE id = $1{lock}", slice_id))


async def get_many(conn: Conn, slice_ids: Sequence[int]) -> list[Slice]:
    return many(Slice, await conn.fetch("SELECT * FROM slices WHERE id = ANY($1::bigint[])", list(slice_ids)))


async def list_page(conn: Conn, *, document_id: int | None, dataset_id: int | None, keyword: str,
                    offset: int, limit: int) -> tuple[list[Slice], int]:
    where, args = [], []
    if document_id:
        args.append(document_id)
        where.append(f"document_id = ${len(args)}")
    if dataset_id:
        args.append(dataset_id)
        where.append(f"dataset_id = ${len(args)}")
    if keyword:
        args.append(f"%{keyword}%")
        where.append(f"content ILIKE ${len(args)}")
    clause = " AND ".join(where) or "true"
    total = await conn.fetchval(f"SELECT count(*) FROM slices WHERE {clause}", *args)
    rows = await conn.fetch(
        f"SELECT * FROM slices WHERE {clause} ORDER BY sequence, id LIMIT {int(limit)} OFFSET {int(offset)}", *args
    )
    return many(Slice, rows), int(total)


async def shift_sequences(conn: Conn, document_id: int, from_sequence: int) -> None:
    """Make room for a slice inserted at from_sequence."""
    await conn.execute("UPDATE slices SET sequence = sequence + 1 WHERE document_id = $1 AND sequence >= $2",
                       document_id, from_sequence)


async def next_sequence(conn: Conn, document_id: int) -> int:
    return int(await conn.fetchval("SELECT coalesce(max(sequence) + 1, 0) FROM slices WHERE document_id = $1", document_id))


async def insert_one(conn: Conn, *, id: int, document_id: int, dataset_id: int, space_id: int, sequence: int,
                     content: str, token_count: int) -> None:
    await conn.execute(
        "INSERT INTO slices (id, document_id, dataset_id, space_id, sequence, content, char_count, token_count)"
        " VALUES ($1,$2,$3,$4,$5,$6,$7,$8)",
        id, document_id, dataset_id, space_id, sequence, content, len(content), token_count,
    )


async def update_content(conn: Conn, slice_id: int, content: str, token_count: int) -> None:
    await conn.execute(
        "UPDATE slices SET content = $2, char_count = $3, token_count = $4, status = $5, updated_at = now() WHERE id = $1",
        slice_id, content, len(content), token_count, SliceStatus.Init,
    )


async def delete_many(conn: Conn, slice_ids: Sequence[int]) -> None:
    await conn.execute("DELETE FROM slices WHERE id = ANY($1::bigint[])", list(slice_ids))


async def refresh_document_counts(conn: Conn, document_id: int) -> None:
    await conn.execute(
        "UPDATE documents SET slice_count = (SELECT count(*) FROM slices WHERE document_id = $1),"
        " char_count = (SELECT coalesce(sum(char_count), 0)::bigint FROM slices WHERE document_id = $1), updated_at = now()"
        " WHERE id = $1", document_id,
    )


async def retrievable(conn: Conn, slice_ids: Sequence[int]) -> list[RetrievableSlice]:
    """Slices with their document's name and file, only where the document is enabled (a disabled
    or deleted document's slices may linger in the search stores until the indexer removes them)."""
    return many(RetrievableSlice, await conn.fetch(
        "SELECT s.id, s.content, s.sequence, s.chunk_info, s.document_id, s.dataset_id,"
        " d.name AS document_name, d.tos_uri"
        " FROM slices s JOIN documents d ON d.id = s.document_id"
        " WHERE s.id = ANY($1::bigint[]) AND d.status = $2",
        list(slice_ids), DocumentStatus.Enable,
    ))


async def first_retrievable(conn: Conn, slice_ids: Sequence[int], limit: int) -> list[RetrievableSlice]:
    """The first `limit` of these slices, in the order given, that `retrievable` would return: an
    answer's top_k read in one statement without reading (and sending) every fused candidate's text."""
    return many(RetrievableSlice, await conn.fetch(
        "SELECT s.id, s.content, s.sequence, s.chunk_info, s.document_id, s.dataset_id,"
        " d.name AS document_name, d.tos_uri"
        " FROM unnest($1::bigint[]) WITH ORDINALITY AS wanted(id, position)"
        " JOIN slices s ON s.id = wanted.id JOIN documents d ON d.id = s.document_id"
        " WHERE d.status = $2 ORDER BY wanted.position LIMIT $3",
        list(slice_ids), DocumentStatus.Enable, limit,
    ))


async def count_for_dataset(conn: Conn, dataset_id: int) -> int:
    return int(await conn.fetchval("SELECT count(*) FROM slices WHERE dataset_id = $1", dataset_id))


async def page_for_document(conn: Conn, document_id: int, *, after_sequence: int, after_id: int, limit: int
                            ) -> list[Slice]:
    """A document's slices in (sequence, id) order after the given position."""
    return many(Slice, await conn.fetch(
        "SELECT * FROM slices WHERE document_id = $1 AND (sequence, id) > ($2, $3) ORDER BY sequence, id LIMIT $4",
        document_id, after_sequence, after_id, limit))
