"""One tool call, as the console's debug_api and the agent runtime's InvokeTool make it (an MCP
plugin's tool is validated the same way, then called by `mcp_call`; a built-in's, then run by
`builtin_call`):

  arguments parsed and validated (a readable error the model can correct from; no call made)
  -> credentials: the API key, the user's OAuth token (refreshed when expired; an authorization link
     when there is none), or the plugin's client-credentials token
  -> the request built by the domain, common parameters added
  -> sent through the SSRF guard (time cap, size cap, retries only for idempotent methods)
  -> the answer shaped for the model, the full body kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from atelier_plugin import builtin_plugins, views
from atelier_plugin.domain.arguments import (
    AnyTool,
    default_from_text,
    parse_arguments,
    validate_arguments,
    with_defaults,
)
from atelier_plugin.domain.auth import ApiKeyAuth, Auth, BearerAuth, NoAuth
from atelier_plugin.domain.errors import ToolArgumentsError
from atelier_plugin.domain.request_building import PreparedRequest, build_request
from atelier_plugin.domain.response_shaping import shape_response
from atelier_plugin.domain.schema_tools import SchemaToolSpec
from atelier_plugin.entities import CommonParam, PluginView, Tool
from atelier_plugin.oauth.console import link
from atelier_plugin.oauth.protocol import OAuthError
from atelier_plugin.runtime import builtin_call, http_call, mcp_call
from atelier_plugin.runtime.results import CallResult, failed, invalid
from atelier_plugin.state import PluginState
from atelier_proto.enums import InvokeOutcome, ParameterLocation, PluginKind


@dataclass(frozen=True)
class AgentDefault:
    """An agent's value for one argument (Coze's local_default, typed as the console types it);
    `hidden`: the model never sees the argument (Coze's local_disable)."""

    name: str
    value: str
    hidden: bool = False


class ToolUnavailable(Exception):
    """The tool cannot be offered (its document no longer describes it, a default does not fit)."""


def model_tool(state: PluginState, view: PluginView, tool: Tool, defaults: Sequence[AgentDefault]
               ) -> tuple[AnyTool, dict[str, Any]]:
    """The tool as the model sees it: the parsed tool (or the MCP server's listed one) with the
    agent's hidden defaults fixed, and the values of its shown defaults (which the model may
    override). ToolArgumentsError for a default that does not fit, ToolUnavailable for a tool its
    document lost."""
    spec = _spec(state, view, tool)
    if spec is None:
        raise ToolUnavailable(f"tool '{tool.name}' is not in its plugin's document")
    fixed = {d.name: default_from_text(spec, d.name, d.value) for d in defaults if d.hidden}
    shown = {d.name: default_from_text(spec, d.name, d.value) for d in defaults if not d.hidden}
    if fixed:
        spec = with_defaults(spec, {**spec.defaults, **fixed})
    for name, value in shown.items():  # checked as a default would be, then left to the model
        with_defaults(spec, {name: value})
    return spec, shown


def _spec(state: PluginState, view: PluginView, tool: Tool) -> AnyTool | None:
    if view.settings.kind == PluginKind.Builtin:
        return builtin_plugins.spec(tool)
    if tool.mcp is not None:
        return SchemaToolSpec(tool.name, tool.mcp.description, tool.mcp.input_schema)
    return state.specs.tool(view, tool)


def model_schema(spec: AnyTool, shown: Mapping[str, Any]) -> dict[str, Any]:
    schema = spec.model_schema()
    for name, value in shown.items():
        if name in schema["properties"]:
            schema["properties"][name]["default"] = value
            if name in schema.get("required", []):
                schema["required"].remove(name)
    if "required" in schema and not schema["required"]:
        del schema["required"]
    return schema


async def call(state: PluginState, view: PluginView, tool: Tool, arguments: str, *, user_key: str,
               defaults: Sequence[AgentDefault] = (), return_url: str = "") -> CallResult:
    settings = view.settings
    base = CallResult(outcome=InvokeOutcome.Ok, tool_name=tool.name, plugin_name=settings.name, result_for_model="")
    try:
        spec, shown = model_tool(state, view, tool, defaults)
        given = parse_arguments(spec, arguments)
        values = {**shown, **given}
        validate_arguments(spec, values)
    except ToolArgumentsError as exc:
        return invalid(base, exc)
    except ToolUnavailable as exc:
        return failed(base, str(exc))
    if isinstance(spec, SchemaToolSpec):
        run = builtin_call.call if view.settings.kind == PluginKind.Builtin else mcp_call.call
        return await run(state, view, tool, spec.call_arguments(values), base)

    credentials = views.credentials(state.keyring, view)
    auth: Auth = NoAuth()
    config = settings.auth
    if config.is_service:
        auth = ApiKeyAuth(location=config.location, name=config.key, value=credentials.service_token)
    elif config.is_oauth_code:
        token = await state.tokens.user_token(view.plugin_id, config, credentials, user_key)
        if token is None:
            url = link(state, view, user_key, return_url)
            return replace(base, outcome=InvokeOutcome.OauthRequired, authorization_url=url,
                           error=f"the user has not authorized plugin '{settings.name}'",
                           result_for_model=f"The user must first authorize the plugin '{settings.name}'; "
                                            "they have been sent an authorization link. Tell them so.")
        auth = BearerAuth(token.access_token)
    elif config.is_client_credentials:
        try:
            auth = BearerAuth((await state.tokens.client_token(view.plugin_id, config, credentials)).access_token)
        except OAuthError as exc:
            return failed(base, f"no access token for plugin '{settings.name}': {exc}")

    try:
        prepared = _with_common_params(build_request(spec, values, auth), settings.common_params)
    except ToolArgumentsError as exc:
        return invalid(base, exc)
    record = prepared.for_record()
    try:
        answer = await http_call.send(prepared, state.http, state.limits, idempotent=spec.idempotent)
    except http_call.CallFailed as exc:
        return replace(failed(base, str(exc)), request=record)
    if answer.status_code == 401 and config.is_client_credentials:
        state.tokens.forget_client_token(view.plugin_id, config, credentials)  # the next call fetches a new one
    shaped = shape_response(answer.status_code, answer.headers, answer.body)
    return replace(base, outcome=InvokeOutcome.Ok if shaped.ok else InvokeOutcome.HttpError,
                   status_code=answer.status_code, body=answer.body, request=record,
                   result_for_model=shaped.for_model, truncated=shaped.truncated_bytes > 0,
                   error="" if shaped.ok else f"the tool answered HTTP {answer.status_code}")


def _with_common_params(prepared: PreparedRequest, params: Sequence[CommonParam]) -> PreparedRequest:
    """The plugin's common parameters added where the call does not set them itself."""
    if not params:
        return prepared
    headers = dict(prepared.headers)
    query = list(prepared.query)
    body = prepared.json_body
    for param in params:
        if param.location == ParameterLocation.Header and param.name.lower() not in {h.lower() for h in headers}:
            headers[param.name] = param.value
        elif param.location == ParameterLocation.Query and all(k != param.name for k, _ in query):
            query.append((param.name, param.value))
        elif param.location == ParameterLocation.Body and prepared.body_kind == "json" and isinstance(body, dict):
            body = {param.name: param.value, **body}
    return replace(prepared, headers=headers, query=tuple(query), json_body=body)

