"""VariableAggregator: for each group (`mergeGroups`), the first of its variables that has a
value (a skipped branch's outputs have none)."""

from __future__ import annotations

from typing import Any

from atelier_proto.enums import NodeType
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeOutput


async def aggregate(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    outputs: dict[str, Any] = {}
    for g, group in enumerate(node.config.extra("mergeGroups") or []):
        name = group.get("name") if isinstance(group, dict) else None
        if not name:
            continue
        for v in range(len(group.get("variables") or [])):
            value = ctx.setting(f"mergeGroups[{g}].variables[{v}]")
            if value is not None:
                outputs[name] = value
                break
        else:
            outputs[name] = None
    return NodeOutput(outputs)


EXECUTORS = {NodeType.VariableAggregator: aggregate}
