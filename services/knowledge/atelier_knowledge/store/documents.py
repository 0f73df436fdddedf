"""documents rows (read as Document entities) and their status transitions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import asyncpg

from atelier_knowledge.domain.entities import Document, DocumentBrief
from atelier_knowledge.store.rows import many, maybe
from atelier_proto.enums import DocumentStatus, UpdateType

Conn = asyncpg.Connection | asyncpg.Pool
IN_FLIGHT = (DocumentStatus.Uploading, DocumentStatus.Chunking)
# Written into SQL text as literals (not bound) so the planner can match partial indexes on them.
DELETED = int(DocumentStatus.Deleted)
REFRESHABLE = f"({int(DocumentStatus.Enable)}, {int(DocumentStatus.Failed)})"
AUTO_UPDATE = int(UpdateType.AutoUpdate)


async def insert(conn: Conn, *, id: int, dataset_id: int, space_id: int, creator_id: int, name: str,
                 file_type: str, source_type: int, tos_uri: str, size: int, status: int,
                 chunk_strategy: dict[str, Any], parsing_strategy: dict[str, Any],
                 table_sheet: dict[str, Any] | None = None, caption: str = "", caption_type: int = 0,
                 web_url: str = "", update_type: int = 0, update_interval: int = 0) -> None:
    await conn.execute(
        "INSERT INTO documents (id, dataset_id, space_id, creator_id, name, file_type, source_type, tos_uri, size,"
        " status, chunk_strategy, parsing_strategy, table_sheet, caption, caption_type, web_url, update_type,"
        " update_interval, heartbeat_at)"
        " VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18, now())",
        id, dataset_id, space_id, creator_id, name, file_type, source_type, tos_uri, size, status,
        chunk_strategy, parsing_strategy, table_sheet, caption, caption_type, web_url, update_type, update_interval,
    )


async def get(conn: Conn, document_id: int, *, for_update: bool = False) -> Document | None:
    lock = " FOR UPDATE" if for_update else ""
    return maybe(Document, await conn.fetchrow(f"SELECT * FROM documents WHERE id = $1{lock}", document_id))


async def get_many(conn: Conn, document_ids: Sequence[int]) -> list[Document]:
    return many(Document, await conn.fetch(
        f"SELECT * FROM documents WHERE id = ANY($1::bigint[]) AND status <> {DELETED} ORDER BY created_at, id",
        list(document_ids)))


async def list_page(conn: Conn, *, dataset_id: int, document_ids: Sequence[int] | None, keyword: str,
                    limit: int, offset: int, status: int | None = None, has_caption: bool | None = None
                    ) -> tuple[list[Document], int]:
    where = ["dataset_id = $1", f"status <> {DELETED}"]
    args: list[Any] = [dataset_id]
    if document_ids:
        args.append(list(document_ids))
        where.append(f"id = ANY(${len(args)}::bigint[])")
    if keyword:
        args.append(f"%{keyword}%")
        where.append(f"(name ILIKE ${len(args)} OR caption ILIKE ${len(args)})")
    if status is not None:
        args.append(status)
        where.append(f"status = ${len(args)}")
    if has_caption is not None:
        where.append("caption <> ''" if has_caption else "caption = ''")
    clause = " AND ".join(where)
    total = await conn.fetchval(f"SELECT count(*) FROM documents WHERE {clause}", *args)
    rows = await conn.fetch(
        f"SELECT * FROM documents WHERE {clause} ORDER BY created_at, id LIMIT {int(limit)} OFFSET {int(offset)}", *args
    )
    return many(Document, rows), int(total)


async def names_by_status(conn: Conn, dataset_id: int) -> list[DocumentBrief]:
    return many(DocumentBrief, await conn.fetch(
        f"SELECT id, name, status FROM documents WHERE dataset_id = $1 AND status <> {DELETED} ORDER BY created_at",
        dataset_id))


async def update_fields(conn: Conn, document_id: int, fields: dict[str, Any]) -> None:
    if not fields:
        return
    sets = ", ".join(f"{k} = ${i + 2}" for i, k in enumerate(fields))
    await conn.execute(f"UPDATE documents SET {sets}, updated_at = now() WHERE id = $1", document_id, *fields.values())


async def mark_queued(conn: Conn, document_ids: Sequence[int], *, chunk_strategy: dict[str, Any] | None = None,
                      parsing_strategy: dict[str, Any] | None = None) -> None:
    """Back to Uploading (queued for the indexer), e.g. on resegment."""
    await conn.execute(
        "UPDATE documents SET status = $2, status_descript = '', progress = 0, index_attempts = 0,"
        " chunk_strategy = coalesce($3, chunk_strategy), parsing_strategy = coalesce($4, parsing_strategy),"
        " heartbeat_at = now(), updated_at = now() WHERE id = ANY($1::bigint[])",
        list(document_ids), DocumentStatus.Uploading, chunk_strategy, parsing_strategy,
    )


@dataclass(frozen=True)
class RunState:
    """Where a document's indexing stands: its status and the run that may write to it."""

    status: DocumentStatus
    run: int

    def owned_by(self, run: int) -> bool:
        return self.status == DocumentStatus.Chunking and self.run == run


async def run_state(conn: asyncpg.Connection, document_id: int) -> RunState | None:
    """The document's status and run, row locked (the delete RPC takes the same lock)."""
    row = await conn.fetchrow("SELECT status, index_run FROM documents WHERE id = $1 FOR UPDATE", document_id)
    return None if row is None else RunState(DocumentStatus(row["status"]), row["index_run"])


async def start_run(conn: Conn, document_id: int) -> int:
    """Chunking, counters reset, under a new run number (returned)."""
    return int(await conn.fetchval(
        "UPDATE documents SET status = $2, status_descript = '', progress = 0, slice_count = 0, char_count = 0,"
        " index_run = index_run + 1, index_started_at = now(), heartbeat_at = now(), updated_at = now()"
        " WHERE id = $1 RETURNING index_run",
        document_id, DocumentStatus.Chunking,
    ))


async def set_progress(conn: Conn, document_id: int, progress: int) -> None:
    await conn.execute(
        "UPDATE documents SET progress = $2, heartbeat_at = now() WHERE id = $1 AND status = $3",
        document_id, progress, DocumentStatus.Chunking,
    )


async def mark_enabled(conn: Conn, document_id: int, *, slice_count: int, char_count: int,
                       caption: str | None = None) -> None:
    await conn.execute(
        "UPDATE documents SET status = $2, status_descript = '', progress = 100, slice_count = $3, char_count = $4,"
        " caption = coalesce($5, caption), heartbeat_at = now(), updated_at = now() WHERE id = $1",
        document_id, DocumentStatus.Enable, slice_count, char_count, caption,
    )


async def mark_failed(conn: Conn, document_id: int, reason: str) -> bool:
    """Failed with a reason, unless the document was deleted meanwhile; True when it changed."""
    status = await conn.fetchval(
        "UPDATE documents SET status = $2, status_descript = $3, heartbeat_at = now(), updated_at = now()"
        f" WHERE id = $1 AND status <> {DELETED} RETURNING status",
        document_id, DocumentStatus.Failed, reason[:2000],
    )
    return status is not None


async def soft_delete(conn: Conn, document_ids: Sequence[int]) -> list[int]:
    rows = await conn.fetch(
        f"UPDATE documents SET status = {DELETED}, updated_at = now() WHERE id = ANY($1::bigint[]) AND status <> {DELETED} RETURNING id",
        list(document_ids),
    )
    return [r["id"] for r in rows]


async def soft_delete_dataset(conn: Conn, dataset_id: int) -> list[int]:
    rows = await conn.fetch(f"UPDATE documents SET status = {DELETED}, updated_at = now() WHERE dataset_id = $1 AND status <> {DELETED}"
                            " RETURNING id", dataset_id)
    return [r["id"] for r in rows]


async def stuck(conn: Conn, older_than_s: float, limit: int = 100) -> list[Document]:
    """Documents queued or chunking with no sign of life for `older_than_s` seconds."""
    return many(Document, await conn.fetch(
        "SELECT * FROM documents WHERE status = ANY($1::smallint[])"
        " AND heartbeat_at < now() - make_interval(secs => $2) ORDER BY heartbeat_at LIMIT $3",
        list(IN_FLIGHT), older_than_s, limit,
    ))


async def heartbeat(conn: Conn, document_ids: Sequence[int]) -> None:
    """A sign of life of documents an indexer holds (queued in it or being indexed)."""
    await conn.execute(
        "UPDATE documents SET heartbeat_at = now() WHERE id = ANY($1::bigint[]) AND status = ANY($2::smallint[])",
        list(document_ids), list(IN_FLIGHT),
    )


async def touch_redriven(conn: Conn, document_id: int) -> int:
    return int(await conn.fetchval(
        "UPDATE documents SET index_attempts = index_attempts + 1, heartbeat_at = now() WHERE id = $1"
        " RETURNING index_attempts", document_id,
    ))


async def claim_due_web_pages(conn: asyncpg.Connection, limit: int = 100) -> list[Document]:
    """Web page documents on automatic refresh whose interval has passed since their last fetch,
    marked fetched now (the claim): the caller writes their refresh events in the same transaction."""
    return many(Document, await conn.fetch(
        "UPDATE documents SET web_fetched_at = now() WHERE id IN ("
        f" SELECT id FROM documents WHERE update_type = {AUTO_UPDATE} AND status IN {REFRESHABLE} AND update_interval > 0"
        " AND coalesce(web_fetched_at, updated_at) + make_interval(hours => update_interval) <= now()"
        " ORDER BY web_fetched_at NULLS FIRST LIMIT $1 FOR UPDATE SKIP LOCKED)"
        " RETURNING *",
        limit,
    ))


async def live_ids_after(conn: Conn, dataset_id: int, after_id: int, limit: int) -> list[int]:
    """The dataset's live document ids after `after_id`, in id order (walks that resume by id)."""
    rows = await conn.fetch(
        f"SELECT id FROM documents WHERE dataset_id = $1 AND id > $2 AND status <> {DELETED} ORDER BY id LIMIT $3",
        dataset_id, after_id, limit)
    return [r["id"] for r in rows]


# ---------------------------------------------------------------------------- source files


@dataclass(frozen=True)
class DeletedSource:
    document_id: int
    tos_uri: str


async def sources_to_remove(conn: asyncpg.Connection, limit: int, document_ids: Sequence[int] | None = None
                            ) -> list[DeletedSource]:
    """Deleted documents (these, or any) whose source file was not removed yet, row locked (one
    sweeper each)."""
    only = " AND id = ANY($2::bigint[])" if document_ids is not None else ""
    args = [list(document_ids)] if document_ids is not None else []
    rows = await conn.fetch(
        f"SELECT id, tos_uri FROM documents WHERE status = {DELETED} AND NOT source_removed{only} ORDER BY id LIMIT $1"
        " FOR UPDATE SKIP LOCKED", limit, *args)
    return [DeletedSource(r["id"], r["tos_uri"]) for r in rows]


async def mark_sources_removed(conn: Conn, document_ids: Sequence[int]) -> None:
    await conn.execute("UPDATE documents SET source_removed = true WHERE id = ANY($1::bigint[])", list(document_ids))


async def sweep_source_again(conn: Conn, document_id: int) -> None:
    """A deleted document's source was written after its sweep (a web page fetched meanwhile)."""
    await conn.execute(f"UPDATE documents SET source_removed = false WHERE id = $1 AND status = {DELETED}", document_id)


async def keys_in_use(conn: Conn, keys: Sequence[str], *, live_only: bool) -> set[str]:
    """Those of `keys` some document (a live one, or any) has as its source."""
    status = f" AND status <> {DELETED}" if live_only else ""
    rows = await conn.fetch(f"SELECT DISTINCT tos_uri FROM documents WHERE tos_uri = ANY($1::text[]){status}", list(keys))
    return {r["tos_uri"] for r in rows}
