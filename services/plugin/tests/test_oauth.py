"""OAuth 2 against a local provider started by the test: the authorization-code flow per end user
(the call answers with an authorization link, the provider sends the browser to the gateway's
callback, the token is used, refreshed when it expires, revoked on request) and client
credentials per plugin."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import asyncpg
import httpx

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.stack_fixtures import KnowledgeStack
from atelier_devstack.tool_servers import OAuthServer, ToolServer


def code_auth(idp: OAuthServer) -> dict[str, str]:
    return {"type": "oauth", "sub_type": "authorization_code", "payload": json.dumps({
        "client_id": idp.client_id, "client_secret": idp.client_secret, "client_url": idp.authorize_url,
        "scope": "weather.read", "authorization_url": idp.token_url,
        "authorization_content_type": "application/json"})}


async def authorize_in_browser(url: str) -> httpx.Response:
    """What a browser does with the link: the provider approves and redirects to our callback,
    which answers (no Atelier token: the browser has none)."""
    async with httpx.AsyncClient(trust_env=False, timeout=10) as browser:
        approved = await browser.get(url)
        assert approved.status_code == 302, approved.text
        return await browser.get(approved.headers["location"])


async def test_the_authorization_code_flow_from_interrupt_to_revoke(register, tool_server: ToolServer, weather_api,
                                                                    oauth_server: OAuthServer, runtime,
                                                                    client: AtelierClient,
                                                                    plugin_stack: KnowledgeStack,
                                                                    plugin_db: asyncpg.Connection) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=code_auth(oauth_server))
    weather = tools["get_weather"]

    # 1. no token yet: no call, an authorization link instead
    answer = await runtime.invoke(plugin_id, weather, {"city": "Oslo"}, user_id="alice",
                                  return_url="https://app.example/chat/42")
    assert answer.outcome == "oauth_required" and tool_server.requests == []
    assert "authorize the plugin" in answer.result_for_model
    link = urlsplit(answer.authorization_url)
    query = {k: v[0] for k, v in parse_qs(link.query).items()}
    assert f"{link.scheme}://{link.netloc}{link.path}" == oauth_server.authorize_url
    assert (query["client_id"], query["response_type"], query["scope"]) == ("atelier-client", "code", "weather.read")
    assert query["redirect_uri"] == f"{plugin_stack.gateway_url}/api/oauth/authorization_code"

    # 2. the user approves; the provider sends the browser to the callback, which keeps the token
    called_back = await authorize_in_browser(answer.authorization_url)
    assert called_back.status_code == 200, called_back.text
    assert called_back.json()["return_url"] == "https://app.example/chat/42"
    exchange = oauth_server.grants("authorization_code")[-1]
    assert exchange["redirect_uri"] == query["redirect_uri"]

    # 3. the call goes through with alice's token; bob still has none
    answer = await runtime.invoke(plugin_id, weather, {"city": "Oslo"}, user_id="alice")
    assert answer.outcome == "ok", answer
    issued = oauth_server.access_tokens[-1]
    assert tool_server.requests[-1].headers["authorization"] == f"Bearer {issued}"
    assert issued not in answer.request
    bob = await runtime.invoke(plugin_id, weather, {"city": "Oslo"}, user_id="bob")
    assert bob.outcome == "oauth_required"

    # the console shows alice's status; the token is stored sealed
    status = await client.call("/api/plugin_api/get_oauth_status", {"plugin_id": plugin_id,
                                                                    "space_id": client.space_id, "user_id": "alice"})
    assert (status["is_oauth"], status["status"]) == (True, 1)
    stored = await plugin_db.fetchval("SELECT string_agg(encode(token_sealed, 'escape'), '') FROM plugin.oauth_tokens"
                                      " WHERE plugin_id = $1", int(plugin_id))
    assert issued not in stored and "rt-" not in stored

    # 4. revoked: the next call asks again
    await client.call("/api/plugin_api/revoke_auth_token", {"plugin_id": plugin_id, "space_id": client.space_id,
                                                            "user_id": "alice"})
    answer = await runtime.invoke(plugin_id, weather, {"city": "Oslo"}, user_id="alice")
    assert answer.outcome == "oauth_required"
    status = await client.call("/api/plugin_api/get_oauth_status", {"plugin_id": plugin_id,
                                                                    "space_id": client.space_id, "user_id": "alice"})
    assert status["status"] == 2 and status["content"].startswith(oauth_server.authorize_url)


async def test_an_expired_token_is_refreshed(register, tool_server: ToolServer, weather_api,
                                             oauth_server: OAuthServer, runtime) -> None:
    oauth_server.expires_in = 5  # inside the refresh margin: expired as soon as it is stored
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=code_auth(oauth_server))
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id="carol")
    await authorize_in_browser(answer.authorization_url)
    first = oauth_server.access_tokens[-1]
    oauth_server.expires_in = 3600
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id="carol")
    assert answer.outcome == "ok", answer
    refreshed = oauth_server.grants("refresh_token")
    assert len(refreshed) == 1 and refreshed[0]["refresh_token"] == f"rt-{first.split('-')[1]}"
    assert tool_server.requests[-1].headers["authorization"] == f"Bearer {oauth_server.access_tokens[-1]}"
    assert oauth_server.access_tokens[-1] != first
    # the refreshed token is kept: the next call needs no refresh
    await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id="carol")
    assert len(oauth_server.grants("refresh_token")) == 1


async def test_a_refused_refresh_asks_the_user_again(register, tool_server: ToolServer, weather_api,
                                                     oauth_server: OAuthServer, runtime) -> None:
    oauth_server.expires_in = 5
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=code_auth(oauth_server))
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id="dave")
    await authorize_in_browser(answer.authorization_url)
    oauth_server.refresh_tokens.clear()  # the provider forgot the grant
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id="dave")
    assert answer.outcome == "oauth_required" and tool_server.requests == []


async def test_a_provider_refusing_basic_auth_gets_the_client_in_the_form(register, tool_server: ToolServer,
                                                                          weather_api, oauth_server: OAuthServer,
                                                                          runtime) -> None:
    oauth_server.basic_auth_refused = True
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=code_auth(oauth_server))
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id="erin")
    assert (await authorize_in_browser(answer.authorization_url)).status_code == 200
    assert oauth_server.grants("authorization_code")[-1]["client_secret"] == oauth_server.client_secret
    assert (await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id="erin")).outcome == "ok"


async def test_bad_callbacks_are_refused(register, tool_server: ToolServer, weather_api, oauth_server: OAuthServer,
                                         runtime, plugin_stack: KnowledgeStack) -> None:
    callback = f"{plugin_stack.gateway_url}/api/oauth/authorization_code"
    async with httpx.AsyncClient(trust_env=False, timeout=10) as browser:
        forged = await browser.get(callback, params={"code": "x", "state": "eyJ1IjoiZXZlIn0.AAAA"})
        assert forged.status_code == 400 and "field 'state': the authorization state is not one Atelier issued" in \
            forged.json()["msg"]
        plugin_id, tools = await register(weather_api(tool_server.url()), auth=code_auth(oauth_server))
        answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id="frank")
        approved = await browser.get(answer.authorization_url)
        target = approved.headers["location"]
        assert (await browser.get(target)).status_code == 200
        replayed = await browser.get(target)  # the provider takes a code once
        assert replayed.status_code == 400 and "invalid_grant" in replayed.json()["msg"]


async def test_client_credentials_fetch_one_token_per_plugin(client: AtelierClient, tool_server: ToolServer,
                                                             weather_api, oauth_server: OAuthServer, runtime,
                                                             register) -> None:
    auth = {"type": "oauth", "sub_type": "client_credentials", "payload": json.dumps({
        "client_id": oauth_server.client_id, "client_secret": oauth_server.client_secret,
        "token_url": oauth_server.token_url})}
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=auth)
    for user in ("alice", "bob"):
        answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id=user)
        assert answer.outcome == "ok", answer
    assert len(oauth_server.grants("client_credentials")) == 1
    token = oauth_server.access_tokens[-1]
    assert [r.headers["authorization"] for r in tool_server.requests] == [f"Bearer {token}"] * 2

    # the tool refuses the token: the next call fetches a new one
    tool_server.respond("GET", "/weather/Rome", {"error": "expired"}, status=401)
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Rome"})
    assert answer.outcome == "http_error" and answer.status_code == 401
    await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"})
    assert len(oauth_server.grants("client_credentials")) == 2
    assert tool_server.requests[-1].headers["authorization"] == f"Bearer {oauth_server.access_tokens[-1]}"
    status = await client.call("/api/plugin_api/get_oauth_status", {"plugin_id": plugin_id,
                                                                    "space_id": client.space_id})
    assert status.get("is_oauth", False) is False  # nothing for a user to authorize


async def test_a_token_endpoint_on_a_refused_address_fails_the_call(register, tool_server: ToolServer, weather_api,
                                                                    runtime) -> None:
    auth = {"type": "oauth", "sub_type": "client_credentials", "payload": json.dumps({
        "client_id": "c", "client_secret": "s", "token_url": "http://169.254.169.254/token"})}
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=auth)
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"})
    assert answer.outcome == "failed" and "a cloud metadata address" in answer.error
    assert tool_server.requests == []


async def test_oauth_plugins_need_their_client_secret(client: AtelierClient, tool_server: ToolServer, weather_api,
                                                      oauth_server: OAuthServer) -> None:
    payload = json.loads(code_auth(oauth_server)["payload"])
    del payload["client_secret"]
    await expect_error(client.call("/api/plugin_api/register", {
        "space_id": client.space_id, "openapi": weather_api(tool_server.url()),
        "ai_plugin": json.dumps({"name_for_human": "w", "auth": {"type": "oauth", "sub_type": "authorization_code",
                                                                 "payload": json.dumps(payload)}})}),
        400, "field 'client_secret': required for OAuth")
