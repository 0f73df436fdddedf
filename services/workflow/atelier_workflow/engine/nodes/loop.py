"""Loop and the nodes of its body: Break, Continue, VariableAssignerWithinLoop (Coze's
nodes/loop).

A Loop runs its body once per element of its list inputs (`array`: as many times as the
shortest list), `loopCount` times (`count`) or until a Break runs (`infinite`, capped by
`RunContext.max_loop_iterations`). Each iteration's nodes read of the Loop: one element of each
list input, `index`, and the loop variables (`variableParameters`), which a
VariableAssignerWithinLoop sets for the iterations after it (and the rest of its own). A Break
ends the loop once its iteration is over; a Continue ends its branch of the iteration. The
Loop's outputs gather a body node's field once per iteration it ran in (a list), or a loop
variable's last value. A resumed run (`ctx.progress`) skips the iterations it completed and
carries on with its variables as they were.
"""

from __future__ import annotations

from typing import Any

from atelier_proto.enums import LoopType, NodeType
from atelier_workflow.domain.expressions import NodeRef
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.domain.progress import IterationProgress
from atelier_workflow.engine.context import LoopControl, NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput
from atelier_workflow.engine.nodes.iteration import gather, iteration_values, list_inputs


def _iterations(node: PlanNode, lists: dict[str, list], ctx: NodeContext) -> int:
    match node.config.loop_type or LoopType.Array:
        case LoopType.Array:
            return min((len(items) for items in lists.values()), default=0)
        case LoopType.Count:
            count = ctx.setting("loopCount", 0)
            if not isinstance(count, int) or count < 0:
                raise NodeError(f"the loop count must be a whole number of 0 or more, not {count!r}",
                                "invalid_input")
            return count
    return ctx.run.max_loop_iterations + 1  # infinite: past the cap is a failure


async def loop(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    if node.body is None:
        raise NodeError("the loop has no body", "invalid_setting")
    lists = list_inputs(node, inputs) if (node.config.loop_type or LoopType.Array) == LoopType.Array else {}
    total = _iterations(node, lists, ctx)
    progress = ctx.progress or IterationProgress()
    control = _control(node, ctx, progress)
    runs = []
    for index in range(total):
        done = progress.done.get(index)
        if done is not None:  # a resumed run: this iteration completed before
            runs.append(done)
            continue
        if control.broken and index not in progress.running:  # the Break ran in the last iteration done
            break
        if index >= ctx.run.max_loop_iterations:
            raise NodeError(f"the loop ran {index} times without a Break (the limit)", "loop_limit")
        if index in progress.running and "current" in progress.state:  # resumed within this iteration
            control.current = dict(progress.state["current"])
        else:
            control.current = {**iteration_values(inputs, lists, index), **control.variables}
        body = await ctx.run_body(node.body, control.current, index, control)
        runs.append(body.outputs)
        if control.broken:
            break
    return NodeOutput(gather(node, runs, control.variables, keep_missing=False))


def _control(node: PlanNode, ctx: NodeContext, progress: IterationProgress) -> LoopControl:
    """The loop's variables as declared, or as a resumed run left them."""
    state = progress.state
    if "variables" in state:
        return LoopControl(dict(state["variables"]), bool(state.get("broken")))
    return LoopControl({param.name: ctx.setting(f"variableParameters[{k}].input")
                        for k, param in enumerate(node.config.variable_parameters)})


def _in_loop(ctx: NodeContext) -> LoopControl:
    if ctx.loop is None:
        raise NodeError("this node only runs inside a Loop", "invalid_setting")
    return ctx.loop


async def break_(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    _in_loop(ctx).broken = True
    return NodeOutput({})


async def continue_(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    _in_loop(ctx)
    return NodeOutput({})


async def assign(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    control = _in_loop(ctx)
    targets = {binding.path: binding.value for binding in node.settings}
    for k in range(len(node.config.input_parameters)):
        target = targets.get(f"inputParameters[{k}].left")
        if not isinstance(target, NodeRef) or not target.path:
            raise NodeError(f"assignment {k + 1} does not name a loop variable", "invalid_setting")
        name = target.path[0]
        if name not in control.variables:
            raise NodeError(f"{name} is not a variable of the loop", "invalid_setting")
        value = ctx.setting(f"inputParameters[{k}].right")
        control.variables[name] = value
        control.current[name] = value
    return NodeOutput({})


EXECUTORS = {
    NodeType.Loop: loop,
    NodeType.Break: break_,
    NodeType.Continue: continue_,
    NodeType.VariableAssignerWithinLoop: assign,
}
