"""Declared canvas types as JSON schema: what an LLM node asks its model to answer (JSON format)
and what a workflow offered to a model as a tool takes (its Entry's inputs)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from atelier_proto.enums import VariableType
from atelier_workflow.domain.typeinfo import TypeInfo

_JSON_TYPES = {VariableType.String: "string", VariableType.Integer: "integer", VariableType.Float: "number",
               VariableType.Boolean: "boolean", VariableType.Object: "object", VariableType.List: "array"}


def json_schema(typed: TypeInfo) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": _JSON_TYPES[typed.type]} if typed.type else {}
    if typed.type == VariableType.Object and typed.fields:
        schema["properties"] = {name: json_schema(inner) for name, inner in typed.fields.items()}
        schema["required"] = [name for name, inner in typed.fields.items() if inner.required]
    if typed.type == VariableType.List and typed.element is not None:
        schema["items"] = json_schema(typed.element)
    return schema


def object_schema(fields: Mapping[str, TypeInfo]) -> dict[str, Any]:
    """An object of these fields (an object with no fields declared still lists none)."""
    schema = json_schema(TypeInfo(VariableType.Object, fields=fields))
    schema.setdefault("properties", {})
    schema.setdefault("required", [])
    return schema
