"""embedder_switches rows: moving a dataset to another embedder, with its progress."""

from __future__ import annotations

import asyncpg

from atelier_knowledge.domain.entities import EmbedderSwitch
from atelier_knowledge.store.rows import entity, many, maybe
from atelier_proto.enums import EmbedderSwitchStatus

Conn = asyncpg.Connection | asyncpg.Pool


async def insert(conn: Conn, *, id: int, dataset_id: int, space_id: int, from_model: str, to_model: str,
                 total_slices: int) -> EmbedderSwitch:
    row = await conn.fetchrow(
        "INSERT INTO embedder_switches (id, dataset_id, space_id, from_model, to_model, total_slices)"
        " VALUES ($1,$2,$3,$4,$5,$6) RETURNING *", id, dataset_id, space_id, from_model, to_model, total_slices)
    return entity(EmbedderSwitch, row)


async def get(conn: Conn, switch_id: int, *, for_update: bool = False) -> EmbedderSwitch | None:
    lock = " FOR UPDATE" if for_update else ""
    return maybe(EmbedderSwitch, await conn.fetchrow(f"SELECT * FROM embedder_switches WHERE id = $1{lock}", switch_id))


async def latest(conn: Conn, dataset_id: int) -> EmbedderSwitch | None:
    return maybe(EmbedderSwitch, await conn.fetchrow(
        "SELECT * FROM embedder_switches WHERE dataset_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1", dataset_id))


async def latest_many(conn: Conn, dataset_ids: list[int]) -> dict[int, EmbedderSwitch]:
    rows = await conn.fetch(
        "SELECT DISTINCT ON (dataset_id) * FROM embedder_switches WHERE dataset_id = ANY($1::bigint[])"
        " ORDER BY dataset_id, created_at DESC, id DESC", dataset_ids)
    return {r["dataset_id"]: entity(EmbedderSwitch, r) for r in rows}


async def running(conn: Conn, dataset_id: int) -> EmbedderSwitch | None:
    return maybe(EmbedderSwitch, await conn.fetchrow(
        "SELECT * FROM embedder_switches WHERE dataset_id = $1 AND status = $2", dataset_id, EmbedderSwitchStatus.Running))


async def of_dataset(conn: Conn, dataset_id: int) -> list[EmbedderSwitch]:
    """Every switch the dataset had, oldest first (at most one of them running)."""
    return many(EmbedderSwitch, await conn.fetch(
        "SELECT * FROM embedder_switches WHERE dataset_id = $1 ORDER BY id", dataset_id))


async def set_total(conn: Conn, switch_id: int, total_slices: int) -> None:
    await conn.execute("UPDATE embedder_switches SET total_slices = $2, updated_at = now() WHERE id = $1",
                       switch_id, total_slices)


async def set_dimension(conn: Conn, switch_id: int, dimension: int) -> None:
    await conn.execute("UPDATE embedder_switches SET dimension = $2 WHERE id = $1 AND dimension = 0",
                       switch_id, dimension)


async def advance(conn: Conn, switch_id: int, *, document_id: int, slices: int) -> None:
    """A document's slices are in the new index (resuming starts after it)."""
    await conn.execute(
        "UPDATE embedder_switches SET last_document = $2, done_slices = done_slices + $3, updated_at = now()"
        " WHERE id = $1 AND status = $4 AND last_document < $2", switch_id, document_id, slices, EmbedderSwitchStatus.Running)


async def finish(conn: Conn, switch_id: int, status: EmbedderSwitchStatus, error: str = "") -> bool:
    """Running -> done/failed; False when it was final already."""
    result = await conn.execute(
        "UPDATE embedder_switches SET status = $2, error = $3, finished_at = now(), updated_at = now()"
        " WHERE id = $1 AND status = $4", switch_id, status, error, EmbedderSwitchStatus.Running)
    return result.endswith(" 1")
