"""An LLM node's model with tools (Coze's ReAct agent in nodes/llm): the model is asked; each tool
call it makes is run (the calls of one round at once) and its answer added to the conversation;
then the model is asked again, until it answers without calling a tool, or calls a tool that
answers directly. A model still calling tools after MAX_TOOL_ROUNDS rounds fails the node.

A call naming no offered tool, or whose arguments are not a JSON object, is answered with what is
wrong (the model may correct itself). Each round's text streams anew (`restart_stream`): the
node's answer is its last round's text."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from atelier_workflow.clients.chat import ChatRequest, ToolCall
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NO_USAGE, NodeError, TokenUsage
from atelier_workflow.engine.nodes.chatting import ask
from atelier_workflow.engine.nodes.llm_tools import LLMTool, ToolResult

MAX_TOOL_ROUNDS = 8


@dataclass(frozen=True)
class Answer:
    text: str
    reasoning: str
    usage: TokenUsage
    tool_rounds: int  # how many rounds of tool calls it took


async def _run_call(call: ToolCall, tools: dict[str, LLMTool]) -> ToolResult:
    tool = tools.get(call.name)
    if tool is None:
        return ToolResult(f"there is no tool named {call.name!r}; the tools are: {', '.join(tools)}")
    try:
        arguments = json.loads(call.arguments or "{}")
    except ValueError as exc:
        return ToolResult(f"the arguments of {call.name} are not valid JSON ({exc}); send a JSON object")
    if not isinstance(arguments, dict):
        return ToolResult(f"the arguments of {call.name} must be a JSON object")
    return await tool.call(arguments)


async def answer(ctx: NodeContext, request: ChatRequest, tools: Sequence[LLMTool],
                 on_text: Callable[[str], None] | None = None, on_reasoning: Callable[[str], None] | None = None,
                 max_rounds: int = MAX_TOOL_ROUNDS) -> Answer:
    by_name = {tool.name: tool for tool in tools}
    messages: list[dict[str, Any]] = list(request.messages)
    request = replace(request, tools=[tool.spec() for tool in tools]) if tools else request
    usage = NO_USAGE
    for rounds in range(max_rounds + 1):
        if rounds:
            ctx.restart_stream()
        reply, used = await ask(ctx, replace(request, messages=messages), on_text, on_reasoning)
        usage = usage + used
        if not reply.tool_calls:
            return Answer(reply.text, reply.reasoning, usage, rounds)
        if rounds == max_rounds:
            break
        outcomes = await asyncio.gather(*(_run_call(call, by_name) for call in reply.tool_calls),
                                        return_exceptions=True)
        failed = next((o for o in outcomes if isinstance(o, BaseException)), None)
        if failed is not None:
            raise failed
        results: list[ToolResult] = outcomes  # type: ignore[assignment]
        messages = [*messages, {"role": "assistant", "content": reply.text or None,
                                "tool_calls": [call.as_message_part() for call in reply.tool_calls]}]
        for call, result in zip(reply.tool_calls, results, strict=True):
            usage = usage + result.usage
            messages.append({"role": "tool", "tool_call_id": call.id, "content": result.text})
        direct = next((result for call, result in zip(reply.tool_calls, results, strict=True)
                       if call.name in by_name and by_name[call.name].returns_directly), None)
        if direct is not None:
            return Answer(direct.text, "", usage, rounds + 1)
    raise NodeError(f"the model was still calling tools after {max_rounds} rounds of tool calls", "too_many_tool_rounds")
