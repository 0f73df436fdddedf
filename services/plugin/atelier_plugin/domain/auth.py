"""Credentials a tool call carries, decrypted by the caller; their values never appear in a repr."""

from __future__ import annotations

from dataclasses import dataclass, field

from atelier_proto.enums import AuthorizationServiceLocation


@dataclass(frozen=True)
class NoAuth:
    pass


@dataclass(frozen=True)
class ApiKeyAuth:
    """A service token or API key sent as one header or query parameter (Coze's service_http)."""

    location: AuthorizationServiceLocation
    name: str  # e.g. X-API-Key, or api_key in the query
    value: str = field(repr=False)


@dataclass(frozen=True)
class BearerAuth:
    """An OAuth access token, sent as Authorization: Bearer <token>."""

    token: str = field(repr=False)


Auth = NoAuth | ApiKeyAuth | BearerAuth
