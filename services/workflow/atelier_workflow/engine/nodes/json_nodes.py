"""JsonSerialization (`input` -> JSON text in `output`) and JsonDeserialization (JSON text in
`input` -> `output`, converted to its declared type)."""

from __future__ import annotations

import json
from typing import Any

from atelier_proto.enums import NodeType
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput
from atelier_workflow.engine.values import convert


async def serialize(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    return NodeOutput({"output": json.dumps(inputs.get("input"), ensure_ascii=False, separators=(",", ":"))})


async def deserialize(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    text = inputs.get("input")
    if not isinstance(text, str):
        raise NodeError("the input to deserialize must be JSON text", "invalid_input")
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise NodeError(f"the input is not valid JSON: {exc}", "invalid_json") from None
    typed = node.outputs.get("output")
    return NodeOutput({"output": convert(value, typed) if typed is not None else value})


EXECUTORS = {NodeType.JsonSerialization: serialize, NodeType.JsonDeserialization: deserialize}
