"""Executing a run its caller holds the lease of: the plan of its canvas (cached), the engine with
a `RunRecorder`, the lease kept alive, and how it ended stored (only while the lease is ours).

A run with a checkpoint carries on from it: the nodes it completed are not run again."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from atelier_common.errors import AtelierError, NotFound
from atelier_common.service import ServiceDeps
from atelier_proto.enums import NodeType, WorkflowExeStatus, WorkflowRunMode
from atelier_workflow.clients import WorkflowClients
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.domain.runs import QUEUED_MODES, REPEATABLE_NODE_TYPES, Execution, RunEnd
from atelier_workflow.domain.validation import InvalidCanvasError
from atelier_workflow.engine.context import NodeContext, RunContext
from atelier_workflow.engine.model import Interrupt, NodeOutput, ResumeAnswer, RunResult, RunStatus
from atelier_workflow.engine.registry import ExecutorRegistry, NodeExecutor, full_registry
from atelier_workflow.engine.runner import Engine
from atelier_workflow.runs.definitions import DefinitionChanged, PlanCache
from atelier_workflow.runs.lease import LeaseKeeper, StopReason
from atelier_workflow.runs.recorder import RunListener, RunRecorder
from atelier_workflow.store import executions

log = logging.getLogger("atelier.workflow.runs")

# RunContext.services entry: awaited before each node starts (runs resumable elsewhere).
CHECKPOINT_BARRIER = "checkpoint_barrier"


def _after_checkpoint(executor: NodeExecutor) -> NodeExecutor:
    async def execute(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
        barrier = ctx.run.services.get(CHECKPOINT_BARRIER)
        if barrier is not None:
            await barrier()
        return await executor(node, inputs, ctx)

    return execute


def checkpointing_registry(base: ExecutorRegistry | None = None) -> ExecutorRegistry:
    """`base`'s executors; those of nodes not safe to repeat start once the run's
    CHECKPOINT_BARRIER (when it has one) lets them."""
    base = base or full_registry()
    registry = base.copy()
    for node_type in NodeType:
        if node_type in base and node_type not in REPEATABLE_NODE_TYPES:
            registry.register(node_type, _after_checkpoint(base.get(node_type)))
    return registry


def process_owner(kind: str) -> str:
    """This process's name as a lease owner: unique per process start."""
    return f"{kind}:{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


@dataclass
class Runner:
    deps: ServiceDeps
    owner: str
    plans: PlanCache = field(default_factory=PlanCache)
    engine: Engine = field(default_factory=lambda: Engine(checkpointing_registry()))
    clients: WorkflowClients | None = None  # what the I/O nodes call (models, HTTP, plugins...)

    @classmethod
    def for_process(cls, deps: ServiceDeps, kind: str) -> Runner:
        plans = PlanCache()
        return cls(deps, process_owner(kind), plans=plans,
                   clients=WorkflowClients.from_settings(deps.settings, deps.pool, plans))

    async def aclose(self) -> None:
        if self.clients is not None:
            await self.clients.aclose()

    @property
    def lease_s(self) -> float:
        return self.deps.settings.workflow_lease_s

    async def execute(self, run: Execution, *, durable: bool, listener: RunListener | None = None,
                      timeout_s: float | None = None, answer: ResumeAnswer | None = None,
                      history: Sequence[Mapping[str, Any]] | None = None,
                      conversation_id: int | None = None) -> RunEnd | None:
        """Run it to its end and store the end; None when the lease was lost (another process
        carries on). `durable`: each checkpoint is stored before the next node starts. `history`: the
        conversation a chatflow run's LLM nodes read (chat history on); `conversation_id`: that
        conversation, the Default of its conversation and message nodes."""
        try:
            plan = await self.plans.for_run(self.deps.pool, run)
        except (InvalidCanvasError, NotFound, DefinitionChanged) as exc:
            return await self._finish(run, RunEnd(WorkflowExeStatus.Fail, error_code="definition",
                                                  error_msg=exc.msg))
        settings = self.deps.settings
        keeper = LeaseKeeper(self.deps.pool, run.id, self.owner, lease_s=self.lease_s,
                             heartbeat_s=settings.workflow_heartbeat_s)
        recorder = RunRecorder(self.deps.pool, run, self.owner, listener=listener,
                               on_lease_lost=lambda: keeper.stop(StopReason.LEASE_LOST))
        services: dict[str, Any] = {} if self.clients is None else self.clients.run_services(
            space_id=run.space_id, user_id=str(run.creator_id), debug=run.mode == WorkflowRunMode.Debug,
            bot_id=run.bot_id, app_id=run.project_id, conversation_id=conversation_id, history=history)
        if durable:
            services[CHECKPOINT_BARRIER] = recorder.durable
        context = RunContext(run_id=str(run.id), services=services)
        task = asyncio.create_task(self.engine.run(plan, run.input, context=context, observer=recorder,
                                                   resume=run.checkpoint, resume_answer=answer))
        recorder.start()
        keeper.start(task)
        timer = asyncio.get_running_loop().call_later(timeout_s, keeper.stop, StopReason.TIMED_OUT) \
            if timeout_s else None
        try:
            try:
                result: RunResult | None = await task
            except asyncio.CancelledError:
                if keeper.reason is None:  # this process stops, or the caller went away
                    task.cancel()
                    await asyncio.shield(self._give_up(run, task, recorder))
                    raise
                result = None
        finally:
            if timer is not None:
                timer.cancel()
            await keeper.close()
            await recorder.close()
        if keeper.reason is StopReason.LEASE_LOST or recorder.lost:
            return None
        if result is None:
            status = WorkflowExeStatus.Cancel if keeper.reason is StopReason.CANCELLED else WorkflowExeStatus.Fail
            reason = keeper.reason.value if keeper.reason else "stopped"
            return await self._finish(run, RunEnd(status, error_code=reason.replace(" ", "_"),
                                                  error_msg=f"the run was {reason}"))
        return await self._finish(run, end_of(result))

    async def _give_up(self, run: Execution, task: asyncio.Task[RunResult], recorder: RunRecorder) -> None:
        """Store the progress made, then: a queued run is released, to be taken over from its
        checkpoint at the reconciler's next pass; a sync or stream run (its caller is gone) ends."""
        await asyncio.gather(task, return_exceptions=True)
        await recorder.close()
        if run.mode in QUEUED_MODES:
            await executions.release(self.deps.pool, run.id, self.owner)
        else:
            await self._finish(run, RunEnd(WorkflowExeStatus.Cancel, error_code="caller_gone",
                                           error_msg="the caller disconnected before the run finished"))

    async def _finish(self, run: Execution, end: RunEnd) -> RunEnd | None:
        if not await executions.finish(self.deps.pool, run.id, self.owner, end):
            return None
        return end


def end_of(result: RunResult) -> RunEnd:
    usage = result.usage
    if result.status is RunStatus.SUCCEEDED:
        return RunEnd(WorkflowExeStatus.Success, output=dict(result.output), answer=result.answer,
                      input_tokens=usage.input_tokens, output_tokens=usage.output_tokens)
    if result.status is RunStatus.INTERRUPTED:  # waits for an answer: the checkpoint keeps the question
        return RunEnd(WorkflowExeStatus.Interrupted, input_tokens=usage.input_tokens,
                      output_tokens=usage.output_tokens,
                      checkpoint=result.checkpoint.to_json() if result.checkpoint else None)
    error = result.error
    return RunEnd(WorkflowExeStatus.Fail, error_code=error.code if error else "failed",
                  error_msg=error.message if error else "the run failed",
                  failed_node_id=error.node_id if error else None,
                  input_tokens=usage.input_tokens, output_tokens=usage.output_tokens)


def error_message(exc: BaseException) -> str:
    return exc.msg if isinstance(exc, AtelierError) else f"{type(exc).__name__}: {exc}"


def pending_interrupts(run: Execution) -> list[Interrupt]:
    """What an interrupted run waits for, in the order its nodes asked."""
    recorded = run.checkpoint.interrupted if run.checkpoint else {}
    return [Interrupt.from_record(node_id, record) for node_id, record in recorded.items()]


def answer_for(run: Execution, data: str) -> ResumeAnswer | None:
    """The answer to the first question the run waits on (None: it waits on none)."""
    waiting = pending_interrupts(run)
    return ResumeAnswer(waiting[0].node_id, data) if waiting else None
