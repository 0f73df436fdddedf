"""A plugin's auth settings as Coze Studio spells them, read into AuthConfig + Credentials and written
back with the secrets masked.

Two spellings arrive: the manifest's `auth` ({type: none|service_http|oauth, sub_type, payload: JSON
text}, older manifests put the payload's keys at the top level) and the form of
register_plugin_meta (auth_type, sub_auth_type, location, key, service_token, oauth_info JSON).
Payload keys follow Coze: token/api_key {location, key, service_token}; authorization_code
{client_id, client_secret, client_url, scope, authorization_url (the token endpoint),
authorization_content_type}; client_credentials {client_id, client_secret, token_url, scope}.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

from atelier_common.errors import InvalidArgument
from atelier_plugin.entities import AuthConfig, Credentials
from atelier_proto.enums import AuthorizationServiceLocation, AuthorizationType, ServiceAuthSubType

MASK = "******"  # what a stored secret reads as; sent back unchanged it means "keep the stored one"

TYPE_NAMES = {AuthorizationType.None_: "none", AuthorizationType.Service: "service_http",
              AuthorizationType.OAuth: "oauth", AuthorizationType.Standard: "oauth"}
SUB_TYPE_NAMES = {ServiceAuthSubType.ApiKey: "token/api_key",
                  ServiceAuthSubType.OAuthAuthorizationCode: "authorization_code",
                  ServiceAuthSubType.OAuthClientCredentials: "client_credentials"}
_TYPES = {"none": AuthorizationType.None_, "service_http": AuthorizationType.Service, "service": AuthorizationType.Service,
          "oauth": AuthorizationType.OAuth}
_SUB_TYPES = {name: sub for sub, name in SUB_TYPE_NAMES.items()}
_LOCATIONS = {"header": AuthorizationServiceLocation.Header, "query": AuthorizationServiceLocation.Query}


def _payload(raw: Any, field: str) -> dict[str, Any]:
    if raw in (None, ""):
        return {}
    if isinstance(raw, dict):
        return raw
    try:
        value = json.loads(raw)
    except (TypeError, json.JSONDecodeError) as exc:
        raise InvalidArgument(f"field '{field}': not a JSON object ({exc})") from None
    if not isinstance(value, dict):
        raise InvalidArgument(f"field '{field}': not a JSON object")
    return value


def from_manifest(auth: Any) -> tuple[AuthConfig, Credentials]:
    """The manifest's `auth` object (validated; InvalidArgument naming what is wrong)."""
    if auth in (None, {}):
        return AuthConfig(), Credentials()
    if not isinstance(auth, dict):
        raise InvalidArgument("field 'ai_plugin.auth': not an object")
    type_name = str(auth.get("type") or "").lower()
    if type_name not in _TYPES:
        raise InvalidArgument(f"field 'ai_plugin.auth.type': {type_name!r} is not one of none, service_http, oauth")
    auth_type = _TYPES[type_name]
    if auth_type == AuthorizationType.None_:
        return AuthConfig(), Credentials()
    payload = {**{k: v for k, v in auth.items() if k not in ("type", "sub_type", "payload")},
               **_payload(auth.get("payload"), "ai_plugin.auth.payload")}
    default_sub = "token/api_key" if auth_type == AuthorizationType.Service else "authorization_code"
    sub_name = str(auth.get("sub_type") or default_sub)
    if sub_name not in _SUB_TYPES:
        raise InvalidArgument(f"field 'ai_plugin.auth.sub_type': {sub_name!r} is not one of "
                              f"{', '.join(_SUB_TYPES)}")
    return _from_payload(auth_type, _SUB_TYPES[sub_name], payload, "ai_plugin.auth.payload")


def from_form(*, auth_type: int | None, sub_auth_type: int | None, location: int | None, key: str,
              service_token: str, oauth_info: str, auth_payload: str) -> tuple[AuthConfig, Credentials]:
    """register_plugin_meta's / update_plugin_meta's auth fields."""
    try:
        kind = AuthorizationType(auth_type or 0)
    except ValueError:
        raise InvalidArgument(f"field 'auth_type': {auth_type} is not one of 0 (none), 1 (service), 3 (oauth)") from None
    if kind == AuthorizationType.None_:
        return AuthConfig(), Credentials()
    if kind == AuthorizationType.Service:
        sub = ServiceAuthSubType.ApiKey
        payload = _payload(auth_payload, "auth_payload") or {
            "location": {AuthorizationServiceLocation.Header: "header",
                         AuthorizationServiceLocation.Query: "query"}.get(location or 0, ""),
            "key": key, "service_token": service_token}
    else:
        sub = ServiceAuthSubType(sub_auth_type) if sub_auth_type in (4, 10) else ServiceAuthSubType.OAuthAuthorizationCode
        payload = _payload(oauth_info, "oauth_info") or _payload(auth_payload, "auth_payload")
    return _from_payload(kind, sub, payload, "auth_payload" if auth_payload else "oauth_info")


def _from_payload(auth_type: AuthorizationType, sub: ServiceAuthSubType, payload: dict[str, Any],
                  field: str) -> tuple[AuthConfig, Credentials]:
    def text(key: str) -> str:
        value = payload.get(key, "")
        if not isinstance(value, str):
            raise InvalidArgument(f"field '{field}.{key}': not a string")
        return value.strip()

    if auth_type == AuthorizationType.Service:
        if sub != ServiceAuthSubType.ApiKey:
            raise InvalidArgument(f"field '{field}': service auth takes sub type token/api_key")
        location = _LOCATIONS.get(text("location").lower())
        if location is None:
            raise InvalidArgument(f"field '{field}.location': {payload.get('location')!r} is not header or query")
        if not text("key"):
            raise InvalidArgument(f"field '{field}.key': the name of the header or query parameter is required")
        return (AuthConfig(type=auth_type, sub_type=sub, location=location, key=text("key")),
                Credentials(service_token=text("service_token")))
    if sub == ServiceAuthSubType.OAuthAuthorizationCode:
        config = AuthConfig(type=AuthorizationType.OAuth, sub_type=sub, client_id=text("client_id"),
                            client_url=_url(text("client_url"), f"{field}.client_url"),
                            token_url=_url(text("authorization_url"), f"{field}.authorization_url"),
                            scope=text("scope"),
                            authorization_content_type=text("authorization_content_type") or "application/json")
    elif sub == ServiceAuthSubType.OAuthClientCredentials:
        config = AuthConfig(type=AuthorizationType.OAuth, sub_type=sub, client_id=text("client_id"),
                            token_url=_url(text("token_url"), f"{field}.token_url"), scope=text("scope"))
    else:
        raise InvalidArgument(f"field '{field}': oauth takes sub type authorization_code or client_credentials")
    if not config.client_id:
        raise InvalidArgument(f"field '{field}.client_id': required")
    return config, Credentials(client_secret=text("client_secret"))


def _url(value: str, field: str) -> str:
    if not value:
        raise InvalidArgument(f"field '{field}': required")
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InvalidArgument(f"field '{field}': {value!r} is not an http or https URL")
    return value


def keep_stored(new: Credentials, stored: Credentials) -> Credentials:
    """`new` with each empty or masked secret replaced by the stored one (a form that shows the mask
    and sends it back unchanged keeps the secret)."""
    def pick(given: str, old: str) -> str:
        return old if given in ("", MASK) else given

    headers = {name: pick(value, stored.mcp_headers.get(name, "")) for name, value in new.mcp_headers.items()}
    return replace(new, service_token=pick(new.service_token, stored.service_token),
                   client_secret=pick(new.client_secret, stored.client_secret), mcp_headers=headers)


def require_secrets(config: AuthConfig, credentials: Credentials) -> None:
    """InvalidArgument when the settings need a secret that is not there."""
    if config.is_service and not credentials.service_token:
        raise InvalidArgument("field 'service_token': the API key or token is required for service auth")
    if (config.is_oauth_code or config.is_client_credentials) and not credentials.client_secret:
        raise InvalidArgument("field 'client_secret': required for OAuth")


def payload(config: AuthConfig, credentials: Credentials, *, masked: bool = True) -> dict[str, Any]:
    """The manifest auth payload of the settings (secrets as MASK when `masked`)."""
    def secret(value: str) -> str:
        return MASK if masked and value else value

    if config.is_service:
        location = "query" if config.location == AuthorizationServiceLocation.Query else "header"
        return {"location": location, "key": config.key, "service_token": secret(credentials.service_token)}
    if config.is_oauth_code:
        return {"client_id": config.client_id, "client_secret": secret(credentials.client_secret),
                "client_url": config.client_url, "scope": config.scope, "authorization_url": config.token_url,
                "authorization_content_type": config.authorization_content_type}
    if config.is_client_credentials:
        return {"client_id": config.client_id, "client_secret": secret(credentials.client_secret),
                "token_url": config.token_url, "scope": config.scope}
    return {}


def manifest_auth(config: AuthConfig, credentials: Credentials, *, masked: bool = True) -> dict[str, Any]:
    """The manifest's `auth` object for the settings."""
    if config.type == AuthorizationType.None_:
        return {"type": "none"}
    return {"type": TYPE_NAMES[config.type], "sub_type": SUB_TYPE_NAMES[config.sub_type],
            "payload": json.dumps(payload(config, credentials, masked=masked), ensure_ascii=False)}
