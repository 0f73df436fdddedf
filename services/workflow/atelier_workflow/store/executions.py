"""workflow_executions rows: a run, its lease and its checkpoint.

Every write made while executing a run names the lease owner, so a holder that lost its lease
(it stalled and another took the run over) changes nothing: those calls answer False."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import asyncpg

from atelier_proto.enums import WorkflowExeStatus, WorkflowRunMode
from atelier_workflow.domain.progress import Checkpoint
from atelier_workflow.domain.runs import Execution, NewExecution, NodeExecution, RunEnd
from atelier_workflow.store import Conn
from atelier_workflow.store import node_executions as node_rows

RUNNING = int(WorkflowExeStatus.Running)


def _execution(row: asyncpg.Record) -> Execution:
    checkpoint = row["checkpoint"]  # the pool decodes json columns
    return Execution(
        id=row["id"], workflow_id=row["workflow_id"], space_id=row["space_id"], creator_id=row["creator_id"],
        version=row["version"], content_hash=row["content_hash"], mode=WorkflowRunMode(row["mode"]),
        bot_id=row["bot_id"], project_id=row["project_id"], input=row["input"] or {},
        status=WorkflowExeStatus(row["status"]), output=row["output"], answer=row["answer"],
        error_code=row["error_code"], error_msg=row["error_msg"], failed_node_id=row["failed_node_id"],
        input_tokens=row["input_tokens"], output_tokens=row["output_tokens"],
        checkpoint=Checkpoint.from_json(checkpoint) if checkpoint else None,
        cancel_requested=row["cancel_requested"], lease_owner=row["lease_owner"], lease_until=row["lease_until"],
        attempts=row["attempts"], created_at=row["created_at"], started_at=row["started_at"],
        updated_at=row["updated_at"], finished_at=row["finished_at"], debug_node_id=row["debug_node_id"])


async def insert(conn: Conn, run: NewExecution, *, owner: str | None, lease_s: float) -> Execution:
    """A new running execution: held by `owner` (a sync or stream run executing here), or
    waiting for a worker (owner None; a worker that has not claimed it within lease_s is
    reminded by the reconciler)."""
    row = await conn.fetchrow(
        "INSERT INTO workflow_executions (id, workflow_id, space_id, creator_id, version, content_hash, mode, bot_id,"
        " project_id, input, lease_owner, lease_until, attempts, started_at, debug_node_id)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, now() + make_interval(secs => $12),"
        " CASE WHEN $11::text IS NULL THEN 0 ELSE 1 END, CASE WHEN $11::text IS NULL THEN NULL ELSE now() END, $13)"
        " RETURNING *",
        run.id, run.workflow_id, run.space_id, run.creator_id, run.version, run.content_hash, int(run.mode),
        run.bot_id, run.project_id, dict(run.input), owner, lease_s, run.debug_node_id)
    return _execution(row)


async def get(conn: Conn, execute_id: int) -> Execution | None:
    row = await conn.fetchrow("SELECT * FROM workflow_executions WHERE id = $1", execute_id)
    return None if row is None else _execution(row)


async def latest(conn: Conn, workflow_id: int) -> Execution | None:
    row = await conn.fetchrow("SELECT * FROM workflow_executions WHERE workflow_id = $1"
                              " ORDER BY created_at DESC, id DESC LIMIT 1", workflow_id)
    return None if row is None else _execution(row)


async def latest_debug(conn: Conn, workflow_id: int, creator_id: int, node_id: str | None) -> Execution | None:
    """The creator's latest console test run of the workflow (node_id None), or debug of that node."""
    if node_id is None:
        row = await conn.fetchrow(
            "SELECT * FROM workflow_executions WHERE workflow_id = $1 AND creator_id = $2 AND mode = $3"
            " AND debug_node_id IS NULL ORDER BY created_at DESC, id DESC LIMIT 1",
            workflow_id, creator_id, int(WorkflowRunMode.Debug))
    else:
        row = await conn.fetchrow(
            "SELECT * FROM workflow_executions WHERE workflow_id = $1 AND debug_node_id = $2 AND creator_id = $3"
            " ORDER BY created_at DESC, id DESC LIMIT 1", workflow_id, node_id, creator_id)
    return None if row is None else _execution(row)


async def history(conn: Conn, workflow_id: int, *, limit: int) -> list[Execution]:
    rows = await conn.fetch("SELECT * FROM workflow_executions WHERE workflow_id = $1"
                            " ORDER BY created_at DESC, id DESC LIMIT $2", workflow_id, limit)
    return [_execution(row) for row in rows]


async def in_space(conn: Conn, space_id: int, *, workflow_id: int | None, status: int | None,
                   creator_id: int | None, since: datetime | None, until: datetime | None, before_id: int | None,
                   limit: int) -> list[tuple[Execution, str]]:
    """The space's runs (single-node debugs left out), newest first, each with its workflow's name;
    at most `limit`, filtered in SQL."""
    where = ["e.space_id = $1", "e.debug_node_id IS NULL"]
    args: list[Any] = [space_id]
    for condition, value in (("e.workflow_id = ${}", workflow_id), ("e.status = ${}", status),
                             ("e.creator_id = ${}", creator_id), ("e.created_at >= ${}", since),
                             ("e.created_at < ${}", until), ("e.id < ${}", before_id)):
        if value is not None:
            args.append(value)
            where.append(condition.format(len(args)))
    args.append(limit)
    rows = await conn.fetch(
        "SELECT e.*, coalesce(w.name, '') AS workflow_name FROM workflow_executions e"
        " LEFT JOIN workflows w ON w.id = e.workflow_id"
        f" WHERE {' AND '.join(where)} ORDER BY e.id DESC LIMIT ${len(args)}", *args)
    return [(_execution(row), row["workflow_name"]) for row in rows]


async def claim(conn: Conn, execute_id: int, owner: str, lease_s: float) -> Execution | None:
    """Take the run when it is running and nobody holds it (never claimed, or its holder's lease
    lapsed); None otherwise. One row update: two workers never both get it."""
    row = await conn.fetchrow(
        "UPDATE workflow_executions SET lease_owner = $2, lease_until = now() + make_interval(secs => $3),"
        " attempts = attempts + 1, started_at = coalesce(started_at, now()), updated_at = now()"
        " WHERE id = $1 AND status = $4 AND (lease_owner IS NULL OR lease_until < now()) RETURNING *",
        execute_id, owner, lease_s, RUNNING)
    return None if row is None else _execution(row)


async def renew(conn: Conn, execute_id: int, owner: str, lease_s: float) -> bool | None:
    """Extend the lease; None when it is no longer ours, else whether a cancel was requested."""
    return await conn.fetchval(
        "UPDATE workflow_executions SET lease_until = now() + make_interval(secs => $3)"
        " WHERE id = $1 AND lease_owner = $2 AND status = $4 RETURNING cancel_requested",
        execute_id, owner, lease_s, RUNNING)


async def save_progress(conn: asyncpg.Connection, execute_id: int, owner: str, checkpoint: dict | None,
                        nodes: Sequence[NodeExecution]) -> bool:
    """Node rows and the latest checkpoint, in one transaction; False (nothing written) when the
    lease is no longer ours."""
    async with conn.transaction():
        held = await conn.fetchval(
            "UPDATE workflow_executions SET checkpoint = coalesce($3::jsonb, checkpoint), updated_at = now()"
            " WHERE id = $1 AND lease_owner = $2 AND status = $4 RETURNING true",
            execute_id, owner, checkpoint, RUNNING)
        if not held:
            return False
        await node_rows.upsert(conn, nodes)
        return True


async def finish(conn: Conn, execute_id: int, owner: str, end: RunEnd) -> bool:
    """Record how the run ended; False when the lease is no longer ours (nothing written)."""
    return bool(await conn.fetchval(
        "UPDATE workflow_executions SET status = $3, output = $4::jsonb, answer = $5, error_code = $6,"
        " error_msg = $7, failed_node_id = $8, input_tokens = input_tokens + $9,"
        " output_tokens = output_tokens + $10, checkpoint = coalesce($12::jsonb, checkpoint), lease_owner = NULL,"
        " finished_at = now(), updated_at = now() WHERE id = $1 AND lease_owner = $2 AND status = $11 RETURNING true",
        execute_id, owner, int(end.status), None if end.output is None else dict(end.output),
        end.answer, end.error_code, end.error_msg, end.failed_node_id, end.input_tokens, end.output_tokens, RUNNING,
        None if end.checkpoint is None else dict(end.checkpoint)))


async def reopen(conn: Conn, execute_id: int, *, owner: str | None, lease_s: float) -> Execution | None:
    """An interrupted run running again from its checkpoint: held by `owner` (resumed here), or
    waiting for a worker (owner None). None when it is not interrupted."""
    row = await conn.fetchrow(
        "UPDATE workflow_executions SET status = $2, lease_owner = $3, lease_until = now() + make_interval(secs => $4),"
        " attempts = attempts + CASE WHEN $3::text IS NULL THEN 0 ELSE 1 END, cancel_requested = false,"
        " finished_at = NULL, updated_at = now() WHERE id = $1 AND status = $5 RETURNING *",
        execute_id, RUNNING, owner, lease_s, int(WorkflowExeStatus.Interrupted))
    return None if row is None else _execution(row)


async def request_cancel(conn: Conn, execute_id: int) -> Execution | None:
    """Ask the holder to stop; a run no one holds yet is cancelled at once. None: not running."""
    row = await conn.fetchrow(
        "UPDATE workflow_executions SET cancel_requested = true, updated_at = now(),"
        " status = CASE WHEN lease_owner IS NULL THEN $2 ELSE status END,"
        " finished_at = CASE WHEN lease_owner IS NULL THEN now() ELSE finished_at END,"
        " error_msg = CASE WHEN lease_owner IS NULL THEN 'cancelled' ELSE error_msg END"
        " WHERE id = $1 AND status = $3 RETURNING *",
        execute_id, int(WorkflowExeStatus.Cancel), RUNNING)
    return None if row is None else _execution(row)


async def lapsed(conn: asyncpg.Connection, *, limit: int) -> list[Execution]:
    """Running runs whose lease lapsed, locked for the caller's transaction (other reconcilers skip them)."""
    rows = await conn.fetch(
        "SELECT * FROM workflow_executions WHERE status = $1 AND lease_until < now()"
        " ORDER BY lease_until LIMIT $2 FOR UPDATE SKIP LOCKED", RUNNING, limit)
    return [_execution(row) for row in rows]


async def release_for_redrive(conn: Conn, execute_id: int, lease_s: float) -> None:
    """Up for grabs again (no holder), with lease_s for a worker to claim it before the next reminder."""
    await conn.execute(
        "UPDATE workflow_executions SET lease_owner = NULL, lease_until = now() + make_interval(secs => $2),"
        " updated_at = now() WHERE id = $1", execute_id, lease_s)


async def release(conn: Conn, execute_id: int, owner: str) -> None:
    """Give the run up at once (this process stops): lapsed now, the reconciler re-drives it next pass."""
    await conn.execute(
        "UPDATE workflow_executions SET lease_owner = NULL, lease_until = now(), updated_at = now()"
        " WHERE id = $1 AND lease_owner = $2 AND status = $3", execute_id, owner, RUNNING)


async def abandon(conn: Conn, execute_id: int, message: str) -> None:
    """A sync or stream run whose process stopped: its caller is gone, it ends failed."""
    await conn.execute(
        "UPDATE workflow_executions SET status = $2, error_code = 'abandoned', error_msg = $3, lease_owner = NULL,"
        " finished_at = now(), updated_at = now() WHERE id = $1 AND status = $4",
        execute_id, int(WorkflowExeStatus.Fail), message, RUNNING)
