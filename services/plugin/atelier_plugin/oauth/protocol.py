"""OAuth 2 (RFC 6749) as a plugin client speaks it: the authorization link with its signed state,
token requests, token answers. No I/O here: `token_request` says what to send, `read_token` reads
what came back."""

from __future__ import annotations

import datetime as dt
import json
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from atelier_plugin.crypto import Keyring
from atelier_plugin.entities import AuthConfig, Credentials, OAuthToken

CALLBACK_PATH = "/api/oauth/authorization_code"


class OAuthError(Exception):
    """The provider refused or answered nonsense; the message says what it said."""


@dataclass(frozen=True)
class OAuthState:
    """What the authorization link remembers until the provider sends the user back."""

    user_key: str
    plugin_id: int
    version: str  # the plugin version whose settings issued the link ("" for the draft)
    return_url: str
    expires_at: int  # unix seconds


def return_url_problem(url: str) -> str | None:
    """Why `url` cannot be where the callback sends the browser back, or None. Only absolute
    http(s) URLs: the link is signed, so the target is always the one it was made with, and these
    schemes keep script (javascript:, data:) out of the redirect."""
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return "must be an absolute http or https URL"
    return None


def redirect_uri(public_base_url: str) -> str:
    return public_base_url.rstrip("/") + CALLBACK_PATH


def authorization_url(auth: AuthConfig, keyring: Keyring, state: OAuthState, callback: str) -> str:
    """The provider's authorization endpoint with our parameters added to any it already has."""
    signed = keyring.sign({"u": state.user_key, "p": str(state.plugin_id), "v": state.version,
                           "r": state.return_url, "e": state.expires_at, "n": secrets.token_urlsafe(8)})
    params = {"response_type": "code", "client_id": auth.client_id, "redirect_uri": callback, "state": signed}
    if auth.scope:
        params["scope"] = auth.scope
    parts = urlsplit(auth.client_url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k not in params]
    return urlunsplit(parts._replace(query=urlencode([*query, *params.items()])))


def read_state(keyring: Keyring, text: str, now_s: float) -> OAuthState:
    """The state of a link we issued; OAuthError for a forged or expired one."""
    payload = keyring.verify(text)
    if payload is None:
        raise OAuthError("the authorization state is not one Atelier issued")
    try:
        state = OAuthState(user_key=str(payload["u"]), plugin_id=int(payload["p"]), version=str(payload["v"]),
                           return_url=str(payload["r"]), expires_at=int(payload["e"]))
    except (KeyError, TypeError, ValueError):
        raise OAuthError("the authorization state is not one Atelier issued") from None
    if state.expires_at < now_s:
        raise OAuthError("the authorization link expired: ask for a new one")
    return state


@dataclass(frozen=True)
class TokenRequest:
    url: str
    form: dict[str, str]
    basic_auth: tuple[str, str] | None  # client authentication in the header, else in the form


def token_request(auth: AuthConfig, credentials: Credentials, grant: dict[str, str], *,
                  client_auth_in_header: bool) -> TokenRequest:
    """A token-endpoint request for `grant` (grant_type and its parameters). The client
    authenticates with HTTP Basic, or in the form for providers that refuse Basic (RFC 6749 2.3.1)."""
    form = dict(grant)
    if client_auth_in_header:
        return TokenRequest(auth.token_url, form, (auth.client_id, credentials.client_secret))
    form.update(client_id=auth.client_id, client_secret=credentials.client_secret)
    return TokenRequest(auth.token_url, form, None)


def code_grant(code: str, callback: str) -> dict[str, str]:
    return {"grant_type": "authorization_code", "code": code, "redirect_uri": callback}


def refresh_grant(refresh_token: str, scope: str) -> dict[str, str]:
    grant = {"grant_type": "refresh_token", "refresh_token": refresh_token}
    if scope:
        grant["scope"] = scope
    return grant


def client_credentials_grant(scope: str) -> dict[str, str]:
    grant = {"grant_type": "client_credentials"}
    if scope:
        grant["scope"] = scope
    return grant


def refused_client_auth(status: int, body: bytes) -> bool:
    """Whether a token endpoint refused the way the client authenticated (so the other way may work)."""
    return status in (400, 401) and _fields(body).get("error") in ("invalid_client", "unauthorized_client")


def read_token(status: int, content_type: str, body: bytes, now: dt.datetime,
               previous_refresh_token: str = "") -> OAuthToken:
    """The token in a token endpoint's answer (JSON, or form-encoded as some providers send);
    a refresh answer without a new refresh token keeps the previous one (RFC 6749 6)."""
    fields = _fields(body, content_type)
    if status >= 400 or "error" in fields:
        said = " - ".join(str(fields[k]) for k in ("error", "error_description") if fields.get(k))
        raise OAuthError(f"the token endpoint answered HTTP {status}" + (f": {said}" if said else ""))
    token = fields.get("access_token")
    if not isinstance(token, str) or not token:
        raise OAuthError(f"the token endpoint's answer (HTTP {status}) has no access_token")
    expires_in = fields.get("expires_in")
    try:
        expires_at = now + dt.timedelta(seconds=float(expires_in)) if expires_in not in (None, "") else None
    except (TypeError, ValueError):
        expires_at = None
    return OAuthToken(access_token=token, token_type=str(fields.get("token_type") or "Bearer"),
                      refresh_token=str(fields.get("refresh_token") or previous_refresh_token),
                      expires_at=expires_at)


def _fields(body: bytes, content_type: str = "") -> dict[str, Any]:
    text = body.decode("utf-8", errors="replace").strip()
    if "x-www-form-urlencoded" not in content_type:
        try:
            value = json.loads(text)
            return value if isinstance(value, dict) else {}
        except json.JSONDecodeError:
            pass
    return dict(parse_qsl(text))


def token_doc(token: OAuthToken) -> dict[str, Any]:
    """What is sealed in storage."""
    return {"access_token": token.access_token, "token_type": token.token_type, "refresh_token": token.refresh_token}


def token_of(doc: dict[str, Any], expires_at: dt.datetime | None) -> OAuthToken:
    return OAuthToken(access_token=doc.get("access_token", ""), token_type=doc.get("token_type") or "Bearer",
                      refresh_token=doc.get("refresh_token", ""), expires_at=expires_at)
