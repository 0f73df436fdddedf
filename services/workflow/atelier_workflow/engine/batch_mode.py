"""A node's own batch mode (`data.inputs.batch`), as Coze runs it: the node runs once per
element of its `inputLists` (zipped: as many times as the shortest list, at most `batchSize`),
`concurrentSize` runs at a time; its inputs that refer to the node itself read the current
element of each list and `index`. Its one declared output (Coze names it `outputList`) is the
list of each run's outputs, in order.

Each run is the node as Coze's adaptor makes it (`item_node`): the same settings and error
policy, its outputs the fields of one `outputList` element. A run's failure follows that
policy: Throw fails the node; ReturnDefaultData makes the run's element the default data (Coze's
dataOnErr is written for the whole node, `{"outputList": [{...}]}`: its first element is one
run's default) with `isSuccess` false and the `errorBody`; ExceptionBranch records the error in
the element and the node leaves by its error port. The node itself outputs `isSuccess` and
`errorBody` (when its policy continues on error): true and None when every run succeeded, else
false and the first failed run's error body.

The engine (runner.py) runs the items; this module decides what an item is and what they add up
to.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from atelier_proto.enums import ErrorProcessType, VariableType
from atelier_workflow.domain.fields import ERROR_BODY_FIELD, INDEX_FIELD, IS_SUCCESS_FIELD
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.domain.ports import PORT_DEFAULT, PORT_ERROR
from atelier_workflow.domain.typeinfo import element_type
from atelier_workflow.engine.model import NodeError
from atelier_workflow.engine.nodes.batch import DEFAULT_BATCH_SIZE, DEFAULT_CONCURRENCY

_ERROR_FIELDS = (IS_SUCCESS_FIELD, ERROR_BODY_FIELD)


def list_output(node: PlanNode) -> str:
    """The name of the node's list of run outputs (its one declared output besides the error
    fields). NodeError when the node declares none."""
    for name, typed in node.outputs.items():
        if name not in _ERROR_FIELDS and typed.type == VariableType.List:
            return name
    raise NodeError("a node in batch mode must declare one list output (outputList) for its runs' outputs",
                    "invalid_setting")


def item_node(node: PlanNode) -> PlanNode:
    """The node one run of the batch executes: batch mode off, its outputs one element of the
    list output, its default data (ReturnDefaultData) one run's."""
    element = element_type(node.outputs[list_output(node)])
    outputs = dict(element.fields)
    for name in _ERROR_FIELDS:
        if name in node.outputs:
            outputs[name] = node.outputs[name]
    policy = node.error_policy
    default = policy.default_output
    if default is not None:
        listed = default.get(list_output(node))
        if isinstance(listed, list):
            default = listed[0] if listed and isinstance(listed[0], Mapping) else {}
        policy = dataclasses.replace(policy, default_output=default)
    return dataclasses.replace(node, outputs=MappingProxyType(outputs), batch=None, error_policy=policy)


def batch_limits(node: PlanNode) -> tuple[int, int]:
    """(batchSize, concurrentSize), Coze's defaults where unset or 0."""
    batch = node.batch
    assert batch is not None
    for name, value in (("batchSize", batch.batch_size), ("concurrentSize", batch.concurrent_size)):
        if value < 0:
            raise NodeError(f"batch.{name} must be a whole number of 0 or more, not {value}", "invalid_setting")
    return batch.batch_size or DEFAULT_BATCH_SIZE, batch.concurrent_size or DEFAULT_CONCURRENCY


def item_count(lists: Mapping[str, list], batch_size: int) -> int:
    return min(min((len(items) for items in lists.values()), default=0), batch_size)


def item_values(lists: Mapping[str, list], index: int) -> dict[str, Any]:
    """What the node's inputs read when they refer to the node itself, in run `index`."""
    values = {name: items[index] for name, items in lists.items()}
    values[INDEX_FIELD] = index
    return values


def combined(node: PlanNode, elements: Sequence[Mapping[str, Any]]) -> tuple[dict[str, Any], str | None]:
    """The node's outputs and port once every run is over."""
    outputs: dict[str, Any] = {list_output(node): [dict(element) for element in elements]}
    action = node.error_policy.action
    if action == ErrorProcessType.Throw:
        return outputs, (PORT_DEFAULT if node.ports else None)
    failed = next((element for element in elements if element.get(IS_SUCCESS_FIELD) is False), None)
    outputs[IS_SUCCESS_FIELD] = failed is None
    outputs[ERROR_BODY_FIELD] = None if failed is None else failed.get(ERROR_BODY_FIELD)
    if action == ErrorProcessType.ExceptionBranch and failed is not None:
        return outputs, PORT_ERROR
    return outputs, (PORT_DEFAULT if node.ports else None)
