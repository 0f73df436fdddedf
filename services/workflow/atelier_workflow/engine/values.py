"""A node's values at run time: bindings resolved against what ran before, then converted to
the type the node declares, by Coze's rules (typeinfo.py's `conversion_problem` says statically
which conversions exist; this module performs them): anything becomes a string (numbers as
text, booleans as true/false, objects and lists as JSON); numbers convert into each other and
are parsed from strings; booleans are parsed from strings as Go's ParseBool does; objects and
lists are parsed from JSON strings and converted field by field, element by element.

`resolve(binding, values, variables)`: `values` maps node id -> that node's outputs (a body
iteration sees its owner's id mapped to the iteration's values). A value that cannot become the
declared type raises `ConversionError` naming the input.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from atelier_proto.enums import VariableType
from atelier_workflow.domain.expressions import Binding, Constant, NodeRef, ObjectValue, VariableRef
from atelier_workflow.domain.typeinfo import TypeInfo
from atelier_workflow.engine.model import NodeError

_GO_TRUE = frozenset({"1", "t", "T", "TRUE", "true", "True"})
_GO_FALSE = frozenset({"0", "f", "F", "FALSE", "false", "False"})


class ConversionError(NodeError):
    def __init__(self, message: str) -> None:
        super().__init__(message, "type_conversion")


def to_text(value: Any) -> str:
    """A value as Coze prints it into a string."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e21 else repr(value)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _fail(value: Any, typed: TypeInfo) -> ConversionError:
    shown = json.dumps(value, ensure_ascii=False, default=str)[:80]
    return ConversionError(f"{shown} is not a valid {typed.describe()}")


def convert(value: Any, typed: TypeInfo) -> Any:
    """`value` as a value of `typed`; ConversionError when Coze's converter would refuse it."""
    wanted = typed.type
    if wanted is None or value is None:
        return value
    if wanted == VariableType.String:
        return to_text(value)
    if wanted == VariableType.Integer:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, float) and math.isfinite(value):
            return int(value)
        if isinstance(value, str):
            text = value.strip()
            try:
                return int(text)
            except ValueError:
                try:
                    number = float(text)
                except ValueError:
                    raise _fail(value, typed) from None
                if math.isfinite(number):
                    return int(number)
        raise _fail(value, typed)
    if wanted == VariableType.Float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, str):
            try:
                return float(value.strip())
            except ValueError:
                raise _fail(value, typed) from None
        raise _fail(value, typed)
    if wanted == VariableType.Boolean:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and (value in _GO_TRUE or value in _GO_FALSE):
            return value in _GO_TRUE
        raise _fail(value, typed)
    container = dict if wanted == VariableType.Object else list
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            raise _fail(value, typed) from None
    if not isinstance(value, container):
        raise _fail(value, typed)
    if container is dict:
        if not typed.fields:
            return value
        return {name: convert(item, typed.fields[name]) if name in typed.fields else item
                for name, item in value.items()}
    if typed.element is None:
        return value
    return [convert(item, typed.element) for item in value]


def read_path(value: Any, path: tuple[str, ...]) -> Any:
    """The field at `path` of an output (None when it is not there)."""
    for name in path:
        if isinstance(value, Mapping):
            value = value.get(name)
        else:
            return None
    return value


def evaluate(binding: Binding, values: Mapping[str, Mapping[str, Any]], variables: Mapping[str, Any]) -> Any:
    """The binding's value before conversion."""
    expr = binding.value
    if type(expr) is NodeRef:
        found = values.get(expr.node_id)
        return read_path(found, expr.path) if expr.path else found
    if type(expr) is Constant:
        return expr.value
    if type(expr) is ObjectValue:
        return {field.path: resolve(field, values, variables) for field in expr.fields}
    if type(expr) is VariableRef:
        return read_path(variables.get(expr.source), expr.path)
    return None


def resolve(binding: Binding, values: Mapping[str, Mapping[str, Any]], variables: Mapping[str, Any]) -> Any:
    """The binding's value as its declared type."""
    value = evaluate(binding, values, variables)
    if value is None or binding.type.type is None:
        return value
    try:
        return convert(value, binding.type)
    except ConversionError as exc:
        raise ConversionError(f"{binding.path}: {exc.message}") from None


def resolve_all(bindings: tuple[Binding, ...], values: Mapping[str, Mapping[str, Any]],
                variables: Mapping[str, Any]) -> dict[str, Any]:
    return {binding.path: resolve(binding, values, variables) for binding in bindings}
