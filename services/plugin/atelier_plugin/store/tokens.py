"""oauth_tokens rows: authorization-code tokens per plugin, end user and OAuth client settings."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from atelier_plugin.store import Conn


@dataclass(frozen=True)
class StoredToken:
    sealed: bytes
    expires_at: dt.datetime | None


def row_name(plugin_id: int, user_key: str, client: str) -> str:
    """The associated data a token's ciphertext is bound to."""
    return f"token:{plugin_id}:{client}:{user_key}"


async def get(conn: Conn, plugin_id: int, user_key: str, client: str) -> StoredToken | None:
    row = await conn.fetchrow("SELECT token_sealed, expires_at FROM oauth_tokens"
                              " WHERE plugin_id = $1 AND user_key = $2 AND client = $3", plugin_id, user_key, client)
    return StoredToken(row["token_sealed"], row["expires_at"]) if row else None


async def upsert(conn: Conn, plugin_id: int, user_key: str, client: str, sealed: bytes,
                 expires_at: dt.datetime | None) -> None:
    await conn.execute(
        "INSERT INTO oauth_tokens (plugin_id, user_key, client, token_sealed, expires_at) VALUES ($1, $2, $3, $4, $5)"
        " ON CONFLICT (plugin_id, user_key, client) DO UPDATE SET token_sealed = EXCLUDED.token_sealed,"
        " expires_at = EXCLUDED.expires_at, updated_at = now()", plugin_id, user_key, client, sealed, expires_at)


async def delete(conn: Conn, plugin_id: int, user_key: str, client: str | None = None) -> int:
    """Forget a user's tokens of a plugin (of one client's settings, or all); how many were removed."""
    if client is None:
        status = await conn.execute("DELETE FROM oauth_tokens WHERE plugin_id = $1 AND user_key = $2",
                                    plugin_id, user_key)
    else:
        status = await conn.execute("DELETE FROM oauth_tokens WHERE plugin_id = $1 AND user_key = $2 AND client = $3",
                                    plugin_id, user_key, client)
    return int(status.split()[-1])


async def delete_plugin(conn: Conn, plugin_id: int) -> None:
    """Every user's tokens of a plugin (it is being deleted)."""
    await conn.execute("DELETE FROM oauth_tokens WHERE plugin_id = $1", plugin_id)
