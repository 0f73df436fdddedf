"""What executors return and what a run ends with: typed values, no behaviour.

- `NodeOutput(outputs, port, usage)`: one node's result; `port` None for a node that does not
  branch (a node with ports that returns None takes `default`).
- `NodeError(message, code)`: a node failed in a way the user should read; its error policy
  decides what happens next. `NodeUnavailable(node_type)`: the node needs a service this
  engine is not wired to yet; a failure like any other, never a made-up result.
- `RunResult`: how a run ended (`status`, `output`, `answer`, `error`, `usage`, the checkpoint).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from atelier_proto.enums import NodeType
from atelier_workflow.domain.progress import Checkpoint


@dataclass(frozen=True, slots=True)
class TokenUsage:
    input_tokens: int = 0
    output_tokens: int = 0

    def __add__(self, other: TokenUsage) -> TokenUsage:
        return TokenUsage(self.input_tokens + other.input_tokens, self.output_tokens + other.output_tokens)


NO_USAGE = TokenUsage()


@dataclass(frozen=True, slots=True)
class NodeOutput:
    outputs: Mapping[str, Any]
    port: str | None = None
    usage: TokenUsage | None = None


class NodeError(Exception):
    """A node failed; `code` is what `errorBody.errorCode` shows."""

    def __init__(self, message: str, code: str = "node_failed") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class NodeTimeout(NodeError):
    def __init__(self, timeout_ms: int) -> None:
        super().__init__(f"the node did not finish within its time limit of {timeout_ms} ms", "timeout")


class NodeUnavailable(NodeError):
    """No executor for this node type is wired into the engine (it needs another service)."""

    def __init__(self, node_type: NodeType | None) -> None:
        name = node_type.name if node_type is not None else "unknown"
        super().__init__(f"{name} nodes cannot run yet: this engine has no executor for them", "node_unavailable")
        self.node_type = node_type


class RunStatus(StrEnum):
    SUCCEEDED = "succeeded"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class RunFailure:
    node_id: str
    node_type: NodeType
    message: str
    code: str


@dataclass(frozen=True)
class RunResult:
    status: RunStatus
    output: Mapping[str, Any] = field(default_factory=dict)  # the Exit node's outputs
    answer: str | None = None  # the Exit node's text, when it returns text
    error: RunFailure | None = None
    usage: TokenUsage = NO_USAGE
    checkpoint: Checkpoint | None = None  # where the run got to (resume a failed run from it)
