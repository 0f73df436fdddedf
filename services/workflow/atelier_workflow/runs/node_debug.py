"""Single-node debug (Coze's nodeDebug): one node of the draft run alone with the inputs the
console gives it, as a run for the workers like a test run, so get_process and
get_node_execute_history show it. Which inputs a node takes is node_debug.debug_canvas's answer:
the outputs of other nodes it reads."""

from __future__ import annotations

from atelier_common.auth import require_space
from atelier_common.errors import InvalidArgument
from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import WorkflowRunMode
from atelier_workflow import access
from atelier_workflow.runs import definitions, starting
from atelier_workflow.runs.executing import Runner
from atelier_workflow.runs.service import console_input, optional_id


async def debug_node(runner: Runner, req: wpb.WorkflowNodeDebugV2Request) -> wpb.WorkflowNodeDebugV2Data:
    require_space(req.space_id)
    bot_id, project_id = optional_id(req, "bot_id"), optional_id(req, "project_id")
    if bot_id and project_id:
        raise InvalidArgument("fields 'bot_id' and 'project_id': give at most one of them")
    if not req.node_id:
        raise InvalidArgument("field 'node_id': required")
    wf = await access.workflow(runner.deps.pool, req.workflow_id, space_id=req.space_id)
    draft = await definitions.draft(runner.deps.pool, wf)
    definition, accepted = definitions.node_debug(draft, req.node_id)
    # Coze merges the three maps: they are all the node's inputs, as the console's form groups them.
    given = {**req.input, **req.batch, **req.setting}
    unknown = sorted(set(given) - set(accepted))
    if unknown:
        takes = ", ".join(accepted) if accepted else "no inputs"
        raise InvalidArgument(f"field 'input': node {req.node_id} has no input {', '.join(map(repr, unknown))} "
                              f"(it takes {takes})")
    runner.plans.plan(definition)  # a node that cannot run is refused before any run exists (400)
    new = starting.new_execution(runner.deps, definition, {k: console_input(v) for k, v in given.items()},
                                 WorkflowRunMode.Debug, bot_id=bot_id, project_id=project_id,
                                 debug_node_id=req.node_id)
    execution = await starting.start_queued(runner.deps, new)
    return wpb.WorkflowNodeDebugV2Data(workflow_id=wf.id, node_id=req.node_id, execute_id=execution.id,
                                       session_id=str(execution.id))
