"""The seam between a run and the world: everything a run does is told to a `RunObserver`.

Storage (node executions, run history), checkpointing and SSE streaming all hang here. The
methods are plain calls made on the engine's event loop, in the order things happened: keep them
quick and hand slow work (a database write, a Kafka produce) to a task or queue of your own.

- `node_started` / `node_finished` / `node_failed` / `node_skipped`: one `NodeEvent` each, with
  the node, where it ran (`scope`: the Loop/Batch and iteration for a body node), its inputs,
  outputs, timings, token usage and error. `node_failed` is told of every failed attempt
  (`attempt`, `final`); a failure the error policy absorbs is followed by `node_finished` with
  the policy's outputs.
- `node_interrupted`: the node asked the user (a question, a form) and the run will stop to
  wait for the answer (`Interrupt`); the node is neither finished nor failed.
- `message`: an OutputEmitter's text (and a text-returning Exit's answer) as it is produced; a
  streaming one (streams.py) in several messages, `last` on the node's final one.
- `checkpoint`: after each node of the canvas completes (and each node of the body of a Loop or
  Batch of the canvas, each item of a node in batch mode), what the run must keep to be resumed
  with `Engine.run(..., resume=checkpoint)`. Its mappings are views of the live run: serialize
  (`to_json()`) or copy them in the call.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from atelier_proto.enums import NodeType
from atelier_workflow.domain.progress import Checkpoint
from atelier_workflow.engine.model import Interrupt, TokenUsage


@dataclass(frozen=True, slots=True)
class Scope:
    """Where a body node ran: its Loop or Batch, and which iteration."""

    owner_id: str
    iteration: int


@dataclass(frozen=True, slots=True)
class NodeEvent:
    node_id: str
    node_type: NodeType
    title: str
    scope: Scope | None = None  # None: a node of the canvas itself
    inputs: Mapping[str, Any] | None = None
    outputs: Mapping[str, Any] | None = None
    port: str | None = None
    started_at: float = 0.0  # time.perf_counter() seconds
    duration_s: float = 0.0
    usage: TokenUsage | None = None
    error: str | None = None
    error_code: str | None = None
    attempt: int = 0  # 0: the first attempt
    final: bool = True  # a failure: no retry follows


@dataclass(frozen=True, slots=True)
class MessageEvent:
    node_id: str
    text: str
    scope: Scope | None = None
    last: bool = True  # False: more of this node's answer follows (a streamed answer)
    node_type: NodeType | None = None  # set when the node may not have started yet (a streamed answer)
    title: str = ""


class RunObserver(Protocol):
    def node_started(self, event: NodeEvent) -> None: ...
    def node_finished(self, event: NodeEvent) -> None: ...
    def node_failed(self, event: NodeEvent) -> None: ...
    def node_skipped(self, event: NodeEvent) -> None: ...
    def node_interrupted(self, event: NodeEvent, interrupt: Interrupt) -> None: ...
    def message(self, event: MessageEvent) -> None: ...
    def checkpoint(self, checkpoint: Checkpoint) -> None: ...


class BaseObserver:
    """Hears everything, does nothing: subclass it and override what you need."""

    def node_started(self, event: NodeEvent) -> None:
        pass

    def node_finished(self, event: NodeEvent) -> None:
        pass

    def node_failed(self, event: NodeEvent) -> None:
        pass

    def node_skipped(self, event: NodeEvent) -> None:
        pass

    def node_interrupted(self, event: NodeEvent, interrupt: Interrupt) -> None:
        pass

    def message(self, event: MessageEvent) -> None:
        pass

    def checkpoint(self, checkpoint: Checkpoint) -> None:
        pass
