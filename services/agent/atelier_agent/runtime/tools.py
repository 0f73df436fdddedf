"""Tools an agent turn can call. Each has an OpenAI function definition and runs with the model's
JSON arguments; whatever goes wrong (invalid JSON, a refused statement, a timeout) comes back as text
the model reads, so it can correct itself instead of the turn crashing."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any


class ToolFailure(Exception):
    """A tool refused its input; the message is written for the model."""


Runner = Callable[[Any], Awaitable[str]]


@dataclass(frozen=True)
class ToolOutput:
    """One call's result: what the model reads, and for tools that keep one, the call as the run
    record shows it (a verbose event: request as sent, whole answer)."""

    text: str
    ok: bool = True
    record: dict[str, Any] | None = None
    authorization_url: str = ""  # the user must authorize the tool's provider first (OAuth)
    answer_directly: bool = False  # `text` is the agent's answer: the model is not asked again
    question: dict[str, Any] | None = None  # a workflow waits for the user's answer (PendingCall fields)


@dataclass(frozen=True)
class Tool:
    name: str
    definition: dict[str, Any]  # the OpenAI "tools" entry
    run: Callable[[str], Awaitable[str | ToolOutput]]  # raw JSON arguments -> result


def parse_arguments(arguments: str) -> dict[str, Any]:
    try:
        value = json.loads(arguments or "{}")
    except json.JSONDecodeError as e:
        raise ToolFailure(f"the arguments are not valid JSON ({e.msg} at position {e.pos}); "
                          "call the tool again with a JSON object") from None
    if not isinstance(value, dict):
        raise ToolFailure("the arguments must be a JSON object")
    return value


def function_tool(name: str, description: str, parameters: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": parameters}}


def described_tool(name: str, description: str, parameters_json: str) -> dict[str, Any]:
    """A tool another service described (its JSON schema as text; unreadable: no parameters)."""
    try:
        parameters = json.loads(parameters_json or "{}")
    except json.JSONDecodeError:
        parameters = {"type": "object", "properties": {}}
    return function_tool(name, description or name, parameters)


async def call_tool(tools: dict[str, Tool], name: str, arguments: str, timeout_s: float) -> ToolOutput:
    """The result of one call; failures are results too (the model reads what went wrong)."""
    tool = tools.get(name)
    if tool is None:
        return ToolOutput(f"error: there is no tool named {name!r}; available: {', '.join(sorted(tools)) or 'none'}",
                          ok=False)
    try:
        async with asyncio.timeout(timeout_s):  # in this task: no task of its own per call
            result = await tool.run(arguments)
    except ToolFailure as e:
        return ToolOutput(f"error: {e}", ok=False)
    except TimeoutError:
        return ToolOutput(f"error: the tool did not answer within {timeout_s:g} s", ok=False)
    return result if isinstance(result, ToolOutput) else ToolOutput(result)


SET_KEYWORD_MEMORY = "setKeywordMemory"


def keyword_memory_tool(keywords: dict[str, str], save: Callable[[list[tuple[str, str]]], Awaitable[None]]) -> Tool:
    """setKeywordMemory({"data": [{"keyword", "value"}]}) for the agent's variables (keyword -> description)."""
    described = "; ".join(f"{k}: {d}" if d else k for k, d in keywords.items())
    definition = function_tool(
        SET_KEYWORD_MEMORY,
        f"Remember facts about the user in memory variables. Keywords: {described}.",
        {"type": "object", "required": ["data"], "properties": {"data": {
            "type": "array", "items": {"type": "object", "required": ["keyword", "value"], "properties": {
                "keyword": {"type": "string", "enum": sorted(keywords)}, "value": {"type": "string"}}}}}},
    )

    async def run(arguments: str) -> str:
        data = parse_arguments(arguments).get("data")
        if not isinstance(data, list) or not data:
            raise ToolFailure("'data' must be a non-empty list of {keyword, value}")
        items: list[tuple[str, str]] = []
        for i, item in enumerate(data):
            if not isinstance(item, dict) or not isinstance(item.get("keyword"), str):
                raise ToolFailure(f"data[{i}] must be an object with a string 'keyword' and 'value'")
            if item["keyword"] not in keywords:
                raise ToolFailure(f"data[{i}].keyword {item['keyword']!r} is not a memory keyword; "
                                  f"use one of {sorted(keywords)}")
            value = item.get("value", "")
            items.append((item["keyword"], value if isinstance(value, str) else json.dumps(value)))
        await save(items)
        return json.dumps({"saved": {k: v for k, v in items}}, ensure_ascii=False)

    return Tool(SET_KEYWORD_MEMORY, definition, run)


RECALL_KNOWLEDGE = "recallKnowledge"


def knowledge_tool(recall: Callable[[str], Awaitable[str]]) -> Tool:
    """recallKnowledge({"query"}) for agents whose knowledge is searched on demand (auto off)."""
    definition = function_tool(
        RECALL_KNOWLEDGE,
        "Search the agent's knowledge base. Call it when the answer may depend on the agent's documents; "
        "it returns the most relevant passages with their sources.",
        {"type": "object", "required": ["query"], "properties": {
            "query": {"type": "string", "description": "what to look for, as a standalone question"}}},
    )

    async def run(arguments: str) -> str:
        query = parse_arguments(arguments).get("query")
        if not isinstance(query, str) or not query.strip():
            raise ToolFailure("'query' must be a non-empty string")
        return await recall(query.strip())

    return Tool(RECALL_KNOWLEDGE, definition, run)
