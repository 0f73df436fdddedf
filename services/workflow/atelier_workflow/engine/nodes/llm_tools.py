"""The tools an LLM node offers its model (Coze's `fcParam`), each an `LLMTool`: a function spec
and how to call it.

Each key of `fcParam` is read by its `ToolSource` in `TOOL_SOURCES`:
  pluginFCParam    pluginList: plugin tools, described by the plugin service's ResolveTools and
                   called through its InvokeTool (plugin_id, api_id; is_draft or plugin_version
                   "0"/"" or a debug run: the plugin's draft; fc_setting.request_params'
                   local_default / local_disable: the argument's default, or a fixed hidden value)
  workflowFCParam  workflowList: workflows run inline as tools (workflow_id, workflow_version; a
                   debug run takes drafts), described as agents see workflow tools
                   (domain/tool_schema.py: name, description, its Entry's inputs); the answer its
                   Exit's outputs as JSON, or its text; a workflow returning text answers for the
                   node directly (Coze's return-directly tools)
A source for another key plugs in as one more entry: an async function (setting, ctx, registry)
-> [LLMTool]. knowledgeFCParam is no tool: its knowledge is recalled into the prompt before the
model is asked (llm_knowledge.py). Any other key set with entries no source reads fails the node,
rather than running the model without the tools it was given.

A tool's failure the model can work around (the tool answered an error, the workflow failed) is
its answer to the model; one it cannot (the plugin needs the user's authorization, the plugin
service is down) fails the node."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from atelier_proto.enums import InvokeOutcome
from atelier_workflow.clients import DEBUG, PLUGINS
from atelier_workflow.clients.plugins import PluginsUnavailable, PluginTools, ToolDefault, ToolRef, ToolSpec
from atelier_workflow.domain import tool_schema
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NO_USAGE, NodeError, TokenUsage
from atelier_workflow.engine.nodes.plugin import DRAFT_VERSIONS
from atelier_workflow.engine.nodes.services import service
from atelier_workflow.engine.nodes.subworkflow import load_workflow, run_workflow

if TYPE_CHECKING:
    from atelier_workflow.clients.workflows import LoadedWorkflow
    from atelier_workflow.engine.registry import ExecutorRegistry

@dataclass(frozen=True)
class ToolResult:
    text: str  # what the model reads
    usage: TokenUsage = NO_USAGE


@dataclass(frozen=True)
class LLMTool:
    name: str
    description: str
    parameters: dict[str, Any]  # JSON schema of the arguments
    call: Callable[[dict[str, Any]], Awaitable[ToolResult]]
    returns_directly: bool = False  # its answer is the node's answer (no model round after it)

    def spec(self) -> dict[str, Any]:
        return {"type": "function",
                "function": {"name": self.name, "description": self.description, "parameters": self.parameters}}


ToolSource = Callable[[Any, NodeContext, "ExecutorRegistry"], Awaitable[list[LLMTool]]]


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _number(value: Any, what: str) -> int:
    text = _text(value)
    if not text.isdigit():
        raise NodeError(f"the LLM node's {what} must be a number, not {text!r}", "invalid_setting")
    return int(text)


# ------------------------------------------------------------------ plugins


def _defaults(item: Mapping[str, Any]) -> tuple[ToolDefault, ...]:
    params = ((item.get("fc_setting") or {}).get("request_params")) or []
    found = []
    for param in params:
        if not isinstance(param, dict) or not param.get("name"):
            continue
        default, hidden = param.get("local_default"), bool(param.get("local_disable"))
        if hidden or default not in (None, ""):
            found.append(ToolDefault(str(param["name"]), _text(default), hidden))
    return tuple(found)


def _plugin_tool(tools: PluginTools, spec: ToolSpec, draft: bool) -> LLMTool:
    ref = spec.ref

    async def call(arguments: dict[str, Any]) -> ToolResult:
        try:
            answer = await tools.invoke(ref.plugin_id, ref.api_id, arguments, draft=draft, defaults=ref.defaults)
        except PluginsUnavailable as exc:
            raise NodeError(f"the plugin service did not answer: {exc}", "plugin_unavailable") from None
        if answer.outcome == InvokeOutcome.OauthRequired:
            raise NodeError(f"tool {spec.name} needs the user's authorization first: {answer.authorization_url}",
                            "authorization_required")
        if answer.outcome == InvokeOutcome.Ok:
            return ToolResult(answer.for_model or answer.body)
        return ToolResult(answer.for_model or f"the tool failed ({answer.outcome}): {answer.error or answer.body}")

    return LLMTool(spec.name, spec.description, spec.parameters, call)


async def plugin_tools(setting: Any, ctx: NodeContext, registry: ExecutorRegistry) -> list[LLMTool]:
    items = [item for item in (setting or {}).get("pluginList") or [] if isinstance(item, dict)]
    if not items:
        return []
    tools: PluginTools = service(ctx, PLUGINS, "the plugin service for their plugin tools")
    debug = bool(ctx.run.services.get(DEBUG))
    groups: dict[bool, list[ToolRef]] = {}
    for item in items:
        ref = ToolRef(_number(item.get("plugin_id"), "plugin_id"), _number(item.get("api_id"), "api_id"),
                      _defaults(item))
        draft = debug or bool(item.get("is_draft")) or _text(item.get("plugin_version")) in DRAFT_VERSIONS
        groups.setdefault(draft, []).append(ref)
    found: list[LLMTool] = []
    for draft, refs in groups.items():
        try:
            resolved = await tools.resolve(refs, draft=draft)
        except PluginsUnavailable as exc:
            raise NodeError(f"the plugin service did not answer: {exc}", "plugin_unavailable") from None
        if resolved.problems:
            raise NodeError(f"plugin tools cannot be used: {'; '.join(resolved.problems)}", "tool_unavailable")
        found.extend(_plugin_tool(tools, spec, draft) for spec in resolved.tools)
    return found


# ------------------------------------------------------------------ workflows


def _workflow_tool(registry: ExecutorRegistry, ctx: NodeContext, loaded: LoadedWorkflow) -> LLMTool:
    canvas = parse_canvas(loaded.canvas)

    async def call(arguments: dict[str, Any]) -> ToolResult:
        try:
            ran = await run_workflow(registry, ctx, loaded, arguments, messages=False)
        except NodeError as exc:
            return ToolResult(f"the workflow failed: {exc.message}")
        text = ran.answer if ran.answer is not None else json.dumps(ran.outputs, ensure_ascii=False, default=str)
        return ToolResult(text, ran.usage)

    return LLMTool(tool_schema.tool_name(loaded.name, loaded.workflow_id),
                   loaded.description.strip() or f"Run the workflow {loaded.name}.", tool_schema.parameters(canvas),
                   call, returns_directly=tool_schema.returns_text(canvas))


async def workflow_tools(setting: Any, ctx: NodeContext, registry: ExecutorRegistry) -> list[LLMTool]:
    found = []
    for item in (setting or {}).get("workflowList") or []:
        if isinstance(item, dict):
            workflow_id = _number(item.get("workflow_id"), "workflow_id")
            loaded = await load_workflow(ctx, workflow_id, _text(item.get("workflow_version")))
            found.append(_workflow_tool(registry, ctx, loaded))
    return found


TOOL_SOURCES: dict[str, ToolSource] = {"pluginFCParam": plugin_tools, "workflowFCParam": workflow_tools}
NOT_TOOLS = frozenset({"knowledgeFCParam"})  # recalled into the prompt: llm_knowledge.py


def _configured(setting: Any) -> bool:
    return isinstance(setting, dict) and any(isinstance(v, list) and v for v in setting.values())


async def node_tools(fc_param: Any, ctx: NodeContext, registry: ExecutorRegistry) -> list[LLMTool]:
    """Every tool the node's `fcParam` gives its model, names made unique."""
    if not isinstance(fc_param, dict):
        return []
    tools: list[LLMTool] = []
    for key, setting in fc_param.items():
        source = TOOL_SOURCES.get(key)
        if key in NOT_TOOLS:
            continue
        if source is None:
            if _configured(setting):
                raise NodeError(f"the LLM node's {key} tools are not supported by this engine", "node_unavailable")
            continue
        tools.extend(await source(setting, ctx, registry))
    return _unique(tools)


def _unique(tools: list[LLMTool]) -> list[LLMTool]:
    seen: set[str] = set()
    unique = []
    for tool in tools:
        name, n = tool.name, 1
        while name in seen:
            n += 1
            name = f"{tool.name[:60]}_{n}"
        seen.add(name)
        unique.append(tool if name == tool.name else LLMTool(name, tool.description, tool.parameters, tool.call,
                                                             tool.returns_directly))
    return unique
