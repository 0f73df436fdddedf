"""The plugin service's state: what every RPC works with, built once at start."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

import httpx

from atelier_common.db.change_listener import ChangeListener
from atelier_common.outbound import Fetcher, OutboundPolicy, guarded_client
from atelier_common.service import ServiceDeps
from atelier_plugin.crypto import Keyring
from atelier_plugin.mcp import McpAccess
from atelier_plugin.oauth.tokens import TokenService
from atelier_plugin.runtime.http_call import CallLimits
from atelier_plugin.spec_cache import SpecCache
from atelier_plugin.view_cache import TOPIC, ViewCache


@dataclass(frozen=True)
class PluginState:
    deps: ServiceDeps
    keyring: Keyring  # secrets at rest, OAuth states
    policy: OutboundPolicy  # the SSRF guard's settings for tool calls and token endpoints
    http: httpx.AsyncClient  # through the SSRF guard; one for the process (making one costs ~100 ms)
    fetcher: Fetcher  # GETs with the guard's size and time caps (imported documents), on `http`
    limits: CallLimits
    tokens: TokenService
    specs: SpecCache  # parsed documents per plugin version
    views: ViewCache  # plugins and their views as tool calls read them, dropped when one changes
    mcp: McpAccess  # what MCP plugins' servers may be reached (the same SSRF guard settings)

    @property
    def public_url(self) -> str:
        return self.deps.settings.public_base_url()


@contextlib.asynccontextmanager
async def lifespan(deps: ServiceDeps) -> AsyncIterator[PluginState]:
    """Fails (SecretKeyMissing, naming ATELIER_SECRET_KEY) when credentials could not be kept safe."""
    settings = deps.settings
    keyring = Keyring(settings.secret_key)
    policy = OutboundPolicy.from_settings(settings)
    limits = CallLimits(timeout_s=settings.plugin_call_timeout_s, max_bytes=settings.plugin_max_response_bytes,
                        retries=max(0, settings.plugin_retries), backoff_s=settings.plugin_retry_backoff_s)
    views = ViewCache()
    sync = ChangeListener(deps.pool, TOPIC, views)
    async with guarded_client(policy) as http:
        await sync.start()
        try:
            yield PluginState(deps=deps, keyring=keyring, policy=policy, http=http, fetcher=Fetcher(policy, http),
                              limits=limits,
                              tokens=TokenService(deps.pool, keyring, policy, http), specs=SpecCache(),
                              views=views, mcp=McpAccess.from_settings(settings))
        finally:
            await sync.stop()  # before the pool closes: it holds one of its connections
