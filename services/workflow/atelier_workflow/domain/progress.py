"""How far a run has got through a plan, and what may run next.

Control flow is decided edge by edge, as Coze's engine decides it. When a node completes it
chooses a port (`None` for a node that does not branch): the edges leaving that port are taken,
its other edges are not. A node runs once every edge into it is decided and at least one was
taken; when none was taken it is skipped, and so are the edges leaving it. So a branch not
chosen skips its nodes, and a node where branches meet again (an Exit after an if/else) runs
once the branch that was chosen reaches it. Nodes that become ready together run concurrently.

`RunState` keeps that bookkeeping in flat integer tables built once per plan (`FlowTables`):
completing a node costs a few list operations per edge leaving it, with no graph walk, so an
engine spends microseconds per node on it. What a run must keep to be resumed elsewhere is the
nodes it completed and the port each chose (`RunState.completed`), their outputs, and the nodes
waiting for a user's answer (a question, a form) with what each keeps meanwhile: a `Checkpoint`.
Ready and skipped nodes follow from the completed ones (`Plan.resume`). A Loop, Batch or node
in batch mode still running also keeps its iterations' progress, so that a resumed run carries
on inside it rather than starting it over.

Interface: `RunState` (`.ready()`, `.complete(node_id, port) -> Step`, `.skipped()`, `.next_after()`,
`.finished`, `.completed`), `Step`, `Checkpoint` (`to_json` / `from_json`), `FlowTables`,
`IterationProgress` and `BodyProgress` (a Loop's or Batch's iterations inside a checkpoint).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

# Where a node is in a run.
_WAITING, _READY, _DONE, _SKIPPED = range(4)
_STATUS_NAMES = ("waiting", "ready", "done", "skipped")


@dataclass(frozen=True, slots=True)
class Step:
    """What one completion changed: nodes that may now run, nodes now known not to run."""

    ready: tuple[str, ...]
    skipped: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FlowTables:
    """A plan's control flow as integer tables (node i is ids[i], in topological order)."""

    ids: tuple[str, ...]
    index: Mapping[str, int]
    ports: tuple[frozenset[str], ...]  # empty: the node does not branch
    edges_in: tuple[int, ...]  # how many edges lead into each node
    routes: tuple[Mapping[str | None, tuple[tuple[int, ...], tuple[int, ...]]], ...]  # port -> (taken, not taken)
    edges_out: tuple[tuple[int, ...], ...]  # target of each edge leaving the node

    @classmethod
    def build(cls, ids: Sequence[str], ports: Sequence[Sequence[str]],
              edges: Sequence[tuple[str, str, str | None]]) -> FlowTables:
        """`edges`: (source, target, port) with ports as the nodes name them."""
        index = {node: i for i, node in enumerate(ids)}
        edges_in = [0] * len(ids)
        leaving: list[list[tuple[str | None, int]]] = [[] for _ in ids]
        for source, target, port in edges:
            edges_in[index[target]] += 1
            leaving[index[source]].append((port, index[target]))
        routes = []
        for i, node_ports in enumerate(ports):
            choices = list(node_ports) if node_ports else [None]
            routes.append(MappingProxyType({
                port: (tuple(t for p, t in leaving[i] if p == port), tuple(t for p, t in leaving[i] if p != port))
                for port in choices
            }))
        return cls(tuple(ids), MappingProxyType(index), tuple(frozenset(p) for p in ports), tuple(edges_in),
                   tuple(routes), tuple(tuple(t for _, t in out) for out in leaving))


class RunState:
    """The control flow of one run (or one iteration of a body) over a plan: mutable, cheap.
    Start one with `Plan.start()`, rebuild one from a checkpoint with `Plan.resume()`."""

    __slots__ = ("_tables", "_status", "_undecided", "_taken", "_completed", "_resolved")

    def __init__(self, tables: FlowTables):
        self._tables = tables
        self._undecided = list(tables.edges_in)
        self._taken = [0] * len(tables.ids)
        self._status = [_READY if n == 0 else _WAITING for n in tables.edges_in]
        self._completed: dict[str, str | None] = {}
        self._resolved = 0

    def ready(self) -> tuple[str, ...]:
        """Every node that may run and has not completed (after a resume: what to run again)."""
        return tuple(node for node, status in zip(self._tables.ids, self._status, strict=True) if status == _READY)

    def skipped(self) -> tuple[str, ...]:
        return tuple(node for node, status in zip(self._tables.ids, self._status, strict=True) if status == _SKIPPED)

    @property
    def completed(self) -> Mapping[str, str | None]:
        """Completed node -> the port it chose, in completion order (a checkpoint's part)."""
        return MappingProxyType(self._completed)

    @property
    def finished(self) -> bool:
        """Every node completed or skipped."""
        return self._resolved == len(self._tables.ids)

    def next_after(self, node_id: str, source: str) -> bool:
        """Whether `node_id` waits only for the edges from `source` (a node running now): it runs
        next once `source` completes, unless `source` leaves by another port."""
        tables = self._tables
        i, s = tables.index.get(node_id), tables.index.get(source)
        if i is None or s is None or self._status[i] != _WAITING:
            return False
        from_source = tables.edges_out[s].count(i)
        return from_source > 0 and self._undecided[i] == from_source

    def complete(self, node_id: str, port: str | None = None) -> Step:
        """Record that `node_id` completed choosing `port` (None for a node without ports).
        ValueError when the node is unknown, not ready, or has no such port."""
        tables = self._tables
        i = tables.index.get(node_id)
        if i is None:
            raise ValueError(f"no node {node_id} in this plan")
        if self._status[i] != _READY:
            raise ValueError(f"node {node_id} cannot complete: it is {_STATUS_NAMES[self._status[i]]}")
        route = tables.routes[i].get(port)
        if route is None:
            ports = ", ".join(sorted(tables.ports[i])) or "none (it does not branch)"
            raise ValueError(f"node {node_id} has no port {port!r}; its ports: {ports}")
        self._status[i] = _DONE
        self._completed[node_id] = port
        self._resolved += 1
        ready: list[str] = []
        skipped: list[str] = []
        taken, not_taken = route
        for target in taken:
            self._decide(target, True, ready, skipped)
        for target in not_taken:
            self._decide(target, False, ready, skipped)
        return Step(tuple(ready), tuple(skipped))

    def _decide(self, target: int, taken: bool, ready: list[str], skipped: list[str]) -> None:
        """One more edge into `target` is decided; skipping spreads along untaken edges."""
        pending = [(target, taken)]
        undecided, taken_count, status, ids = self._undecided, self._taken, self._status, self._tables.ids
        while pending:
            node, is_taken = pending.pop()
            undecided[node] -= 1
            if is_taken:
                taken_count[node] += 1
            if undecided[node]:
                continue
            if taken_count[node]:
                status[node] = _READY
                ready.append(ids[node])
            else:
                status[node] = _SKIPPED
                self._resolved += 1
                skipped.append(ids[node])
                pending.extend((after, False) for after in self._tables.edges_out[node])


@dataclass
class BodyProgress:
    """One iteration of a body as far as it got: its completed nodes (node -> chosen port) and
    their outputs. While the iteration runs these are views of its live state."""

    completed: Mapping[str, str | None]
    outputs: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"completed": dict(self.completed), "outputs": dict(self.outputs)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BodyProgress:
        return cls(dict(data.get("completed") or {}), dict(data.get("outputs") or {}))


@dataclass
class IterationProgress:
    """How far a running Loop, Batch or node in batch mode got through its iterations, so that
    a resumed run does not run a completed iteration (or a completed node of one) again:
    `done`: iteration -> what it produced (the body outputs its owner gathers, or a batch item's
    outputs); `running`: iteration -> its body so far; `state`: what the owner itself keeps
    between iterations (a Loop's variables, whether a Break ran). JSON values throughout.

    A completed iteration's entry never changes, so a checkpoint copies this shallowly."""

    done: dict[int, Any] = field(default_factory=dict)
    running: dict[int, BodyProgress] = field(default_factory=dict)
    state: Mapping[str, Any] = field(default_factory=dict)

    def reset(self) -> None:
        self.done.clear()
        self.running.clear()
        self.state = {}

    def to_json(self) -> dict[str, Any]:
        return {"done": {str(i): value for i, value in self.done.items()},
                "running": {str(i): body.to_json() for i, body in self.running.items()},
                "state": {key: dict(value) if isinstance(value, Mapping) else value
                          for key, value in self.state.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> IterationProgress:
        return cls({int(i): value for i, value in (data.get("done") or {}).items()},
                   {int(i): BodyProgress.from_json(body) for i, body in (data.get("running") or {}).items()},
                   dict(data.get("state") or {}))


@dataclass(frozen=True)
class Checkpoint:
    """What a run keeps after each node to resume elsewhere: completed node -> chosen port,
    each completed node's output, each interrupted node -> what it keeps while it waits
    for an answer (the engine's interrupt record; all JSON values), and each running node of
    the canvas that iterates (Loop, Batch, a node in batch mode) -> its `IterationProgress`."""

    completed: Mapping[str, str | None]
    outputs: Mapping[str, Any] = field(default_factory=dict)
    interrupted: Mapping[str, Any] = field(default_factory=dict)
    progress: Mapping[str, IterationProgress] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = {"completed": dict(self.completed), "outputs": dict(self.outputs),
                "interrupted": dict(self.interrupted)}
        if self.progress:
            data["progress"] = {node: progress.to_json() for node, progress in self.progress.items()}
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Checkpoint:
        return cls(dict(data.get("completed") or {}), dict(data.get("outputs") or {}),
                   dict(data.get("interrupted") or {}),
                   {node: IterationProgress.from_json(progress)
                    for node, progress in (data.get("progress") or {}).items()})
