"""What the plugin service stores and works with, as typed values (the store returns these).

A plugin's *settings* (name, server, manifest, auth, common parameters, MCP server) are one value
so the draft and every published version carry the same shape; credentials never appear here in
the clear: they stay sealed (`secrets_sealed`) until a call opens them (`Credentials`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from atelier_proto.enums import (
    AuthorizationServiceLocation,
    AuthorizationType,
    ParameterLocation,
    PluginKind,
    ServiceAuthSubType,
)


@dataclass(frozen=True)
class AuthConfig:
    """How a plugin authenticates, without its secrets (those are `Credentials`)."""

    type: AuthorizationType = AuthorizationType.None_
    sub_type: ServiceAuthSubType = ServiceAuthSubType.ApiKey
    location: AuthorizationServiceLocation | None = None  # service: where the key goes
    key: str = ""  # service: header or query parameter name
    client_id: str = ""  # oauth
    client_url: str = ""  # authorization code: the authorization endpoint
    token_url: str = ""  # oauth: the token endpoint (Coze's "authorization_url" for the code flow)
    scope: str = ""
    authorization_content_type: str = ""

    @property
    def is_service(self) -> bool:
        return self.type == AuthorizationType.Service

    @property
    def is_oauth_code(self) -> bool:
        return self.type in (AuthorizationType.OAuth, AuthorizationType.Standard) \
            and self.sub_type == ServiceAuthSubType.OAuthAuthorizationCode

    @property
    def is_client_credentials(self) -> bool:
        return self.type in (AuthorizationType.OAuth, AuthorizationType.Standard) \
            and self.sub_type == ServiceAuthSubType.OAuthClientCredentials

    def to_doc(self) -> dict[str, Any]:
        doc = asdict(self)
        doc["type"] = int(self.type)
        doc["sub_type"] = int(self.sub_type)
        doc["location"] = int(self.location) if self.location is not None else None
        return doc

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> AuthConfig:
        if not doc:
            return cls()
        location = doc.get("location")
        return cls(type=AuthorizationType(doc.get("type", 0)), sub_type=ServiceAuthSubType(doc.get("sub_type", 0)),
                   location=AuthorizationServiceLocation(location) if location else None, key=doc.get("key", ""),
                   client_id=doc.get("client_id", ""), client_url=doc.get("client_url", ""),
                   token_url=doc.get("token_url", ""), scope=doc.get("scope", ""),
                   authorization_content_type=doc.get("authorization_content_type", ""))


@dataclass(frozen=True)
class Credentials:
    """A plugin's secrets, in the clear: only ever in memory."""

    service_token: str = ""
    client_secret: str = ""
    mcp_headers: dict[str, str] = field(default_factory=dict)

    def to_doc(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v}

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Credentials:
        return cls(service_token=doc.get("service_token", ""), client_secret=doc.get("client_secret", ""),
                   mcp_headers=dict(doc.get("mcp_headers") or {}))

    def values(self) -> list[str]:
        """Every secret value (to mask them wherever they might be echoed)."""
        return [v for v in (self.service_token, self.client_secret, *self.mcp_headers.values()) if v]


def client_fingerprint(auth: AuthConfig, credentials: Credentials) -> str:
    """Identifies the OAuth client settings a token was issued under (tokens of other settings are not used)."""
    basis = json.dumps([auth.client_id, auth.client_url, auth.token_url, " ".join(sorted(auth.scope.split())),
                        credentials.client_secret], separators=(",", ":"))
    return hashlib.sha256(basis.encode()).hexdigest()[:32]


@dataclass(frozen=True)
class CommonParam:
    """A parameter sent with every call of the plugin's tools."""

    location: ParameterLocation
    name: str
    value: str


@dataclass(frozen=True)
class McpServer:
    """A plugin of kind mcp: where its server is. Header values are credentials (sealed)."""

    transport: str  # streamable_http
    url: str
    header_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class PluginSettings:
    """Everything about a plugin a version freezes, tools aside."""

    kind: PluginKind
    name: str
    description: str = ""
    icon_uri: str = ""
    server_url: str = ""
    manifest: dict[str, Any] = field(default_factory=dict)  # ai_plugin, auth payload without secrets
    openapi: dict[str, Any] = field(default_factory=dict)  # the OpenAPI 3 document: what each tool is
    auth: AuthConfig = AuthConfig()
    common_params: tuple[CommonParam, ...] = ()
    mcp_server: McpServer | None = None

    def to_doc(self) -> dict[str, Any]:
        return {"kind": str(self.kind), "name": self.name, "description": self.description, "icon_uri": self.icon_uri,
                "server_url": self.server_url, "manifest": self.manifest, "openapi": self.openapi,
                "auth": self.auth.to_doc(),
                "common_params": common_params_doc(self.common_params),
                "mcp_server": mcp_server_doc(self.mcp_server)}

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> PluginSettings:
        return cls(kind=PluginKind(doc["kind"]), name=doc["name"], description=doc.get("description", ""),
                   icon_uri=doc.get("icon_uri", ""), server_url=doc.get("server_url", ""),
                   manifest=doc.get("manifest") or {}, openapi=doc.get("openapi") or {},
                   auth=AuthConfig.from_doc(doc.get("auth") or {}),
                   common_params=common_params_of(doc.get("common_params") or []),
                   mcp_server=mcp_server_of(doc.get("mcp_server")))


def common_params_doc(params: tuple[CommonParam, ...]) -> list[dict[str, Any]]:
    return [{"location": int(p.location), "name": p.name, "value": p.value} for p in params]


def common_params_of(doc: list[dict[str, Any]]) -> tuple[CommonParam, ...]:
    return tuple(CommonParam(ParameterLocation(p["location"]), p["name"], p.get("value", "")) for p in doc)


def mcp_server_doc(server: McpServer | None) -> dict[str, Any] | None:
    if server is None:
        return None
    return {"transport": server.transport, "url": server.url, "header_names": list(server.header_names)}


def mcp_server_of(doc: dict[str, Any] | None) -> McpServer | None:
    if not doc:
        return None
    return McpServer(transport=doc["transport"], url=doc["url"], header_names=tuple(doc.get("header_names") or ()))


@dataclass(frozen=True)
class McpToolSchema:
    """What an MCP server listed for one of its tools when the plugin's tool list was last refreshed."""

    description: str
    input_schema: dict[str, Any]

    def to_doc(self) -> dict[str, Any]:
        return {"description": self.description, "input_schema": self.input_schema}

    @classmethod
    def from_doc(cls, doc: dict[str, Any] | None) -> McpToolSchema | None:
        if not doc:
            return None
        return cls(description=doc.get("description", ""), input_schema=dict(doc.get("input_schema") or {}))


MCP_METHOD = "mcp"  # the method of an MCP tool's row (its path is the tool's name on the server)


@dataclass(frozen=True)
class Tool:
    """One tool: an operation of the plugin's OpenAPI document (which says what it takes), or a tool
    of the plugin's MCP server (`mcp`: what the server listed)."""

    id: int
    plugin_id: int
    name: str
    method: str  # lower case
    path: str
    disabled: bool = False
    debug_status: int = 0  # APIDebugStatus
    created_at: dt.datetime | None = None
    mcp: McpToolSchema | None = None

    @property
    def server_name(self) -> str:
        """An MCP tool's name on its server (`name` is the model's, which only allows [A-Za-z0-9_-])."""
        return self.path

    def to_doc(self) -> dict[str, Any]:
        doc = {"id": self.id, "name": self.name, "method": self.method, "path": self.path, "disabled": self.disabled,
               "debug_status": self.debug_status,
               "created_at": self.created_at.isoformat() if self.created_at else None}
        if self.mcp is not None:
            doc["mcp"] = self.mcp.to_doc()
        return doc

    @classmethod
    def from_doc(cls, plugin_id: int, doc: dict[str, Any]) -> Tool:
        created = doc.get("created_at")
        return cls(id=int(doc["id"]), plugin_id=plugin_id, name=doc["name"], method=doc["method"], path=doc["path"],
                   disabled=bool(doc.get("disabled")), debug_status=int(doc.get("debug_status", 0)),
                   created_at=dt.datetime.fromisoformat(created) if created else None,
                   mcp=McpToolSchema.from_doc(doc.get("mcp")))


@dataclass(frozen=True)
class Plugin:
    """A plugin's row: its draft settings and publishing state."""

    id: int
    space_id: int
    creator_id: int
    plugin_type: int
    creation_method: int
    settings: PluginSettings
    secrets_sealed: bytes | None
    edit_version: int
    online_version: str | None
    published_at: dt.datetime | None
    draft_changed: bool
    created_at: dt.datetime
    updated_at: dt.datetime

    @property
    def secrets_row(self) -> str:
        """The associated data the plugin's sealed secrets are bound to."""
        return secrets_row(self.id)


def secrets_row(plugin_id: int) -> str:
    return f"plugin:{plugin_id}"


@dataclass(frozen=True)
class PluginVersion:
    plugin_id: int
    version: str  # version_ts
    version_name: str
    version_desc: str
    settings: PluginSettings
    secrets_sealed: bytes | None
    tools: tuple[Tool, ...]
    creator_id: int
    created_at: dt.datetime


@dataclass(frozen=True)
class PluginView:
    """A plugin as one call sees it: the draft or one published version, with its tools."""

    plugin_id: int
    space_id: int
    version: str  # "" for the draft
    settings: PluginSettings
    secrets_sealed: bytes | None
    tools: tuple[Tool, ...]
    edit_version: int = 0  # the draft's: what its parsed document is cached under

    @property
    def draft(self) -> bool:
        return not self.version

    @property
    def document_key(self) -> str:
        """Changes whenever the view's document may have."""
        return self.version or f"draft:{self.edit_version}"

    def tool(self, tool_id: int) -> Tool | None:
        return next((t for t in self.tools if t.id == tool_id), None)


@dataclass(frozen=True)
class OAuthToken:
    """A user's token for a plugin (authorization code), or a plugin's (client credentials)."""

    access_token: str
    token_type: str = "Bearer"
    refresh_token: str = ""
    expires_at: dt.datetime | None = None

    def expired(self, now: dt.datetime, leeway_s: float = 30.0) -> bool:
        return self.expires_at is not None and self.expires_at <= now + dt.timedelta(seconds=leeway_s)
