"""Runs as the API shows them: Coze's get_process (`GetWorkFlowProcessData`, per-node
`NodeResult`s) and run history (`WorkflowExecuteHistory`). Pure: rows in, messages out."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime

from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import NodeExeStatus, WorkflowExeHistoryStatus, WorkflowExeStatus, WorkflowRunMode
from atelier_workflow.domain.runs import Execution, NodeExecution
from atelier_workflow.engine.model import Interrupt
from atelier_workflow.runs.streaming import interrupt_event_id

HISTORY_STATUS = {WorkflowExeStatus.Running: "Running", WorkflowExeStatus.Success: "Success",
                  WorkflowExeStatus.Fail: "Fail", WorkflowExeStatus.Cancel: "Cancel",
                  WorkflowExeStatus.Interrupted: "Interrupted"}


def _dumps(value: object) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False, default=str)


def _cost(seconds: float) -> str:
    return f"{seconds:.3f}s"


def _tokens(input_tokens: int, output_tokens: int) -> wpb.TokenAndCost:
    return wpb.TokenAndCost(inputTokens=str(input_tokens), outputTokens=str(output_tokens),
                            totalTokens=str(input_tokens + output_tokens))


def latest_rows(rows: Sequence[NodeExecution]) -> list[NodeExecution]:
    """Each node execution (node, loop/batch iteration) as its last attempt left it, in start order."""
    latest: dict[tuple[str, str, int], NodeExecution] = {}
    for row in rows:
        key = (row.node_id, row.scope_owner, row.iteration)
        seen = latest.get(key)
        if seen is None or (row.run_attempt, row.attempt) >= (seen.run_attempt, seen.attempt):
            latest[key] = row
    return sorted(latest.values(), key=lambda r: r.started_at)


def node_result(row: NodeExecution) -> wpb.NodeResult:
    result = wpb.NodeResult(
        nodeId=row.node_id, NodeType=row.node_type, NodeName=row.title, nodeStatus=row.status,
        errorInfo=row.error or "", input=_dumps(row.input), output=_dumps(row.output),
        nodeExeCost=_cost(row.duration_ms / 1000.0), tokenAndCost=_tokens(row.input_tokens, row.output_tokens),
        errorLevel="Error" if row.status == NodeExeStatus.Fail else "", executeId=row.execute_id)
    if row.scope_owner:
        result.index = row.iteration
    return result


def node_events(run: Execution) -> list[wpb.NodeEvent]:
    """What an interrupted run waits for (Coze's nodeEvents; NodeEventType numbers as InterruptType)."""
    recorded = run.checkpoint.interrupted if run.checkpoint and run.status == WorkflowExeStatus.Interrupted else {}
    events = []
    for number, (node_id, record) in enumerate(recorded.items(), start=1):
        waiting = Interrupt.from_record(node_id, record)
        events.append(wpb.NodeEvent(id=interrupt_event_id(run.id, number), type=int(waiting.type),
                                    node_title=waiting.node_title, data=waiting.data, node_id=node_id,
                                    schema_node_id=node_id))
    return events


def process(run: Execution, rows: Sequence[NodeExecution], node_count: int) -> wpb.GetWorkFlowProcessData:
    shown = latest_rows(rows)
    done = sum(1 for r in shown if not r.scope_owner and r.status == NodeExeStatus.Success)
    rate = 1.0 if run.status == WorkflowExeStatus.Success else (done / node_count if node_count else 0.0)
    end = run.finished_at or datetime.now(UTC)
    data = wpb.GetWorkFlowProcessData(
        workFlowId=run.workflow_id, executeId=run.id, executeStatus=run.status,
        nodeResults=[node_result(r) for r in shown], rate=f"{rate:.2f}",
        exeHistoryStatus=WorkflowExeHistoryStatus.HasHistory,
        workflowExeCost=_cost((end - run.created_at).total_seconds()),
        tokenAndCost=_tokens(run.input_tokens, run.output_tokens), logID=str(run.id), nodeEvents=node_events(run))
    if run.error_msg:
        data.reason = run.error_msg
    if shown:
        data.lastNodeID = shown[-1].node_id
    if run.project_id:
        data.projectId = run.project_id
    return data


def no_history(workflow_id: int) -> wpb.GetWorkFlowProcessData:
    return wpb.GetWorkFlowProcessData(workFlowId=workflow_id, exeHistoryStatus=WorkflowExeHistoryStatus.NoHistory)


def history_entry(run: Execution) -> wpb.WorkflowExecuteHistory:
    mode = run.mode if run.mode != WorkflowRunMode.Debug else WorkflowRunMode.Async
    entry = wpb.WorkflowExecuteHistory(
        execute_id=run.id, execute_status=HISTORY_STATUS[run.status], run_mode=mode, log_id=str(run.id),
        create_time=int(run.created_at.timestamp()), update_time=int(run.updated_at.timestamp()),
        input=_dumps(run.input), token=run.tokens)
    if run.bot_id:
        entry.bot_id = run.bot_id
    if run.output is not None or run.answer is not None:
        entry.output = _dumps({"Output": run.answer} if run.answer is not None else run.output)
    if run.error_code:
        entry.error_code = run.error_code
    if run.error_msg:
        entry.error_msg = run.error_msg
    return entry


def run_output(run_output: object, answer: str | None) -> str:
    """/v1/workflow/run's `data`: the Exit node's output as JSON text (its answer when it returns text)."""
    return _dumps({"output": answer} if answer is not None else run_output or {})
