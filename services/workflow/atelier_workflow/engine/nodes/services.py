"""What the I/O executors share: their clients, taken from `RunContext.services` by key
(atelier_workflow.clients), and the declared outputs a model's or a tool's JSON answer fills."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from atelier_workflow.domain.fields import ERROR_BODY_FIELD, IS_SUCCESS_FIELD
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.domain.typeinfo import TypeInfo
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError
from atelier_workflow.engine.values import ConversionError, convert

_POLICY_FIELDS = (IS_SUCCESS_FIELD, ERROR_BODY_FIELD)


def service(ctx: NodeContext, key: str, needed_for: str) -> Any:
    """The run's client under `key`; a clear failure when the run was given none."""
    client = ctx.run.services.get(key)
    if client is None:
        raise NodeError(f"{ctx.node.type.name} nodes need {needed_for}, and this run has none", "node_unavailable")
    return client


def declared_outputs(node: PlanNode) -> Mapping[str, TypeInfo]:
    """The outputs the canvas declares (without the error policy's isSuccess / errorBody)."""
    return {name: typed for name, typed in node.outputs.items() if name not in _POLICY_FIELDS}


def fill_outputs(answer: Mapping[str, Any], declared: Mapping[str, TypeInfo]) -> dict[str, Any]:
    """Coze's ConvertInputs over an answer: declared fields converted to their types (a value that
    will not convert becomes null, a warning in Coze, not a failure), undeclared ones kept as
    they are; a required field missing fails."""
    outputs: dict[str, Any] = {}
    for name, value in answer.items():
        typed = declared.get(name)
        if typed is None:
            outputs[name] = value
            continue
        try:
            outputs[name] = convert(value, typed)
        except ConversionError:
            outputs[name] = None
    missing = [name for name, typed in declared.items() if typed.required and outputs.get(name) is None]
    if missing:
        raise NodeError(f"the answer has no value for the required output {', '.join(missing)}", "missing_output")
    return outputs


def json_object(text: str) -> dict[str, Any] | None:
    """`text` as a JSON object, None when it is not one."""
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None
