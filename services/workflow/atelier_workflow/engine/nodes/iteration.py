"""What Loop and Batch share: the values an iteration's nodes read of their owner, and the
owner's outputs gathered from its body."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from atelier_proto.enums import VariableType
from atelier_workflow.domain.expressions import NodeRef
from atelier_workflow.domain.fields import INDEX_FIELD
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.values import ConversionError, convert, read_path


def list_inputs(node: PlanNode, inputs: Mapping[str, Any]) -> dict[str, list]:
    """The node's inputs declared as lists (what it iterates over); an unset one is empty."""
    found = {}
    for binding in node.inputs:
        if binding.type.type == VariableType.List:
            value = inputs.get(binding.path)
            found[binding.path] = value if isinstance(value, list) else []
    return found


def iteration_values(inputs: Mapping[str, Any], lists: Mapping[str, list], index: int) -> dict[str, Any]:
    """One element of each list input, the other inputs whole, and `index`."""
    values = {name: value for name, value in inputs.items() if name not in lists}
    for name, items in lists.items():
        values[name] = items[index]
    values[INDEX_FIELD] = index
    return values


def gather(node: PlanNode, runs: Sequence[Mapping[str, Mapping[str, Any]] | None],
           own: Mapping[str, Any], keep_missing: bool) -> dict[str, Any]:
    """The node's outputs: a body node's field once per iteration (a list; an iteration where it
    did not run adds None when `keep_missing`), a field of the node itself (a loop variable) as
    it ended."""
    outputs: dict[str, Any] = {}
    for binding in node.gathers:
        ref = binding.value
        if not isinstance(ref, NodeRef):
            continue
        if ref.node_id == node.id:
            value: Any = read_path(own, ref.path)
        else:
            value = []
            for run in runs:
                produced = run.get(ref.node_id) if run is not None else None
                if produced is not None:
                    value.append(read_path(produced, ref.path))
                elif keep_missing:
                    value.append(None)
        try:
            outputs[binding.path] = convert(value, binding.type)
        except ConversionError as exc:
            raise ConversionError(f"output {binding.path}: {exc.message}") from None
    return outputs
