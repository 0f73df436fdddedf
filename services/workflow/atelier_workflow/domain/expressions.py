"""What a node's inputs are bound to, compiled once from the canvas.

Each value a canvas gives a node (a `BlockInput`) becomes a `Binding`: where it goes (`path`),
the type the node declares for it, and a value expression, one of
- `Constant(value)`: a literal, already converted to the declared type the way Coze converts
  literals when it builds a workflow ("10" for an integer is 10, a list given as JSON text is
  the list);
- `NodeRef(node_id, path)`: a field of a node's output (path () is the whole output). A node
  inside a Loop or Batch that refers to that Loop or Batch reads the current iteration (the
  element of each list input, `index`, the loop variables); a node in batch mode that refers to
  itself reads its current batch element;
- `VariableRef(source, path)`: an app, user or system variable;
- `ObjectValue(fields)`: an object assembled from named bindings;
- None: nothing set (an empty reference).

A node's values are found in three places: `input_bindings` (its `inputParameters`, by name),
`setting_bindings` (every other value under `data.inputs`: Selector conditions, loop count,
batch lists, assignments..., by their place, e.g. "branches[0].condition.conditions[0].left.input";
and the `{{block_output_<node>.<field>}}` templates an HTTP node's URL and body refer to) and
`output_bindings` (a Loop's or Batch's outputs, gathered from its body). Each comes with the
problem its literal has, if any (`CompiledBinding.problem`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from atelier_proto.enums import LoopType, NodeType, VariableType
from atelier_workflow.domain.canvas import (
    REF_BLOCK_OUTPUT,
    BlockInput,
    CanvasNode,
    LiteralValue,
    ObjectRefValue,
    Param,
    RefValue,
)
from atelier_workflow.domain.typeinfo import ANY, TypeInfo, type_of_input


@dataclass(frozen=True, slots=True)
class Constant:
    value: Any
    raw_meta: Any = None  # the console's notes on the literal (a file literal's file name)


@dataclass(frozen=True, slots=True)
class NodeRef:
    node_id: str
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class VariableRef:
    source: str  # global_variable_app | global_variable_user | global_variable_system
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ObjectValue:
    fields: tuple[Binding, ...]


ValueExpr = Constant | NodeRef | VariableRef | ObjectValue


@dataclass(frozen=True, slots=True)
class Binding:
    path: str  # an input's name, or the value's place under data.inputs
    type: TypeInfo
    value: ValueExpr | None  # None: nothing set

    def node_refs(self) -> Iterator[NodeRef]:
        """Every node output this value reads (an object's fields included)."""
        if isinstance(self.value, NodeRef):
            yield self.value
        elif isinstance(self.value, ObjectValue):
            for inner in self.value.fields:
                yield from inner.node_refs()


@dataclass(frozen=True, slots=True)
class CompiledBinding:
    binding: Binding
    problem: str | None = None  # a literal that is not of the declared type
    in_parameters: bool = False  # an inputParameters entry (Coze checks those strictly)


_GO_TRUE = {"1", "t", "T", "TRUE", "true", "True"}
_GO_FALSE = {"0", "f", "F", "FALSE", "false", "False"}


def _literal(content: Any, declared: VariableType | None) -> Any:
    """A literal as Coze converts it to its declared type; ValueError when it is not one."""
    if declared is None or declared == VariableType.String or content is None:
        return content
    if content == "":
        return None  # an emptied field: no value
    if declared == VariableType.Integer:
        if isinstance(content, bool):
            raise ValueError
        return int(content) if isinstance(content, str | int) else int(float(content))
    if declared == VariableType.Float:
        if isinstance(content, bool):
            raise ValueError
        return float(content)
    if declared == VariableType.Boolean:
        if isinstance(content, bool):
            return content
        if content in _GO_TRUE or content in _GO_FALSE:
            return content in _GO_TRUE
        raise ValueError
    wanted = dict if declared == VariableType.Object else list
    value = json.loads(content) if isinstance(content, str) else content
    if not isinstance(value, wanted):
        raise ValueError
    return value


def compile_input(block: BlockInput | None, path: str) -> CompiledBinding:
    """One value: its declared type and expression."""
    typed = type_of_input(block)
    value = block.value if block else None
    if isinstance(value, LiteralValue):
        try:
            converted = _literal(value.content, block.type)
        except (ValueError, TypeError):
            shown = json.dumps(value.content, ensure_ascii=False)[:80]
            return CompiledBinding(Binding(path, typed, None), f"{shown} is not a valid {typed.describe()}")
        return CompiledBinding(Binding(path, typed, Constant(converted, value.raw_meta)))
    if isinstance(value, RefValue):
        ref = value.content
        if ref is None:
            return CompiledBinding(Binding(path, typed, None))
        if ref.is_global:
            return CompiledBinding(Binding(path, typed, VariableRef(ref.source, tuple(ref.path))))
        if ref.source != REF_BLOCK_OUTPUT or not ref.block_id:
            return CompiledBinding(Binding(path, typed, None))
        return CompiledBinding(Binding(path, typed, NodeRef(ref.block_id, ref.field_path)))
    if isinstance(value, ObjectRefValue):
        fields, problems = [], []
        for item in block.schema_ if isinstance(block.schema_, list) else []:
            if isinstance(item, Param):
                inner = compile_input(item.input, item.name)
                fields.append(inner.binding)
                if inner.problem:
                    problems.append(f"{item.name}: {inner.problem}")
        return CompiledBinding(Binding(path, typed, ObjectValue(tuple(fields))), "; ".join(problems) or None)
    return CompiledBinding(Binding(path, typed, None))


def input_bindings(node: CanvasNode) -> list[CompiledBinding]:
    """The node's named inputs (`inputParameters` with an `input`), by name."""
    return [
        CompiledBinding(compiled.binding, compiled.problem, in_parameters=True)
        for param in node.inputs.input_parameters
        if param.input is not None
        for compiled in [compile_input(param.input, param.name)]
    ]


_TEMPLATE = re.compile(r"\{\{(.*?)}}")
_TEMPLATE_PREFIX = "block_output_"


def _is_block_input(item: Any) -> bool:
    value = item.get("value") if isinstance(item, dict) else None
    return isinstance(value, dict) and value.get("type") in ("literal", "ref", "object_ref")


def _walk(item: Any, path: str) -> Iterator[tuple[str, Any]]:
    """(place, item) for every BlockInput and every string under `item`, not inside a BlockInput."""
    if _is_block_input(item):
        yield path, item
    elif isinstance(item, dict):
        for key, inner in item.items():
            yield from _walk(inner, f"{path}.{key}" if path else key)
    elif isinstance(item, list):
        for index, inner in enumerate(item):
            yield from _walk(inner, f"{path}[{index}]")
    elif isinstance(item, str):
        yield path, item


def _template_refs(text: str) -> Iterator[NodeRef]:
    for match in _TEMPLATE.finditer(text):
        name = match.group(1).strip()
        if name.startswith(_TEMPLATE_PREFIX):
            node_id, *field = name.removeprefix(_TEMPLATE_PREFIX).split(".")
            yield NodeRef(node_id, tuple(field))


# An HTTP node keeps the body of every body type the user tried; it sends the one of bodyType.
_HTTP_BODY_PART = {"JSON": "json", "RAW_TEXT": "rawText", "FORM_DATA": "formData",
                   "FORM_URLENCODED": "formURLEncoded", "BINARY": "binary"}


def _drop_unused(node: CanvasNode, raw: dict[str, Any]) -> None:
    """Leave out the settings the node's current mode does not read (Coze keeps them, stale)."""
    match node.node_type:
        case NodeType.HTTPRequester:
            body = raw.get("body") if isinstance(raw.get("body"), dict) else {}
            part = _HTTP_BODY_PART.get(body.get("bodyType"))
            if isinstance(body.get("bodyData"), dict):
                body["bodyData"] = {part: body["bodyData"][part]} if part in body["bodyData"] else {}
            if not (raw.get("auth") or {}).get("authOpen"):
                raw.pop("auth", None)
        case NodeType.QuestionAnswer if raw.get("option_type") != "dynamic":
            raw.pop("dynamic_option", None)
        case NodeType.Loop if raw.get("loopType") != LoopType.Count:
            raw.pop("loopCount", None)


def setting_bindings(node: CanvasNode) -> list[CompiledBinding]:
    """Every value under `data.inputs` other than the named inputs, by its place; settings the
    node's mode does not use (the body of another body type of an HTTP node, the count of a loop
    that is not counted, a question's dynamic options when it has fixed ones) are left out."""
    if node.data.inputs is None:
        return []
    raw = node.data.inputs.model_dump(by_alias=True, exclude_unset=True, mode="json")
    _drop_unused(node, raw)
    found = []
    for index, param in enumerate(raw.pop("inputParameters", None) or []):
        for side in ("left", "right"):
            if isinstance(param, dict) and _is_block_input(param.get(side)):
                found.append((f"inputParameters[{index}].{side}", param[side], True))
    found += [(place, item, False) for place, item in _walk(raw, "")]
    compiled = []
    for place, item, in_parameters in found:
        if isinstance(item, str):
            compiled += [CompiledBinding(Binding(place, ANY, ref)) for ref in _template_refs(item)]
        else:
            one = compile_input(BlockInput.model_validate(item), place)
            compiled.append(CompiledBinding(one.binding, one.problem, in_parameters))
    return compiled


def output_bindings(node: CanvasNode) -> list[CompiledBinding]:
    """How a Loop or Batch gathers its outputs from its body (its outputs given as values)."""
    return [compile_input(item.input, item.name) for item in node.data.outputs if isinstance(item, Param)]
