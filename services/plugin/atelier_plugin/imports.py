"""Plugins from documents: register (manifest + OpenAPI 3), update (replace both on the draft),
and convert_to_openapi (Swagger 2.0, Postman, cURL -> OpenAPI 3 and a manifest to register with).
Documents are read by the domain (`parse_openapi`, `convert_to_openapi`); its errors name where
in the document the problem is and reach the caller as 400 prefixed with the field."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from atelier_common.auth import require_space
from atelier_common.errors import InvalidArgument
from atelier_common.outbound import OutboundFailed, OutboundRefused
from atelier_plugin import access, apis, auth_settings, builtin_plugins, plugins, rendering, views
from atelier_plugin import document as documents
from atelier_plugin.domain.conversion import convert_to_openapi
from atelier_plugin.domain.errors import DuplicateOperationsError, PluginSpecError
from atelier_plugin.domain.naming import sanitize_tool_name
from atelier_plugin.domain.openapi_import import parse_openapi
from atelier_plugin.domain.tools import PluginSpec
from atelier_plugin.entities import AuthConfig, Credentials, PluginSettings
from atelier_plugin.state import PluginState
from atelier_plugin.store import tools as tool_rows
from atelier_proto import plugin_pb2 as ppb
from atelier_proto.enums import CreationMethod, PluginKind, PluginType


def _spec(text: str, field: str = "openapi") -> PluginSpec:
    try:
        return parse_openapi(text)
    except PluginSpecError as exc:
        raise InvalidArgument(f"field '{field}': {exc.msg}") from None


def _manifest(text: str) -> dict[str, Any]:
    try:
        manifest = json.loads(text) if text.strip() else {}
    except json.JSONDecodeError as exc:
        raise InvalidArgument(f"field 'ai_plugin': not valid JSON ({exc.msg} at character {exc.pos})") from None
    if not isinstance(manifest, dict):
        raise InvalidArgument("field 'ai_plugin': not a JSON object")
    return manifest


def _settings(manifest: dict[str, Any], spec: PluginSpec, auth: AuthConfig) -> PluginSettings:
    name = str(manifest.get("name_for_human") or spec.title or "")
    if not name.strip():
        raise InvalidArgument("field 'ai_plugin.name_for_human': required (or a title in the document's info)")
    description = str(manifest.get("description_for_human") or spec.description or "")
    return PluginSettings(kind=PluginKind.Openapi, name=plugins.valid_name(name, "ai_plugin.name_for_human"),
                          description=plugins.valid_desc(description, "ai_plugin.description_for_human"),
                          icon_uri=str(manifest.get("logo_url") or ""), server_url=spec.server_url,
                          manifest={k: v for k, v in manifest.items() if k != "auth"}, openapi=spec.document,
                          auth=auth, common_params=rendering.common_params_of_manifest(manifest))


def _auth(manifest: dict[str, Any], client_id: str, client_secret: str,
          service_token: str) -> tuple[AuthConfig, Credentials]:
    """The manifest's auth, with the request's separate client_id / client_secret / service_token
    (Coze's register sends them beside the manifest) taking precedence."""
    config, credentials = auth_settings.from_manifest(manifest.get("auth"))
    if client_id and (config.is_oauth_code or config.is_client_credentials):
        config = replace(config, client_id=client_id)
    return config, replace(credentials, service_token=service_token or credentials.service_token,
                           client_secret=client_secret or credentials.client_secret)


async def register(state: PluginState, req: ppb.RegisterPluginRequest) -> tuple[int, str]:
    """(plugin id, the stored document as YAML)."""
    require_space(req.space_id)
    manifest = _manifest(req.ai_plugin)
    spec = _spec(req.openapi)
    config, credentials = _auth(manifest, req.client_id, req.client_secret, req.service_token)
    auth_settings.require_secrets(config, credentials)
    settings = _settings(manifest, spec, config)
    async with state.deps.pool.acquire() as conn, conn.transaction():
        plugin_id = await plugins.create(state, space_id=req.space_id, settings=settings, credentials=credentials,
                                         plugin_type=req.plugin_type or PluginType.PLUGIN,
                                         creation_method=CreationMethod.COZE, conn=conn)
        changes = documents.sync_tools(spec, [], iter(state.deps.ids.next_id, None), plugin_id)
        for tool in changes.insert:
            await tool_rows.insert(conn, tool)
    return plugin_id, documents.to_yaml(spec.document)


async def update(state: PluginState, req: ppb.UpdatePluginRequest) -> int:
    """Replace the draft's manifest and document; the new edit_version. Tools keep their ids by
    method and path; those whose operation changed must be debugged again."""
    builtin_plugins.refuse_change(req.plugin_id, "be edited")
    manifest = _manifest(req.ai_plugin)
    spec = _spec(req.openapi)
    async with state.deps.pool.acquire() as conn, conn.transaction():
        plugin = await access.plugin(conn, req.plugin_id, space_id=req.space_id, for_update=True)
        if plugin.settings.kind != PluginKind.Openapi:
            raise InvalidArgument("plugin is an MCP plugin: its tools come from its server, not a document")
        config, given = _auth(manifest, req.client_id, req.client_secret, req.service_token)
        credentials = auth_settings.keep_stored(given, views.credentials(state.keyring, plugin))
        auth_settings.require_secrets(config, credentials)
        settings = _settings(manifest, spec, config)
        old = plugin.settings.openapi
        touched = {(t.method.lower(), t.path) for t in spec.tools
                   if documents.operation(old, t.path, t.method.lower()) !=
                   documents.operation(spec.document, t.path, t.method.lower())}
        return await apis.save_document(state, conn, plugin, spec.document, await tool_rows.of_plugin(conn, plugin.id),
                                        touched, settings=settings, secrets_sealed=plugins.seal(state, plugin.id,
                                                                                                credentials))


# Media types a fetched document cannot be (a login or error page answered with 200, an image...).
_NOT_DOCUMENT_TYPES = ("text/html", "application/xhtml+xml", "image/", "audio/", "video/", "application/pdf",
                       "application/zip", "application/octet-stream")


async def _fetch_document(state: PluginState, url: str) -> str:
    """The text at `url`, fetched server-side through the SSRF guard with its size and time caps;
    InvalidArgument naming the problem (not http(s), an address the guard refuses and why,
    unreachable, a non-2xx answer, too large, not a document)."""
    what = "field 'document_url':"
    try:
        fetched = await state.fetcher.fetch(url, what=what,
                                            headers={"Accept": "application/json, application/yaml, text/yaml, "
                                                               "text/plain;q=0.9, */*;q=0.5"})
    except OutboundRefused as exc:
        raise InvalidArgument(f"{exc}") from None
    except OutboundFailed as exc:
        raise InvalidArgument(f"{exc}") from None
    if not 200 <= fetched.status_code < 300:
        raise InvalidArgument(f"{what} {url} answered HTTP {fetched.status_code}, not a document")
    if fetched.content_type.startswith(_NOT_DOCUMENT_TYPES):
        raise InvalidArgument(f"{what} {url} answered {fetched.content_type}, not an OpenAPI, Swagger or "
                              "Postman document (JSON or YAML)")
    text = fetched.text()
    if not text.strip():
        raise InvalidArgument(f"{what} {url} answered an empty body, not a document")
    return text


async def convert(state: PluginState, req: ppb.Convert2OpenAPIRequest) -> ppb.Convert2OpenAPIResponse:
    """Convert `data`, or the document fetched from `document_url` (then `data` is ignored)."""
    require_space(req.space_id)
    url = req.document_url.strip()
    if url:
        text, field = await _fetch_document(state, url), "document_url"
    elif req.data.strip():
        text, field = req.data, "data"
    else:
        raise InvalidArgument("field 'data': required (a document, a cURL command or a Postman collection), "
                              "or give document_url")
    try:
        converted = convert_to_openapi(text, merge_same_paths=req.merge_same_paths,
                                       title=req.plugin_name or None, description=req.plugin_description or None,
                                       server_url=req.plugin_url or None)
    except DuplicateOperationsError as exc:
        raise InvalidArgument(f"field '{field}': {exc.msg}") from None
    except PluginSpecError as exc:
        where = f"the document at {url}" if url else "data"
        raise InvalidArgument(f"field '{field}': {exc.msg}" if not url else
                              f"field '{field}': {where} is not a usable document: {exc.msg}") from None
    spec = converted.spec
    manifest = {"schema_version": "v1", "name_for_model": sanitize_tool_name(spec.title or "plugin"),
                "name_for_human": spec.title, "description_for_model": spec.description,
                "description_for_human": spec.description, "auth": {"type": "none"}, "logo_url": "",
                "api": {"type": "openapi"}}
    return ppb.Convert2OpenAPIResponse(
        openapi=documents.to_yaml(converted.document), ai_plugin=json.dumps(manifest, ensure_ascii=False),
        plugin_data_format=converted.format,
        duplicate_api_infos=[ppb.DuplicateAPIInfo(method=d.method, path=d.path, count=d.count)
                             for d in converted.duplicates])
