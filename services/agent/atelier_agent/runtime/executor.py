"""One agent turn (StreamExecute): configuration -> four preparation branches in parallel (persona
render, prompt variables, knowledge recall, shortcut pre-retrieval) -> system prompt + fitted history
+ user message (attachments read, see runtime.attachments) -> the chat model, in a ReAct loop when
tools exist -> follow-up suggestions.

When the model calls a client-side tool (the agent's client_tool_list), or a plugin tool whose
provider the user has not authorized yet (OAuth), the turn runs the other calls of that model turn,
checkpoints itself and stops with `requires_action` (an authorization link in the answer and an
`interrupt` verbose message); a later StreamExecute resuming the same chat makes the waiting plugin
calls again, takes the client-side outputs, and continues the loop from the checkpoint.

The agent's workflows are tools too (runtime.workflows). One that answers text ends the turn with
that text as the answer (the model is not asked again). One whose run asks the user a question stops
the turn the same way (the question as the answer, an `interrupt` verbose message): the user's next
message in the conversation (or an output submitted for that call) answers it, the workflow run
carries on, and the turn continues from its checkpoint.

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
from atelier_agent.citations import Passage, cite, knowledge_message, passages_block
from atelier_agent.databases import tool as db_tool
from atelier_agent.domain import config
from atelier_agent.domain.entities import BotConfig, Checkpoint, PendingCall
from atelier_agent.models import ModelConfig, ModelRegistry
from atelier_agent.run_configs import RunConfigs
from atelier_agent.runtime import context_window, extraction, knowledge, plugins, research, suggestions, workflows
from atelier_agent.runtime.attachments import Attachments, Extracted, Unreadable
from atelier_agent.runtime.events import event as _event
from atelier_agent.runtime.events import tool_calls_made
from atelier_agent.runtime.events import verbose as _verbose
from atelier_agent.runtime.history import Stored, history_messages
from atelier_agent.runtime.prompt import (
    KnowledgeItem,
    PromptParts,
    fill_shortcut_template,
    knowledge_event,
    render_persona,
    system_prompt,
)
from atelier_agent.runtime.tools import (
    RECALL_KNOWLEDGE,
    Tool,
    ToolFailure,
    ToolOutput,
    call_tool,
    keyword_memory_tool,
    knowledge_tool,
)
from atelier_agent.store import checkpoints
from atelier_common.ai import Embedder, LLMError, create_embedder
from atelier_common.ai import streaming as llm
from atelier_common.auth import current_context
from atelier_common.errors import InvalidArgument, NotFound, Unavailable
from atelier_common.files import FileStore
from atelier_common.message_content import ContentError, parse_object_string, plain_text
from atelier_common.service import ServiceDeps
from atelier_proto import agent_pb2 as apb
from atelier_proto.enums import ContentType, ExecuteEventType, ModelResponseFormat

log = logging.getLogger("atelier.agent.runtime")


@dataclass
class Runtime:
    deps: ServiceDeps
    models: ModelRegistry
    configs: RunConfigs | None = None  # the published configurations kept (None: read each turn)
    _embedder: Embedder | None = None

    def embedder(self) -> Embedder | None:
        """The configured embedder (citations match sentences with it), made on first use; None
        when it cannot be made (citations then match by keywords)."""
        if self._embedder is None:
            try:
                self._embedder = create_embedder(self.deps.settings)
            except Exception as e:  # noqa: BLE001 - citations are an extra: the turn goes on
                log.warning("no embedder for citations: %s", e)
        return self._embedder


def _model_params(model_info: dict[str, Any], model: ModelConfig) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for name in ("temperature", "top_p", "frequency_penalty", "presence_penalty"):
        if model_info.get(name) is not None:
            params[name] = float(model_info[name])
    if model_info.get("max_tokens"):
        params["max_tokens"] = int(model_info["max_tokens"])
    if model_info.get("response_format") == ModelResponseFormat.JSON and model.json_mode:
        params["response_format"] = {"type": "json_object"}
    return params


def _history(req: apb.StreamExecuteRequest) -> list[context_window.HistoryMessage]:
    return history_messages(Stored(m.role, m.type, m.content, m.call_id, m.name, m.content_type or ContentType.Text)
                            for m in req.history)


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


@dataclass(frozen=True)
class _Setup:
    """What a new turn works from, checked."""

    cfg: BotConfig
    model: ModelConfig
    model_info: dict[str, Any]
    space_id: int
    user_id: str
    history: list[context_window.HistoryMessage]
    ks: config.KnowledgeSettings
    shortcut: tuple[str, str] | None  # (title, filled template) of the invoked shortcut
    query_text: str
    definitions: list[dict[str, Any]]  # memory variables
    table_ids: list[int]


@dataclass(frozen=True)
class _Gathered:
    """What the preparation branches found."""

    values: dict[str, str]
    recalled: list[KnowledgeItem]
    recall_error: str | None
    tables: list[db_tool.BoundTable]
    plugin_tools: list[Tool]
    plugin_problems: list[str]  # bound plugin tools the turn goes without, and why
    workflow_tools: list[Tool]
    workflow_problems: list[str]  # bound workflows the turn goes without, and why


@dataclass(frozen=True)
class _Prompt:
    fitted: context_window.Fitted
    tools: dict[str, Tool]  # server-side tools offered (none when the model cannot call tools)
    client_tools: dict[str, dict[str, Any]]


def _table_ids(cfg: BotConfig) -> list[int]:
    return [int(d["table_id"]) for d in cfg.entries("database_list") if str(d.get("table_id", "")).isdigit()]


def _recall_events(got: _Gathered) -> list[apb.ExecuteEvent]:
    """What recall tells the user: its failure, the passages found."""
    events = []
    if got.recall_error is not None:
        events.append(_verbose("knowledge_recall_failed", {"error": got.recall_error}))
    if got.plugin_problems:
        events.append(_verbose("plugin_tools_unavailable", {"problems": got.plugin_problems}))
    if got.workflow_problems:
        events.append(_verbose("workflow_tools_unavailable", {"problems": got.workflow_problems}))
    if got.recalled:
        events.append(_event(ExecuteEventType.Knowledge, knowledge_event(got.recalled)))
    return events


def _no_recall_reply(ks: config.KnowledgeSettings, got: _Gathered) -> str | None:
    """The configured answer when automatic recall found nothing (None: the model answers)."""
    if got.recalled or not (ks.dataset_ids and ks.auto) or ks.no_recall_reply_custom is None:
        return None
    return ks.no_recall_reply_custom or ""


class Turn:
    """State of one StreamExecute call."""

    def __init__(self, rt: Runtime, req: apb.StreamExecuteRequest) -> None:
        self.rt = rt
        self.req = req
        self.settings = rt.deps.settings
        self.usage = llm.Completion()
        # Set when the turn must stop for calls it cannot finish itself (client-side tools, plugins
        # awaiting the user's authorization): (pending calls, the iteration to continue with).
        self.waiting: tuple[list[PendingCall], int] | None = None
        # Set when a workflow answered text directly: the turn's answer, the model is not asked again.
        self.direct_answer: str | None = None
        # The knowledge passages the model was given this turn (recalled, or found by its tool),
        # each with the id it cites them by.
        self.passages: list[Passage] = []

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

    async def _extract(self, part: Any, max_chars: int) -> Extracted:
        try:
            reply = await extraction.extract_text(self.settings.indexer_addr, file_id=part.file_id, url=part.file_url,
                                                  max_chars=max_chars, timeout_s=self.settings.agent_tool_timeout_s)
        except extraction.ExtractFailed as e:
            raise Unreadable(str(e)) from None
        return Extracted(reply.text[:max_chars], reply.file_name, reply.truncated or len(reply.text) > max_chars)

    async def _user_message(self, text: str, content_type: str, model: ModelConfig) -> dict[str, Any]:
        if content_type != ContentType.ObjectString:
            return {"role": "user", "content": text}
        try:
            parts = parse_object_string(text)
        except ContentError as e:
            raise InvalidArgument(f"query: {e}") from None
        attachments = Attachments(FileStore(self.rt.deps.storage), current_context().user_id, self._extract,
                                  multimodal=model.multimodal, max_context_tokens=model.max_context)
        return {"role": "user", "content": await attachments.content(parts)}

    async def events(self) -> AsyncIterator[apb.ExecuteEvent]:
        """The turn's events: a resumed one, or prepare -> gather -> knowledge events -> prompt -> loop."""
        if self.req.resume or self.req.tool_outputs:
            async for event in self._resume():
                yield event
            return
        # The message may answer a workflow's question of the conversation's last turn (a chat that
        # opens its conversation has none before it).
        if self.req.conversation_id and not self.req.new_conversation:
            waiting = await checkpoints.take_question(self.rt.deps.pool, self.req.conversation_id, self.req.bot_id)
            if waiting is not None:
                _chat_id, state = waiting
                answer = plain_text(self.req.query, self.req.content_type)
                async for event in self._continue(state, list(state.messages), state.answers([], answer), answer=""):
                    yield event
                return
        setup = await self._setup()
        researching = config.research_settings(
            setup.cfg, self.req.deep_research if self.req.HasField("deep_research") else None)
        if researching is not None:  # research searches for each sub-question itself: no recall up front
            setup = replace(setup, ks=replace(setup.ks, auto=False))
        got = await self._gather(setup)
        persona = _render(setup.cfg, dict(self.req.custom_variables), got.values)
        for event in _recall_events(got):
            yield event
        reply = _no_recall_reply(setup.ks, got)
        if reply is not None:
            yield _event(ExecuteEventType.Answer, reply)
            return
        prompt = await self._prompt(setup, got, persona)
        if prompt.fitted.rounds_dropped or prompt.fitted.knowledge_dropped:
            yield _verbose("context_trimmed", {"history_rounds_dropped": prompt.fitted.rounds_dropped,
                                               "knowledge_dropped": prompt.fitted.knowledge_dropped})
        params = _model_params(setup.model_info, setup.model)
        steps = None if researching is None else self._research(researching, setup, prompt, params)
        async for event in self._loop(setup.cfg, setup.model, prompt.fitted.messages, prompt.tools,
                                      prompt.client_tools, params, setup.query_text, steps=steps):
            yield event

    async def _setup(self) -> _Setup:
        """The agent's configuration and the request, checked: raises before any event is sent."""
        req = self.req
        cfg, shortcuts, space_id = await bots.runtime_config(self.rt.deps, req.bot_id, draft_mode=req.draft_mode,
                                                             space_id=req.space_id, configs=self.rt.configs)
        model_info = cfg.section("model_info")
        model = self.rt.models.resolve(int(model_info.get("model_id") or 0))
        if model is None:
            raise Unavailable(f"bot {req.bot_id}: no chat model {model_info.get('model_id') or '(default)'} is configured")
        if not req.query.strip() and not req.HasField("shortcut"):
            raise InvalidArgument("query: the message is empty")
        history = _history(req)
        ks = config.knowledge_settings(cfg)
        shortcut = _shortcut_query(req, shortcuts)
        return _Setup(
            cfg=cfg, model=model, model_info=model_info, space_id=space_id, user_id=req.user_id or "anonymous",
            history=history, ks=ks, shortcut=shortcut,
            query_text=shortcut[1] if shortcut and not req.query.strip() else plain_text(req.query, req.content_type),
            definitions=memory.definitions(cfg), table_ids=_table_ids(cfg))

    async def _gather(self, setup: _Setup) -> _Gathered:
        """The preparation branches, concurrently: memory variables, knowledge recall, bound tables."""
        pool = self.rt.deps.pool
        values, (recalled, recall_error), tables, (tools, problems), (flows, flow_problems) = await asyncio.gather(
            memory.current_values(pool, self.req.bot_id, setup.user_id, setup.cfg) if setup.definitions else _none({}),
            self._recall(setup.ks, setup.space_id, setup.query_text, setup.history),
            db_tool.load_bound_tables(pool, setup.table_ids) if setup.table_ids else _none([]),
            self._plugin_tools(setup.cfg, setup.space_id, setup.user_id),
            self._workflow_tools(setup.cfg, setup.space_id, setup.user_id),
        )
        return _Gathered(values, recalled, recall_error, tables, tools, problems, flows, flow_problems)

    def _workflow_client(self, space_id: int, user_id: str) -> workflows.WorkflowClient:
        history = [("user" if m.type == "question" else "assistant", plain_text(m.content, m.content_type or ContentType.Text))
                   for m in self.req.history if m.type in ("question", "answer")]
        return workflows.WorkflowClient(self.settings.workflow_addr, space_id=space_id, user_id=user_id,
                                        bot_id=self.req.bot_id, draft=self.req.draft_mode,
                                        timeout_s=self.settings.agent_tool_timeout_s, history=history)

    async def _workflow_tools(self, cfg: BotConfig, space_id: int, user_id: str) -> tuple[list[Tool], list[str]]:
        """The bound workflows the workflow service resolves; the others, with why, for the user."""
        ids = workflows.workflow_ids(cfg)
        if not ids:
            return [], []
        client = self._workflow_client(space_id, user_id)
        try:
            resolved = await client.resolve(ids)
        except workflows.WorkflowsUnavailable as e:
            return [], [f"the workflow service did not answer: {e}"]
        problems = [f"workflow {u.workflow_id}: {u.reason}" for u in resolved.unresolved]
        return workflows.workflow_tools(client, resolved), problems

    async def _plugin_tools(self, cfg: BotConfig, space_id: int, user_id: str) -> tuple[list[Tool], list[str]]:
        """The bound plugin tools the plugin service resolves; the others, with why, for the user."""
        refs = plugins.tool_refs(cfg)
        if not refs:
            return [], []
        client = plugins.PluginClient(self.settings.plugin_addr, space_id=space_id, user_id=user_id,
                                      bot_id=self.req.bot_id, draft=self.req.draft_mode,
                                      timeout_s=self.settings.agent_tool_timeout_s)
        try:
            resolved = await client.resolve(refs)
        except plugins.PluginsUnavailable as e:
            return [], [f"the plugin service did not answer: {e}"]
        problems = [f"plugin {u.plugin_id} tool {u.api_id}: {u.reason}" for u in resolved.unresolved]
        return plugins.plugin_tools(client, resolved, refs), problems

    async def _prompt(self, setup: _Setup, got: _Gathered, persona: str) -> _Prompt:
        """System prompt, history and the user's message fitted to the model's context, with the tools."""
        req, model, ks, shortcut = self.req, setup.model, setup.ks, setup.shortcut
        tools = self._tools(setup.cfg, setup.definitions, got.tables, setup.user_id, ks, setup.space_id, setup.history,
                            [*got.plugin_tools, *got.workflow_tools])
        client_tools = config.client_tool_definitions(setup.cfg) if model.function_call else {}
        parts = PromptParts(
            agent_name=str(setup.cfg.doc.get("name", "")), persona=persona,
            now=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            variables={d["key"]: got.values.get(d["key"], "") for d in setup.definitions if not d.get("prompt_disabled")},
            knowledge=got.recalled, knowledge_attached=bool(ks.dataset_ids and ks.auto),
            tool_results=[(f"Shortcut {shortcut[0]}", shortcut[1])] if shortcut and req.query.strip() else [],
            tables=[f"{t.table_name}: {t.table_desc}" if t.table_desc else t.table_name for t in got.tables],
            has_memory_tool=any(t.name == "setKeywordMemory" for t in tools.values()),
            has_knowledge_tool=RECALL_KNOWLEDGE in tools and model.function_call,
        )
        rounds = context_window.window(setup.history,
                                       config.history_rounds(setup.cfg, self.settings.agent_default_history_rounds))
        if shortcut and not req.query.strip():
            user_message = await self._user_message(setup.query_text, ContentType.Text, model)
        else:
            user_message = await self._user_message(req.query, req.content_type, model)
        tool_defs = [*(t.definition for t in tools.values()), *client_tools.values()] if model.function_call else []
        if not tool_defs:  # tool traffic in history needs tool definitions: without tools, Q&A only
            rounds = [[m for m in r if m.role != "tool" and not m.tool_calls] for r in rounds]
        budget = (model.max_context - context_window.reply_reserve(setup.model_info.get("max_tokens"), model.max_context)
                  - sum(context_window.message_tokens({"content": json.dumps(d)}, model.count_tokens) for d in tool_defs))
        try:
            fitted = context_window.fit(system_for=lambda k: system_prompt(_with_knowledge(parts, k)),
                                        knowledge=got.recalled, history_rounds=rounds, user_message=user_message,
                                        budget=budget, relevance=lambda item: item.score, count=model.count_tokens)
        except context_window.ContextOverflow as e:
            raise InvalidArgument(f"message too long for model {model.name}: {e}") from None
        self.passages = [item.passage() for item in fitted.knowledge]
        return _Prompt(fitted, tools if tool_defs else {}, client_tools)

    async def _loop(self, cfg: BotConfig, model: ModelConfig, messages: list[dict[str, Any]],
                    tools: dict[str, Tool], client_tools: dict[str, dict[str, Any]], params: dict[str, Any],
                    query_text: str, *, start: int = 0, answer: str = "",
                    steps: AsyncIterator[apb.ExecuteEvent] | None = None) -> AsyncIterator[apb.ExecuteEvent]:
        """The ReAct loop from iteration `start` (or the given steps: deep research), then suggestions,
        usage; or the checkpoint and requires_action when calls wait (set before the loop when a
        resumed turn still waits)."""
        req = self.req
        # The answer message being written: the text since the last event that is a message of its
        # own (a call, a tool result ...), as the conversation splits answers; the one citations cover.
        last_message = ""
        try:
            if self.waiting is None and self.direct_answer is None:
                async for event in steps or self._react(model, messages, tools, client_tools, params, start=start):
                    if event.type == ExecuteEventType.Answer:
                        answer += event.content
                        last_message += event.content
                    elif event.type in MESSAGE_EVENTS:
                        last_message = ""
                    yield event
            if self.waiting is None and self.direct_answer is not None:  # a workflow's text is the answer
                answer += self.direct_answer
                yield _event(ExecuteEventType.Answer, self.direct_answer)
            elif self.waiting is None and self.passages and last_message.strip():
                for event in await self._citations(cfg, last_message):
                    yield event
            if self.waiting is not None:
                pending, iteration = self.waiting
                for event in _interrupt_events(pending):
                    if event.type == ExecuteEventType.Answer:
                        answer += event.content
                    yield event
                state = Checkpoint(messages=messages, pending=pending, iteration=iteration, model_id=model.id,
                                   params=params, query_text=query_text, answer=answer, passages=self.passages)
                await checkpoints.save(self.rt.deps.pool, req.chat_id, req.bot_id, state,
                                       conversation_id=req.conversation_id)
                yield self._usage_event()
                yield _event(ExecuteEventType.RequiresAction, json.dumps([vars(p) for p in pending], ensure_ascii=False))
                return
            enabled, custom = config.suggestions_enabled(cfg)
            if enabled and answer.strip():
                for question in await self._suggest(model, query_text, answer, custom):
                    yield _event(ExecuteEventType.FollowUp, question)
        except LLMError as e:
            log.warning("model %s failed in chat %s: %s", model.id, req.chat_id, e.message,
                        extra={"bot_id": str(req.bot_id), "chat_id": str(req.chat_id)})
            yield self._usage_event()
            yield _event(ExecuteEventType.Error, e.message, error_code=e.status or 502)
            return
        yield self._usage_event()

    async def _resume(self) -> AsyncIterator[apb.ExecuteEvent]:
        """The turn of chat_id that stopped with requires_action goes on: the client-side outputs
        added, the plugin calls that waited for authorization made again (still unauthorized: the
        turn stops again), the workflows that asked a question carried on with the output given for
        their call, then the loop."""
        req = self.req
        outputs = [(o.call_id, o.output) for o in req.tool_outputs]
        async with self.rt.deps.pool.acquire() as conn, conn.transaction():  # taken only when the outputs fit
            state = await checkpoints.take(conn, req.chat_id, req.bot_id)
            if state is None:
                raise NotFound(f"chat {req.chat_id} has no turn waiting for tool outputs")
            messages = state.resumed(outputs)
            answers = state.answers(outputs)
            unanswered = [call_id for call_id, answer in answers.items() if not answer.strip()]
            if unanswered:
                raise InvalidArgument(f"tool_outputs: the workflow call {', '.join(unanswered)} waits for the "
                                      "user's answer to its question; give it as that call's output")
        async for event in self._continue(state, messages, answers, answer=state.answer):
            yield event

    async def _continue(self, state: Checkpoint, messages: list[dict[str, Any]], answers: dict[str, str], *,
                        answer: str) -> AsyncIterator[apb.ExecuteEvent]:
        """A checkpointed turn goes on: waiting plugin calls made again, waiting workflow runs given
        their answers, then the loop from the checkpoint's iteration."""
        req, rt = self.req, self.rt
        self.passages = list(state.passages)  # the answer goes on citing what the model was given before
        cfg, _shortcuts, space_id = await bots.runtime_config(rt.deps, req.bot_id, draft_mode=req.draft_mode,
                                                              space_id=req.space_id, configs=rt.configs)
        model = rt.models.get(state.model_id)
        if model is None:
            raise Unavailable(f"bot {req.bot_id}: chat model {state.model_id} is no longer configured")
        user_id = req.user_id or "anonymous"
        definitions = memory.definitions(cfg)
        table_ids = _table_ids(cfg)
        tables = await db_tool.load_bound_tables(rt.deps.pool, table_ids) if table_ids else []
        (plugin_tools, _problems), (flows, _flow_problems) = await asyncio.gather(
            self._plugin_tools(cfg, space_id, user_id), self._workflow_tools(cfg, space_id, user_id))
        tools = self._tools(cfg, definitions, tables, user_id, config.knowledge_settings(cfg), space_id, [],
                            [*plugin_tools, *flows])
        client_tools = config.client_tool_definitions(cfg)
        if state.authorizing:
            async for event in self._server_calls(tools, state.authorizing, messages):
                yield event
        if state.questions:
            async for event in self._answered(self._workflow_client(space_id, user_id), state.questions, answers,
                                              messages):
                yield event
        if self.waiting is not None:
            self.waiting = (self.waiting[0], state.iteration)
        async for event in self._loop(cfg, model, messages, tools, client_tools, state.params, state.query_text,
                                      start=state.iteration, answer=answer):
            yield event

    async def _citations(self, cfg: BotConfig, answer: str) -> list[apb.ExecuteEvent]:
        """The answer's citations checked (or placed) against the passages given: the answer with
        its marks as [n] and the sources; with show_source, the sources as Coze's knowledge message."""
        cited = await cite(answer, self.passages, self.rt.embedder())
        events = [_event(ExecuteEventType.Citations, json.dumps(
            {"text": cited.text, "sources": [s.as_dict() for s in cited.sources]}, ensure_ascii=False))]
        if cited.sources and config.knowledge_settings(cfg).show_source:
            events.append(_event(ExecuteEventType.Knowledge, knowledge_message(cited.sources)))
        return events

    def _usage_event(self) -> apb.ExecuteEvent:
        return _event(ExecuteEventType.Usage, usage=apb.ExecuteUsage(input_tokens=self.usage.input_tokens,
                                                      output_tokens=self.usage.output_tokens))

    def _tools(self, cfg: BotConfig, definitions: list[dict[str, Any]], tables: list[db_tool.BoundTable], user_id: str,
               ks: config.KnowledgeSettings, space_id: int, history: list[context_window.HistoryMessage],
               plugin_tools: list[Tool]) -> dict[str, Tool]:
        # Built-in tools keep their names; a plugin tool of the same name is left out.
        tools: dict[str, Tool] = {}
        if ks.dataset_ids and not ks.auto:  # on-demand knowledge: the model decides when to search
            async def search(query: str) -> str:
                items = await self._search_knowledge(ks, space_id, history, query)
                if not items:
                    return "Nothing in the knowledge base matched."
                # Ids go on from the turn's earlier passages (numbered here, after the wait, so calls
                # running side by side never share one): each id cites one passage.
                found = [replace(item.passage(), id=str(n)) for n, item in enumerate(items, len(self.passages) + 1)]
                self.passages += found
                return passages_block(found)

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
        for tool in plugin_tools:
            tools.setdefault(tool.name, tool)
        return tools

    async def _research(self, bounds: config.ResearchSettings, setup: _Setup, prompt: _Prompt, params: dict[str, Any]
                        ) -> AsyncIterator[apb.ExecuteEvent]:
        """Deep research over the bound knowledge and the agent's server-side tools (client-side
        ones wait for the caller: research goes without them); its answer cites what it read."""
        ks = setup.ks
        recall = (lambda query: self._search_knowledge(ks, setup.space_id, setup.history, query)) if ks.dataset_ids else None
        run = research.Research(client=self.rt.models.client(setup.model, self.settings.llm_timeout_s), model=setup.model,
                                params=params, bounds=bounds, recall=recall, tools=prompt.tools,
                                tool_timeout_s=self.settings.agent_tool_timeout_s, usage=self.usage)
        async for event in run.run(prompt.fitted.messages):
            yield event
        self.passages = list(run.passages)  # checked and placed after the answer, as a plain turn's

    async def _search_knowledge(self, ks: config.KnowledgeSettings, space_id: int,
                                history: list[context_window.HistoryMessage], query: str) -> list[KnowledgeItem]:
        """One on-demand search of the bound knowledge; ToolFailure (for the model) when it fails."""
        try:
            return await knowledge.recall(self.settings.knowledge_addr, ks, space_id=space_id, query=query,
                                          history=history, timeout_s=self.settings.agent_retrieval_timeout_s)
        except knowledge.RecallFailed as e:
            raise ToolFailure(f"the knowledge base did not answer: {e}") from None

    async def _react(self, model: ModelConfig, messages: list[dict[str, Any]], tools: dict[str, Tool],
                     client_tools: dict[str, dict[str, Any]], params: dict[str, Any], *, start: int = 0
                     ) -> AsyncIterator[apb.ExecuteEvent]:
        client = self.rt.models.client(model, self.settings.llm_timeout_s)
        definitions = [*(t.definition for t in tools.values()), *client_tools.values()]
        iterations = max(1, self.settings.agent_max_iterations)
        for iteration in range(min(start, iterations - 1), iterations):
            last = iteration == iterations - 1
            out = llm.Completion()
            # On the last allowed iteration the model must answer: no tools offered.
            async for delta in llm.stream_completion(client, model.model, messages,
                                                     tools=None if last else definitions or None,
                                                     params=params, out=out):
                yield _event(ExecuteEventType.Answer, delta.text, reasoning_content=delta.reasoning or None)
            self.usage.input_tokens += out.input_tokens
            self.usage.output_tokens += out.output_tokens
            if not out.tool_calls:
                return
            for made in tool_calls_made(out, messages):
                yield made
            # Server-side calls run now; client-side ones wait for the caller (requires_action).
            server = [PendingCall(c.id, c.name, c.arguments) for c in out.tool_calls if c.name not in client_tools]
            async for event in self._server_calls(tools, server, messages):
                yield event
            waiting = [PendingCall(c.id, c.name, c.arguments) for c in out.tool_calls if c.name in client_tools]
            if self.waiting is not None or waiting:
                self.waiting = ([*waiting, *(self.waiting[0] if self.waiting else [])], iteration + 1)
                return
            if self.direct_answer is not None:
                return

    async def _server_calls(self, tools: dict[str, Tool], calls: list[PendingCall], messages: list[dict[str, Any]]
                            ) -> AsyncIterator[apb.ExecuteEvent]:
        """Runs the calls concurrently; each result becomes a tool message and a tool_response."""
        results = await asyncio.gather(*(call_tool(tools, c.name, c.arguments, self.settings.agent_tool_timeout_s)
                                         for c in calls))
        for event in self._take_results(calls, results, messages):
            yield event

    async def _answered(self, client: workflows.WorkflowClient, calls: list[PendingCall], answers: dict[str, str],
                        messages: list[dict[str, Any]]) -> AsyncIterator[apb.ExecuteEvent]:
        """The workflow runs that asked the user, carried on with their answers; results as calls'."""
        timeout_s = self.settings.agent_tool_timeout_s

        async def carry_on(call: PendingCall) -> ToolOutput:
            try:
                return await asyncio.wait_for(workflows.resume(client, call, answers.get(call.id, "")), timeout_s)
            except ToolFailure as e:
                return ToolOutput(f"error: {e}", ok=False)
            except TimeoutError:
                return ToolOutput(f"error: the workflow did not answer within {timeout_s:g} s", ok=False)

        results = await asyncio.gather(*(carry_on(c) for c in calls))
        for event in self._take_results(calls, results, messages):
            yield event

    def _take_results(self, calls: list[PendingCall], results: list[ToolOutput], messages: list[dict[str, Any]]
                      ) -> list[apb.ExecuteEvent]:
        """Each result as a tool message and a tool_response, except calls that must wait (self.waiting):
        a plugin whose provider needs the user's consent first, a workflow that asks the user. A
        workflow's direct answer becomes the turn's (self.direct_answer)."""
        events: list[apb.ExecuteEvent] = []
        waiting = []
        for call, result in zip(calls, results, strict=True):
            events.extend(_call_record_events(call.id, result))
            if result.authorization_url:
                waiting.append(replace(call, authorization_url=result.authorization_url,
                                       plugin_name=(result.record or {}).get("plugin_name", "")))
                continue
            if result.question is not None:
                waiting.append(replace(call, **result.question))
                continue
            messages.append({"role": "tool", "tool_call_id": call.id, "content": result.text})
            events.append(_event(ExecuteEventType.ToolResponse, result.text, call_id=call.id, name=call.name))
            if result.answer_directly:
                self.direct_answer = result.text
        if waiting:
            self.waiting = (waiting, 0)  # the caller sets the iteration
        return events

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


# Events the conversation keeps as messages of their own: each ends the answer message before it.
MESSAGE_EVENTS = frozenset({ExecuteEventType.FunctionCall, ExecuteEventType.ToolResponse, ExecuteEventType.Knowledge,
                            ExecuteEventType.Verbose})


def _call_record_events(call_id: str, result: ToolOutput) -> list[apb.ExecuteEvent]:
    """The run record of a call that keeps one (the request as sent, the whole answer)."""
    if result.record is None:
        return []
    return [_verbose("tool_call_record", {"call_id": call_id, **result.record})]


# Coze's interrupt type of a plugin waiting for OAuth consent (InterruptEventType_OauthPlugin).
OAUTH_INTERRUPT = 7


def _interrupt_events(pending: list[PendingCall]) -> list[apb.ExecuteEvent]:
    """What the user sees when calls wait: for plugins to authorize, an answer with each link (as
    Coze answers) and an `interrupt` verbose message with the links for clients to act on; for a
    workflow's question, the question as the answer (as Coze shows it) and an `interrupt` verbose
    message with Coze's interrupt type (2 question, 5 input form) and data."""
    events = []
    authorizing = [p for p in pending if p.awaits_authorization]
    if authorizing:
        links = {p.authorization_url: p.plugin_name or p.name for p in authorizing}
        lines = [f"To continue I need your permission to use {name}. Authorize it here: {url}"
                 for url, name in links.items()]
        text = "\n".join([*lines, "Then continue this chat and I will pick up where I stopped."])
        data = {"interrupt_type": OAUTH_INTERRUPT, "reason": "oauth_required",
                "tool_calls": [{"call_id": p.id, "name": p.name, "plugin_name": p.plugin_name,
                                "authorization_url": p.authorization_url} for p in authorizing]}
        events += [_event(ExecuteEventType.Answer, text), _verbose("interrupt", data)]
    for p in (p for p in pending if p.awaits_answer):
        data = {"interrupt_type": p.interrupt_type, "reason": "workflow_question",
                "tool_calls": [{"call_id": p.id, "name": p.name, "workflow_id": str(p.workflow_id),
                                "execute_id": str(p.execute_id), "event_id": p.event_id, "node_title": p.node_title,
                                "data": p.data}]}
        shown = {"content_type": p.question_content_type} if p.question_content_type else {}
        events += [_event(ExecuteEventType.Answer, p.question, **shown), _verbose("interrupt", data)]
    return events


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


def _render(cfg: BotConfig, request_vars: dict[str, str], memory_vars: dict[str, str]) -> str:
    return render_persona(str(cfg.section("prompt_info").get("prompt", "")), request_vars, memory_vars)


async def _none(value: Any) -> Any:
    return value


async def execute(rt: Runtime, req: apb.StreamExecuteRequest) -> AsyncIterator[apb.ExecuteEvent]:
    async for event in Turn(rt, req).events():
        yield event
