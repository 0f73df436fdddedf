"""Personal access tokens: generation, hashing and expiry rules (pure)."""

from __future__ import annotations

import hashlib
import secrets

TOKEN_PREFIX = "pat_"
DISPLAY_PREFIX_LEN = 12  # "pat_" + 8 random chars: enough to recognise a token in a list
MAX_DURATION_DAYS = 365
NEVER = -1  # expire_at value meaning "never expires" (Coze convention)


def generate_token() -> str:
    """A new secret token; 256 bits of randomness."""
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """What the store keeps: tokens are high-entropy, so a plain sha256 is the right hash (no salt needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


def display_prefix(token: str) -> str:
    return token[:DISPLAY_PREFIX_LEN]


def expire_at_for(now_s: int, expire_at: int | None, duration_day: str | None) -> int | None:
    """Unix seconds the token expires at, or None for never.

    `expire_at` (unix seconds) wins over `duration_day` ("1".."365" or "permanent"); neither means
    never, like a Coze "permanent" token. Raises ValueError with a readable reason.
    """
    if expire_at is not None and expire_at != 0:
        if expire_at == NEVER:
            return None
        if expire_at <= now_s:
            raise ValueError("expire_at must be in the future")
        return expire_at
    if duration_day is None or duration_day == "" or duration_day == "permanent":
        return None
    try:
        days = int(duration_day)
    except ValueError:
        raise ValueError('duration_day must be "1".."365" or "permanent"') from None
    if not 1 <= days <= MAX_DURATION_DAYS:
        raise ValueError('duration_day must be "1".."365" or "permanent"')
    return now_s + days * 86_400


def is_expired(expire_at: int | None, now_s: int) -> bool:
    return expire_at is not None and expire_at <= now_s


def parse_bearer(header: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, else None."""
    if not header:
        return None
    scheme, _, value = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()
