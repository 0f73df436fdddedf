"""workflow_versions rows: published canvases, never changed once written (a trigger refuses)."""

from __future__ import annotations

import asyncpg

from atelier_workflow.domain.entities import PublishedVersion
from atelier_workflow.domain.versions import SemVer
from atelier_workflow.store import Conn


def _version(row: asyncpg.Record) -> PublishedVersion:
    return PublishedVersion(workflow_id=row["workflow_id"], version=row["version"], description=row["description"],
                            canvas=row["canvas"], content_hash=row["content_hash"], commit_id=row["commit_id"],
                            creator_id=row["creator_id"], created_at=row["created_at"])


async def insert(conn: Conn, *, workflow_id: int, version: SemVer, description: str, canvas: str,
                 content_hash: str, commit_id: str, creator_id: int) -> None:
    await conn.execute(
        "INSERT INTO workflow_versions (workflow_id, version, major, minor, patch, description, canvas, content_hash,"
        " commit_id, creator_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        workflow_id, str(version), version.major, version.minor, version.patch, description, canvas, content_hash,
        commit_id, creator_id)


async def get(conn: Conn, workflow_id: int, version: str) -> PublishedVersion | None:
    row = await conn.fetchrow("SELECT * FROM workflow_versions WHERE workflow_id = $1 AND version = $2",
                              workflow_id, version)
    return None if row is None else _version(row)
