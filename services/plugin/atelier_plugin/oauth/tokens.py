"""OAuth tokens of plugins: a user's authorization-code token (stored sealed, refreshed when it
expires, forgotten on revoke) and a plugin's client-credentials token (cached in the process until
it expires). Token endpoints are reached through the SSRF guard."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import weakref

import asyncpg
import httpx

from atelier_common.outbound import OutboundFailed, OutboundPolicy, OutboundRefused, read_capped
from atelier_plugin.crypto import Keyring, SecretUnreadable
from atelier_plugin.entities import AuthConfig, Credentials, OAuthToken, client_fingerprint
from atelier_plugin.oauth import protocol
from atelier_plugin.oauth.protocol import OAuthError
from atelier_plugin.store import tokens as token_rows

log = logging.getLogger("atelier.plugin.oauth")

MAX_TOKEN_RESPONSE_BYTES = 64 * 1024


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class TokenService:
    def __init__(self, pool: asyncpg.Pool, keyring: Keyring, policy: OutboundPolicy, http: httpx.AsyncClient) -> None:
        """`http` must be a `guarded_client`."""
        self.pool = pool
        self.keyring = keyring
        self.policy = policy
        self.http = http
        self._client_tokens: dict[tuple[int, str], OAuthToken] = {}
        self._locks: weakref.WeakValueDictionary[tuple[int, str, str], asyncio.Lock] = weakref.WeakValueDictionary()

    def _lock(self, key: tuple[int, str, str]) -> asyncio.Lock:
        # One refresh per token at a time: parallel tool calls must not spend one refresh token twice.
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    # ---------------------------------------------------------------- authorization code

    async def user_token(self, plugin_id: int, auth: AuthConfig, credentials: Credentials,
                         user_key: str) -> OAuthToken | None:
        """The user's usable token, refreshed when it expired; None when they must authorize
        (never did, revoked, other client settings, or the refresh was refused)."""
        client = client_fingerprint(auth, credentials)
        async with self._lock((plugin_id, user_key, client)):
            stored = await token_rows.get(self.pool, plugin_id, user_key, client)
            if stored is None:
                return None
            row = token_rows.row_name(plugin_id, user_key, client)
            try:
                token = protocol.token_of(self.keyring.open(stored.sealed, row), stored.expires_at)
            except SecretUnreadable:
                log.warning("an OAuth token does not decrypt; the user must authorize again",
                            extra={"plugin_id": plugin_id})
                return None
            if not token.expired(_now()):
                return token
            if not token.refresh_token:
                return None
            try:
                fresh = await self._token(auth, credentials, protocol.refresh_grant(token.refresh_token, auth.scope),
                                          previous_refresh_token=token.refresh_token)
            except OAuthError as exc:
                log.info("refreshing an OAuth token failed; the user must authorize again",
                         extra={"plugin_id": plugin_id, "error": str(exc)})
                await token_rows.delete(self.pool, plugin_id, user_key, client)
                return None
            await self._store(plugin_id, user_key, client, fresh)
            return fresh

    async def exchange_code(self, plugin_id: int, auth: AuthConfig, credentials: Credentials, user_key: str,
                            code: str, callback: str) -> None:
        """Trade the provider's code for a token and keep it for the user."""
        token = await self._token(auth, credentials, protocol.code_grant(code, callback))
        await self._store(plugin_id, user_key, client_fingerprint(auth, credentials), token)

    async def has_token(self, plugin_id: int, auth: AuthConfig, credentials: Credentials, user_key: str) -> bool:
        return await token_rows.get(self.pool, plugin_id, user_key, client_fingerprint(auth, credentials)) is not None

    async def revoke(self, plugin_id: int, user_key: str) -> int:
        """Forget every token of the user for the plugin; how many there were."""
        return await token_rows.delete(self.pool, plugin_id, user_key)

    async def _store(self, plugin_id: int, user_key: str, client: str, token: OAuthToken) -> None:
        sealed = self.keyring.seal(protocol.token_doc(token), token_rows.row_name(plugin_id, user_key, client))
        await token_rows.upsert(self.pool, plugin_id, user_key, client, sealed, token.expires_at)

    # ---------------------------------------------------------------- client credentials

    async def client_token(self, plugin_id: int, auth: AuthConfig, credentials: Credentials) -> OAuthToken:
        """The plugin's own token (client credentials), fetched when absent or expired."""
        key = (plugin_id, client_fingerprint(auth, credentials))
        async with self._lock((*key, "")):
            cached = self._client_tokens.get(key)
            if cached is not None and not cached.expired(_now()):
                return cached
            token = await self._token(auth, credentials, protocol.client_credentials_grant(auth.scope))
            self._client_tokens[key] = token
            return token

    def forget_client_token(self, plugin_id: int, auth: AuthConfig, credentials: Credentials) -> None:
        """Drop a cached token the tool refused (401), so the next call fetches a new one."""
        self._client_tokens.pop((plugin_id, client_fingerprint(auth, credentials)), None)

    # ---------------------------------------------------------------- the token endpoint

    async def _token(self, auth: AuthConfig, credentials: Credentials, grant: dict[str, str], *,
                     previous_refresh_token: str = "") -> OAuthToken:
        """POST to the token endpoint: client authentication in the Basic header first, in the form
        when the provider refuses that (what Go's oauth2 package does too)."""
        for in_header in (True, False):
            request = protocol.token_request(auth, credentials, grant, client_auth_in_header=in_header)
            status, content_type, body = await self._post(request)
            if in_header and protocol.refused_client_auth(status, body):
                continue
            return protocol.read_token(status, content_type, body, _now(), previous_refresh_token)
        raise AssertionError("unreachable")

    async def _post(self, request: protocol.TokenRequest) -> tuple[int, str, bytes]:
        what = f"the token endpoint {request.url}"
        try:
            async with asyncio.timeout(self.policy.timeout_s), \
                    self.http.stream("POST", request.url, data=request.form, auth=request.basic_auth,
                                     headers={"Accept": "application/json"}) as response:
                body = await read_capped(response, MAX_TOKEN_RESPONSE_BYTES, what)
                return response.status_code, response.headers.get("content-type", ""), body
        except OutboundRefused as exc:
            raise OAuthError(f"{what} is refused: {exc.url} {exc}") from None
        except OutboundFailed as exc:
            raise OAuthError(str(exc)) from None
        except TimeoutError:
            raise OAuthError(f"{what} did not answer within {self.policy.timeout_s:g} s") from None
        except httpx.HTTPError as exc:
            raise OAuthError(f"{what} could not be reached: {type(exc).__name__}: {exc}") from None
