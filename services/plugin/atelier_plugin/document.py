"""A plugin's OpenAPI document as the draft keeps it: the source of what every tool is.

Imports store the user's document (its $refs and components kept); console edits write one
operation (`with_operation`, `without_operation`) or the servers; every change is read back with
the domain's `parse_openapi`, and the draft's tool rows follow it (`sync_tools`: ids kept by
method and path, names from the parsed tools)."""

from __future__ import annotations

import copy
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import yaml

from atelier_plugin.domain.openapi_import import parse_openapi
from atelier_plugin.domain.tools import PluginSpec, ToolSpec
from atelier_plugin.entities import Tool
from atelier_proto.enums import APIDebugStatus

OPENAPI_VERSION = "3.0.1"


def empty(name: str, description: str, server_url: str) -> dict[str, Any]:
    """The document of a plugin made in the console's form, before it has tools."""
    document: dict[str, Any] = {"openapi": OPENAPI_VERSION, "info": {"title": name, "description": description,
                                                                     "version": "v1"}, "paths": {}}
    if server_url:
        document["servers"] = [{"url": server_url}]
    return document


def operation(document: dict[str, Any], path: str, method: str) -> dict[str, Any] | None:
    found = ((document.get("paths") or {}).get(path) or {}).get(method)
    return found if isinstance(found, dict) else None


def with_operation(document: dict[str, Any], path: str, method: str, op: dict[str, Any],
                   replacing: tuple[str, str] | None = None) -> dict[str, Any]:
    """A copy with `op` at (path, method), the operation at `replacing` (path, method) removed first."""
    out = copy.deepcopy(document)
    if replacing is not None:
        out = without_operation(out, *replacing)
    out.setdefault("paths", {}).setdefault(path, {})[method] = op
    return out


def without_operation(document: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    out = copy.deepcopy(document)
    item = (out.get("paths") or {}).get(path)
    if isinstance(item, dict):
        item.pop(method, None)
        if not any(k in item for k in ("get", "put", "post", "delete", "options", "head", "patch", "trace")):
            out["paths"].pop(path)
    return out


def with_server(document: dict[str, Any], server_url: str) -> dict[str, Any]:
    out = copy.deepcopy(document)
    out["servers"] = [{"url": server_url}]
    return out


def parse(document: dict[str, Any]) -> PluginSpec | None:
    """The tools the document describes; None for a document without operations (a new plugin)."""
    if not any(isinstance(item, dict) and item for item in (document.get("paths") or {}).values()):
        return None
    return parse_openapi(document)


@dataclass(frozen=True)
class ToolChanges:
    insert: tuple[Tool, ...]
    update: tuple[Tool, ...]
    delete: tuple[int, ...]


def sync_tools(spec: PluginSpec | None, existing: Sequence[Tool], new_id: Iterable[int], plugin_id: int,
               touched: Collection[tuple[str, str]] = ()) -> ToolChanges:
    """The tool rows that make the draft's tools match `spec`: an operation keeps its row (and id)
    by method and path, takes the parsed name; operations in `touched` (method, path) must pass a
    debug run again; rows of operations gone are deleted."""
    ids = iter(new_id)
    by_route = {(t.method, t.path): t for t in existing}
    insert: list[Tool] = []
    update: list[Tool] = []
    kept: set[int] = set()
    for tool in spec.tools if spec else ():
        route = (tool.method.lower(), tool.path)
        row = by_route.get(route)
        if row is None:
            insert.append(Tool(id=next(ids), plugin_id=plugin_id, name=tool.name, method=route[0], path=tool.path,
                               debug_status=APIDebugStatus.DebugWaiting))
            continue
        kept.add(row.id)
        changed = replace(row, name=tool.name)
        if route in touched:
            changed = replace(changed, debug_status=APIDebugStatus.DebugWaiting)
        if changed != row:
            update.append(changed)
    return ToolChanges(tuple(insert), tuple(update), tuple(t.id for t in existing if t.id not in kept))


def tool_spec(spec: PluginSpec | None, tool: Tool) -> ToolSpec | None:
    """The parsed tool of a row (by method and path)."""
    if spec is None:
        return None
    return next((t for t in spec.tools if t.method.lower() == tool.method and t.path == tool.path), None)


def to_yaml(document: dict[str, Any]) -> str:
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True)
