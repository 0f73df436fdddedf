"""workflow_drafts rows: the canvas being edited, one per workflow."""

from __future__ import annotations

from atelier_workflow.domain.entities import Draft, DraftState
from atelier_workflow.store import Conn


async def insert(conn: Conn, *, workflow_id: int, canvas: str, content_hash: str, commit_id: str,
                 test_run_passed: bool = False) -> None:
    await conn.execute(
        "INSERT INTO workflow_drafts (workflow_id, canvas, content_hash, commit_id, test_run_passed)"
        " VALUES ($1, $2, $3, $4, $5)", workflow_id, canvas, content_hash, commit_id, test_run_passed)


async def get(conn: Conn, workflow_id: int) -> Draft | None:
    row = await conn.fetchrow("SELECT * FROM workflow_drafts WHERE workflow_id = $1", workflow_id)
    if row is None:
        return None
    return Draft(workflow_id=workflow_id, canvas=row["canvas"], state=DraftState(
        commit_id=row["commit_id"], content_hash=row["content_hash"], test_run_passed=row["test_run_passed"],
        updated_at=row["updated_at"]))


async def replace(conn: Conn, workflow_id: int, *, expected_commit_id: str, canvas: str, content_hash: str,
                  commit_id: str) -> bool:
    """Store a new canvas over the draft at expected_commit_id; False when the draft is at another
    commit by now. A passed test run stays valid while what runs is unchanged (same hash)."""
    updated = await conn.fetchval(
        "UPDATE workflow_drafts SET canvas = $3, commit_id = $5, updated_at = now(),"
        " test_run_passed = test_run_passed AND content_hash = $4, content_hash = $4"
        " WHERE workflow_id = $1 AND commit_id = $2 RETURNING true",
        workflow_id, expected_commit_id, canvas, content_hash, commit_id)
    return bool(updated)


async def canvases(conn: Conn, workflow_ids: list[int]) -> dict[int, str]:
    rows = await conn.fetch("SELECT workflow_id, canvas FROM workflow_drafts WHERE workflow_id = ANY($1::bigint[])",
                            workflow_ids)
    return {r["workflow_id"]: r["canvas"] for r in rows}
