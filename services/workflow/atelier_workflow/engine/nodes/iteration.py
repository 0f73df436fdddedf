"""What Loop and Batch share: the values an iteration's nodes read of their owner, the owner's
outputs gathered from its body, and what of a completed iteration a checkpoint keeps (only the
fields the owner gathers)."""

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


def gathered_fields(node: PlanNode) -> dict[str, frozenset[str] | None]:
    """Body node -> the output fields the owner gathers from it (None: its whole output)."""
    fields: dict[str, set[str] | None] = {}
    for binding in node.gathers:
        ref = binding.value
        if not isinstance(ref, NodeRef) or ref.node_id == node.id:
            continue
        if not ref.path:
            fields[ref.node_id] = None
        elif (known := fields.setdefault(ref.node_id, set())) is not None:
            known.add(ref.path[0])
    return {node_id: None if names is None else frozenset(names) for node_id, names in fields.items()}


def kept_outputs(fields: Mapping[str, frozenset[str] | None],
                 outputs: Mapping[str, Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    """What `gather` reads of one iteration's outputs."""
    kept: dict[str, Mapping[str, Any]] = {}
    for node_id, names in fields.items():
        produced = outputs.get(node_id)
        if produced is not None:
            kept[node_id] = produced if names is None else {name: produced[name] for name in names if name in produced}
    return kept
