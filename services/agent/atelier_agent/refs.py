"""What an agent's configuration points at must be in the agent's own space: datasets (asked of the
knowledge service, which also checks the caller's access), memory tables (the agent's own), plugin
tools (asked of the plugin service, which resolves them as a draft agent's run would) and workflows
(asked of the workflow service, likewise).
Without this check a bot could be given another space's dataset or table ids and read them in chat,
or be bound to a tool that is silently left out of every run.

A reference is checked when a configuration gains it; references saved earlier are left alone (a
dataset or plugin deleted since is skipped at run time, and must not block unrelated edits)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import grpc

from atelier_agent.databases import store as tables
from atelier_agent.domain.config import FieldNamer
from atelier_agent.domain.entities import BotConfig
from atelier_agent.runtime.plugins import default_params
from atelier_common.auth import current_context
from atelier_common.errors import (
    AtelierError,
    DeadlineExceeded,
    InvalidArgument,
    NotFound,
    Unavailable,
    Unprocessable,
    from_rpc_error,
)
from atelier_common.grpc.client import channel
from atelier_common.service import ServiceDeps
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto import knowledge_pb2_grpc, plugin_pb2_grpc, workflow_pb2_grpc
from atelier_proto import plugin_pb2 as ppb
from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import UnresolvedProblem, WorkflowToolProblem

# (the request field naming it, the id)
Ref = tuple[str, int]


@dataclass(frozen=True)
class ToolBinding:
    """One plugin_info_list entry: `entry` is how the request names it (its fields are appended)."""

    entry: str
    plugin_id: int
    api_id: int
    default_params: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class AddedRefs:
    datasets: list[Ref]
    tables: list[Ref]
    tools: list[ToolBinding]
    workflows: list[Ref] = dataclasses.field(default_factory=list)


async def dataset_names(deps: ServiceDeps, space_id: int, refs: Sequence[Ref]) -> dict[int, str]:
    """Name by id of each referenced dataset; NotFound naming the first field whose dataset is not in
    the space (one DatasetDetail call for all of them)."""
    if not refs:
        return {}
    stub = knowledge_pb2_grpc.KnowledgeServiceStub(channel(deps.settings.knowledge_addr))
    ids = list(dict.fromkeys(dataset_id for _, dataset_id in refs))
    try:
        reply = await stub.DatasetDetail(kpb.DatasetDetailRequest(space_id=space_id, dataset_ids=ids),
                                         timeout=deps.settings.grpc_deadline_s)
    except grpc.aio.AioRpcError as e:
        raise from_rpc_error(e) from None
    found = {int(k): v.name for k, v in reply.dataset_details.items()}
    for field, dataset_id in refs:
        if dataset_id not in found:
            raise NotFound(f"field '{field}': dataset {dataset_id} not found in the bot's space")
    return found


async def check_tables(conn: Any, space_id: int, refs: Sequence[Ref]) -> None:
    """NotFound naming the first field whose memory table is not in the space."""
    if not refs:
        return
    spaces = {t.id: t.space_id for t in await tables.get_many(conn, [table_id for _, table_id in refs])}
    for field, table_id in refs:
        if spaces.get(table_id) != space_id:
            raise NotFound(f"field '{field}': database {table_id} not found in the bot's space")


async def check_tools(deps: ServiceDeps, space_id: int, tools: Sequence[ToolBinding]) -> None:
    """The error for the first tool the plugin service cannot resolve for a draft agent of the space
    (one ResolveTools call, as the caller: the service checks they reach the space); Unavailable
    when it does not answer, so nothing unchecked is saved."""
    if not tools:
        return
    stub = plugin_pb2_grpc.PluginServiceStub(channel(deps.settings.plugin_addr))
    request = ppb.ResolveToolsRequest(
        space_id=space_id, user_id=str(current_context().user_id), draft=True,
        refs=[ppb.ToolRef(plugin_id=t.plugin_id, api_id=t.api_id, default_params=default_params(t.default_params))
              for t in tools])
    try:
        reply = await stub.ResolveTools(request, timeout=deps.settings.grpc_deadline_s)
    except grpc.aio.AioRpcError as e:
        raise _not_checked(from_rpc_error(e), tools[0]) from None
    unresolved = {(u.plugin_id, u.api_id): u for u in reversed(reply.unresolved)}  # the first one per tool
    for tool in tools:
        problem = unresolved.get((tool.plugin_id, tool.api_id))
        if problem is not None:
            raise unresolved_error(tool, problem.problem, problem.reason)


async def check_workflows(deps: ServiceDeps, space_id: int, refs: Sequence[Ref]) -> None:
    """The error for the first workflow the workflow service cannot resolve as a tool of a draft agent
    of the space (one ResolveWorkflowTools call, as the caller); Unavailable when it does not answer."""
    if not refs:
        return
    stub = workflow_pb2_grpc.WorkflowServiceStub(channel(deps.settings.workflow_addr))
    request = wpb.ResolveWorkflowToolsRequest(space_id=space_id, workflow_ids=[w for _, w in refs], draft=True)
    try:
        reply = await stub.ResolveWorkflowTools(request, timeout=deps.settings.grpc_deadline_s)
    except grpc.aio.AioRpcError as e:
        error = from_rpc_error(e)
        if isinstance(error, Unavailable | DeadlineExceeded):
            raise Unavailable(f"field '{refs[0][0]}': the workflow service did not answer, so the workflows "
                              "cannot be checked; nothing was saved, try again") from None
        raise error from None
    unresolved = {u.workflow_id: u for u in reply.unresolved}
    for field, workflow_id in refs:
        problem = unresolved.get(workflow_id)
        if problem is None:
            continue
        if problem.problem == WorkflowToolProblem.NotFound:
            raise NotFound(f"field '{field}': workflow {workflow_id} not found in the bot's space")
        raise Unprocessable(f"field '{field}': workflow {workflow_id} cannot be used: {problem.reason}")


def _not_checked(error: AtelierError, tool: ToolBinding) -> AtelierError:
    if isinstance(error, Unavailable | DeadlineExceeded):
        return Unavailable(f"field '{tool.entry}': the plugin service did not answer, so the plugin tools "
                           "cannot be checked; nothing was saved, try again")
    return error


def unresolved_error(tool: ToolBinding, problem: str, reason: str) -> AtelierError:
    """Why binding `tool` is refused, naming the field at fault: 404 for a plugin or tool that is
    not there, 400 for a default that does not fit, 422 for a tool that exists but cannot be used."""
    if problem == UnresolvedProblem.PluginNotFound:
        return NotFound(f"field '{tool.entry}.plugin_id': plugin {tool.plugin_id} not found in the bot's space")
    if problem == UnresolvedProblem.ToolNotFound:
        return NotFound(f"field '{tool.entry}.api_id': {reason}")
    if problem == UnresolvedProblem.InvalidDefault:
        return InvalidArgument(f"field '{tool.entry}.default_params': {reason}")
    return Unprocessable(f"field '{tool.entry}.api_id': {reason}")


def _ids(items: Any, key: str, path: str, field: FieldNamer) -> list[Ref]:
    return [_id(item, key, field(f"{path}[{i}].{key}")) for i, item in enumerate(items or [])]


def _id(item: Any, key: str, where: str) -> Ref:
    raw = str((item or {}).get(key, "")).strip()
    if not raw.isdigit() or int(raw) <= 0:
        raise InvalidArgument(f"field '{where}': {raw!r} is not an id")
    return where, int(raw)


def _tool_key(entry: Any) -> tuple[str, str]:
    entry = entry if isinstance(entry, dict) else {}
    return str(entry.get("plugin_id", "")).strip(), str(entry.get("api_id", "")).strip()


def _defaults(entry: Any) -> list[tuple[str, str, bool]]:
    items = (entry if isinstance(entry, dict) else {}).get("default_params") or []
    return [(str(p.get("name", "")), str(p.get("value", "")), bool(p.get("hidden", False)))
            for p in items if isinstance(p, dict)]


def _added_tools(entries: Any, current: BotConfig, field: FieldNamer) -> list[ToolBinding]:
    """The (plugin_id, api_id) pairs `entries` binds that `current` does not, and saved ones given
    other default values (those must fit the tool as a new binding's do; dropping them cannot
    break one). Saved ones otherwise are not looked at again, whatever they hold."""
    known = {_tool_key(e): _defaults(e) for e in current.entries("plugin_info_list")}
    out = []
    for i, entry in enumerate(entries or []):
        key, defaults = _tool_key(entry), _defaults(entry)
        if key in known and (not defaults or known[key] == defaults):
            continue
        where = field(f"plugin_info_list[{i}]")
        _, plugin_id = _id(entry, "plugin_id", f"{where}.plugin_id")
        _, api_id = _id(entry, "api_id", f"{where}.api_id")
        out.append(ToolBinding(where, plugin_id, api_id, tuple(entry.get("default_params") or ())))
    return out


def added_refs(patch: dict[str, Any], current: BotConfig, field: FieldNamer) -> AddedRefs:
    """The datasets, memory tables and plugin tools a configuration patch (top-level BotInfo fields)
    references that `current` does not."""
    datasets: list[Ref] = []
    if "knowledge" in patch:
        known = {str(k.get("id")) for k in current.section("knowledge").get("knowledge_info") or []}
        datasets = [r for r in _ids((patch["knowledge"] or {}).get("knowledge_info"), "id",
                                    "knowledge.knowledge_info", field) if str(r[1]) not in known]
    tables_: list[Ref] = []
    if "database_list" in patch:
        known = {str(d.get("table_id")) for d in current.entries("database_list")}
        tables_ = [r for r in _ids(patch["database_list"], "table_id", "database_list", field)
                   if str(r[1]) not in known]
    tools = _added_tools(patch["plugin_info_list"], current, field) if "plugin_info_list" in patch else []
    workflows: list[Ref] = []
    if "workflow_info_list" in patch:
        known = {str(w.get("workflow_id")) for w in current.entries("workflow_info_list")}
        workflows = [r for r in _ids(patch["workflow_info_list"], "workflow_id", "workflow_info_list", field)
                     if str(r[1]) not in known]
    return AddedRefs(datasets, tables_, tools, workflows)


async def check_added(deps: ServiceDeps, space_id: int, patch: dict[str, Any], current: BotConfig,
                      field: FieldNamer) -> None:
    """Refuses the first dataset, memory table, plugin tool or workflow the patch adds from outside
    the bot's space (or, for a tool or workflow, that its service does not resolve)."""
    added = added_refs(patch, current, field)
    await dataset_names(deps, space_id, added.datasets)
    await check_tables(deps.pool, space_id, added.tables)
    await check_tools(deps, space_id, added.tools)
    await check_workflows(deps, space_id, added.workflows)
