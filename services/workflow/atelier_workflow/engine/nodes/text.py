"""TextProcessor: `concat` renders its `concatResult` template over its inputs (lists joined by
`arrayItemConcatChar`), `split` cuts its `String` input at each of its `delimiters`, in turn
(Coze's nodes/textprocessor)."""

from __future__ import annotations

import json
from typing import Any

from atelier_proto.enums import NodeType
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput
from atelier_workflow.engine.template import render
from atelier_workflow.engine.values import to_text


def _param(params: Any, name: str) -> Any:
    for param in params if isinstance(params, list) else []:
        if isinstance(param, dict) and param.get("name") == name:
            value = ((param.get("input") or {}).get("value") or {})
            return value.get("content")
    return None


def _join(items: list, separator: str) -> str:
    return separator.join(
        "" if item is None else json.dumps(item, ensure_ascii=False, separators=(",", ":"))
        if isinstance(item, dict) else to_text(item)
        for item in items)


async def process(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    method = node.config.extra("method")
    if method == "concat":
        params = node.config.extra("concatParams")
        template = _param(params, "concatResult") or ""
        separator = _param(params, "arrayItemConcatChar") or ""
        return NodeOutput({"output": render(template, inputs, lambda items: _join(items, separator))})
    if method == "split":
        text = inputs.get("String")
        if not isinstance(text, str):
            raise NodeError("the text to split (input String) must be a string", "missing_input")
        delimiters = [d for d in _param(node.config.extra("splitParams"), "delimiters") or [] if isinstance(d, str)]
        if not delimiters:
            raise NodeError("split needs at least one delimiter", "invalid_setting")
        parts = [text]
        for delimiter in delimiters:
            parts = [piece for part in parts for piece in part.split(delimiter)]
        return NodeOutput({"output": parts})
    raise NodeError(f"unknown text processing method {method!r}", "invalid_setting")


EXECUTORS = {NodeType.TextProcessor: process}
