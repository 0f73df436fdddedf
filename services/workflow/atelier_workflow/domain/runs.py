"""What the run store holds, as typed values: an execution of a workflow (`Execution`) and one
execution of a node (`NodeExecution`), plus the pure rules about them (which statuses are final,
reading the `parameters` a caller sent)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from atelier_common.errors import InvalidArgument
from atelier_proto.enums import NodeExeStatus, NodeType, WorkflowExeStatus, WorkflowRunMode
from atelier_workflow.domain.progress import Checkpoint

FINAL_STATUSES = frozenset({WorkflowExeStatus.Success, WorkflowExeStatus.Fail, WorkflowExeStatus.Cancel})
# Runs a worker executes (and takes over after a crash); sync and stream runs belong to their caller.
QUEUED_MODES = frozenset({WorkflowRunMode.Async, WorkflowRunMode.Debug})
DRAFT = ""  # Execution.version of a run of the draft
# Nodes with no effect outside the run (they compute from their inputs, in the engine or the
# sandbox): safe to repeat, so a run taken over after a crash may run one again rather than every
# such node waiting for the checkpoint before it to be stored. Every other node (LLM, HTTP,
# plugins, databases, knowledge, sub-workflows, Loop and Batch with their bodies) starts only
# once the run's progress up to it is stored: a node completed before a crash never runs again.
REPEATABLE_NODE_TYPES = frozenset({
    NodeType.Entry, NodeType.Exit, NodeType.Selector, NodeType.TextProcessor, NodeType.VariableAggregator,
    NodeType.CodeRunner, NodeType.OutputEmitter, NodeType.Break, NodeType.Continue,
    NodeType.VariableAssignerWithinLoop, NodeType.JsonSerialization, NodeType.JsonDeserialization,
    NodeType.Comment,
})


@dataclass(frozen=True)
class NewExecution:
    id: int
    workflow_id: int
    space_id: int
    creator_id: int
    version: str  # DRAFT or a published version
    content_hash: str
    mode: WorkflowRunMode
    input: Mapping[str, Any]
    bot_id: int | None = None
    project_id: int | None = None
    debug_node_id: str | None = None  # a single-node debug run: the node (None: the whole canvas)


@dataclass(frozen=True)
class Execution:
    id: int
    workflow_id: int
    space_id: int
    creator_id: int
    version: str
    content_hash: str
    mode: WorkflowRunMode
    bot_id: int | None
    project_id: int | None
    input: Mapping[str, Any]
    status: WorkflowExeStatus
    output: Mapping[str, Any] | None
    answer: str | None
    error_code: str | None
    error_msg: str | None
    failed_node_id: str | None
    input_tokens: int
    output_tokens: int
    checkpoint: Checkpoint | None
    cancel_requested: bool
    lease_owner: str | None
    lease_until: datetime
    attempts: int
    created_at: datetime
    started_at: datetime | None
    updated_at: datetime
    finished_at: datetime | None
    debug_node_id: str | None = None  # a single-node debug run: the node (None: the whole canvas)

    @property
    def final(self) -> bool:
        return self.status in FINAL_STATUSES

    @property
    def tokens(self) -> int:
        return self.input_tokens + self.output_tokens


@dataclass(frozen=True)
class NodeExecution:
    execute_id: int
    node_id: str
    node_type: str  # NodeType number as the canvas spells it ("15")
    title: str
    status: NodeExeStatus
    started_at: datetime
    duration_ms: float = 0.0
    scope_owner: str = ""  # the Loop/Batch a body node ran in
    iteration: int = -1
    attempt: int = 0
    run_attempt: int = 1
    input: Mapping[str, Any] | None = None
    output: Mapping[str, Any] | None = None
    error: str | None = None
    error_code: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0


@dataclass(frozen=True)
class RunEnd:
    """How a run ended, as its holder records it."""

    status: WorkflowExeStatus
    output: Mapping[str, Any] | None = None
    answer: str | None = None
    error_code: str | None = None
    error_msg: str | None = None
    failed_node_id: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    checkpoint: Mapping[str, Any] | None = None  # an interrupted run: the engine's own, interrupts included


def parse_parameters(value: str | Mapping[str, Any] | None, field: str = "parameters") -> dict[str, Any]:
    """A run's start-node inputs: a JSON object, or the JSON text of one (Coze accepts both)."""
    if value is None or value == "":
        return {}
    if isinstance(value, Mapping):
        return dict(value)
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError as exc:
        raise InvalidArgument(f"field '{field}': not valid JSON ({exc.msg} at position {exc.pos})") from None
    if not isinstance(parsed, dict):
        raise InvalidArgument(f"field '{field}': expected a JSON object of start-node inputs, "
                              f"got {type(parsed).__name__}")
    return parsed
