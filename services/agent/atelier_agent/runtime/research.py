"""Deep research: the model breaks the question into sub-questions and searches for each (the
bound knowledge through recallKnowledge, and the agent's other server-side tools, e.g. a web search
plugin), reads what came back and decides whether to search again, for at most `max_steps` model
calls and `max_tokens` tokens; then it writes one answer citing every passage it read ([n]).

What the user sees: each searching step's text streams as reasoning (answer events whose
reasoning_content is set and content empty), every call as a function_call and tool_response with a
`research_search` verbose message (the run record: step, tool, query, the passages it found and
their ids), a `research_finished` verbose message (steps, searches, tokens, why it stopped), the
passages read as one knowledge event (with their ids), then the answer as answer deltas (the
model's own reasoning, if it sends any, as reasoning_content).

Cancel needs nothing here: the turn is an async generator, so cancelling the RPC cancels the model
stream or the searches it is waiting on."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import openai

from atelier_agent.citations import CITATION_INSTRUCTION, Passage, passages_block
from atelier_agent.domain.config import ResearchSettings
from atelier_agent.models import ModelConfig
from atelier_agent.runtime import context_window
from atelier_agent.runtime.events import event, tool_calls_made, verbose
from atelier_agent.runtime.prompt import KnowledgeItem
from atelier_agent.runtime.tools import RECALL_KNOWLEDGE, Tool, ToolFailure, ToolOutput, call_tool, knowledge_tool
from atelier_common.ai import streaming as llm
from atelier_proto import agent_pb2 as apb
from atelier_proto.enums import ExecuteEventType

# Searches the bound knowledge: passages for one query (ToolFailure when the knowledge base fails).
Recall = Callable[[str], Awaitable[list[KnowledgeItem]]]

RESEARCH_INSTRUCTIONS = """\

# Deep research
Research the user's question before anyone answers it. Break it into sub-questions and search for each
one with the tools, one query per sub-question (several calls in one step are fine). Read what comes back;
when something the answer needs is still missing, search again with a different query. Think aloud briefly
about what you found and what is missing. When you know enough, reply with a short note and no tool call:
the answer is written after that, so do not write it yet."""

ANSWER_INSTRUCTIONS = """\

# Research results
You researched the user's question; the passages below are everything you read. Answer the question
now from them, combining what several passages say. {citation}

{passages}"""

NOTHING_FOUND = """\

# Research results
Your research found nothing about the question. Say so; do not invent facts."""

NOTHING_MATCHED = "Nothing in the knowledge base matched."
STOP_ANSWERED = "answered"  # the model stopped searching
STOP_STEPS = "max_steps"
STOP_TOKENS = "max_tokens"
STOP_NO_TOOLS = "nothing_to_search"  # no knowledge, no server-side tool
STOP_SINGLE_SEARCH = "single_search"  # a model that cannot call tools: the user's message was the one search


@dataclass
class Notebook:
    """The passages research has read, numbered in reading order (the ids the answer cites); a
    passage found again keeps its first id."""

    passages: list[Passage] = field(default_factory=list)
    _ids: dict[tuple[int, str], str] = field(default_factory=dict)

    def read(self, text: str, *, source: str, document_id: int = 0, dataset_id: int = 0, score: float = 0.0
             ) -> Passage:
        key = (document_id, text) if document_id else (0, f"{source}\n{text}")
        known = self._ids.get(key)
        if known is not None:
            return self.passages[int(known) - 1]
        passage = Passage(id=str(len(self.passages) + 1), text=text, document_id=document_id, dataset_id=dataset_id,
                          document_name=source, score=score)
        self.passages.append(passage)
        self._ids[key] = passage.id
        return passage

    def read_items(self, items: list[KnowledgeItem]) -> list[Passage]:
        return [self.read(item.text(), source=item.source, document_id=item.document_id, dataset_id=item.dataset_id,
                          score=item.score) for item in items]


@dataclass
class Spent:
    """What the searching steps used so far."""

    steps: int = 0
    searches: int = 0
    tokens: int = 0


def stop_reason(bounds: ResearchSettings, spent: Spent) -> str | None:
    """Why research must stop before another step (None: it may go on)."""
    if spent.steps >= bounds.max_steps:
        return STOP_STEPS
    if spent.tokens >= bounds.max_tokens:
        return STOP_TOKENS
    return None


def fitting_passages(passages: list[Passage], budget_tokens: int) -> list[Passage]:
    """The passages (in reading order) that fit the answer prompt's budget."""
    kept, used = [], 0
    for passage in passages:
        cost = context_window.message_tokens({"content": passages_block([passage])})
        if used + cost > budget_tokens:
            break
        kept.append(passage)
        used += cost
    return kept


def answer_messages(messages: list[dict[str, Any]], passages: list[Passage], *, searched: bool = True
                    ) -> list[dict[str, Any]]:
    """The turn's prompt (system, history, the user's message) with the research results in the
    system prompt (unchanged when there was nothing to search)."""
    if not searched:
        return messages
    system, rest = messages[0], messages[1:]
    results = (ANSWER_INSTRUCTIONS.format(citation=CITATION_INSTRUCTION, passages=passages_block(passages))
               if passages else NOTHING_FOUND)
    return [{**system, "content": f"{system['content']}\n{results}"}, *rest]


def _with_research_instructions(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    system, rest = messages[0], messages[1:]
    return [{**system, "content": f"{system['content']}\n{RESEARCH_INSTRUCTIONS}"}, *rest]


def _query(arguments: str) -> str:
    """The query a search was called with ("" for a tool whose arguments have none)."""
    try:
        value = json.loads(arguments or "{}")
    except json.JSONDecodeError:
        return ""
    return str(value.get("query", "")) if isinstance(value, dict) else ""


class Research:
    """One deep research run; `passages` holds what it read once `run` is done."""

    def __init__(self, *, client: openai.AsyncOpenAI, model: ModelConfig, params: dict[str, Any],
                 bounds: ResearchSettings, recall: Recall | None, tools: dict[str, Tool], tool_timeout_s: float,
                 usage: llm.Completion) -> None:
        self.client, self.model, self.params, self.bounds = client, model, params, bounds
        self.tool_timeout_s = tool_timeout_s
        self.usage = usage  # the turn's usage: every model call here adds to it
        self.notebook = Notebook()
        self.spent = Spent()
        self.tools = dict(tools)
        self.recall = recall
        if recall is not None:  # searches the knowledge, numbering passages across every search (see _call)
            self.tools[RECALL_KNOWLEDGE] = knowledge_tool(recall_unused)

    @property
    def passages(self) -> list[Passage]:
        return self.notebook.passages

    async def run(self, messages: list[dict[str, Any]]) -> AsyncIterator[apb.ExecuteEvent]:
        """Research, then the answer; `messages` is the turn's prompt (system, history, the user's message)."""
        if not self.tools:
            reason = STOP_NO_TOOLS
        elif not self.model.function_call:  # the question itself is the one search
            reason = STOP_SINGLE_SEARCH
            if self.recall is not None:
                async for e in self._without_tool_calls(messages):
                    yield e
        else:
            reason = None
            async for e in self._search_steps(_with_research_instructions(messages)):
                if isinstance(e, str):
                    reason = e
                else:
                    yield e
        yield verbose("research_finished", {"steps": self.spent.steps, "searches": self.spent.searches,
                                            "tokens": self.spent.tokens, "stopped": reason,
                                            "passages": len(self.passages)})
        async for e in self._answer(messages, searched=reason != STOP_NO_TOOLS):
            yield e

    async def _search_steps(self, messages: list[dict[str, Any]]) -> AsyncIterator[apb.ExecuteEvent | str]:
        """The searching steps; the last item is why they stopped."""
        definitions = [t.definition for t in self.tools.values()]
        params = {k: v for k, v in self.params.items() if k != "response_format"}
        while (reason := stop_reason(self.bounds, self.spent)) is None:
            self.spent.steps += 1
            out = llm.Completion()
            async for delta in llm.stream_completion(self.client, self.model.model, messages, tools=definitions,
                                                     params=params, out=out):
                thought = delta.reasoning + delta.text
                if thought:  # a searching step's text is reasoning, never the answer
                    yield event(ExecuteEventType.Answer, "", reasoning_content=thought)
            self._count(out)
            if not out.tool_calls:
                yield STOP_ANSWERED
                return
            for made in tool_calls_made(out, messages):
                yield made
            called = await asyncio.gather(*(self._call(c) for c in out.tool_calls))
            for call, (outcome, items) in zip(out.tool_calls, called, strict=True):
                result, found = self._read(call, outcome, items)
                self.spent.searches += 1
                if result.record is not None:  # a plugin's own record: the request as sent, the whole answer
                    yield verbose("tool_call_record", {"call_id": call.id, **result.record})
                yield verbose("research_search", self._record(call, result, found))
                messages.append({"role": "tool", "tool_call_id": call.id, "content": result.text})
                yield event(ExecuteEventType.ToolResponse, result.text, call_id=call.id, name=call.name)
        yield reason

    async def _call(self, call: llm.ToolCall) -> tuple[ToolOutput, list[KnowledgeItem] | None]:
        """One call's result, and for a knowledge search the passages it found (numbered later, in
        call order, so that parallel searches number deterministically)."""
        items: list[KnowledgeItem] | None = None
        tools = self.tools
        if call.name == RECALL_KNOWLEDGE and self.recall is not None:
            recall = self.recall

            async def search(query: str) -> str:
                nonlocal items
                items = await recall(query)
                return ""  # the text is written once the passages have their ids (_read)

            tools = {**tools, RECALL_KNOWLEDGE: knowledge_tool(search)}
        return await call_tool(tools, call.name, call.arguments, self.tool_timeout_s), items

    def _read(self, call: llm.ToolCall, result: ToolOutput, items: list[KnowledgeItem] | None
              ) -> tuple[ToolOutput, list[Passage]]:
        """A call's result as the model reads it (passages with their ids), and the passages read."""
        if result.authorization_url or result.question is not None:  # research cannot wait for the user
            return ToolOutput(f"error: {call.name} needs the user first; research goes on without it", ok=False,
                              record=result.record), []
        if items is not None:
            found = self.notebook.read_items(items)
            return ToolOutput(passages_block(found) if found else NOTHING_MATCHED, record=result.record), found
        if result.ok and result.text.strip():  # another tool's result (a web search, say) may be cited too
            found = [self.notebook.read(result.text, source=call.name)]
            return ToolOutput(passages_block(found), record=result.record), found
        return result, []

    def _record(self, call: llm.ToolCall, result: ToolOutput, found: list[Passage]) -> dict[str, Any]:
        return {"step": self.spent.steps, "call_id": call.id, "tool": call.name, "arguments": call.arguments,
                "query": _query(call.arguments), "ok": result.ok,
                "passages": [{"id": p.id, "source": p.title, "document_id": str(p.document_id)} for p in found],
                **({} if result.ok else {"error": result.text})}

    async def _without_tool_calls(self, messages: list[dict[str, Any]]) -> AsyncIterator[apb.ExecuteEvent]:
        """A model that cannot call tools: one knowledge search with the user's message."""
        assert self.recall is not None
        query = str(messages[-1].get("content") or "") if isinstance(messages[-1].get("content"), str) else ""
        if not query.strip():
            return
        self.spent.searches += 1
        try:
            found = self.notebook.read_items(await asyncio.wait_for(self.recall(query), self.tool_timeout_s))
            error = None
        except (ToolFailure, TimeoutError) as e:
            found, error = [], str(e) or "the knowledge base did not answer in time"
        yield verbose("research_search", {"step": 0, "tool": RECALL_KNOWLEDGE, "query": query, "ok": error is None,
                                          "passages": [{"id": p.id, "source": p.title, "document_id": str(p.document_id)}
                                                       for p in found], **({"error": error} if error else {})})

    async def _answer(self, messages: list[dict[str, Any]], *, searched: bool) -> AsyncIterator[apb.ExecuteEvent]:
        """One answer from everything read: the passages that fit the prompt, shown as one knowledge
        event (their ids are the answer's marks), then the answer streamed."""
        base = sum(context_window.message_tokens(m) for m in messages)
        budget = (self.model.max_context - context_window.reply_reserve(self.params.get("max_tokens"), self.model.max_context)
                  - base - context_window.message_tokens({"content": ANSWER_INSTRUCTIONS + CITATION_INSTRUCTION}))
        passages = fitting_passages(self.passages, budget)
        if passages:
            yield event(ExecuteEventType.Knowledge, json.dumps([read_event(p) for p in passages], ensure_ascii=False))
        out = llm.Completion()
        async for delta in llm.stream_completion(self.client, self.model.model, answer_messages(messages, passages, searched=searched),
                                                 params=self.params, out=out):
            yield event(ExecuteEventType.Answer, delta.text, reasoning_content=delta.reasoning or None)
        self._count(out, searching=False)

    def _count(self, out: llm.Completion, *, searching: bool = True) -> None:
        self.usage.input_tokens += out.input_tokens
        self.usage.output_tokens += out.output_tokens
        if searching:
            self.spent.tokens += out.input_tokens + out.output_tokens


def read_event(passage: Passage) -> dict[str, Any]:
    """A passage read, as the knowledge event lists it (the recalled slices' shape, with the id the answer cites)."""
    return {"id": passage.id, "content": passage.text, "source": passage.title, "score": round(passage.score, 4),
            "document_id": str(passage.document_id), "dataset_id": str(passage.dataset_id)}


async def recall_unused(query: str) -> str:
    """The offered knowledge tool's runner: each call runs one of its own (Research._call)."""
    raise ToolFailure("the knowledge tool is not available here")
