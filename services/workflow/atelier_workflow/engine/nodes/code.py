"""CodeRunner: the node's Python (`code`, Coze's `async def main(args) -> Output`) runs in the
sandbox (atelier_workflow.sandbox) with the node's inputs as `args.params`; what main returns,
converted to the declared outputs, is the node's output. A failing run fails the node with the
sandbox's typed reason as its error code."""

from __future__ import annotations

from typing import Any

from atelier_proto.enums import NodeType
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput
from atelier_workflow.engine.values import ConversionError, convert
from atelier_workflow.sandbox import run_code

PYTHON = 3  # Coze's language code for Python; 5 (JavaScript) is not run here


async def run(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    source = node.config.extra("code")
    if not isinstance(source, str) or not source.strip():
        raise NodeError("the code node has no code", "invalid_setting")
    language = node.config.extra("language", PYTHON)
    if language != PYTHON:
        raise NodeError(f"code language {language} is not supported: only Python (3) runs", "invalid_setting")
    result = await run_code(source, inputs, ctx.run.code_limits, ctx.run.sandbox_policy)
    if result.failure is not None:
        raise NodeError(result.failure.message, result.failure.kind.value)
    outputs = dict(result.outputs)
    for name, typed in node.outputs.items():
        if name in outputs:
            try:
                outputs[name] = convert(outputs[name], typed)
            except ConversionError as exc:
                raise ConversionError(f"output {name}: {exc.message}") from None
    return NodeOutput(outputs)


EXECUTORS = {NodeType.CodeRunner: run}
