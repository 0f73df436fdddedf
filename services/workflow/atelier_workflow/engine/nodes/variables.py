"""VariableAssigner (Coze's nodes/variableassigner): writes user variables.

Each of its `inputParameters` pairs a variable (`left`: a reference to a global variable, one
name deep) with the value to give it (`input`). User variables are the bot's memory variables
of the run's end user, written through `RunContext.services["user_variables"]` (a
`UserVariables`) as text, as memory variables are kept; the node outputs `isSuccess`. System
variables are read-only; app variables belong to Coze projects, which Atelier does not have.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from atelier_common.errors import AtelierError
from atelier_proto.enums import NodeType
from atelier_workflow.clients import USER_VARIABLES
from atelier_workflow.domain.canvas import RefValue
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput, NodeUnavailable
from atelier_workflow.engine.values import to_text

_USER, _APP, _SYSTEM = "global_variable_user", "global_variable_app", "global_variable_system"


class UserVariables(Protocol):
    async def set(self, values: Mapping[str, str]) -> None:
        """Store these values of the run's end user (raises AtelierError when refused)."""
        ...


def _target(node: PlanNode, index: int) -> tuple[str, str]:
    """(source, variable name) the index-th assignment writes; NodeError when it is no variable."""
    param = node.config.input_parameters[index]
    value = param.left.value if param.left is not None else None
    if not isinstance(value, RefValue) or value.content is None or not value.content.is_global:
        raise NodeError(f"{node.title}: assignment {index + 1} does not name a variable to set", "invalid_assignment")
    if len(value.content.path) != 1:
        raise NodeError(f"{node.title}: only a whole variable can be set, not {'.'.join(value.content.path)}",
                        "invalid_assignment")
    return value.content.source, value.content.path[0]


async def assign(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    values: dict[str, str] = {}
    for index, param in enumerate(node.config.input_parameters):
        source, name = _target(node, index)
        if source == _SYSTEM:
            raise NodeError(f"{node.title}: system variable {name} is read-only", "read_only_variable")
        if source == _APP:
            raise NodeUnavailable(node.type, f"app variable {name} cannot be set: app variables belong to "
                                             "projects, which Atelier does not have")
        value = inputs.get(param.name)
        values[name] = "" if value is None else to_text(value)
    store: UserVariables | None = ctx.run.services.get(USER_VARIABLES)
    if store is None:
        raise NodeUnavailable(node.type, "user variables cannot be set: this run belongs to no bot")
    try:
        await store.set(values)
    except AtelierError as exc:
        raise NodeError(f"{node.title}: {exc.msg}", "variables_rejected") from None
    return NodeOutput({"isSuccess": True})


EXECUTORS = {NodeType.VariableAssigner: assign}
