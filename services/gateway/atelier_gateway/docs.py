"""/openapi.json (atelier_proto's generated document) and /docs, a self-contained HTML page
listing every operation by category with its request and response schemas (no CDN: the
gateway may run without internet access)."""

from __future__ import annotations

import html
import json
from typing import Any

from atelier_gateway.routing import RouteTable, proto_resource

_METHODS = ("get", "post", "put", "patch", "delete")
_STYLE = (
    "<style>body{font-family:system-ui,sans-serif;max-width:70em;margin:2em auto;padding:0 1em}"
    "details{margin:.3em 0;border:1px solid #ddd;border-radius:4px;padding:.3em .6em}"
    "summary{cursor:pointer}code.m{display:inline-block;min-width:4em;font-weight:bold}"
    "pre{background:#f6f8fa;padding:.6em;overflow:auto;font-size:.85em}</style></head><body>"
)
_INTRO = (
    "<p>Machine-readable: <a href='/openapi.json'>/openapi.json</a>. "
    "Authenticate with <code>Authorization: Bearer &lt;personal access token&gt;</code>.</p>"
)


def load_openapi(table: RouteTable | None = None) -> dict[str, Any]:
    """The generated OpenAPI document; a minimal one built from the route table when it is missing."""
    try:
        return json.loads(proto_resource("openapi.json"))
    except (FileNotFoundError, ModuleNotFoundError):
        return minimal_openapi(table or RouteTable(routes=[]))


def minimal_openapi(table: RouteTable) -> dict[str, Any]:
    paths: dict[str, dict[str, Any]] = {}
    for r in table.routes:
        paths.setdefault(r.starlette_path, {})[r.method.lower()] = {
            "operationId": r.rpc,
            "tags": [r.category],
            "summary": r.summary or r.rpc,
            "x-request": r.request_cls.DESCRIPTOR.full_name,
            "x-response": r.response_cls.DESCRIPTOR.full_name,
        }
    return {"openapi": "3.0.3", "info": {"title": "Atelier API", "version": "0.1.0"}, "paths": paths}


def _schema_refs(node: Any) -> str:
    return json.dumps(node, indent=2, ensure_ascii=False) if node else "—"


def render_docs(spec: dict[str, Any]) -> str:
    info = spec.get("info", {})
    schemas = spec.get("components", {}).get("schemas", {})
    groups: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
    for path, item in sorted(spec.get("paths", {}).items()):
        for method in _METHODS:
            op = item.get(method)
            if op:
                tag = (op.get("tags") or ["other"])[0]
                groups.setdefault(tag, []).append((method.upper(), path, op))
    out = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{html.escape(str(info.get('title', 'API')))}</title>",
        _STYLE,
        f"<h1>{html.escape(str(info.get('title', 'API')))} <small>{html.escape(str(info.get('version', '')))}</small></h1>",
        _INTRO,
    ]
    for tag in sorted(groups):
        out.append(f"<h2 id='{html.escape(tag)}'>{html.escape(tag)}</h2>")
        for method, path, op in groups[tag]:
            title = html.escape(str(op.get("summary") or op.get("operationId") or ""))
            out.append(
                f"<details><summary><code class='m'>{method}</code> <code>{html.escape(path)}</code> {title}</summary>"
            )
            params = op.get("parameters")
            if params:
                out.append(f"<h4>Parameters</h4><pre>{html.escape(_schema_refs(params))}</pre>")
            body = op.get("requestBody") or op.get("x-request")
            if body:
                out.append(f"<h4>Request</h4><pre>{html.escape(_schema_refs(body))}</pre>")
            resp = op.get("responses") or op.get("x-response")
            if resp:
                out.append(f"<h4>Responses</h4><pre>{html.escape(_schema_refs(resp))}</pre>")
            out.append("</details>")
    if schemas:
        out.append("<h2>Schemas</h2>")
        for name in sorted(schemas):
            out.append(
                f"<details id='schema-{html.escape(name)}'><summary><code>{html.escape(name)}</code></summary>"
                f"<pre>{html.escape(_schema_refs(schemas[name]))}</pre></details>"
            )
    out.append("</body></html>")
    return "".join(out)
