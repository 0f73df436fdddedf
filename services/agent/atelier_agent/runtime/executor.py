"""One agent turn (StreamExecute): configuration -> four preparation branches in parallel (persona
render, prompt variables, knowledge recall, shortcut pre-retrieval) -> system prompt + fitted history
+ user message -> the chat model, in a ReAct loop when tools exist -> follow-up suggestions.

Everything the user should see is an ExecuteEvent; failures before the first event raise (the
caller answers a plain error), failures after it end the stream with an `error` event so the
partial answer is kept."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from typing import Any

from atelier_agent import bots
from atelier_agent import variables as memory
from atelier_agent.databases import tool as db_tool
from atelier_agent.domain import config
from atelier_agent.models import ModelConfig, ModelRegistry
from atelier_agent.runtime import context_window, knowledge, llm, suggestions
from atelier_agent.runtime.history import Stored, history_messages
from atelier_agent.runtime.prompt import (
    KnowledgeItem,
    PromptParts,
    fill_shortcut_template,
    knowledge_event,
    render_persona,
    system_prompt,
)
from atelier_agent.runtime.tools import Tool, ToolFailure, call_tool, keyword_memory_tool, knowledge_tool
from atelier_common.ai import LLMError
from atelier_common.errors import InvalidArgument, Unavailable
from atelier_common.service import ServiceDeps
from atelier_proto import agent_pb2 as apb

log = logging.getLogger("atelier.agent.runtime")


@dataclass
class Runtime:
    deps: ServiceDeps
    models: ModelRegistry


def _event(type_: str, content: str = "", **fields: Any) -> apb.ExecuteEvent:
    return apb.ExecuteEvent(type=type_, content=content, **fields)


def _verbose(msg_type: str, data: Any) -> apb.ExecuteEvent:
    return _event("verbose", json.dumps({"msg_type": msg_type, "data": json.dumps(data, ensure_ascii=False)},
                                        ensure_ascii=False))


def _model_params(model_info: dict[str, Any], model: ModelConfig) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for name in ("temperature", "top_p", "frequency_penalty", "presence_penalty"):
        if model_info.get(name) is not None:
            params[name] = float(model_info[name])
    if model_info.get("max_tokens"):
        params["max_tokens"] = int(model_info["max_tokens"])
    if model_info.get("response_format") == apb.MODEL_RESPONSE_FORMAT_JSON and model.json_mode:
        params["response_format"] = {"type": "json_object"}
    return params


def _user_message(query: str, content_type: str, multimodal: bool) -> dict[str, Any]:
    """object_string content is a JSON list of {type: text|image|file, text|file_url}; images reach a
    multimodal model as image parts, and every other model as links in the text."""
    if content_type != "object_string":
        return {"role": "user", "content": query}
    try:
        items = json.loads(query)
    except json.JSONDecodeError:
        raise InvalidArgument("query: content_type object_string needs a JSON list of items") from None
    if not isinstance(items, list):
        raise InvalidArgument("query: content_type object_string needs a JSON list of items")
    parts: list[dict[str, Any]] = []
    texts: list[str] = []
    for item in items:
        if not isinstance(item, dict):
            continue
        url = item.get("file_url") or item.get("url") or ""
        if item.get("type") == "text":
            texts.append(str(item.get("text", "")))
            parts.append({"type": "text", "text": str(item.get("text", ""))})
        elif item.get("type") == "image" and url and multimodal:
            parts.append({"type": "image_url", "image_url": {"url": url}})
        elif url:
            texts.append(f"[{item.get('type', 'file')}]({url})")
            parts.append({"type": "text", "text": f"[{item.get('type', 'file')}]({url})"})
    return {"role": "user", "content": parts if multimodal else "\n".join(texts)}


def _plain_query(query: str, content_type: str) -> str:
    """The text of the user's message (for retrieval and suggestions)."""
    if content_type != "object_string":
        return query
    try:
        items = json.loads(query)
        return " ".join(str(i.get("text", "")) for i in items if isinstance(i, dict) and i.get("type") == "text")
    except (json.JSONDecodeError, AttributeError):
        return query


def _history(req: apb.StreamExecuteRequest) -> list[context_window.HistoryMessage]:
    return history_messages(Stored(m.role, m.type, m.content, m.call_id, m.name) for m in req.history)


def _shortcut_query(req: apb.StreamExecuteRequest, shortcuts: list[dict[str, Any]]) -> tuple[str, str] | None:
    """(title, filled template) of the shortcut the user invoked."""
    if not req.HasField("shortcut") or not req.shortcut.command_id:
        return None
    command = next((c for c in shortcuts if str(c.get("command_id")) == str(req.shortcut.command_id)), None)
    if command is None:
        raise InvalidArgument(f"shortcut_command.command_id: the agent has no shortcut {req.shortcut.command_id}")
    params = dict(req.shortcut.parameters)
    for component in command.get("components_list") or []:
        name = component.get("name") or component.get("parameter")
        if name and name not in params and not component.get("hide"):
            default = (component.get("default_value") or {}).get("value")
            if default is None:
                raise InvalidArgument(f"shortcut_command.parameters: {name!r} is required by "
                                      f"{command.get('shortcut_command', 'the shortcut')}")
            params[name] = default
    return command.get("command_name") or command.get("shortcut_command", ""), fill_shortcut_template(
        command.get("template_query", ""), params)


class Turn:
    """State of one StreamExecute call."""

    def __init__(self, rt: Runtime, req: apb.StreamExecuteRequest) -> None:
        self.rt = rt
        self.req = req
        self.settings = rt.deps.settings
        self.usage = llm.Completion()

    async def _recall(self, ks: config.KnowledgeSettings, space_id: int, query: str,
                      history: list[context_window.HistoryMessage]) -> tuple[list[KnowledgeItem], str | None]:
        if not ks.dataset_ids or not ks.auto or not query.strip():
            return [], None
        try:
            items = await knowledge.recall(self.settings.knowledge_addr, ks, space_id=space_id, query=query,
                                           history=history, timeout_s=self.settings.agent_retrieval_timeout_s)
            return items, None
        except knowledge.RecallFailed as e:
            return [], str(e)

    async def events(self) -> AsyncIterator[apb.ExecuteEvent]:
        req, rt = self.req, self.rt
        cfg, shortcuts, space_id = await bots.runtime_config(rt.deps, req.bot_id, draft_mode=req.draft_mode,
                                                             space_id=req.space_id)
        model_info = cfg.get("model_info") or {}
        model = rt.models.resolve(int(model_info.get("model_id") or 0))
        if model is None:
            raise Unavailable(f"bot {req.bot_id}: no chat model {model_info.get('model_id') or '(default)'} is configured")
        if not req.query.strip() and not req.HasField("shortcut"):
            raise InvalidArgument("query: the message is empty")
        user_id = req.user_id or "anonymous"
        history = _history(req)
        ks = config.knowledge_settings(cfg)
        shortcut = _shortcut_query(req, shortcuts)
        query_text = shortcut[1] if shortcut and not req.query.strip() else _plain_query(req.query, req.content_type)
        definitions = memory.definitions(cfg)
        table_ids = [int(d["table_id"]) for d in cfg.get("database_list") or [] if str(d.get("table_id", "")).isdigit()]

        # The four branches, concurrently.
        values, (recalled, recall_error), tables = await asyncio.gather(
            memory.current_values(rt.deps.pool, req.bot_id, user_id, cfg) if definitions else _none({}),
            self._recall(ks, space_id, query_text, history),
            db_tool.load_bound_tables(rt.deps.pool, table_ids) if table_ids else _none([]),
        )
        persona = _render(cfg, dict(req.custom_variables), values)

        if recall_error is not None:
            yield _verbose("knowledge_recall_failed", {"error": recall_error})
        if recalled:
            yield _event("knowledge", knowledge_event(recalled))
        elif ks.dataset_ids and ks.auto and ks.no_recall_reply_custom is not None:
            yield _event("answer", ks.no_recall_reply_custom or "")
            return

        tools = self._tools(cfg, definitions, tables, user_id, ks, space_id, history)
        parts = PromptParts(
            agent_name=str(cfg.get("name", "")), persona=persona, now=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            variables={d["key"]: values.get(d["key"], "") for d in definitions if not d.get("prompt_disabled")},
            knowledge=recalled, knowledge_attached=bool(ks.dataset_ids and ks.auto),
            tool_results=[(f"Shortcut {shortcut[0]}", shortcut[1])] if shortcut and req.query.strip() else [],
            tables=[f"{t.table_name}: {t.table_desc}" if t.table_desc else t.table_name for t in tables],
            has_memory_tool=any(t.name == "setKeywordMemory" for t in tools.values()),
        )
        rounds = context_window.window(history, config.history_rounds(cfg, self.settings.agent_default_history_rounds))
        user_message = _user_message(query_text if shortcut and not req.query.strip() else req.query,
                                     req.content_type, model.multimodal)
        tool_defs = [t.definition for t in tools.values()] if model.function_call else []
        if not tool_defs:  # tool traffic in history needs tool definitions: without tools, Q&A only
            rounds = [[m for m in r if m.role != "tool" and not m.tool_calls] for r in rounds]
        budget = (model.max_context - context_window.reply_reserve(model_info.get("max_tokens"), model.max_context)
                  - sum(context_window.message_tokens({"content": json.dumps(d)}) for d in tool_defs))
        try:
            fitted = context_window.fit(system_for=lambda k: system_prompt(_with_knowledge(parts, k)),
                                        knowledge=recalled, history_rounds=rounds, user_message=user_message,
                                        budget=budget)
        except context_window.ContextOverflow as e:
            raise InvalidArgument(f"message too long for model {model.name}: {e}") from None
        if fitted.rounds_dropped or fitted.knowledge_dropped:
            yield _verbose("context_trimmed", {"history_rounds_dropped": fitted.rounds_dropped,
                                               "knowledge_dropped": fitted.knowledge_dropped})

        try:
            answer = ""
            async for event in self._react(model, fitted.messages, tools if tool_defs else {}, _model_params(model_info, model)):
                if event.type == "answer":
                    answer += event.content
                yield event
            enabled, custom = config.suggestions_enabled(cfg)
            if enabled and answer.strip():
                for question in await self._suggest(model, query_text, answer, custom):
                    yield _event("follow_up", question)
        except LLMError as e:
            log.warning("model %s failed in chat %s: %s", model.id, req.chat_id, e.message,
                        extra={"bot_id": str(req.bot_id), "chat_id": str(req.chat_id)})
            yield self._usage_event()
            yield _event("error", e.message, error_code=e.status or 502)
            return
        yield self._usage_event()

    def _usage_event(self) -> apb.ExecuteEvent:
        return _event("usage", usage=apb.ExecuteUsage(input_tokens=self.usage.input_tokens,
                                                      output_tokens=self.usage.output_tokens))

    def _tools(self, cfg: dict[str, Any], definitions: list[dict[str, Any]], tables: list[Any], user_id: str,
               ks: config.KnowledgeSettings, space_id: int, history: list[context_window.HistoryMessage]
               ) -> dict[str, Tool]:
        tools: dict[str, Tool] = {}
        if ks.dataset_ids and not ks.auto:  # on-demand knowledge: the model decides when to search
            async def search(query: str) -> str:
                try:
                    items = await knowledge.recall(self.settings.knowledge_addr, ks, space_id=space_id, query=query,
                                                   history=history, timeout_s=self.settings.agent_retrieval_timeout_s)
                except knowledge.RecallFailed as e:
                    raise ToolFailure(f"the knowledge base did not answer: {e}") from None
                if not items:
                    return "Nothing in the knowledge base matched."
                return "\n\n".join(f"[{i}] Source: {item.source}\n{item.text()}" for i, item in enumerate(items, 1))

            tool = knowledge_tool(search)
            tools[tool.name] = tool
        if definitions:
            deps, bot_id = self.rt.deps, self.req.bot_id

            async def save(items: list[tuple[str, str]]) -> None:
                memory.check_items(cfg, items)
                await memory.variables.upsert(deps.pool, bot_id, user_id, items)

            keywords = {d["key"]: d.get("description", "") for d in definitions}
            tool = keyword_memory_tool(keywords, save)
            tools[tool.name] = tool
        for table in tables:
            tool = _table_tool(self.rt.deps.pool, table, user_id)
            tools[tool.name] = tool
        return tools

    async def _react(self, model: ModelConfig, messages: list[dict[str, Any]], tools: dict[str, Tool],
                     params: dict[str, Any]) -> AsyncIterator[apb.ExecuteEvent]:
        client = self.rt.models.client(model, self.settings.llm_timeout_s)
        definitions = [t.definition for t in tools.values()]
        for iteration in range(max(1, self.settings.agent_max_iterations)):
            last = iteration == self.settings.agent_max_iterations - 1
            out = llm.Completion()
            # On the last allowed iteration the model must answer: no tools offered.
            async for delta in llm.stream_completion(client, model.model, messages,
                                                     tools=None if last else definitions or None,
                                                     params=params, out=out):
                yield _event("answer", delta.text, reasoning_content=delta.reasoning or None)
            self.usage.input_tokens += out.input_tokens
            self.usage.output_tokens += out.output_tokens
            if not out.tool_calls:
                return
            messages.append({"role": "assistant", "content": out.text or None,
                             "tool_calls": [c.as_message_part() for c in out.tool_calls]})
            for call in out.tool_calls:
                yield _event("function_call", json.dumps({"name": call.name, "arguments": call.arguments},
                                                         ensure_ascii=False), call_id=call.id, name=call.name)
            results = await asyncio.gather(*(call_tool(tools, c.name, c.arguments, self.settings.agent_tool_timeout_s)
                                             for c in out.tool_calls))
            for call, (text, _ok) in zip(out.tool_calls, results, strict=True):
                messages.append({"role": "tool", "tool_call_id": call.id, "content": text})
                yield _event("tool_response", text, call_id=call.id, name=call.name)

    async def _suggest(self, model: ModelConfig, question: str, answer: str, custom: str) -> list[str]:
        client = self.rt.models.client(model, self.settings.llm_timeout_s)
        try:
            out = await llm.complete_text(client, model.model, suggestions.suggestion_messages(question, answer, custom))
        except LLMError as e:  # suggestions are optional: the answer stands
            log.warning("follow-up suggestions failed: %s", e.message)
            return []
        self.usage.input_tokens += out.input_tokens
        self.usage.output_tokens += out.output_tokens
        return suggestions.parse_suggestions(out.text)


def _table_tool(pool: Any, table: db_tool.BoundTable, user_id: str) -> Tool:
    async def run(arguments: str) -> str:
        try:
            return await db_tool.run_sql_tool(pool, table, user_id=user_id, arguments=arguments)
        except db_tool.ToolInputError as e:
            raise ToolFailure(str(e)) from None

    definition = db_tool.tool_definition(table)
    return Tool(definition["function"]["name"], definition, run)


def _with_knowledge(parts: PromptParts, items: list[KnowledgeItem]) -> PromptParts:
    return replace(parts, knowledge=items)


def _render(cfg: dict[str, Any], request_vars: dict[str, str], memory_vars: dict[str, str]) -> str:
    return render_persona(str((cfg.get("prompt_info") or {}).get("prompt", "")), request_vars, memory_vars)


async def _none(value: Any) -> Any:
    return value


async def execute(rt: Runtime, req: apb.StreamExecuteRequest) -> AsyncIterator[apb.ExecuteEvent]:
    async for event in Turn(rt, req).events():
        yield event
