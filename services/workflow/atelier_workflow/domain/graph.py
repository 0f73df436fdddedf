"""The control flow of a canvas, as validation and planning both read it.

A canvas has scopes: the canvas itself, and the body of each Loop and Batch (its `blocks` and
inner `edges`). In a body, the edges from the Loop or Batch node start an iteration (`starts`),
the edges back to it end one (`hands_back`); they are kept apart from the body's own `edges`,
so each scope is a graph of its own. Comment nodes are no part of any scope. Edges whose ends are
not nodes of the scope are `stray`.

Interface: `canvas_scopes(canvas) -> list[Scope]` (the canvas first, then each body),
`FlowEdge`, `StrayEdge`, `COMPOSITE_TYPES`, and over a scope's nodes and edges:
`topological_order(nodes, edges) -> (order, cycles)`, `reachable(starts, edges)`,
`Ancestry(order, edges)` (`.runs_before(a, b)`, `.placed(node)`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from atelier_proto.enums import NodeType
from atelier_workflow.domain.canvas import Canvas, CanvasNode, Edge
from atelier_workflow.domain.ports import normalize_port

COMPOSITE_TYPES = frozenset({NodeType.Loop, NodeType.Batch})


@dataclass(frozen=True, slots=True)
class FlowEdge:
    source: str
    target: str
    port: str | None  # normalized (ports.py); None: the source does not branch here
    raw_port: str  # sourcePortID as drawn
    place: str  # where the edge is in the canvas JSON: "edges[2]", "nodes[3].edges[0]"


@dataclass(frozen=True, slots=True)
class StrayEdge:
    edge: FlowEdge
    missing: str  # the end that is no node of the scope


@dataclass(frozen=True)
class Scope:
    owner: CanvasNode | None  # the Loop or Batch whose body this is; None: the canvas
    nodes: Mapping[str, CanvasNode]  # canvas order, Comments left out
    places: Mapping[str, str]  # node id -> "nodes[3]" or "nodes[4].blocks[1]"
    edges: tuple[FlowEdge, ...]
    starts: tuple[FlowEdge, ...] = ()  # body: edges from the owner, to the nodes an iteration starts with
    hands_back: tuple[FlowEdge, ...] = ()  # body: edges back to the owner, from the nodes that end one
    stray: tuple[StrayEdge, ...] = ()


def _flow_edge(edge: Edge, source: CanvasNode | None, place: str) -> FlowEdge:
    port = normalize_port(source, edge.source_port_id) if source is not None else (edge.source_port_id or None)
    return FlowEdge(edge.source_node_id, edge.target_node_id, port, edge.source_port_id, place)


def _scope(owner: CanvasNode | None, members: Sequence[CanvasNode], edges: Sequence[Edge], prefix: str,
           member_key: str) -> Scope:
    nodes, places = {}, {}
    for index, node in enumerate(members):
        if node.node_type != NodeType.Comment:
            nodes.setdefault(node.id, node)
            places.setdefault(node.id, f"{prefix}{member_key}[{index}]")
    owner_id = owner.id if owner is not None else None
    inner, starts, hands_back, stray = [], [], [], []
    for index, edge in enumerate(edges):
        flow = _flow_edge(edge, nodes.get(edge.source_node_id), f"{prefix}edges[{index}]")
        if flow.source not in nodes and flow.source != owner_id:
            stray.append(StrayEdge(flow, flow.source))
        elif flow.target not in nodes and (flow.target != owner_id or flow.source == owner_id):
            stray.append(StrayEdge(flow, flow.target))
        elif flow.source == owner_id:
            starts.append(flow)
        elif flow.target == owner_id:
            hands_back.append(flow)
        else:
            inner.append(flow)
    return Scope(owner, nodes, places, tuple(inner), tuple(starts), tuple(hands_back), tuple(stray))


def canvas_scopes(canvas: Canvas) -> list[Scope]:
    """The canvas's scope, then the body of each Loop and Batch on it (bodies nested deeper are
    not scopes: a composite node inside a composite node is invalid)."""
    scopes = [_scope(None, canvas.nodes, canvas.edges, "", "nodes")]
    for index, node in enumerate(canvas.nodes):
        if node.node_type in COMPOSITE_TYPES:
            scopes.append(_scope(node, node.blocks, node.edges, f"nodes[{index}].", "blocks"))
    return scopes


def _successors(nodes: Iterable[str], edges: Iterable[FlowEdge]) -> dict[str, list[str]]:
    successors: dict[str, list[str]] = {node: [] for node in nodes}
    for edge in edges:
        successors[edge.source].append(edge.target)
    return successors


def topological_order(nodes: Sequence[str], edges: Sequence[FlowEdge]) -> tuple[list[str], list[list[FlowEdge]]]:
    """The nodes in an order every edge goes forward in (canvas order among equals), and the
    cycles: for each group of nodes that reach each other, the edges that go round it. The order
    leaves out the nodes of cycles."""
    successors = _successors(nodes, edges)
    waiting = dict.fromkeys(nodes, 0)
    for edge in edges:
        waiting[edge.target] += 1
    order = [node for node in nodes if waiting[node] == 0]
    for node in order:  # grows while read: Kahn's algorithm
        for target in successors[node]:
            waiting[target] -= 1
            if waiting[target] == 0:
                order.append(target)
    if len(order) == len(nodes):
        return order, []
    placed = set(order)
    rest = [node for node in nodes if node not in placed]
    group = _strong_components(rest, {n: [t for t in successors[n] if t not in placed] for n in rest})
    cycles: dict[str, list[FlowEdge]] = {}
    for edge in edges:
        if edge.source in group and group[edge.source] == group.get(edge.target):
            cycles.setdefault(group[edge.source], []).append(edge)
    return order, list(cycles.values())


def _strong_components(nodes: Sequence[str], successors: Mapping[str, list[str]]) -> dict[str, str]:
    """Node -> the first node found of its strongly connected component (Kosaraju, without recursion)."""
    finished, seen = [], set()
    for root in nodes:
        if root in seen:
            continue
        seen.add(root)
        stack = [(root, iter(successors[root]))]
        while stack:
            node, pending = stack[-1]
            following = next((t for t in pending if t not in seen), None)
            if following is None:
                stack.pop()
                finished.append(node)
            else:
                seen.add(following)
                stack.append((following, iter(successors[following])))
    predecessors: dict[str, list[str]] = {node: [] for node in nodes}
    for node in nodes:
        for target in successors[node]:
            predecessors[target].append(node)
    group: dict[str, str] = {}
    for root in reversed(finished):
        if root in group:
            continue
        group[root] = root_group = root
        stack = [root]
        while stack:
            for source in predecessors[stack.pop()]:
                if source not in group:
                    group[source] = root_group
                    stack.append(source)
    return group


def reachable(starts: Iterable[str], edges: Iterable[FlowEdge]) -> set[str]:
    """The nodes a run starting at `starts` can get to (the starts included)."""
    successors: dict[str, list[str]] = {}
    for edge in edges:
        successors.setdefault(edge.source, []).append(edge.target)
    found = set(starts)
    frontier = list(found)
    while frontier:
        for target in successors.get(frontier.pop(), ()):
            if target not in found:
                found.add(target)
                frontier.append(target)
    return found


class Ancestry:
    """Which nodes of a scope run before which: a runs before b when an edge path leads from a
    to b. Built over a topological order (nodes of cycles have no ancestors)."""

    def __init__(self, order: Sequence[str], edges: Iterable[FlowEdge]):
        self._bit = {node: 1 << index for index, node in enumerate(order)}
        predecessors: dict[str, list[str]] = {node: [] for node in order}
        for edge in edges:
            if edge.source in self._bit and edge.target in self._bit:
                predecessors[edge.target].append(edge.source)
        self._before: dict[str, int] = {}
        for node in order:
            mask = 0
            for source in predecessors[node]:
                mask |= self._before[source] | self._bit[source]
            self._before[node] = mask

    def placed(self, node: str) -> bool:
        """Whether the order holds the node (it does not when a cycle runs into it)."""
        return node in self._bit

    def runs_before(self, earlier: str, later: str) -> bool:
        bit = self._bit.get(earlier)
        return bit is not None and bool(self._before.get(later, 0) & bit)
