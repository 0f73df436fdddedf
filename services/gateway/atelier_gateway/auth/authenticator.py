"""`Authorization: Bearer <token>` -> RequestContext (user id + the spaces the token reaches).

Lookups are cached in-process for a few seconds: every API call authenticates, and a revoked
token staying valid for at most TTL seconds on other gateway replicas is an accepted trade-off
(the replica that deletes it evicts it at once).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from atelier_common.auth import RequestContext
from atelier_common.errors import Unauthenticated
from atelier_common.shared_calls import SharedCalls
from atelier_gateway.auth.store import AuthStore, TokenRow, now_s
from atelier_gateway.domain.tokens import display_prefix, generate_token, hash_token, is_expired, parse_bearer

CACHE_TTL_S = 5.0


@dataclass(frozen=True)
class Principal:
    ctx: RequestContext
    token_id: int
    user_name: str
    expire_at: int | None


class Authenticator:
    def __init__(self, store: AuthStore, ttl_s: float = CACHE_TTL_S) -> None:
        self.store = store
        self.ttl_s = ttl_s
        self._cache: dict[str, tuple[float, Principal]] = {}
        self._loads: SharedCalls[str, Principal] = SharedCalls()

    async def authenticate(self, authorization: str | None) -> Principal:
        token = parse_bearer(authorization)
        if token is None:
            raise Unauthenticated("missing bearer token")
        key = hash_token(token)
        hit = self._cache.get(key)
        now = time.monotonic()
        if hit is not None and hit[0] > now:
            principal = hit[1]
        else:
            # One load at a time per token: a burst of requests once its entry expired reads it once.
            principal = await self._loads.call(key, lambda: self._load_and_keep(key, now))
        if is_expired(principal.expire_at, now_s()):
            raise Unauthenticated("token expired")
        return principal

    async def _load_and_keep(self, key: str, now: float) -> Principal:
        principal = await self._load(key)
        self._cache[key] = (now + self.ttl_s, principal)
        if len(self._cache) > 10_000:  # bound memory; expired entries first
            self._cache = {k: v for k, v in self._cache.items() if v[0] > now}
        return principal

    async def _load(self, key: str) -> Principal:
        row = await self.store.token_by_hash(key)
        if row is None:
            raise Unauthenticated("invalid token")
        spaces = set(await self.store.user_space_ids(row.user_id))
        if row.space_ids is not None:  # a token limited to some spaces reaches only those still joined
            spaces &= set(row.space_ids)
        await self.store.touch_token(row.id)
        return Principal(
            ctx=RequestContext(user_id=row.user_id, space_ids=frozenset(spaces)),
            token_id=row.id,
            user_name=row.user_name,
            expire_at=row.expire_at,
        )

    def evict(self, token_hash: str | None = None) -> None:
        if token_hash is None:
            self._cache.clear()
        else:
            self._cache.pop(token_hash, None)


async def issue_token(
    store: AuthStore,
    user_id: int,
    name: str,
    *,
    expire_at: int | None = None,
    space_ids: list[int] | None = None,
) -> tuple[str, TokenRow]:
    """Create a token for the user; returns (the secret, shown once; the stored row)."""
    token = generate_token()
    row = await store.insert_token(
        user_id=user_id,
        name=name,
        token_hash=hash_token(token),
        token_prefix=display_prefix(token),
        space_ids=space_ids,
        expire_at=expire_at,
    )
    return token, row
