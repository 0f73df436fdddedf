"""The plugin service's state: what every RPC works with, built once at start."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

from atelier_common.outbound import OutboundPolicy
from atelier_common.service import ServiceDeps
from atelier_plugin.crypto import Keyring
from atelier_plugin.oauth.tokens import TokenService
from atelier_plugin.runtime.http_call import CallLimits
from atelier_plugin.spec_cache import SpecCache


@dataclass(frozen=True)
class PluginState:
    deps: ServiceDeps
    keyring: Keyring  # secrets at rest, OAuth states
    policy: OutboundPolicy  # the SSRF guard's settings for tool calls and token endpoints
    limits: CallLimits
    tokens: TokenService
    specs: SpecCache  # parsed documents per plugin version

    @property
    def public_url(self) -> str:
        return self.deps.settings.public_base_url()


def build_state(deps: ServiceDeps) -> PluginState:
    """Fails (SecretKeyMissing, naming ATELIER_SECRET_KEY) when credentials could not be kept safe."""
    settings = deps.settings
    keyring = Keyring(settings.secret_key)
    policy = OutboundPolicy.from_settings(settings)
    limits = CallLimits(timeout_s=settings.plugin_call_timeout_s, max_bytes=settings.plugin_max_response_bytes,
                        retries=max(0, settings.plugin_retries), backoff_s=settings.plugin_retry_backoff_s)
    return PluginState(deps=deps, keyring=keyring, policy=policy, limits=limits,
                       tokens=TokenService(deps.pool, keyring, policy), specs=SpecCache())


@contextlib.asynccontextmanager
async def lifespan(deps: ServiceDeps) -> AsyncIterator[PluginState]:
    yield build_state(deps)
