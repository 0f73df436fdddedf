"""workflow_references rows: which workflows the draft of a workflow uses."""

from __future__ import annotations

from collections.abc import Iterable

from atelier_workflow.domain.entities import Reference, Referrer
from atelier_workflow.store import Conn


async def replace_for(conn: Conn, referring_id: int, refs: Iterable[Reference]) -> None:
    """The references of referring_id become exactly refs."""
    refs = list(refs)
    await conn.execute("DELETE FROM workflow_references WHERE referring_id = $1", referring_id)
    await conn.executemany(
        "INSERT INTO workflow_references (referring_id, referred_id, refer_type) VALUES ($1, $2, $3)",
        [(referring_id, ref.referred_id, ref.refer_type) for ref in refs])


async def copy(conn: Conn, source_id: int, copy_id: int) -> None:
    """The copy of a workflow uses what the original uses."""
    await conn.execute(
        "INSERT INTO workflow_references (referring_id, referred_id, refer_type)"
        " SELECT $2, referred_id, refer_type FROM workflow_references WHERE referring_id = $1", source_id, copy_id)


async def referrers(conn: Conn, referred_id: int) -> list[Referrer]:
    """The live workflows whose drafts use referred_id, by name."""
    rows = await conn.fetch(
        "SELECT DISTINCT w.id, w.name FROM workflow_references r JOIN workflows w ON w.id = r.referring_id"
        " WHERE r.referred_id = $1 AND w.deleted_at IS NULL ORDER BY w.name, w.id", referred_id)
    return [Referrer(id=r["id"], name=r["name"]) for r in rows]


async def delete_touching(conn: Conn, workflow_id: int) -> None:
    """Forget every reference from or to the workflow (it is being deleted)."""
    await conn.execute("DELETE FROM workflow_references WHERE referring_id = $1 OR referred_id = $1", workflow_id)
