"""SubWorkflow (Coze's nodes/subworkflow): runs the workflow `workflowId` names (its
`workflowVersion`, else its latest published version; a debug run takes its draft) inline, with
the same engine and the same run context: the node's inputs are its run inputs, its Exit's
outputs (a text-returning Exit: `output`) the node's outputs, its token usage the node's.
Messages it emits reach the outer run's observer. Workflows nest at most MAX_DEPTH deep; a
workflow that ends up running itself fails naming the chain. `load_workflow` and `run_workflow`
serve an LLM node's workflow tools too."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from atelier_proto.enums import NodeType
from atelier_workflow.clients import WORKFLOWS
from atelier_workflow.clients.workflows import LoadedWorkflow, WorkflowLoader, WorkflowNotRunnable
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.domain.validation import InvalidCanvasError
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput, RunStatus, TokenUsage
from atelier_workflow.engine.observer import BaseObserver, MessageEvent, RunObserver

if TYPE_CHECKING:
    from atelier_workflow.engine.registry import ExecutorRegistry, NodeExecutor

MAX_DEPTH = 8
CALL_CHAIN = "workflow_call_chain"  # RunContext.services: the ids of the workflows running this one


class _Messages(BaseObserver):
    """What the sub-workflow says goes on to the outer run; its node events stay inside."""

    def __init__(self, outer: RunObserver | None) -> None:
        self.outer = outer

    def message(self, event: MessageEvent) -> None:
        if self.outer is not None:
            self.outer.message(event)


def _workflow_id(node: PlanNode) -> int:
    value = node.config.workflow_id
    if not value.isdigit():
        raise NodeError(f"the sub-workflow node names no workflow (workflowId {value!r})", "invalid_setting")
    return int(value)


@dataclass(frozen=True)
class WorkflowRun:
    """How a workflow run inline ended: its Exit's outputs, its answer (a text-returning Exit)."""

    outputs: dict[str, Any]
    answer: str | None
    usage: TokenUsage


async def load_workflow(ctx: NodeContext, workflow_id: int, version: str) -> LoadedWorkflow:
    """The workflow a node runs inside this run; NodeError when it cannot run (unknown, invalid,
    already running in this chain, nested too deep)."""
    loader: WorkflowLoader | None = ctx.run.services.get(WORKFLOWS)
    if loader is None:
        raise NodeError(f"{ctx.node.type.name} nodes need the workflow store, and this run has none",
                        "node_unavailable")
    chain: tuple[int, ...] = ctx.run.services.get(CALL_CHAIN, ())
    if workflow_id in chain:
        path = " -> ".join(str(i) for i in (*chain, workflow_id))
        raise NodeError(f"workflow {workflow_id} runs itself as a sub-workflow ({path})", "recursion")
    if len(chain) >= MAX_DEPTH:
        raise NodeError(f"sub-workflows nest more than {MAX_DEPTH} deep", "too_deep")
    try:
        return await loader.load(workflow_id, version)
    except WorkflowNotRunnable as exc:
        raise NodeError(str(exc), "subworkflow_unavailable") from None
    except InvalidCanvasError as exc:
        raise NodeError(f"workflow {workflow_id} cannot run: {exc}", "subworkflow_invalid") from None


async def run_workflow(registry: ExecutorRegistry, ctx: NodeContext, loaded: LoadedWorkflow,
                       inputs: dict[str, Any], *, messages: bool = True) -> WorkflowRun:
    """Run `loaded` to its end with this run's context; NodeError when it does not succeed.
    `messages`: what it emits goes on to this run's observer."""
    from atelier_workflow.engine.runner import Engine

    chain: tuple[int, ...] = ctx.run.services.get(CALL_CHAIN, ())
    context = replace(ctx.run, services={**ctx.run.services, CALL_CHAIN: (*chain, loaded.workflow_id)})
    observer = _Messages(ctx.observer if messages else None)
    result = await Engine(registry).run(loaded.plan, inputs, context=context, observer=observer)
    if result.status != RunStatus.SUCCEEDED:
        failure = result.error
        where = f" at node {failure.node_id}" if failure else ""
        message = failure.message if failure else result.status
        raise NodeError(f"sub-workflow {loaded.workflow_id} failed{where}: {message}",
                        failure.code if failure else "subworkflow_failed")
    return WorkflowRun(dict(result.output), result.answer, result.usage)


def subworkflow_executor(registry: ExecutorRegistry) -> NodeExecutor:
    """The SubWorkflow executor running sub-workflows with `registry` (the one it is put in)."""

    async def run_subworkflow(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
        loaded = await load_workflow(ctx, _workflow_id(node), node.config.workflow_version)
        ran = await run_workflow(registry, ctx, loaded, inputs)
        outputs = ran.outputs if ran.answer is None else {"output": ran.answer}
        return NodeOutput(outputs, usage=ran.usage)

    return run_subworkflow


EXECUTORS_NEEDING_REGISTRY = {NodeType.SubWorkflow: subworkflow_executor}
