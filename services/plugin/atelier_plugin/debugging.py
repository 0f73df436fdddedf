"""debug_api: run a draft tool (or a built-in one) with the developer's arguments and show the
request and the answer.
A successful run marks the tool debugged (publishing needs it); the Parse operation also reads
the answer's structure as response parameters for the console to save."""

from __future__ import annotations

import json
from typing import Any

from atelier_common.auth import require_user
from atelier_common.errors import NotFound
from atelier_plugin import access, api_params, builtin_plugins, views
from atelier_plugin.runtime import calls
from atelier_plugin.state import PluginState
from atelier_plugin.store import tools as tool_rows
from atelier_proto import plugin_pb2 as ppb
from atelier_proto.enums import (
    APIDebugStatus,
    DebugOperation,
    InvokeOutcome,
    ParameterLocation,
    ParameterType,
    PluginKind,
)


async def debug(state: PluginState, req: ppb.DebugAPIRequest) -> ppb.DebugAPIResponse:
    user = str(require_user())
    view = builtin_plugins.view(req.plugin_id, req.space_id)
    if view is None:
        plugin = await access.plugin(state.deps.pool, req.plugin_id, space_id=req.space_id)
        view = await views.draft(state.deps.pool, plugin)
    tool = view.tool(req.api_id)
    if tool is None:
        raise NotFound(f"tool {req.api_id} not found in plugin {req.plugin_id}")
    result = await calls.call(state, view, tool, req.parameters, user_key=user)
    response = ppb.DebugAPIResponse(success=result.outcome == InvokeOutcome.Ok, resp=result.result_for_model,
                                    raw_resp=result.body.decode("utf-8", errors="replace"),
                                    raw_req=result.request_json())
    if result.outcome == InvokeOutcome.OauthRequired:
        response.reason = f"{result.error}: authorize at {result.authorization_url}"
    elif result.outcome != InvokeOutcome.Ok:
        response.reason = result.error
    if req.operation == DebugOperation.Parse and response.success:
        response.response_params.extend(inferred_params(_json_or_none(result.body)))
    elif view.settings.kind == PluginKind.Openapi:  # MCP and built-in tools declare no response parameters
        response.response_params.extend(api_params.response_params(view.settings.openapi, tool.path, tool.method))
    if response.success and tool.debug_status != APIDebugStatus.DebugPassed:
        await tool_rows.set_debug_status(state.deps.pool, tool.id, APIDebugStatus.DebugPassed)
    return response


def _json_or_none(body: bytes) -> Any:
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        return None


def inferred_params(value: Any, path: str = "response") -> list[ppb.APIParameter]:
    """Response parameters read off an answer: the fields of a JSON object, typed by their values."""
    if not isinstance(value, dict):
        return []
    return [_inferred(name, sub, f"{path}.{name}") for name, sub in value.items()]


def _inferred(name: str, value: Any, path: str) -> ppb.APIParameter:
    param = ppb.APIParameter(id=path, name=name, type=_type_of(value), location=ParameterLocation.Body)
    if isinstance(value, dict):
        param.sub_parameters.extend(inferred_params(value, path))
    elif isinstance(value, list):
        item = _inferred(api_params.ARRAY_ITEM, value[0] if value else "", f"{path}[]")
        param.sub_type = item.type
        param.sub_parameters.append(item)
    return param


def _type_of(value: Any) -> int:
    if isinstance(value, bool):
        return ParameterType.Bool
    if isinstance(value, int):
        return ParameterType.Integer
    if isinstance(value, float):
        return ParameterType.Number
    if isinstance(value, dict):
        return ParameterType.Object
    if isinstance(value, list):
        return ParameterType.Array
    return ParameterType.String
