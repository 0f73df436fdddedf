"""Entry and Exit: where a run's inputs come in and its result goes out (Coze's entry/exit).

Entry outputs the run's inputs converted to its declared types; one left out takes its declared
default, a required one left out fails the run. Exit with `terminatePlan` "returnVariables"
outputs its inputs; with "useAnswerContent" it renders its `content` template (`{{name}}`
placeholders over its inputs, Coze's rules) into `output`, the run's answer, and emits it (with
`streamingOutput` on, what it has not streamed yet: see engine/streams.py).
"""

from __future__ import annotations

from typing import Any

from atelier_proto.enums import NodeType
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput
from atelier_workflow.engine.streams import RETURN_TEXT, answer_template
from atelier_workflow.engine.template import render
from atelier_workflow.engine.values import ConversionError, convert

__all__ = ["EXECUTORS", "RETURN_TEXT", "answer_template", "entry", "exit_"]


async def entry(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    given = ctx.run_inputs
    outputs: dict[str, Any] = {}
    for name, typed in node.outputs.items():
        value = given.get(name)
        if value is None:
            value = node.defaults.get(name)
        if value is None:
            if typed.required:
                raise NodeError(f"the run input {name} is required", "missing_input")
            continue
        try:
            outputs[name] = convert(value, typed)
        except ConversionError as exc:
            raise ConversionError(f"run input {name}: {exc.message}") from None
    for name, value in given.items():  # inputs the Entry does not declare ride along, as in Coze
        outputs.setdefault(name, value)
    return NodeOutput(outputs)


async def exit_(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    if node.config.terminate_plan != RETURN_TEXT:
        return NodeOutput(inputs)
    text = render(answer_template(node), inputs)
    ctx.emit(text)
    return NodeOutput({"output": text})


EXECUTORS = {NodeType.Entry: entry, NodeType.Exit: exit_}
