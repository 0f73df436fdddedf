"""HTTPRequester (Coze's nodes/httprequester): `apiInfo` (method, URL template), `params` and
`headers` (named values), `auth` when `authOpen` (BEARER_AUTH: a token; CUSTOM_AUTH: a key and
value added to the header or the query, `addTo`; BASIC_AUTH: username and password, an Atelier
addition), `body` by `bodyType` (EMPTY, JSON and RAW_TEXT templates, FORM_DATA with file fields
downloaded, FORM_URLENCODED, BINARY: a file URL's bytes), `setting` (timeout in seconds,
retryTimes: attempts again after a network failure).

Templates (URL, JSON and raw text bodies) refer to `{{block_output_<node>.<field>}}` and
`{{global_variable_<kind>["name"]}}`. Everything goes through the SSRF guard and the size cap.
Outputs: `body` (text), `statusCode`, `headers` (JSON text, the last value of each); a status
of 400 or more fails the node, as in Coze.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from atelier_proto.enums import NodeType
from atelier_workflow.clients import HTTP
from atelier_workflow.clients.outbound import HttpAnswer, HttpCall, OutboundFailed, OutboundHttp, OutboundRefused
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput
from atelier_workflow.engine.nodes.services import service
from atelier_workflow.engine.template import render
from atelier_workflow.engine.values import to_text

_GLOBAL = re.compile(r'global_variable_(\w+)\["(\w+)"]')
_PLACEHOLDER = re.compile(r"{{(.*?)}}")
_BLOCK = "block_output_"
_FILE_ASSIST_TYPES = range(1, 10_000)  # AssistType NotSet (0) < files < Time (10000)


def _template_values(template: str, ctx: NodeContext) -> dict[str, Any]:
    """What a template's placeholders read: block_output_<node> -> that node's outputs, and the
    run's variables by kind."""
    values: dict[str, Any] = {}
    for match in _PLACEHOLDER.finditer(template):
        name = match.group(1).strip()
        if name.startswith(_BLOCK):
            node_id = name.removeprefix(_BLOCK).split(".", 1)[0]
            if node_id in ctx.values:
                values[_BLOCK + node_id] = ctx.values[node_id]
        elif name.startswith("global_variable_"):
            kind = name.split("[", 1)[0].split(".", 1)[0]
            values[kind] = ctx.run.variables.get(kind, {})
    return values


def render_template(template: str, ctx: NodeContext) -> str:
    adapted = _GLOBAL.sub(r"global_variable_\1.\2", template)
    return render(adapted, _template_values(adapted, ctx))


def _named(ctx: NodeContext, items: Any, place: str) -> dict[str, str]:
    """Named values (params, headers, form fields): name -> value as text (unset ones left out)."""
    found = {}
    for index, item in enumerate(items if isinstance(items, list) else []):
        name = item.get("name") if isinstance(item, dict) else None
        value = ctx.setting(f"{place}[{index}].input")
        if name and value is not None:
            found[name] = to_text(value)
    return found


def _text(ctx: NodeContext, place: str) -> str:
    value = ctx.setting(place)
    return "" if value is None else to_text(value)


def _auth(ctx: NodeContext, auth: Mapping[str, Any], headers: dict[str, str], params: dict[str, str]) -> None:
    kind = auth.get("authType")
    data = auth.get("authData") or {}
    if kind == "BEARER_AUTH":
        headers["Authorization"] = "Bearer " + _text(ctx, "auth.authData.bearerTokenData[0].input")
    elif kind == "CUSTOM_AUTH":
        key = _text(ctx, "auth.authData.customData.data[0].input")
        value = _text(ctx, "auth.authData.customData.data[1].input")
        add_to = (data.get("customData") or {}).get("addTo")
        if add_to not in ("header", "query"):
            raise NodeError(f"custom authentication goes to the header or the query, not {add_to!r}",
                            "invalid_setting")
        if not key:
            raise NodeError("custom authentication needs a key", "invalid_setting")
        (headers if add_to == "header" else params)[key] = value
    elif kind == "BASIC_AUTH":
        user = _text(ctx, "auth.authData.basicAuthData[0].input")
        password = _text(ctx, "auth.authData.basicAuthData[1].input")
        headers["Authorization"] = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
    else:
        raise NodeError(f"unknown authentication type {kind!r}", "invalid_setting")


async def _body(ctx: NodeContext, http: OutboundHttp, body: Mapping[str, Any]) -> dict[str, Any]:
    """The call's body arguments and content type, by the body type."""
    kind = body.get("bodyType") or "EMPTY"
    data = body.get("bodyData") or {}
    if kind == "EMPTY":
        return {}
    if kind == "JSON":
        return {"content": render_template(data.get("json") or "", ctx).encode(),
                "content_type": "application/json"}
    if kind == "RAW_TEXT":
        return {"content": render_template(data.get("rawText") or "", ctx).encode(), "content_type": "text/plain"}
    if kind == "FORM_URLENCODED":
        fields = _named(ctx, data.get("formURLEncoded"), "body.bodyData.formURLEncoded")
        return {"content": urlencode(fields).encode(), "content_type": "application/x-www-form-urlencoded"}
    if kind == "FORM_DATA":
        items = (data.get("formData") or {}).get("data") or []
        fields = _named(ctx, items, "body.bodyData.formData.data")
        parts: list[tuple[str, tuple[str | None, bytes | str]]] = []
        for item in items:
            name = item.get("name")
            if name not in fields:
                continue
            declared = item.get("input") or {}
            if declared.get("type") == "string" and int(declared.get("assistType") or 0) in _FILE_ASSIST_TYPES:
                parts.append((name, await http.download(fields[name])))
            else:
                parts.append((name, (None, fields[name])))
        return {"multipart": parts}
    if kind == "BINARY":
        url = _text(ctx, "body.bodyData.binary.fileURL")
        if not url:
            raise NodeError("a binary body needs a file URL", "missing_input")
        _, content = await http.download(url)
        return {"content": content, "content_type": "application/octet-stream"}
    raise NodeError(f"unknown body type {kind!r}", "invalid_setting")


def _outputs(answer: HttpAnswer, url: str) -> dict[str, Any]:
    headers = json.dumps(answer.headers, ensure_ascii=False, separators=(",", ":"))
    body = answer.body.decode("utf-8", errors="replace")
    if answer.status >= 400:
        raise NodeError(f"request {url} failed, response status code={answer.status}, body={body[:1000]}",
                        "http_error")
    return {"body": body, "statusCode": answer.status, "headers": headers}


async def request(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    http: OutboundHttp = service(ctx, HTTP, "outbound HTTP")
    api = node.config.extra("apiInfo") or {}
    method = str(api.get("method") or "").upper()
    if not method:
        raise NodeError("the HTTP request has no method", "invalid_setting")
    url = render_template(str(api.get("url") or "").strip(), ctx)
    headers = _named(ctx, node.config.extra("headers"), "headers")
    params = _named(ctx, node.config.extra("params"), "params")
    auth = node.config.extra("auth") or {}
    if auth.get("authOpen"):
        _auth(ctx, auth, headers, params)
    setting = node.config.extra("setting") or {}
    timeout_s = float(setting.get("timeout") or 0) or None
    retries = max(0, int(setting.get("retryTimes") or 0))
    try:
        body = await _body(ctx, http, node.config.extra("body") or {})
        content_type = body.pop("content_type", None)
        if content_type:
            headers["Content-Type"] = content_type
        call = HttpCall(method, url, headers, params, timeout_s=timeout_s, **body)
        for attempt in range(retries + 1):  # Coze retries a request that got no answer, not a status
            try:
                answer = await http.send(call)
                break
            except OutboundFailed as exc:
                if not exc.transient or attempt == retries:
                    raise
    except OutboundRefused as exc:
        raise NodeError(f"the request to {exc.url} was refused: {exc}", "outbound_refused") from None
    except OutboundFailed as exc:
        raise NodeError(str(exc), "http_failed") from None
    return NodeOutput(_outputs(answer, url))


EXECUTORS = {NodeType.HTTPRequester: request}
