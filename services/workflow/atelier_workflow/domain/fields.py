"""What a reference to a node can read: the fields and types of the node's output.

- `output_fields(node)`: the node's declared outputs (`data.outputs`; a Loop's or Batch's
  outputs are the types of the values it gathers). A node whose failure does not stop the run
  (ReturnDefaultData, ExceptionBranch) also outputs `isSuccess` and `errorBody`
  (`errorMessage`, `errorCode`), as in Coze.
- `iteration_fields(owner)`: what the nodes of a Loop's or Batch's body read when they refer to
  it: one element of each of its list inputs (its other inputs whole), `index` and the loop
  variables (`variableParameters`).
- `batch_item_fields(node)`: what a node in batch mode reads when it refers to itself: one
  element of each of its `batch.inputLists`, and `index`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from atelier_proto.enums import ErrorProcessType, NodeType, VariableType
from atelier_workflow.domain.canvas import CanvasNode, Param
from atelier_workflow.domain.policy import error_policy
from atelier_workflow.domain.typeinfo import INTEGER, TypeInfo, element_type, type_of_input, type_of_variable

INDEX_FIELD = "index"
ERROR_BODY_FIELD = "errorBody"
IS_SUCCESS_FIELD = "isSuccess"

_TEXT = TypeInfo(VariableType.String)
_ERROR_BODY = TypeInfo(VariableType.Object, fields=MappingProxyType({"errorMessage": _TEXT, "errorCode": _TEXT}))
_CONTINUES_ON_ERROR = (ErrorProcessType.ReturnDefaultData, ErrorProcessType.ExceptionBranch)


def output_fields(node: CanvasNode) -> Mapping[str, TypeInfo]:
    fields = {}
    for item in node.data.outputs:
        fields[item.name] = type_of_input(item.input) if isinstance(item, Param) else type_of_variable(item)
    if error_policy(node)[0].action in _CONTINUES_ON_ERROR:
        fields.setdefault(ERROR_BODY_FIELD, _ERROR_BODY)
        fields.setdefault(IS_SUCCESS_FIELD, TypeInfo(VariableType.Boolean))
    return MappingProxyType(fields)


def _one_element_each(params: list[Param]) -> dict[str, TypeInfo]:
    fields = {}
    for param in params:
        declared = type_of_input(param.input)
        fields[param.name] = element_type(declared) if declared.type == VariableType.List else declared
    return fields


def iteration_fields(owner: CanvasNode) -> Mapping[str, TypeInfo]:
    fields = _one_element_each(owner.inputs.input_parameters)
    fields[INDEX_FIELD] = INTEGER
    if owner.node_type == NodeType.Loop:
        for param in owner.inputs.variable_parameters:
            fields[param.name] = type_of_input(param.input)
    return MappingProxyType(fields)


def batch_item_fields(node: CanvasNode) -> Mapping[str, TypeInfo]:
    batch = node.inputs.batch
    if batch is None or not batch.batch_enable:
        return MappingProxyType({})
    fields = _one_element_each(batch.input_lists)
    fields[INDEX_FIELD] = INTEGER
    return MappingProxyType(fields)
