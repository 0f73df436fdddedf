"""The OAuth routes: the settings form's schema, a user's status with the authorization link,
revoking, and the provider's redirect back to us (the callback)."""

from __future__ import annotations

import json
import time

from atelier_common.auth import require_user
from atelier_common.errors import InvalidArgument, NotFound
from atelier_plugin import access, views
from atelier_plugin.domain.builtin import catalog
from atelier_plugin.domain.builtin.catalog import is_builtin
from atelier_plugin.entities import PluginView
from atelier_plugin.oauth import protocol
from atelier_plugin.oauth.protocol import OAuthError
from atelier_plugin.state import PluginState
from atelier_plugin.store import plugins as plugin_rows
from atelier_proto import plugin_pb2 as ppb
from atelier_proto.enums import OAuthStatus, ServiceAuthSubType

# The OAuth settings form (Coze Studio's oauth_schema.json, with client credentials added).
OAUTH_SCHEMA = [
    {"key": "Authorization Code", "value": int(ServiceAuthSubType.OAuthAuthorizationCode), "label": "Authorization Code",
     "items": [{"key": "client_id", "type": "text", "max_len": 100, "required": True},
               {"key": "client_secret", "type": "text", "max_len": 100, "required": True},
               {"key": "client_url", "type": "url", "required": True},
               {"key": "scope", "type": "text", "max_len": 500},
               {"key": "authorization_url", "type": "url", "required": True},
               {"key": "authorization_content_type", "type": "text", "default": "application/json", "required": True}]},
    {"key": "Client Credentials", "value": int(ServiceAuthSubType.OAuthClientCredentials),
     "label": "Client Credentials",
     "items": [{"key": "client_id", "type": "text", "max_len": 100, "required": True},
               {"key": "client_secret", "type": "text", "max_len": 100, "required": True},
               {"key": "token_url", "type": "url", "required": True},
               {"key": "scope", "type": "text", "max_len": 500}]},
]


def schema() -> str:
    return json.dumps(OAUTH_SCHEMA, ensure_ascii=False)


def user_key(given: str = "") -> str:
    """Whose token: the end user a request names, else the console caller (their id as text)."""
    caller = require_user()
    return given.strip() or str(caller)


def link(state: PluginState, view: PluginView, user: str, return_url: str = "") -> str:
    """The authorization link for `user`, valid for plugin_oauth_state_ttl_s."""
    expires = int(time.time() + state.deps.settings.plugin_oauth_state_ttl_s)
    remembered = protocol.OAuthState(user_key=user, plugin_id=view.plugin_id, version=view.version,
                                     return_url=return_url, expires_at=expires)
    return protocol.authorization_url(view.settings.auth, state.keyring, remembered,
                                      protocol.redirect_uri(state.public_url))


async def status(state: PluginState, req: ppb.GetOAuthStatusRequest) -> ppb.GetOAuthStatusResponse:
    if is_builtin(req.plugin_id):  # needs no authorization
        return ppb.GetOAuthStatusResponse(is_oauth=False)
    plugin = await access.plugin(state.deps.pool, req.plugin_id, space_id=req.space_id)
    view = await views.draft(state.deps.pool, plugin)
    if not view.settings.auth.is_oauth_code:
        return ppb.GetOAuthStatusResponse(is_oauth=False)
    user = user_key(req.user_id)
    token = await state.tokens.user_token(plugin.id, view.settings.auth, views.credentials(state.keyring, view), user)
    if token is not None:
        return ppb.GetOAuthStatusResponse(is_oauth=True, status=OAuthStatus.Authorized)
    return ppb.GetOAuthStatusResponse(is_oauth=True, status=OAuthStatus.Unauthorized, content=link(state, view, user))


async def revoke(state: PluginState, req: ppb.RevokeAuthTokenRequest) -> None:
    """Forget the user's tokens. Revoking what cannot hold a token is refused (400) rather than
    answered as a success: the caller asked for something that does not exist. (Coze deletes rows
    whatever the plugin; its console only offers revoking on OAuth plugins.) Revoking an OAuth
    plugin the user never authorized succeeds: the outcome, no token, holds."""
    builtin = catalog.plugin(req.plugin_id)
    if builtin is not None:
        raise InvalidArgument(f"plugin '{builtin.name}' ({req.plugin_id}) is built in and uses no OAuth: "
                              "there is no authorization to revoke")
    plugin = await access.plugin(state.deps.pool, req.plugin_id, space_id=req.space_id)
    removed = await state.tokens.revoke(plugin.id, user_key(req.user_id))
    view = await views.draft(state.deps.pool, plugin)
    if not removed and not view.settings.auth.is_oauth_code:  # a plugin once on OAuth may still hold tokens
        raise InvalidArgument(f"plugin '{view.settings.name}' ({plugin.id}) does not use OAuth authorization code: "
                              "there is no authorization to revoke")


async def callback(state: PluginState, req: ppb.OauthAuthorizationCodeRequest) -> ppb.OauthAuthorizationCodeResponse:
    """Keep the token the provider's code buys for the user the signed state names; what the
    browser gets: back to the return URL the link was made with, else a page saying it is done.
    No caller identity here (the browser comes from the provider): the state is the authority."""
    try:
        remembered = protocol.read_state(state.keyring, req.state, time.time())
    except OAuthError as exc:
        raise InvalidArgument(f"field 'state': {exc}") from None
    plugin = await plugin_rows.get(state.deps.pool, remembered.plugin_id)
    view = await views.at(state.deps.pool, plugin, remembered.version) if plugin else None
    if view is None:
        raise NotFound(f"plugin {remembered.plugin_id} not found")
    auth = view.settings.auth
    if not auth.is_oauth_code:
        raise InvalidArgument(f"plugin '{view.settings.name}' no longer uses OAuth authorization code")
    try:
        await state.tokens.exchange_code(plugin.id, auth, views.credentials(state.keyring, view),
                                         remembered.user_key, req.code, protocol.redirect_uri(state.public_url))
    except OAuthError as exc:
        raise InvalidArgument(f"the authorization failed: {exc}") from None
    back = remembered.return_url if protocol.return_url_problem(remembered.return_url) is None else ""
    return ppb.OauthAuthorizationCodeResponse(
        return_url=back, title="Plugin authorized",
        message=f"You authorized the plugin '{view.settings.name}'. You can close this page and go back to the chat.")
