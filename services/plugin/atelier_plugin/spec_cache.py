"""Parsed plugin documents and tools, kept per plugin and version (the draft's by its edit_version):
parsing and validating a document costs milliseconds, a tool call should not pay that every time."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from atelier_plugin import api_params
from atelier_plugin import document as documents
from atelier_plugin.domain.arguments import default_from_text, with_defaults
from atelier_plugin.domain.tools import PluginSpec, ToolSpec
from atelier_plugin.entities import PluginView, Tool
from atelier_proto.enums import ParameterLocation

MAX_ENTRIES = 256


class SpecCache:
    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self._entries: OrderedDict[tuple[int, str], PluginSpec | None] = OrderedDict()
        self._tools: OrderedDict[tuple[int, str, str, str], ToolSpec | None] = OrderedDict()
        self._max = max_entries

    def tool(self, view: PluginView, tool: Tool) -> ToolSpec | None:
        """The parsed tool of a row, with the document's globally disabled parameters (Coze's
        x-global-disable) fixed to their global defaults."""
        key = (view.plugin_id, view.document_key, tool.method, tool.path)
        if key in self._tools:
            self._tools.move_to_end(key)
            return self._tools[key]
        spec = documents.tool_spec(self.get(view.plugin_id, view.document_key, view.settings.openapi), tool)
        if spec is not None:
            spec = _with_global_defaults(spec, view.settings.openapi, tool)
        self._tools[key] = spec
        if len(self._tools) > self._max:
            self._tools.popitem(last=False)
        return spec

    def get(self, plugin_id: int, version_key: str, document: dict[str, Any]) -> PluginSpec | None:
        """The parsed document; `version_key` must change whenever the document does."""
        key = (plugin_id, version_key)
        if key in self._entries:
            self._entries.move_to_end(key)
            return self._entries[key]
        spec = documents.parse(document)
        self._entries[key] = spec
        if len(self._entries) > self._max:
            self._entries.popitem(last=False)
        return spec


def _with_global_defaults(spec: ToolSpec, openapi: dict[str, Any], tool: Tool) -> ToolSpec:
    fixed: dict[str, Any] = {}
    for param in api_params.request_params(openapi, tool.path, tool.method):
        if not (param.global_disable and param.HasField("global_default")):
            continue
        location = "body" if param.location == ParameterLocation.Body else api_params.location_name(param.location)
        argument = next((a for a in spec.arguments if a.key == param.name and a.location == location), None)
        if argument is not None:
            fixed[argument.name] = default_from_text(spec, argument.name, param.global_default)
    return with_defaults(spec, fixed) if fixed else spec
