"""node_executions rows: what each node did in a run (written in batches by the run recorder).
JSON columns take and give Python values (the pool's codec)."""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg

from atelier_proto.enums import NodeExeStatus
from atelier_workflow.domain.runs import NodeExecution
from atelier_workflow.store import Conn

_COLUMNS = ("execute_id", "node_id", "scope_owner", "iteration", "attempt", "run_attempt", "node_type", "title",
            "status", "input", "output", "error", "error_code", "input_tokens", "output_tokens", "started_at",
            "duration_ms")


async def upsert(conn: asyncpg.Connection, nodes: Sequence[NodeExecution]) -> None:
    """A node's row is written when it starts and again when it ends (same key)."""
    if not nodes:
        return
    placeholders = ", ".join(f"${i + 1}" + ("::jsonb" if name in ("input", "output") else "")
                             for i, name in enumerate(_COLUMNS))
    updates = ", ".join(f"{name} = EXCLUDED.{name}" for name in ("status", "output", "error", "error_code",
                                                                 "input_tokens", "output_tokens", "duration_ms"))
    await conn.executemany(
        f"INSERT INTO node_executions ({', '.join(_COLUMNS)}) VALUES ({placeholders})"
        " ON CONFLICT (execute_id, node_id, scope_owner, iteration, attempt, run_attempt)"
        f" DO UPDATE SET {updates}",
        [(n.execute_id, n.node_id, n.scope_owner, n.iteration, n.attempt, n.run_attempt, n.node_type, n.title,
          int(n.status), n.input, n.output, n.error, n.error_code, n.input_tokens, n.output_tokens,
          n.started_at, n.duration_ms) for n in nodes])


async def of_run(conn: Conn, execute_id: int) -> list[NodeExecution]:
    rows = await conn.fetch("SELECT * FROM node_executions WHERE execute_id = $1"
                            " ORDER BY started_at, node_id, iteration, attempt, run_attempt", execute_id)
    return [NodeExecution(
        execute_id=r["execute_id"], node_id=r["node_id"], node_type=r["node_type"], title=r["title"],
        status=NodeExeStatus(r["status"]), started_at=r["started_at"], duration_ms=r["duration_ms"],
        scope_owner=r["scope_owner"], iteration=r["iteration"], attempt=r["attempt"], run_attempt=r["run_attempt"],
        input=r["input"], output=r["output"], error=r["error"], error_code=r["error_code"],
        input_tokens=r["input_tokens"], output_tokens=r["output_tokens"]) for r in rows]
