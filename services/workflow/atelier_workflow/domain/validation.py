"""validate_tree: everything that keeps a canvas from running, each problem naming its node.

`validate_tree(canvas) -> list[ValidationIssue]` ([] when the canvas can run) checks
- the canvas: one Entry and one Exit node (MissingEntry, MissingExit, MisplacedNode), unique node
  ids (DuplicateNode), node types Atelier runs (UnknownNodeType), Break / Continue / loop
  variable nodes only in a Loop, Entry and Exit not in a body (MisplacedNode), no Loop or Batch
  inside another (NestedComposite);
- control flow, in the canvas and in each Loop or Batch body: edges between existing nodes
  (UnknownNode) from ports their node has (UnknownPort), every node reachable from the start
  with a way on, every port of a branching node connected (Unconnected), no cycles (Cycle: only
  Loop and Batch repeat work);
- data flow: every reference reads a node on the canvas (MissingNode) that runs before the reader
  (NotPredecessor: an ancestor by edges; in a body, also the Loop or Batch itself and what runs
  before it), a field that node outputs (MissingField), of a type Coze converts into the input's
  declared type (TypeMismatch, typeinfo.conversion_problem); named inputs are set
  (EmptyReference) with identifier names (InvalidName); constants are of their declared type
  (InvalidLiteral);
- settings: error handling, loop type and count, a Batch's list, a sub-workflow's id, a database
  node's table, SQL and (Update, Delete) conditions (InvalidSetting).
Comment nodes are left out of all of it.

A `ValidationIssue` has the kind, the node at fault (`node_id`, "" for the whole canvas), where
in it (`path`: an edge's place such as "edges[3]", or a value's place under the node's data such
as "inputs.inputParameters.query"), a message naming the nodes by title and id, and for an edge
(`end_node_id`) the node it leads to: Coze's path errors. `ensure_valid(canvas)` raises
`InvalidCanvasError` (400) carrying the issues.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from atelier_common.errors import InvalidArgument
from atelier_proto.enums import CanvasIssueKind, LoopType, NodeType, ValidateErrorType, VariableType
from atelier_workflow.domain.canvas import Canvas, CanvasNode
from atelier_workflow.domain.database_settings import database_problems
from atelier_workflow.domain.expressions import (
    Binding,
    CompiledBinding,
    NodeRef,
    ObjectValue,
    input_bindings,
    output_bindings,
    setting_bindings,
)
from atelier_workflow.domain.fields import batch_item_fields, iteration_fields, output_fields
from atelier_workflow.domain.graph import (
    COMPOSITE_TYPES,
    Ancestry,
    FlowEdge,
    Scope,
    canvas_scopes,
    reachable,
    topological_order,
)
from atelier_workflow.domain.policy import error_policy
from atelier_workflow.domain.ports import node_ports
from atelier_workflow.domain.typeinfo import TypeInfo, conversion_problem, element_type, find_field, type_of_input

Kind = CanvasIssueKind


@dataclass(frozen=True, slots=True)
class ValidationIssue:
    kind: CanvasIssueKind
    node_id: str  # the node at fault; "" for the canvas as a whole
    message: str
    path: str = ""  # "edges[3]", "inputs.inputParameters.query", "outputs.results"...
    end_node_id: str = ""  # an edge's issue: the node it leads to

    @property
    def error_type(self) -> ValidateErrorType:
        """How Coze's validate_tree reports it: on a node, or on the path between two."""
        return ValidateErrorType.BotValidatePathErr if self.end_node_id else ValidateErrorType.BotValidateNodeErr


class InvalidCanvasError(InvalidArgument):
    """The canvas cannot run; `issues` says why (the message quotes the first ones)."""

    def __init__(self, issues: list[ValidationIssue]):
        self.issues = issues
        shown = "; ".join(issue.message for issue in issues[:3])
        more = f" (and {len(issues) - 3} more)" if len(issues) > 3 else ""
        super().__init__(f"the workflow cannot run: {shown}{more}")


def ensure_valid(canvas: Canvas) -> None:
    if issues := validate_tree(canvas):
        raise InvalidCanvasError(issues)


def _name(node: CanvasNode) -> str:
    title = node.title
    return f'node "{title}" ({node.id})' if title != node.id else f"node {node.id}"


_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_LOOP_ONLY = (NodeType.Break, NodeType.Continue, NodeType.VariableAssignerWithinLoop)


@dataclass
class _Context:
    canvas: Canvas
    issues: list[ValidationIssue] = field(default_factory=list)
    nodes: dict[str, CanvasNode] = field(default_factory=dict)  # every node, blocks included
    owner_of: dict[str, CanvasNode] = field(default_factory=dict)  # body node -> its Loop or Batch
    ancestry: dict[str | None, Ancestry] = field(default_factory=dict)  # by owner id; None: canvas

    def add(self, kind: CanvasIssueKind, node_id: str, message: str, path: str = "", end_node_id: str = "") -> None:
        self.issues.append(ValidationIssue(kind, node_id, message, path, end_node_id))


def validate_tree(canvas: Canvas) -> list[ValidationIssue]:
    """Every problem of the canvas, in canvas order; [] when it can run."""
    context = _Context(canvas)
    _check_nodes(context)
    scopes = canvas_scopes(canvas)
    for scope in scopes:
        _check_flow(context, scope)
    for scope in scopes:
        _check_references(context, scope)
    return context.issues


# ------------------------------------------------------------------ nodes


def _check_nodes(context: _Context) -> None:
    entries = [n for n in context.canvas.nodes if n.node_type == NodeType.Entry]
    exits = [n for n in context.canvas.nodes if n.node_type == NodeType.Exit]
    if not entries:
        context.add(Kind.MissingEntry, "", 'the canvas has no Entry node (type "1")')
    if not exits:
        context.add(Kind.MissingExit, "", 'the canvas has no Exit node (type "2")')
    for extra in entries[1:] + exits[1:]:
        context.add(Kind.MisplacedNode, extra.id, f"{_name(extra)}: a canvas has one {extra.node_type.name} node")
    for node in context.canvas.nodes:
        _check_node(context, node, owner=None)
        for inner in node.blocks:
            _check_node(context, inner, owner=node)


def _check_node(context: _Context, node: CanvasNode, owner: CanvasNode | None) -> None:
    if node.id in context.nodes:
        context.add(Kind.DuplicateNode, node.id, f"{_name(node)}: another node has the id {node.id}")
        return
    context.nodes[node.id] = node
    if owner is not None:
        context.owner_of[node.id] = owner
    kind = node.node_type
    if kind is None:
        context.add(Kind.UnknownNodeType, node.id, f'{_name(node)} has type "{node.type}", which Atelier does not run')
        return
    if kind == NodeType.Comment:
        return
    if owner is not None and kind in (NodeType.Entry, NodeType.Exit):
        context.add(Kind.MisplacedNode, node.id, f"{_name(node)}: an {kind.name} node cannot be inside {_name(owner)}")
    if kind in _LOOP_ONLY and (owner is None or owner.node_type != NodeType.Loop):
        context.add(Kind.MisplacedNode, node.id, f"{_name(node)}: a {kind.name} node only works inside a Loop")
    if owner is not None and kind in COMPOSITE_TYPES:
        context.add(Kind.NestedComposite, node.id,
                    f"{_name(node)}: a {kind.name} cannot be inside {_name(owner)} (composite nodes do not nest)")
    _, problem = error_policy(node)
    if problem:
        context.add(Kind.InvalidSetting, node.id, f"{_name(node)}: {problem}", "inputs.settingOnError")
    for message, path in _setting_problems(node, kind):
        context.add(Kind.InvalidSetting, node.id, f"{_name(node)}: {message}", path)
    for param in node.inputs.input_parameters:
        if param.input is not None and not _NAME.match(param.name):
            context.add(Kind.InvalidName, node.id,
                        f'{_name(node)}: input name "{param.name}" must start with a letter or _ and hold only '
                        "letters, digits and _", f"inputs.inputParameters.{param.name}")


def _has_list_input(node: CanvasNode) -> bool:
    return any(type_of_input(p.input).type == VariableType.List for p in node.inputs.input_parameters)


def _setting_problems(node: CanvasNode, kind: NodeType) -> Iterator[tuple[str, str]]:
    inputs = node.inputs
    if kind == NodeType.Loop:
        if inputs.loop_type is None:
            yield "loopType must be array, count or infinite", "inputs.loopType"
        elif inputs.loop_type == LoopType.Array and not _has_list_input(node):
            yield "a loop over arrays needs a list input", "inputs.inputParameters"
        elif inputs.loop_type == LoopType.Count and inputs.loop_count is None:
            yield "a counted loop needs loopCount", "inputs.loopCount"
    elif kind == NodeType.Batch and not _has_list_input(node):
        yield "a Batch needs a list input to run its body over", "inputs.inputParameters"
    elif kind == NodeType.SubWorkflow and not inputs.workflow_id.isdigit():
        yield "workflowId must name the workflow to run", "inputs.workflowId"
    yield from database_problems(kind, inputs)
    batch = inputs.batch
    if batch is not None and batch.batch_enable and not batch.input_lists:
        yield "batch mode needs at least one list in batch.inputLists", "inputs.batch.inputLists"


# ------------------------------------------------------------------ control flow


def _check_flow(context: _Context, scope: Scope) -> None:
    nodes = scope.nodes
    for stray in scope.stray:
        edge = stray.edge
        where = context.nodes.get(stray.missing)
        why = ("which is not on the canvas" if where is None
               else "which is a comment" if where.node_type == NodeType.Comment
               else "which is at another level of the canvas")
        culprit = edge.target if edge.source == stray.missing else edge.source
        context.add(Kind.UnknownNode, culprit, f"edge {edge.source} -> {edge.target} leads to or from node "
                    f"{stray.missing}, {why}", edge.place, edge.target)
    leaving = scope.edges + scope.hands_back
    for edge in leaving:
        _check_port(context, nodes[edge.source], edge)
    if scope.owner is None:
        starts = [node_id for node_id, node in nodes.items() if node.node_type == NodeType.Entry]
    else:
        starts = [edge.target for edge in scope.starts]
        if nodes and not starts:
            context.add(Kind.Unconnected, scope.owner.id,
                        f"{_name(scope.owner)}: no node of its body is connected to its start")
    found = reachable(starts, scope.edges)
    used_ports: dict[str, set[str | None]] = {}
    for edge in leaving:
        used_ports.setdefault(edge.source, set()).add(edge.port)
    for node_id, node in nodes.items():
        kind = node.node_type
        if kind in (None, NodeType.Comment):
            continue
        if starts and node_id not in found:
            context.add(Kind.Unconnected, node_id, f"{_name(node)} cannot be reached from the start")
        ports = node_ports(node)
        missing = [port for port in ports if port not in used_ports.get(node_id, ())]
        if missing and node_id in used_ports:
            context.add(Kind.Unconnected, node_id,
                        f"{_name(node)}: port{'s' if len(missing) > 1 else ''} {', '.join(missing)} not connected")
        elif node_id not in used_ports and kind not in (NodeType.Exit, NodeType.Break, NodeType.Continue):
            context.add(Kind.Unconnected, node_id, f"{_name(node)} has no outgoing connection")
    order, cycles = topological_order(list(nodes), scope.edges)
    for cycle in cycles:
        members = " -> ".join(dict.fromkeys(edge.source for edge in cycle))
        for edge in cycle:
            context.add(Kind.Cycle, edge.source,
                        f"edge {edge.source} -> {edge.target} closes a cycle ({members}): only Loop and Batch "
                        "nodes repeat work", edge.place, edge.target)
    context.ancestry[scope.owner.id if scope.owner else None] = Ancestry(order, scope.edges)


def _check_port(context: _Context, node: CanvasNode, edge: FlowEdge) -> None:
    ports = node_ports(node)
    if edge.port is None and not ports:
        return
    if edge.port in ports:
        return
    if ports:
        drawn = f'port "{edge.raw_port}"' if edge.raw_port else "no port"
        message = f"edge {edge.source} -> {edge.target} leaves {_name(node)} from {drawn}; its ports are {', '.join(ports)}"
    else:
        message = f'edge {edge.source} -> {edge.target} leaves {_name(node)} from port "{edge.raw_port}", which it does not have'
    context.add(Kind.UnknownPort, node.id, message, edge.place, edge.target)


# ------------------------------------------------------------------ data flow


def _typed_refs(binding: Binding, path: str) -> Iterator[tuple[NodeRef, TypeInfo, str]]:
    """Each reference in the value, with the type declared where it lands."""
    if isinstance(binding.value, NodeRef):
        yield binding.value, binding.type, path
    elif isinstance(binding.value, ObjectValue):
        for inner in binding.value.fields:
            yield from _typed_refs(inner, f"{path}.{inner.path}")


def _check_references(context: _Context, scope: Scope) -> None:
    for node_id, node in scope.nodes.items():
        if node.node_type in (None, NodeType.Comment) or context.nodes.get(node_id) is not node:
            continue
        compiled = [(c, f"inputs.inputParameters.{c.binding.path}") for c in input_bindings(node)]
        compiled += [(c, f"inputs.{c.binding.path}") for c in setting_bindings(node)]
        for item, path in compiled:
            _check_binding(context, node, item, path, gathered=False)
        if node.node_type in COMPOSITE_TYPES and context.owner_of.get(node_id) is None:
            for item in output_bindings(node):
                _check_binding(context, node, item, f"outputs.{item.binding.path}", gathered=True)


def _check_binding(context: _Context, node: CanvasNode, item: CompiledBinding, path: str, gathered: bool) -> None:
    binding = item.binding
    if item.problem:
        context.add(Kind.InvalidLiteral, node.id, f"{_name(node)}: {path}: {item.problem}", path)
        return
    if binding.value is None:
        if item.in_parameters:
            context.add(Kind.EmptyReference, node.id,
                        f"{_name(node)}: {path} is not set (it refers to no node)", path)
        return
    for ref, declared, ref_path in _typed_refs(binding, path):
        _check_reference(context, node, ref, declared, ref_path, gathered)


def _readable(context: _Context, reader: CanvasNode, ref: NodeRef, gathered: bool) -> tuple[Mapping, bool] | str:
    """The fields `reader` can read from ref's node, and whether they come once per iteration (a
    Loop's or Batch's outputs gathering from its body: `gathered`); or why it cannot read them."""
    target = context.nodes[ref.node_id]
    target_owner = context.owner_of.get(ref.node_id)  # None: on the canvas itself
    before_on_canvas = context.ancestry[None].runs_before
    if gathered:
        if ref.node_id == reader.id:
            return iteration_fields(reader), False
        if target_owner is reader:
            return output_fields(target), True
        if target_owner is None and before_on_canvas(ref.node_id, reader.id):
            return output_fields(target), False
    else:
        owner = context.owner_of.get(reader.id)
        if ref.node_id == reader.id:
            fields = batch_item_fields(reader)
            return (fields, False) if fields else f"{_name(reader)} refers to itself"
        if owner is not None and ref.node_id == owner.id:
            return iteration_fields(owner), False
        ancestry = context.ancestry[owner.id if owner else None]
        if target_owner is owner and (ancestry.runs_before(ref.node_id, reader.id) or not ancestry.placed(reader.id)):
            return output_fields(target), False  # (a cycle leads to an unplaced reader: reported as such)
        if owner is not None and target_owner is None and before_on_canvas(ref.node_id, owner.id):
            return output_fields(target), False
        if target_owner is not None and target_owner is not owner:
            return f"{_name(reader)} reads {_name(target)}, which is inside {_name(target_owner)}: read its outputs"
    return f"{_name(reader)} reads {_name(target)}, which does not run before it"


def _check_reference(context: _Context, node: CanvasNode, ref: NodeRef, declared: TypeInfo, path: str,
                     gathered: bool) -> None:
    target = context.nodes.get(ref.node_id)
    if target is None or target.node_type == NodeType.Comment:
        context.add(Kind.MissingNode, node.id,
                    f"{_name(node)}: {path} refers to node {ref.node_id}, which is not on the canvas", path)
        return
    readable = _readable(context, node, ref, gathered)
    if isinstance(readable, str):
        context.add(Kind.NotPredecessor, node.id, f"{readable} ({path})", path)
        return
    fields, per_iteration = readable
    dotted = ".".join(ref.path)
    source = find_field(fields, ref.path)
    if source is None:
        context.add(Kind.MissingField, node.id,
                    f"{_name(node)}: {path} reads {dotted or 'the output'} of {_name(target)}, which it does not "
                    f"output", path)
        return
    if per_iteration:
        if declared.type not in (None, VariableType.List):
            context.add(Kind.TypeMismatch, node.id,
                        f"{_name(node)}: {path} gathers {dotted} of {_name(target)} once per iteration: declare it "
                        f"a list, not {declared.describe()}", path)
            return
        declared = element_type(declared)
    problem = conversion_problem(source, declared)
    if problem:
        context.add(Kind.TypeMismatch, node.id,
                    f"{_name(node)}: {path} is {declared.describe()}, but {dotted} of {_name(target)} is "
                    f"{source.describe()} ({problem})", path)
