"""compile_plan: a canvas compiled once into the immutable plan an engine runs.

`compile_plan(canvas) -> Plan` validates the canvas (`InvalidCanvasError`, 400, carrying the
issues, when it cannot run) and precomputes everything a run needs, so that running a node is a
table lookup: a plan depends on the canvas alone, so one plan serves every run of a workflow
version (cache it by version).

A `Plan` holds its `PlanNode`s in topological order (`nodes`, by id), grouped in `layers` (a
node's layer is one more than its latest predecessor's: nodes of a layer never depend on each
other), and the ids of its Entry and Exit. The body of each Loop and Batch is a `Plan` of its
own (`PlanNode.body`, with `owner_id`), run once per iteration: it starts with the nodes the
owner's edges lead to, and an iteration is over when every node of it is completed or skipped
(a Break or Continue node ends a branch of it; the engine stops the loop after a Break).

A `PlanNode` carries, for its executor: its `type`, `title` and `config` (the node's parsed
`data.inputs`: node-type specific settings stay in `config.model_extra`); `inputs` (its named
inputs: declared type and value expression, see expressions.py) and `settings` (every other
value in its config, by place); `outputs` (declared output types); `gathers` (a Loop's or
Batch's outputs, gathered from its body: values read from a body node come once per iteration
and make a list); `error_policy` (timeout, retries, Throw / ReturnDefaultData /
ExceptionBranch); `batch` (its own batch mode, when on); `reads` (the nodes whose outputs its
values read). And for control flow: `ports` (the ports it chooses among: () when it does not
branch), `predecessors` (each edge in: source and port), `successors` (port -> the nodes that
port leads to; port None when it does not branch), `layer`, `body`; an Entry's `defaults` (its
inputs' declared default values).

Running: `plan.start()` gives a `RunState` (progress.py) whose `ready()` is the Entry (a body:
its first nodes); each `state.complete(node_id, port)` returns the nodes that became ready and
those skipped. `plan.resume(completed)` rebuilds the state of a run from its checkpoint (node ->
chosen port); `plan.frontier(completed)` answers "given these completed nodes and chosen ports,
which nodes are ready, which skipped" in one call.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from atelier_proto.enums import NodeType
from atelier_workflow.domain.canvas import Canvas, CanvasNode, NodeBatch, NodeInputs, VariableSchema
from atelier_workflow.domain.expressions import Binding, input_bindings, output_bindings, setting_bindings
from atelier_workflow.domain.fields import output_fields
from atelier_workflow.domain.graph import COMPOSITE_TYPES, Scope, canvas_scopes, topological_order
from atelier_workflow.domain.policy import ErrorPolicy, error_policy
from atelier_workflow.domain.ports import node_ports
from atelier_workflow.domain.progress import FlowTables, RunState
from atelier_workflow.domain.typeinfo import TypeInfo
from atelier_workflow.domain.validation import ensure_valid

_NO_DEFAULTS: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class ControlEdge:
    """An edge into a node: where it comes from, and from which of that node's ports."""

    source: str
    port: str | None


@dataclass(frozen=True, slots=True)
class PlanNode:
    id: str
    type: NodeType
    title: str
    config: NodeInputs
    inputs: tuple[Binding, ...]
    settings: tuple[Binding, ...]
    outputs: Mapping[str, TypeInfo]
    gathers: tuple[Binding, ...]
    error_policy: ErrorPolicy
    batch: NodeBatch | None
    reads: frozenset[str]
    ports: tuple[str, ...]
    predecessors: tuple[ControlEdge, ...]
    successors: Mapping[str | None, tuple[str, ...]]
    layer: int
    body: Plan | None = None
    defaults: Mapping[str, Any] = field(default_factory=lambda: _NO_DEFAULTS)  # Entry: declared default values


@dataclass(frozen=True, slots=True)
class Frontier:
    ready: tuple[str, ...]
    skipped: tuple[str, ...]
    finished: bool


@dataclass(frozen=True)
class Plan:
    nodes: Mapping[str, PlanNode]  # topological order
    layers: tuple[tuple[str, ...], ...]
    flow: FlowTables = field(repr=False, compare=False)  # the control flow as RunState reads it
    entry_id: str | None = None  # the canvas's plan: its Entry and Exit
    exit_id: str | None = None
    owner_id: str | None = None  # a body's plan: its Loop or Batch

    def node(self, node_id: str) -> PlanNode:
        return self.nodes[node_id]

    def start(self) -> RunState:
        """A new run of this plan (or a new iteration of a body)."""
        return RunState(self.flow)

    def resume(self, completed: Mapping[str, str | None]) -> RunState:
        """The run that completed these nodes choosing these ports (a checkpoint's `completed`).
        ValueError when they are not a state a run can reach (a node completed before a
        predecessor, an unknown node or port)."""
        unknown = [node for node in completed if node not in self.nodes]
        if unknown:
            raise ValueError(f"the checkpoint completes nodes not in this plan: {', '.join(unknown)}")
        state = RunState(self.flow)
        for node_id in self.nodes:  # topological order: predecessors are decided first
            if node_id in completed:
                state.complete(node_id, completed[node_id])
        return state

    def frontier(self, completed: Mapping[str, str | None]) -> Frontier:
        """Given these completed nodes and chosen ports: the nodes ready to run (not yet
        completed), the nodes skipped, and whether the run is over."""
        state = self.resume(completed)
        return Frontier(state.ready(), state.skipped(), state.finished)


def compile_plan(canvas: Canvas) -> Plan:
    """The plan of a canvas; InvalidCanvasError when validate_tree finds problems."""
    ensure_valid(canvas)
    scopes = canvas_scopes(canvas)
    bodies = {scope.owner.id: _compile_scope(scope, {}) for scope in scopes[1:]}
    return _compile_scope(scopes[0], bodies)


def _compile_scope(scope: Scope, bodies: Mapping[str, Plan]) -> Plan:
    order, _ = topological_order(list(scope.nodes), scope.edges)  # validated: no cycles
    predecessors: dict[str, list[ControlEdge]] = {node: [] for node in order}
    successors: dict[str, dict[str | None, list[str]]] = {node: {} for node in order}
    for edge in scope.edges:
        predecessors[edge.target].append(ControlEdge(edge.source, edge.port))
        successors[edge.source].setdefault(edge.port, []).append(edge.target)
    layer: dict[str, int] = {}
    for node_id in order:
        layer[node_id] = max((layer[edge.source] + 1 for edge in predecessors[node_id]), default=0)
    layers: list[list[str]] = [[] for _ in range(max(layer.values(), default=-1) + 1)]
    for node_id in order:
        layers[layer[node_id]].append(node_id)
    nodes = {
        node_id: _plan_node(scope.nodes[node_id], predecessors[node_id], successors[node_id], layer[node_id],
                            bodies.get(node_id))
        for node_id in order
    }
    flow = FlowTables.build(order, [nodes[n].ports for n in order],
                            [(edge.source, edge.target, edge.port) for edge in scope.edges])
    entry = next((n for n in order if nodes[n].type == NodeType.Entry), None) if scope.owner is None else None
    exit_ = next((n for n in order if nodes[n].type == NodeType.Exit), None) if scope.owner is None else None
    return Plan(MappingProxyType(nodes), tuple(tuple(ids) for ids in layers), flow, entry, exit_,
                scope.owner.id if scope.owner else None)


def _plan_node(node: CanvasNode, predecessors: list[ControlEdge], successors: dict[str | None, list[str]],
               layer: int, body: Plan | None) -> PlanNode:
    inputs = tuple(compiled.binding for compiled in input_bindings(node))
    settings = tuple(compiled.binding for compiled in setting_bindings(node))
    gathers = tuple(compiled.binding for compiled in output_bindings(node)) if node.node_type in COMPOSITE_TYPES else ()
    reads = frozenset(ref.node_id for binding in inputs + settings + gathers for ref in binding.node_refs())
    batch = node.inputs.batch if node.inputs.batch is not None and node.inputs.batch.batch_enable else None
    return PlanNode(
        id=node.id,
        type=node.node_type,
        title=node.title,
        config=node.inputs,
        inputs=inputs,
        settings=settings,
        outputs=output_fields(node),
        gathers=gathers,
        error_policy=error_policy(node)[0],
        batch=batch,
        reads=reads,
        ports=node_ports(node),
        predecessors=tuple(predecessors),
        successors=MappingProxyType({port: tuple(targets) for port, targets in successors.items()}),
        layer=layer,
        body=body,
        defaults=_defaults(node),
    )


def _defaults(node: CanvasNode) -> Mapping[str, Any]:
    """The Entry's declared default values: a run input left out takes its default."""
    if node.node_type != NodeType.Entry:
        return _NO_DEFAULTS
    found = {item.name: item.default_value for item in node.data.outputs
             if isinstance(item, VariableSchema) and item.default_value not in (None, "")}
    return MappingProxyType(found) if found else _NO_DEFAULTS
