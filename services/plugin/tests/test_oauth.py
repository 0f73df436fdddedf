"""OAuth 2 against a local provider started by the test: the authorization-code flow per end user
(the call answers with an authorization link, the provider sends the browser to the gateway's
callback, the token is used, refreshed when it expires, revoked on request) and client
credentials per plugin."""

from __future__ import annotations

import json
import time
from urllib.parse import parse_qs, urlsplit

import asyncpg
import grpc
import httpx
import pytest

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
    which answers a page or redirects on (no Atelier token: the browser has none); the last page."""
    async with httpx.AsyncClient(trust_env=False, timeout=10, follow_redirects=True) as browser:
        landed = await browser.get(url)
        assert landed.history and landed.history[0].status_code == 302, landed.text  # the provider approved
        return landed


async def test_the_authorization_code_flow_from_interrupt_to_revoke(register, tool_server: ToolServer, weather_api,
                                                                    oauth_server: OAuthServer, runtime,
                                                                    client: AtelierClient,
                                                                    plugin_stack: KnowledgeStack,
                                                                    plugin_db: asyncpg.Connection) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=code_auth(oauth_server))
    weather = tools["get_weather"]

    # 1. no token yet: no call, an authorization link instead
    chat_page = tool_server.url("/chat/42?tab=tools")  # where the user was: the browser goes back there
    answer = await runtime.invoke(plugin_id, weather, {"city": "Oslo"}, user_id="alice", return_url=chat_page)
    assert answer.outcome == "oauth_required" and tool_server.requests == []
    assert "authorize the plugin" in answer.result_for_model
    link = urlsplit(answer.authorization_url)
    query = {k: v[0] for k, v in parse_qs(link.query).items()}
    assert f"{link.scheme}://{link.netloc}{link.path}" == oauth_server.authorize_url
    assert (query["client_id"], query["response_type"], query["scope"]) == ("atelier-client", "code", "weather.read")
    assert query["redirect_uri"] == f"{plugin_stack.gateway_url}/api/oauth/authorization_code"

    # 2. the user approves; the provider sends the browser to the callback, which keeps the token
    # and sends the browser back to the chat
    landed = await authorize_in_browser(answer.authorization_url)
    callback = landed.history[1]
    assert str(callback.url).startswith(query["redirect_uri"] + "?code=")
    assert callback.status_code == 302 and callback.headers["location"] == chat_page
    assert landed.status_code == 200 and str(landed.url) == chat_page
    assert tool_server.calls("GET", "/chat/42")[0].query == {"tab": ["tools"]}
    tool_server.requests.clear()
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
    landed = await authorize_in_browser(answer.authorization_url)
    assert landed.status_code == 200 and "<h1>Plugin authorized</h1>" in landed.text, landed.text
    assert oauth_server.grants("authorization_code")[-1]["client_secret"] == oauth_server.client_secret
    assert (await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id="erin")).outcome == "ok"


async def test_without_a_return_url_the_callback_ends_on_a_page(register, tool_server: ToolServer, weather_api,
                                                                 oauth_server: OAuthServer, runtime) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=code_auth(oauth_server),
                                      name="Weather <beta>")
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id="gina")
    landed = await authorize_in_browser(answer.authorization_url)
    assert landed.status_code == 200 and landed.headers["content-type"].startswith("text/html")
    assert "You authorized the plugin &#x27;Weather &lt;beta&gt;&#x27;. You can close this page and go back to the" \
        " chat." in landed.text
    assert (await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id="gina")).outcome == "ok"


async def test_a_return_url_must_be_an_absolute_http_url(register, tool_server: ToolServer, weather_api,
                                                         oauth_server: OAuthServer, runtime) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()), auth=code_auth(oauth_server))
    for bad in ("javascript:alert(1)", "//evil.example/x", "/chat/42"):
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id="hal", return_url=bad)
        assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "field 'return_url': must be an absolute http or https URL" in refused.value.details()


async def test_bad_callbacks_are_error_pages(register, tool_server: ToolServer, weather_api,
                                             oauth_server: OAuthServer, runtime, plugin_stack: KnowledgeStack) -> None:
    callback = f"{plugin_stack.gateway_url}/api/oauth/authorization_code"
    async with httpx.AsyncClient(trust_env=False, timeout=10) as browser:
        forged = await browser.get(callback, params={"code": "x", "state": "eyJ1IjoiZXZlIn0.AAAA"})
        assert forged.status_code == 400 and forged.headers["content-type"].startswith("text/html")
        assert "field &#x27;state&#x27;: the authorization state is not one Atelier issued" in forged.text
        assert "location" not in forged.headers
        plugin_id, tools = await register(weather_api(tool_server.url()), auth=code_auth(oauth_server))
        answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id="frank",
                                      return_url=tool_server.url("/chat/7"))
        approved = await browser.get(answer.authorization_url)
        target = approved.headers["location"]
        assert (await browser.get(target)).status_code == 302
        replayed = await browser.get(target)  # the provider takes a code once: no redirect, the reason
        assert replayed.status_code == 400 and "location" not in replayed.headers
        assert "the authorization failed" in replayed.text and "invalid_grant" in replayed.text
        # another return URL in the callback's query changes nothing: the signed link says where to go
        answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"}, user_id="ivy",
                                      return_url=tool_server.url("/chat/8"))
        target = (await browser.get(answer.authorization_url)).headers["location"]
        sent_back = await browser.get(target + "&return_url=https%3A%2F%2Fevil.example%2F")
        assert sent_back.status_code == 302 and sent_back.headers["location"] == tool_server.url("/chat/8")


async def test_an_expired_link_is_an_error_page(register, tool_server: ToolServer, weather_api,
                                                oauth_server: OAuthServer, plugin_stack: KnowledgeStack) -> None:
    """A link signed by the plugin service's key whose time is over (made here with that key)."""
    from atelier_plugin.auth_settings import from_manifest
    from atelier_plugin.crypto import Keyring
    from atelier_plugin.oauth import protocol

    plugin_id, _ = await register(weather_api(tool_server.url()), auth=code_auth(oauth_server))
    state = protocol.OAuthState(user_key="jo", plugin_id=int(plugin_id), version="", return_url="",
                                expires_at=int(time.time()) - 1)
    auth, _ = from_manifest(code_auth(oauth_server))
    link = protocol.authorization_url(auth, Keyring(plugin_stack.env["ATELIER_SECRET_KEY"]), state,
                                      f"{plugin_stack.gateway_url}/api/oauth/authorization_code")
    landed = await authorize_in_browser(link)
    assert landed.status_code == 400 and "the authorization link expired: ask for a new one" in landed.text
    assert oauth_server.grants("authorization_code") == []  # the code was never spent


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


async def test_revoking_where_no_authorization_can_exist_is_refused(client: AtelierClient, register, weather_api,
                                                                     tool_server: ToolServer,
                                                                     oauth_server: OAuthServer) -> None:
    def revoke(plugin_id: str | int) -> object:
        return client.call("/api/plugin_api/revoke_auth_token", {"plugin_id": str(plugin_id),
                                                                 "space_id": client.space_id, "user_id": "alice"})

    await expect_error(revoke(3), 400, "plugin 'Calculator' (3) is built in and uses no OAuth: "
                                       "there is no authorization to revoke")
    plain_id, _ = await register(weather_api(tool_server.url()), name="Weather without auth")
    await expect_error(revoke(plain_id), 400, "does not use OAuth authorization code: there is no authorization")
    oauth_id, _ = await register(weather_api(tool_server.url()), auth=code_auth(oauth_server))
    await revoke(oauth_id)  # never authorized: no token is the outcome asked for
