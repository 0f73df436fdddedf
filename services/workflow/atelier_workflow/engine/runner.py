"""The engine: runs a compiled plan on asyncio.

`Engine(registry).run(plan, inputs, *, context, observer, resume) -> RunResult`. Nodes become
ready as `RunState` (domain/progress.py) decides; every ready node runs at once as a task of its
own (independent branches run in parallel), a single ready node runs inline (a chain pays no
task per node). Each node: its inputs resolved from earlier outputs, literals and variables and
converted to their declared types; its executor run under its error policy (attempts =
1 + retries, all within the node's time limit); then Throw fails the run, ReturnDefaultData
outputs `dataOnErr`, ExceptionBranch leaves by `branch_error`, with `isSuccess` and `errorBody`
as in Coze. Skipped nodes never run. After each node of the canvas the observer gets a
`Checkpoint`; `run(..., resume=checkpoint)` carries on from it without running completed nodes
again. Cancelling the task that awaits `run` cancels every node running (a code node's sandbox
process is killed) and re-raises CancelledError.

Streaming: a node may stream a field as it produces it (`ctx.stream`, an LLM's text); an Exit or
OutputEmitter of the canvas with `streamingOutput` on that reads it and runs right after it says it
as it comes (streams.py): the observer hears those `message`s before the node finishes.

Interrupts: a node of the canvas that raises `NodeInterrupt` (a question, a form) waits for the
user. No node starts after that; the nodes already running finish (and are checkpointed), then
the run ends INTERRUPTED with `RunResult.interrupt` and a checkpoint whose `interrupted` keeps
each waiting node's interrupt and state. `run(..., resume=checkpoint,
resume_answer=ResumeAnswer(node_id, answer))` runs that node again with `ctx.resumed` (the
answer and its state); completed nodes do not run again, and a node still waiting for an answer
it was not given reports its interrupt again without running. A node inside a Loop's or Batch's
body cannot wait: its interrupt is a failure of that node.

Iterations: a node of the canvas that iterates (a Loop, a Batch, a node in batch mode, see
batch_mode.py) keeps its progress in the checkpoint (`Checkpoint.progress`): after each node of
its body and each batch item the observer gets a checkpoint again, so a resumed run carries on
inside it: completed iterations and the completed nodes of a running iteration do not run again.
(An iterating node inside a body is not tracked: it starts over with its iteration.)
"""

from __future__ import annotations

import asyncio
import time
from collections import ChainMap
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from atelier_proto.enums import ErrorProcessType
from atelier_workflow.domain.fields import ERROR_BODY_FIELD, IS_SUCCESS_FIELD
from atelier_workflow.domain.plan import Plan, PlanNode
from atelier_workflow.domain.policy import success_flag
from atelier_workflow.domain.ports import PORT_DEFAULT, PORT_ERROR
from atelier_workflow.domain.progress import BodyProgress, Checkpoint, IterationProgress, RunState
from atelier_workflow.engine import batch_mode
from atelier_workflow.engine.context import LoopControl, NodeContext, RunContext
from atelier_workflow.engine.model import (
    NO_USAGE,
    Interrupt,
    InvalidResume,
    NodeError,
    NodeInterrupt,
    NodeOutput,
    NodeTimeout,
    ResumeAnswer,
    Resumed,
    RunFailure,
    RunResult,
    RunStatus,
    TokenUsage,
)
from atelier_workflow.engine.nodes.iteration import gathered_fields, kept_outputs
from atelier_workflow.engine.observer import NodeEvent, RunObserver, Scope
from atelier_workflow.engine.registry import ExecutorRegistry, default_registry
from atelier_workflow.engine.streams import AnswerStreams, NoStreams
from atelier_workflow.engine.values import ConversionError, convert, resolve

_NO_CONTEXT = RunContext()
_NO_STREAMS = NoStreams()


class RunFailed(NodeError):
    """A node failed and its policy is Throw: the run (or the Loop/Batch holding it) fails."""

    def __init__(self, failure: RunFailure) -> None:
        super().__init__(failure.message, failure.code)
        self.failure = failure


@dataclass
class BodyRun:
    """One iteration of a body: each completed node's outputs (skipped nodes are absent)."""

    outputs: dict[str, Mapping[str, Any]]
    usage: TokenUsage = NO_USAGE


@dataclass
class _Frame:
    """One run of a plan: the canvas, or one iteration of a body."""

    plan: Plan
    state: RunState
    outputs: dict[str, Mapping[str, Any]]  # this plan's completed nodes
    values: Mapping[str, Mapping[str, Any]]  # what references read (outer scopes included)
    scope: Scope | None = None
    loop: LoopControl | None = None
    usage: list[TokenUsage] = field(default_factory=list)
    progress: IterationProgress | None = None  # a tracked body iteration: its owner's progress


class Engine:
    def __init__(self, registry: ExecutorRegistry | None = None) -> None:
        self.registry = registry or default_registry()

    async def run(self, plan: Plan, inputs: Mapping[str, Any], *, context: RunContext | None = None,
                  observer: RunObserver | None = None, resume: Checkpoint | None = None,
                  resume_answer: ResumeAnswer | None = None) -> RunResult:
        """Run the plan of a canvas to its end. A failing node whose policy is Throw ends it with
        status FAILED (the error names the node); a node waiting for the user ends it
        INTERRUPTED; cancelling the caller cancels the run. InvalidResume when `resume_answer`
        names a node the checkpoint is not waiting on."""
        interrupted = {node: dict(record) for node, record in (resume.interrupted if resume else {}).items()}
        if resume_answer is not None and resume_answer.node_id not in interrupted:
            waiting = ", ".join(interrupted) or "none"
            raise InvalidResume(f"the run is not waiting for an answer from node {resume_answer.node_id}; "
                                f"nodes waiting: {waiting}")
        context = context or _NO_CONTEXT
        if resume is not None:
            state = plan.resume(resume.completed)
            outputs = {node: dict(out) for node, out in resume.outputs.items()}
        else:
            state, outputs = plan.start(), {}
        streams = AnswerStreams(plan, state, outputs, context.variables, observer) if observer is not None else None
        run = _Run(self.registry, context, observer, inputs, interrupted, resume_answer, streams or _NO_STREAMS)
        if resume is not None:
            run.progress.update({node: IterationProgress.from_json(progress.to_json())  # a copy of its own
                                 for node, progress in resume.progress.items()})
        frame = _Frame(plan, state, outputs, outputs)
        run.set_root(frame)
        try:
            await run.drive(frame)
        except RunFailed as failed:
            return RunResult(RunStatus.FAILED, error=failed.failure, usage=_total(frame.usage),
                             checkpoint=Checkpoint.from_json(run.checkpoint().to_json()))
        checkpoint = Checkpoint(dict(state.completed), dict(outputs), dict(interrupted), dict(run.progress))
        if run.waiting:
            first = run.waiting[0]
            return RunResult(RunStatus.INTERRUPTED, usage=_total(frame.usage), checkpoint=checkpoint,
                             interrupt=Interrupt.from_record(first, interrupted[first]))
        exit_outputs = outputs.get(plan.exit_id, {}) if plan.exit_id else {}
        answer = exit_outputs.get("output") if plan.exit_id and _returns_text(plan.node(plan.exit_id)) else None
        return RunResult(RunStatus.SUCCEEDED, dict(exit_outputs), answer, usage=_total(frame.usage),
                         checkpoint=checkpoint)


def _returns_text(node: PlanNode) -> bool:
    return node.config.terminate_plan == "useAnswerContent"


def _total(usages: list[TokenUsage]) -> TokenUsage:
    total = NO_USAGE
    for usage in usages:
        total = total + usage
    return total


class _Run:
    __slots__ = ("registry", "context", "observer", "inputs", "interrupted", "answer", "waiting", "streams", "progress",
                 "root", "_views")

    def __init__(self, registry: ExecutorRegistry, context: RunContext, observer: RunObserver | None,
                 inputs: Mapping[str, Any], interrupted: dict[str, dict[str, Any]],
                 answer: ResumeAnswer | None, streams: AnswerStreams | NoStreams) -> None:
        self.registry = registry
        self.context = context
        self.observer = observer
        self.inputs = inputs
        self.interrupted = interrupted  # canvas node waiting for the user -> its interrupt record
        self.answer = answer
        self.waiting: list[str] = []  # nodes that wait for the user in this run, in the order they asked
        self.streams = streams  # the canvas's streaming answer nodes (bodies do not stream)
        self.progress: dict[str, IterationProgress] = {}  # running iterating node of the canvas -> its iterations
        self.root: _Frame | None = None  # the canvas's frame

    def set_root(self, frame: _Frame) -> None:
        self.root = frame
        self._views = (MappingProxyType(frame.outputs), MappingProxyType(self.interrupted),
                       MappingProxyType(self.progress))

    def checkpoint(self) -> Checkpoint:
        """Where the run is now (views of the live run)."""
        root = self.root
        assert root is not None
        return Checkpoint(root.state.completed, *self._views)

    def _progress_of(self, frame: _Frame, node: PlanNode) -> IterationProgress:
        """The iterations of `node` so far: kept in the checkpoint for a node of the canvas."""
        if frame.scope is not None:
            return IterationProgress()
        progress = self.progress.get(node.id)
        if progress is None:
            progress = self.progress[node.id] = IterationProgress()
        return progress

    async def drive(self, frame: _Frame) -> None:
        """Run the frame's plan until every node is completed or skipped, or until the nodes
        running when one started to wait for the user have finished."""
        state, plan = frame.state, frame.plan
        ready = list(state.ready())
        running: dict[asyncio.Task[NodeOutput | None], str] = {}
        try:
            while ready or running:
                if self.waiting and frame.scope is None:
                    ready.clear()  # the run stops for the user: start nothing new
                    if not running:
                        break
                if len(ready) == 1 and not running:  # a chain: no task needed
                    node_id = ready.pop()
                    self._completed(frame, node_id, await self._step(frame, plan.nodes[node_id]), ready)
                    continue
                for node_id in ready:
                    running[asyncio.create_task(self._step(frame, plan.nodes[node_id]))] = node_id
                ready.clear()
                done, _ = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
                for task in done:
                    node_id = running.pop(task)
                    self._completed(frame, node_id, task.result(), ready)  # raises RunFailed
        finally:
            if running:
                for task in running:
                    task.cancel()
                await asyncio.gather(*running, return_exceptions=True)

    async def _step(self, frame: _Frame, node: PlanNode) -> NodeOutput | None:
        """Run one node; None when it waits for the user (then it is in `waiting`)."""
        if frame.scope is not None:
            return await self.run_node(frame, node)
        resumed = None
        record = self.interrupted.get(node.id)
        if record is not None:
            if self.answer is None or self.answer.node_id != node.id:
                self.waiting.append(node.id)  # still waiting for its own answer: ask again, do not run
                return None
            resumed = Resumed(self.answer.answer, record.get("state") or {})
        try:
            return await self.run_node(frame, node, resumed)
        except NodeInterrupt as asked:
            interrupt = Interrupt(node.id, node.type, node.title, asked.type, asked.data)
            self.interrupted[node.id] = interrupt.record(asked.state)
            self.waiting.append(node.id)
            observer = self.observer
            if observer is not None:
                observer.node_interrupted(NodeEvent(node.id, node.type, node.title), interrupt)
                observer.checkpoint(self.checkpoint())
            return None

    def _completed(self, frame: _Frame, node_id: str, result: NodeOutput | None, ready: list[str]) -> None:
        if result is None:  # waits for the user: neither completed nor failed
            return
        if frame.scope is None:
            self.interrupted.pop(node_id, None)
            if self.progress:
                self.progress.pop(node_id, None)  # its iterations are over: its outputs say it all
        frame.outputs[node_id] = result.outputs
        if result.usage is not None:
            frame.usage.append(result.usage)
        step = frame.state.complete(node_id, result.port)
        ready.extend(step.ready)
        observer = self.observer
        if observer is not None:
            for skipped in step.skipped:
                node = frame.plan.nodes[skipped]
                observer.node_skipped(NodeEvent(skipped, node.type, node.title, frame.scope))
            if frame.scope is None:  # the canvas's frame: the root
                observer.checkpoint(Checkpoint(frame.state.completed, *self._views))
            elif frame.progress is not None:  # a node of a tracked body: the iteration got further
                loop = frame.loop
                if loop is not None:
                    frame.progress.state = {"variables": loop.variables, "current": loop.current,
                                            "broken": loop.broken}
                observer.checkpoint(self.checkpoint())

    async def run_node(self, frame: _Frame, node: PlanNode, resumed: Resumed | None = None) -> NodeOutput:
        """Run one node under its error policy; NodeInterrupt passes through (canvas nodes)."""
        observer = self.observer
        started = time.perf_counter()
        if node.batch is not None:
            return await self._run_batch_mode(frame, node, started)
        streams = self.streams if frame.scope is None else _NO_STREAMS
        if node.body is not None:
            progress = self._progress_of(frame, node)
            ctx = NodeContext(self.context, observer, node, frame.values, frame.scope, frame.loop, self.inputs,
                              self._body_runner(frame, node, progress), resumed, streams, progress)
        else:
            ctx = NodeContext(self.context, observer, node, frame.values, frame.scope, frame.loop, self.inputs,
                              _no_body, resumed, streams)
        inputs: dict[str, Any] = {}
        try:
            for binding in node.inputs:
                inputs[binding.path] = resolve(binding, frame.values, self.context.variables)
        except ConversionError as exc:
            return self._handle_failure(frame, node, inputs, exc, started)
        if observer is not None:
            observer.node_started(NodeEvent(node.id, node.type, node.title, frame.scope, inputs, started_at=started))
        policy = node.error_policy
        executor = self.registry.get(node.type)
        try:
            if policy.timeout_ms > 0:
                try:
                    async with asyncio.timeout(policy.timeout_ms / 1000):
                        result = await self._attempts(frame, node, inputs, ctx, executor, started)
                except TimeoutError:
                    raise NodeTimeout(policy.timeout_ms) from None
            else:
                result = await self._attempts(frame, node, inputs, ctx, executor, started)
        except NodeError as exc:
            return self._handle_failure(frame, node, inputs, exc, started)
        if policy.action != ErrorProcessType.Throw:
            succeeded = success_flag(node.type, result.outputs.get(IS_SUCCESS_FIELD))
            result = NodeOutput({**result.outputs, IS_SUCCESS_FIELD: succeeded, ERROR_BODY_FIELD: None},
                                result.port or (PORT_DEFAULT if node.ports else None), result.usage)
        elif result.port is None and node.ports:
            result = NodeOutput(result.outputs, PORT_DEFAULT, result.usage)
        if observer is not None:
            observer.node_finished(NodeEvent(
                node.id, node.type, node.title, frame.scope, inputs, result.outputs, result.port, started,
                time.perf_counter() - started, result.usage))
        return result

    async def _attempts(self, frame: _Frame, node: PlanNode, inputs: dict[str, Any], ctx: NodeContext,
                        executor: Any, started: float) -> NodeOutput:
        retries = node.error_policy.max_retries
        attempt = 0
        while True:
            ctx.attempt = attempt
            if attempt:
                ctx.restart_stream()  # a retry's text starts anew
            try:
                return await executor(node, inputs, ctx)
            except NodeError as exc:
                error = exc
            except NodeInterrupt:
                if frame.scope is None:
                    raise
                error = NodeError(f"{node.title} cannot wait for the user inside a Loop or Batch body",
                                  "interrupt_in_body")
            except (asyncio.CancelledError, TimeoutError):
                raise
            except Exception as exc:  # an executor's own bug: still the node's failure, reported as such
                error = NodeError(f"{type(exc).__name__}: {exc}", "internal")
            if attempt >= retries:
                raise error
            if ctx.progress is not None:  # a Loop or Batch tried again starts over
                ctx.progress.reset()
            if self.observer is not None:
                self.observer.node_failed(NodeEvent(
                    node.id, node.type, node.title, frame.scope, inputs, started_at=started,
                    duration_s=time.perf_counter() - started, error=error.message, error_code=error.code,
                    attempt=attempt, final=False))
            attempt += 1

    def _handle_failure(self, frame: _Frame, node: PlanNode, inputs: dict[str, Any], error: NodeError,
                        started: float) -> NodeOutput:
        policy = node.error_policy
        observer = self.observer
        if observer is not None:
            observer.node_failed(NodeEvent(
                node.id, node.type, node.title, frame.scope, inputs, started_at=started,
                duration_s=time.perf_counter() - started, error=error.message, error_code=error.code,
                attempt=policy.max_retries, final=True))
        if policy.action == ErrorProcessType.Throw:
            failure = error.failure if isinstance(error, RunFailed) else None
            raise RunFailed(failure or RunFailure(node.id, node.type, f"node {node.title} ({node.id}): {error.message}",
                                                  error.code))
        outputs: dict[str, Any] = {}
        for name, value in (policy.default_output or {}).items():
            typed = node.outputs.get(name)
            try:
                outputs[name] = convert(value, typed) if typed is not None else value
            except ConversionError:
                outputs[name] = value
        outputs[IS_SUCCESS_FIELD] = False
        outputs[ERROR_BODY_FIELD] = {"errorMessage": error.message, "errorCode": error.code}
        port = PORT_ERROR if policy.action == ErrorProcessType.ExceptionBranch else (
            PORT_DEFAULT if node.ports else None)
        result = NodeOutput(outputs, port)
        if observer is not None:
            observer.node_finished(NodeEvent(
                node.id, node.type, node.title, frame.scope, inputs, outputs, port, started,
                time.perf_counter() - started, error=error.message, error_code=error.code))
        return result

    def _body_runner(self, frame: _Frame, owner: PlanNode, progress: IterationProgress):
        gathered = gathered_fields(owner)
        tracked = progress if frame.scope is None else None

        async def run_body(body: Plan, owner_values: Mapping[str, Any], iteration: int,
                           loop: LoopControl | None) -> BodyRun:
            saved = progress.running.get(iteration)
            if saved is not None:  # resumed: its completed nodes do not run again
                state = body.resume(saved.completed)
                outputs: dict[str, Mapping[str, Any]] = dict(saved.outputs)
            else:
                state, outputs = body.start(), {}
            if tracked is not None:
                tracked.running[iteration] = BodyProgress(state.completed, outputs)
            values = ChainMap(outputs, {owner.id: owner_values}, frame.values)  # type: ignore[arg-type]
            inner = _Frame(body, state, outputs, values, Scope(owner.id, iteration), loop, progress=tracked)
            await self.drive(inner)
            usage = _total(inner.usage)
            if usage != NO_USAGE:
                frame.usage.append(usage)
            progress.done[iteration] = kept_outputs(gathered, outputs)
            progress.running.pop(iteration, None)
            return BodyRun(outputs, usage)

        return run_body

    async def _run_batch_mode(self, frame: _Frame, node: PlanNode, started: float) -> NodeOutput:
        """A node in batch mode: one run of `batch_mode.item_node(node)` per item, each under the
        node's error policy; the items done are kept in the checkpoint."""
        observer = self.observer
        batch = node.batch
        assert batch is not None
        ctx = NodeContext(self.context, observer, node, frame.values, frame.scope, frame.loop, self.inputs, _no_body)
        lists: dict[str, Any] = {}
        try:
            for k, param in enumerate(batch.input_lists):
                items = ctx.setting(f"batch.inputLists[{k}].input")
                if not isinstance(items, list):
                    raise NodeError(f"batch list {param.name} is not a list: {items!r}", "invalid_input")
                lists[param.name] = items
            item = batch_mode.item_node(node)
            batch_size, concurrency = batch_mode.batch_limits(node)
        except NodeError as exc:
            return self._handle_failure(frame, node, lists, exc, started)
        if observer is not None:
            observer.node_started(NodeEvent(node.id, node.type, node.title, frame.scope, lists, started_at=started))
        progress = self._progress_of(frame, node)
        checkpointed = observer is not None and frame.scope is None
        gate = asyncio.Semaphore(concurrency)
        usages: list[TokenUsage] = []

        async def one(index: int) -> Mapping[str, Any]:
            done = progress.done.get(index)
            if done is not None:
                return done
            values = ChainMap({node.id: batch_mode.item_values(lists, index)}, frame.values)  # type: ignore[arg-type]
            item_frame = _Frame(frame.plan, frame.state, frame.outputs, values, Scope(node.id, index), frame.loop)
            async with gate:
                result = await self.run_node(item_frame, item)
            if result.usage is not None:
                usages.append(result.usage)
            progress.done[index] = dict(result.outputs)
            if checkpointed:
                observer.checkpoint(self.checkpoint())  # type: ignore[union-attr]
            return progress.done[index]

        try:
            async with asyncio.TaskGroup() as group:
                tasks = [group.create_task(one(index)) for index in range(batch_mode.item_count(lists, batch_size))]
        except BaseExceptionGroup as failed:  # the first item that failed the node (its policy: Throw)
            first = failed.exceptions[0]
            if isinstance(first, NodeError):
                return self._handle_failure(frame, node, lists, first, started)
            raise first if isinstance(first, Exception) else failed from None
        outputs, port = batch_mode.combined(node, [task.result() for task in tasks])
        usage = _total(usages) if usages else None
        if observer is not None:
            observer.node_finished(NodeEvent(node.id, node.type, node.title, frame.scope, lists, outputs, port,
                                             started, time.perf_counter() - started, usage))
        return NodeOutput(outputs, port, usage)


async def _no_body(body: Plan, owner_values: Mapping[str, Any], iteration: int, loop: LoopControl | None) -> BodyRun:
    raise NodeError("this node has no body to run", "internal")
