"""workflows rows, read with their draft's state and latest version as Workflow entities."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import asyncpg

from atelier_proto.enums import WorkflowMode
from atelier_workflow.domain.entities import DraftState, LatestVersion, MetaChanges, Workflow
from atelier_workflow.store import Conn

# Row locks taken on a workflow: UPDATE to delete it; NO KEY UPDATE to change it (save, publish),
# which lets others keep it as a sub-workflow meanwhile; KEY SHARE to refer to it (a save whose
# canvas uses it), which waits for a delete in progress.
RowLock = Literal["UPDATE", "NO KEY UPDATE", "KEY SHARE"]

_SELECT = (
    "SELECT w.id, w.space_id, w.project_id, w.name, w.description, w.icon_uri, w.mode, w.creator_id,"
    " w.created_at, w.updated_at, d.commit_id, d.content_hash, d.test_run_passed, d.updated_at AS draft_updated_at,"
    " v.version, v.commit_id AS version_commit_id, v.content_hash AS version_hash, v.created_at AS version_created_at"
    " FROM workflows w JOIN workflow_drafts d ON d.workflow_id = w.id"
    " LEFT JOIN workflow_versions v ON v.workflow_id = w.id AND v.version = w.latest_version"
)


def _workflow(row: asyncpg.Record) -> Workflow:
    latest = None
    if row["version"] is not None:
        latest = LatestVersion(version=row["version"], commit_id=row["version_commit_id"],
                               content_hash=row["version_hash"], created_at=row["version_created_at"])
    return Workflow(
        id=row["id"], space_id=row["space_id"], project_id=row["project_id"], name=row["name"],
        description=row["description"], icon_uri=row["icon_uri"], mode=WorkflowMode(row["mode"]),
        creator_id=row["creator_id"], created_at=row["created_at"], updated_at=row["updated_at"],
        draft=DraftState(commit_id=row["commit_id"], content_hash=row["content_hash"],
                         test_run_passed=row["test_run_passed"], updated_at=row["draft_updated_at"]),
        latest=latest)


async def insert(conn: Conn, *, id: int, space_id: int, project_id: int | None, name: str, description: str,
                 icon_uri: str, mode: WorkflowMode, creator_id: int, source_id: int | None = None) -> None:
    await conn.execute(
        "INSERT INTO workflows (id, space_id, project_id, name, description, icon_uri, mode, creator_id, source_id)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        id, space_id, project_id, name, description, icon_uri, mode, creator_id, source_id)


async def get(conn: Conn, workflow_id: int, *, lock: RowLock | None = None) -> Workflow | None:
    suffix = f" FOR {lock} OF w" if lock else ""
    row = await conn.fetchrow(f"{_SELECT} WHERE w.id = $1 AND w.deleted_at IS NULL{suffix}", workflow_id)
    return None if row is None else _workflow(row)


async def in_space(conn: Conn, space_id: int, ids: list[int]) -> list[Workflow]:
    """The workflows of the space among ids, in the order asked (unknown ones left out)."""
    rows = await conn.fetch(
        f"{_SELECT} WHERE w.id = ANY($2::bigint[]) AND w.space_id = $1 AND w.deleted_at IS NULL"
        " ORDER BY array_position($2::bigint[], w.id)", space_id, ids)
    return [_workflow(r) for r in rows]


async def keep_existing(conn: asyncpg.Connection, space_id: int, ids: list[int]) -> set[int]:
    """Those of ids that are workflows of the space, held (KEY SHARE) until the transaction ends so
    none is deleted meanwhile."""
    rows = await conn.fetch("SELECT id FROM workflows WHERE id = ANY($2::bigint[]) AND space_id = $1"
                            " AND deleted_at IS NULL FOR KEY SHARE", space_id, ids)
    return {r["id"] for r in rows}


async def names_starting_with(conn: Conn, space_id: int, prefix: str) -> set[str]:
    rows = await conn.fetch("SELECT name FROM workflows WHERE space_id = $1 AND deleted_at IS NULL"
                            " AND starts_with(name, $2)", space_id, prefix)
    return {r["name"] for r in rows}


async def update_meta(conn: Conn, workflow_id: int, changes: MetaChanges) -> None:
    """Set the changed fields and mark the workflow changed."""
    await conn.execute(
        "UPDATE workflows SET name = coalesce($2, name), description = coalesce($3, description),"
        " icon_uri = coalesce($4, icon_uri), mode = coalesce($5, mode), updated_at = now() WHERE id = $1",
        workflow_id, changes.name, changes.description, changes.icon_uri, changes.mode)


async def set_latest_version(conn: Conn, workflow_id: int, version: str) -> None:
    await conn.execute("UPDATE workflows SET latest_version = $2, updated_at = now() WHERE id = $1",
                       workflow_id, version)


async def soft_delete(conn: Conn, workflow_id: int) -> None:
    await conn.execute("UPDATE workflows SET deleted_at = now() WHERE id = $1", workflow_id)


@dataclass(frozen=True)
class ListFilter:
    space_id: int
    mode: WorkflowMode | None = None  # None: every mode
    name: str = ""  # part of the name, any case
    published: bool | None = None  # None: both
    ids: list[int] = field(default_factory=list)
    creator_id: int | None = None
    project_id: int | None = None


async def list_in_space(conn: Conn, query: ListFilter, *, limit: int, offset: int) -> tuple[list[Workflow], int]:
    """A page of the matching workflows, most recently changed first; and how many match."""
    args: list[Any] = [query.space_id]
    where = ["w.space_id = $1", "w.deleted_at IS NULL"]

    def condition(sql: str, value: Any) -> None:
        args.append(value)
        where.append(sql.format(f"${len(args)}"))

    if query.mode is not None:
        condition("w.mode = {}", query.mode)
    if query.name:
        condition("strpos(lower(w.name), lower({})) > 0", query.name)
    if query.published is not None:
        where.append("w.latest_version IS NOT NULL" if query.published else "w.latest_version IS NULL")
    if query.ids:
        condition("w.id = ANY({}::bigint[])", query.ids)
    if query.creator_id is not None:
        condition("w.creator_id = {}", query.creator_id)
    if query.project_id is not None:
        condition("w.project_id = {}", query.project_id)
    clause = " AND ".join(where)
    rows = await conn.fetch(f"{_SELECT} WHERE {clause} ORDER BY w.updated_at DESC, w.id DESC"
                            f" LIMIT ${len(args) + 1} OFFSET ${len(args) + 2}", *args, limit, offset)
    total = await conn.fetchval(f"SELECT count(*) FROM workflows w WHERE {clause}", *args)
    return [_workflow(r) for r in rows], int(total)
