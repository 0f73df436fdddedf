"""What a run is given (`RunContext`, by the caller) and what a node executor is given
(`NodeContext`, by the engine).

`RunContext` is per run and shared by every node: the app/user/system variables references read,
the code sandbox's limits and policy, the loop cap, and `services`: the clients the I/O node
executors (LLM, plugins, knowledge, databases...) will take their dependencies from, by name, so
that wiring one in is a registry entry plus a service here, not an engine change.

`NodeContext` is per node run: the run's context, the observer, where the node runs (`scope`),
its settings resolved on demand (`setting(place)`: Selector conditions, loop counts...), the
running Loop's `LoopControl` inside a loop body, `emit(text)` for an answer node's message (what
it has not streamed yet), `stream(field, delta)` for a node producing a field bit by bit (an
LLM's text, shown by the streaming answer nodes reading it: streams.py), and
`run_body(...)` for the Loop and Batch executors to run one iteration of their body, and
`resumed` when the node interrupted the run earlier and now runs again (the user's answer and
the state it kept; see model.NodeInterrupt), `attempt` (0, then 1... on retries), and for a Loop
or Batch `progress`: its iterations so far (a resumed run's completed iterations are in
`progress.done`: do not run them again).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from atelier_workflow.domain.plan import Plan, PlanNode
from atelier_workflow.domain.progress import IterationProgress
from atelier_workflow.engine.model import Resumed
from atelier_workflow.engine.observer import MessageEvent, RunObserver, Scope
from atelier_workflow.engine.streams import AnswerStreams, NoStreams
from atelier_workflow.engine.values import resolve
from atelier_workflow.sandbox.model import Limits, SandboxPolicy

if TYPE_CHECKING:
    from atelier_workflow.engine.runner import BodyRun


@dataclass(frozen=True)
class RunContext:
    run_id: str = ""
    variables: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # source -> name -> value
    code_limits: Limits | None = None
    sandbox_policy: SandboxPolicy | None = None
    max_loop_iterations: int = 10_000  # an infinite loop without a Break fails past this
    services: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class LoopControl:
    """The state a Loop's body shares: its variables, and whether a Break ran."""

    variables: dict[str, Any]
    broken: bool = False
    current: dict[str, Any] = field(default_factory=dict)  # what this iteration's nodes read of the Loop


_NO_STREAMS = NoStreams()

BodyRunner = Callable[[Plan, Mapping[str, Any], int, "LoopControl | None"], Awaitable["BodyRun"]]


class NodeContext:
    __slots__ = ("run", "observer", "node", "values", "scope", "loop", "run_inputs", "resumed", "attempt",
                 "progress", "_run_body", "_settings", "_streams")

    def __init__(self, run: RunContext, observer: RunObserver | None, node: PlanNode,
                 values: Mapping[str, Mapping[str, Any]], scope: Scope | None, loop: LoopControl | None,
                 run_inputs: Mapping[str, Any], run_body: BodyRunner, resumed: Resumed | None = None,
                 streams: AnswerStreams | NoStreams | None = None, progress: IterationProgress | None = None) -> None:
        self.run = run
        self.observer = observer
        self.node = node
        self.values = values
        self.scope = scope
        self.loop = loop
        self.run_inputs = run_inputs
        self.resumed = resumed
        self.attempt = 0  # 0: the first attempt; a retry counts up (its error policy's retryTimes)
        self.progress = progress  # the engine gives one to every node with a body
        self._run_body = run_body
        self._settings: dict[str, Any] | None = None
        self._streams = streams or _NO_STREAMS

    def setting(self, place: str, default: Any = None) -> Any:
        """A setting's value (by its place under data.inputs), resolved and converted."""
        if self._settings is None:
            self._settings = {binding.path: binding for binding in self.node.settings}  # type: ignore[misc]
        binding = self._settings.get(place)
        if binding is None:
            return default
        value = resolve(binding, self.values, self.run.variables)
        return default if value is None else value

    def emit(self, text: str) -> None:
        """This answer node's message: its whole text, less what it has streamed already."""
        if self.observer is not None:
            self.observer.message(MessageEvent(self.node.id, self._streams.finish(self.node.id, text), self.scope))

    def stream(self, field_name: str, delta: str) -> None:
        """More of this node's output `field_name`, as it is produced."""
        self._streams.delta(self.node.id, field_name, delta)

    def restart_stream(self, field_name: str | None = None) -> None:
        """This node's streamed field (or all of them) starts anew (another model round)."""
        self._streams.restart(self.node.id, field_name)

    async def run_body(self, body: Plan, owner_values: Mapping[str, Any], iteration: int,
                       loop: LoopControl | None = None) -> BodyRun:
        """One iteration of this Loop's or Batch's body; its nodes read `owner_values` when they
        refer to the owner. Raises NodeError when a body node fails the run."""
        return await self._run_body(body, owner_values, iteration, loop)
