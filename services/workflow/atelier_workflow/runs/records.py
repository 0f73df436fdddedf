"""The console's run log: a space's workflow runs across its workflows, filtered and paged newest
first (a run's nodes come from get_process)."""

from __future__ import annotations

import json
from datetime import datetime

from atelier_common import paging
from atelier_common.auth import require_space
from atelier_common.errors import InvalidArgument
from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import WorkflowExeStatus
from atelier_workflow.domain.runs import Execution
from atelier_workflow.store import Conn, executions

DEFAULT_LIMIT = 20
MAX_LIMIT = 100


def _ms(value: datetime | None) -> int:
    return int(value.timestamp() * 1000) if value is not None else 0


def _json(value: object) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False, default=str)


def _bound(req: wpb.ListWorkflowRunRecordsRequest, name: str) -> datetime | None:
    return paging.unix_time(getattr(req, name) if req.HasField(name) else None, name)


def record(run: Execution, workflow_name: str) -> wpb.WorkflowRunRecord:
    finished = run.finished_at if run.final else None
    output = {"output": run.answer} if run.answer is not None else run.output
    return wpb.WorkflowRunRecord(
        execute_id=run.id, workflow_id=run.workflow_id, workflow_name=workflow_name, status=run.status,
        run_mode=run.mode, creator_id=run.creator_id, bot_id=run.bot_id or 0, version=run.version,
        created_at=_ms(run.created_at), finished_at=_ms(finished),
        latency_ms=_ms(finished) - _ms(run.created_at) if finished else 0,
        input_tokens=run.input_tokens, output_tokens=run.output_tokens, error_msg=run.error_msg or "",
        input=_json(dict(run.input)), output=_json(output))


async def list_(conn: Conn, req: wpb.ListWorkflowRunRecordsRequest) -> wpb.ListWorkflowRunRecordsResponse:
    require_space(req.space_id)
    limit = paging.rows(req.limit if req.HasField("limit") else None, default=DEFAULT_LIMIT, max_value=MAX_LIMIT)
    status = req.status if req.HasField("status") else None
    if status is not None and status not in {int(s) for s in WorkflowExeStatus}:
        raise InvalidArgument(f"status {status} is none of 1 running .. 5 interrupted")
    rows = await executions.in_space(
        conn, req.space_id, workflow_id=req.workflow_id or None, status=status, creator_id=req.creator_id or None,
        since=_bound(req, "start_time"), until=_bound(req, "end_time"), before_id=paging.id_cursor(req.cursor),
        limit=limit + 1)
    more = len(rows) > limit
    rows = rows[:limit]
    return wpb.ListWorkflowRunRecordsResponse(data=[record(run, name) for run, name in rows], has_more=more,
                                              next_cursor=str(rows[-1][0].id) if more else "")
