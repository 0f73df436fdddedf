"""Plugin (Coze's nodes/plugin): `apiParam` names the tool (pluginID, apiID, pluginVersion);
the node's inputs are the call's arguments, sent to the plugin service's InvokeTool. A JSON
object answer fills the declared outputs (converted to their types); any other outcome than ok
fails the node with the service's reason. Version "0" or none is the plugin's draft (as Coze
names it); a debug run also calls drafts."""

from __future__ import annotations

from typing import Any

from atelier_proto.enums import InvokeOutcome, NodeType
from atelier_workflow.clients import DEBUG, PLUGINS
from atelier_workflow.clients.plugins import PluginsUnavailable, PluginTools
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput
from atelier_workflow.engine.nodes.services import declared_outputs, fill_outputs, json_object, service

DRAFT_VERSIONS = ("", "0")


def api_params(node: PlanNode) -> dict[str, str]:
    found = {}
    for param in node.config.extra("apiParam") or []:
        if isinstance(param, dict) and param.get("name"):
            content = (((param.get("input") or {}).get("value") or {}).get("content"))
            found[param["name"]] = "" if content is None else str(content)
    return found


def _id(params: dict[str, str], name: str) -> int:
    value = params.get(name, "")
    if not value.isdigit():
        raise NodeError(f"the plugin node's {name} must be a number, not {value!r}", "invalid_setting")
    return int(value)


async def call_plugin(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    tools: PluginTools = service(ctx, PLUGINS, "the plugin service")
    params = api_params(node)
    plugin_id, api_id = _id(params, "pluginID"), _id(params, "apiID")
    draft = params.get("pluginVersion", "") in DRAFT_VERSIONS or bool(ctx.run.services.get(DEBUG))
    arguments = {name: value for name, value in inputs.items() if value is not None}
    try:
        answer = await tools.invoke(plugin_id, api_id, arguments, draft=draft)
    except PluginsUnavailable as exc:
        raise NodeError(f"the plugin service did not answer: {exc}", "plugin_unavailable") from None
    if answer.outcome == InvokeOutcome.OauthRequired:
        raise NodeError(f"the plugin needs authorization first: {answer.authorization_url}", "authorization_required")
    if answer.outcome != InvokeOutcome.Ok:
        reason = answer.error or answer.body[:1000]
        raise NodeError(f"plugin {plugin_id} tool {api_id} failed ({answer.outcome}): {reason}", "plugin_failed")
    result = json_object(answer.body)
    if result is None:
        raise NodeError(f"plugin {plugin_id} tool {api_id} answered no JSON object: {answer.body[:200]}",
                        "plugin_failed")
    return NodeOutput(fill_outputs(result, declared_outputs(node)))


EXECUTORS = {NodeType.Plugin: call_plugin}
