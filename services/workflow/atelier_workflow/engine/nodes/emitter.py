"""OutputEmitter: renders its `content` template over its inputs and emits it as a message
while the run goes on (Coze's nodes/emitter); its output is the text."""

from __future__ import annotations

from typing import Any

from atelier_proto.enums import NodeType
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeOutput
from atelier_workflow.engine.nodes.entry_exit import answer_template
from atelier_workflow.engine.template import render


async def emit(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    text = render(answer_template(node), inputs)
    ctx.emit(text)
    return NodeOutput({"output": text})


EXECUTORS = {NodeType.OutputEmitter: emit}
