"""Auth settings as Coze spells them, secrets at rest, and the signed OAuth state (no I/O)."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from atelier_common.errors import InvalidArgument
from atelier_plugin import auth_settings
from atelier_plugin.crypto import Keyring, SecretKeyMissing, SecretUnreadable
from atelier_plugin.entities import AuthConfig, Credentials
from atelier_plugin.oauth import protocol
from atelier_proto.enums import AuthorizationServiceLocation, AuthorizationType, ServiceAuthSubType


def test_a_service_token_from_the_manifest_payload_and_back_masked() -> None:
    config, creds = auth_settings.from_manifest({"type": "service_http", "sub_type": "token/api_key", "payload": json.dumps(
        {"location": "Query", "key": "api_key", "service_token": "tok-123"})})
    assert config == AuthConfig(type=AuthorizationType.Service, sub_type=ServiceAuthSubType.ApiKey,
                                location=AuthorizationServiceLocation.Query, key="api_key")
    assert creds.service_token == "tok-123"
    shown = auth_settings.manifest_auth(config, creds)
    assert "tok-123" not in json.dumps(shown)
    assert json.loads(shown["payload"]) == {"location": "query", "key": "api_key", "service_token": auth_settings.MASK}


def test_older_manifests_with_the_payload_keys_at_the_top_level() -> None:
    config, creds = auth_settings.from_manifest({"type": "oauth", "client_id": "c", "client_secret": "s",
                                                 "client_url": "https://idp.example/authorize",
                                                 "authorization_url": "https://idp.example/token", "scope": "read"})
    assert config.is_oauth_code and config.token_url == "https://idp.example/token" and config.scope == "read"
    assert creds.client_secret == "s"


@pytest.mark.parametrize(("auth", "message"), [
    ({"type": "basic"}, "field 'ai_plugin.auth.type': 'basic' is not one of none, service_http, oauth"),
    ({"type": "service_http", "payload": '{"location": "body", "key": "k"}'},
     "field 'ai_plugin.auth.payload.location': 'body' is not header or query"),
    ({"type": "service_http", "payload": '{"location": "header"}'},
     "field 'ai_plugin.auth.payload.key': the name of the header or query parameter is required"),
    ({"type": "oauth", "sub_type": "authorization_code", "payload": '{"client_id": "c", "client_url": "ftp://x/a",'
                                                                     ' "authorization_url": "https://x/t"}'},
     "field 'ai_plugin.auth.payload.client_url': 'ftp://x/a' is not an http or https URL"),
    ({"type": "oauth", "sub_type": "client_credentials", "payload": '{"client_id": "c"}'},
     "field 'ai_plugin.auth.payload.token_url': required"),
    ({"type": "oauth", "sub_type": "implicit"}, "field 'ai_plugin.auth.sub_type': 'implicit' is not one of"),
    ({"type": "oauth", "payload": "{not json"}, "field 'ai_plugin.auth.payload': not a JSON object"),
])
def test_bad_auth_settings_are_refused_naming_the_field(auth: dict, message: str) -> None:
    with pytest.raises(InvalidArgument) as err:
        auth_settings.from_manifest(auth)
    assert err.value.msg.startswith(message)


def test_the_console_form_and_masked_secrets_sent_back_keep_the_stored_ones() -> None:
    config, creds = auth_settings.from_form(auth_type=1, sub_auth_type=0, location=1, key="X-Api-Key",
                                            service_token=auth_settings.MASK, oauth_info="", auth_payload="")
    assert config.location == AuthorizationServiceLocation.Header and config.key == "X-Api-Key"
    kept = auth_settings.keep_stored(creds, Credentials(service_token="the-real-one"))
    assert kept.service_token == "the-real-one"
    assert auth_settings.keep_stored(Credentials(service_token="new"), kept).service_token == "new"
    config, creds = auth_settings.from_form(auth_type=3, sub_auth_type=10, location=None, key="", service_token="",
                                            oauth_info='{"client_id": "c", "client_secret": "s", '
                                                       '"token_url": "http://idp/token"}', auth_payload="")
    assert config.is_client_credentials and creds.client_secret == "s"


def test_secrets_are_sealed_for_one_row_and_need_the_same_key() -> None:
    ring = Keyring("key one")
    sealed = ring.seal({"service_token": "tok-123"}, "plugin:7")
    assert b"tok-123" not in sealed
    assert ring.open(sealed, "plugin:7") == {"service_token": "tok-123"}
    with pytest.raises(SecretUnreadable):
        ring.open(sealed, "plugin:8")  # copied into another row
    with pytest.raises(SecretUnreadable, match="ATELIER_SECRET_KEY"):
        Keyring("key two").open(sealed, "plugin:7")
    with pytest.raises(SecretKeyMissing, match="ATELIER_SECRET_KEY"):
        Keyring("")


def test_the_oauth_state_is_signed_and_expires() -> None:
    ring = Keyring("k")
    auth = AuthConfig(type=AuthorizationType.OAuth, sub_type=ServiceAuthSubType.OAuthAuthorizationCode, client_id="cid",
                      client_url="https://idp.example/authorize?prompt=consent", scope="read write")
    state = protocol.OAuthState(user_key="alice", plugin_id=7, version="", return_url="https://app/chat", expires_at=2000)
    url = protocol.authorization_url(auth, ring, state, "https://atelier.example/api/oauth/authorization_code")
    from urllib.parse import parse_qs, urlsplit

    query = parse_qs(urlsplit(url).query)
    assert query["prompt"] == ["consent"] and query["client_id"] == ["cid"] and query["scope"] == ["read write"]
    assert query["redirect_uri"] == ["https://atelier.example/api/oauth/authorization_code"]
    assert protocol.read_state(ring, query["state"][0], now_s=1999) == state
    with pytest.raises(protocol.OAuthError, match="expired"):
        protocol.read_state(ring, query["state"][0], now_s=2001)
    with pytest.raises(protocol.OAuthError, match="not one Atelier issued"):
        protocol.read_state(Keyring("other"), query["state"][0], now_s=1999)
    body, _, mac = query["state"][0].partition(".")
    with pytest.raises(protocol.OAuthError, match="not one Atelier issued"):
        protocol.read_state(ring, body[:-2] + "xx." + mac, now_s=1999)


def test_token_answers_json_or_form_and_errors_with_what_the_provider_said() -> None:
    now = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
    token = protocol.read_token(200, "application/json", b'{"access_token": "a", "expires_in": 60}', now, "old-rt")
    assert token.access_token == "a" and token.refresh_token == "old-rt"
    assert token.expires_at == now + dt.timedelta(seconds=60)
    form = protocol.read_token(200, "application/x-www-form-urlencoded", b"access_token=b&token_type=bearer", now)
    assert form.access_token == "b" and form.expires_at is None
    with pytest.raises(protocol.OAuthError, match="HTTP 400: invalid_grant - code used"):
        protocol.read_token(400, "application/json", b'{"error": "invalid_grant", "error_description": "code used"}', now)
    with pytest.raises(protocol.OAuthError, match="no access_token"):
        protocol.read_token(200, "application/json", b"{}", now)
