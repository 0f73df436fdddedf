"""A workflow as a model or MCP tool (pure): its name, and the JSON schema of what a run is given,
from the Entry node's declared outputs (names, types, required flags, descriptions), and whether
it answers with text (the Exit node's terminatePlan "useAnswerContent": Coze's ToolReturnDirectly).

Coze's canvas spells a list's element and an object's fields in `schema`; files are strings (a URL
or file id) and times are strings, as runs take them."""

from __future__ import annotations

import re
from typing import Any

from atelier_proto.enums import NodeType, VariableType
from atelier_workflow.domain.canvas import Canvas, CanvasNode, VariableSchema

RETURN_TEXT = "useAnswerContent"
MAX_TOOL_NAME_CHARS = 64
_NOT_NAME = re.compile(r"[^A-Za-z0-9_-]+")

_JSON_TYPES = {VariableType.String: "string", VariableType.Integer: "integer", VariableType.Float: "number",
               VariableType.Boolean: "boolean", VariableType.Object: "object", VariableType.List: "array"}


def tool_name(workflow_name: str, workflow_id: int) -> str:
    """The workflow's name when it is a tool name already (Coze's workflow names are identifiers),
    else its letters, digits, `_` and `-`, or `workflow_<id>` when none are left."""
    name = _NOT_NAME.sub("_", workflow_name).strip("_")[:MAX_TOOL_NAME_CHARS]
    return name or f"workflow_{workflow_id}"


def _top(canvas: Canvas, node_type: NodeType) -> CanvasNode | None:
    return next((n for n in canvas.nodes if n.node_type == node_type), None)


def _schema(variable: VariableSchema) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": _JSON_TYPES[variable.type]} if variable.type in _JSON_TYPES else {}
    if variable.description:
        schema["description"] = variable.description
    if variable.type == VariableType.Object and variable.fields:
        schema.update(_object(variable.fields))
    if variable.type == VariableType.List and variable.element is not None:
        schema["items"] = _schema(variable.element)
    return schema


def _object(fields: list[VariableSchema]) -> dict[str, Any]:
    named = [f for f in fields if f.name]
    out: dict[str, Any] = {"properties": {f.name: _schema(f) for f in named}}
    required = [f.name for f in named if f.required]
    if required:
        out["required"] = required
    return out


def parameters(canvas: Canvas) -> dict[str, Any]:
    """The JSON schema (an object) of the Entry node's declared inputs; no Entry: no parameters."""
    entry = _top(canvas, NodeType.Entry)
    fields = [o for o in entry.data.outputs if isinstance(o, VariableSchema)] if entry is not None else []
    return {"type": "object", **_object(fields)}


def returns_text(canvas: Canvas) -> bool:
    exit_node = _top(canvas, NodeType.Exit)
    return exit_node is not None and exit_node.inputs.terminate_plan == RETURN_TEXT
