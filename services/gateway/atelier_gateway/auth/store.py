"""SQL for users, spaces, space members and personal access tokens (schema `gateway`)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import asyncpg


def now_s() -> int:
    return int(time.time())


@dataclass(frozen=True)
class TokenRow:
    id: int
    user_id: int
    name: str
    token_prefix: str
    space_ids: tuple[int, ...] | None
    created_at: int
    updated_at: int
    last_used_at: int | None
    expire_at: int | None
    user_name: str = ""


def _token(row: asyncpg.Record) -> TokenRow:
    spaces = row["space_ids"]
    return TokenRow(
        id=row["id"],
        user_id=row["user_id"],
        name=row["name"],
        token_prefix=row["token_prefix"],
        space_ids=tuple(spaces) if spaces is not None else None,
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        last_used_at=row["last_used_at"],
        expire_at=row["expire_at"],
        user_name=row.get("user_name", ""),
    )


@dataclass(frozen=True)
class Membership:
    """A space seen by one of its members."""

    space_id: int
    name: str
    personal: bool
    owner_id: int
    role: str  # owner | admin | member


@dataclass(frozen=True)
class User:
    id: int
    name: str
    created_at: int


_TOKEN_COLS = """t.id, t.user_id, t.name, t.token_prefix, t.space_ids, t.created_at, t.updated_at,
    t.last_used_at, t.expire_at, u.name AS user_name"""


class AuthStore:
    def __init__(self, pool: Any) -> None:
        self.pool = pool

    # ------------------------------------------------------------------ users and spaces
    async def ensure_user(self, name: str) -> tuple[int, bool]:
        """The user's id, creating it with a personal space when missing; (id, created)."""
        async with self.pool.acquire() as conn, conn.transaction():
            user_id = await conn.fetchval("SELECT id FROM users WHERE name = $1", name)
            if user_id is not None:
                return user_id, False
            user_id = await conn.fetchval(
                "INSERT INTO users (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING id", name
            )
            if user_id is None:  # a concurrent creator won
                return await conn.fetchval("SELECT id FROM users WHERE name = $1", name), False
            space_id = await conn.fetchval(
                "INSERT INTO spaces (name, owner_id, personal) VALUES ($1, $2, true) RETURNING id",
                "Personal",
                user_id,
            )
            await conn.execute(
                "INSERT INTO space_members (space_id, user_id, role) VALUES ($1, $2, 'owner')", space_id, user_id
            )
            return user_id, True

    async def create_space(self, name: str, owner_id: int) -> int:
        async with self.pool.acquire() as conn, conn.transaction():
            space_id = await conn.fetchval(
                "INSERT INTO spaces (name, owner_id) VALUES ($1, $2) RETURNING id", name, owner_id
            )
            await conn.execute(
                "INSERT INTO space_members (space_id, user_id, role) VALUES ($1, $2, 'owner')", space_id, owner_id
            )
            return space_id

    async def add_member(self, space_id: int, user_id: int, role: str = "member") -> None:
        await self.pool.execute(
            "INSERT INTO space_members (space_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            space_id,
            user_id,
            role,
        )

    async def user(self, user_id: int) -> User | None:
        row = await self.pool.fetchrow("SELECT id, name, created_at FROM users WHERE id = $1", user_id)
        return User(row["id"], row["name"], row["created_at"]) if row else None

    async def memberships(self, user_id: int, space_ids: list[int], *, offset: int, limit: int) -> tuple[list[Membership], int]:
        """A page of the user's spaces among `space_ids` (personal first, then oldest first) and
        how many there are in all."""
        rows = await self.pool.fetch(
            """SELECT s.id, s.name, s.personal, s.owner_id, m.role, count(*) OVER () AS total
               FROM space_members m JOIN spaces s ON s.id = m.space_id
               WHERE m.user_id = $1 AND m.space_id = ANY($2::bigint[])
               ORDER BY s.personal DESC, s.id OFFSET $3 LIMIT $4""",
            user_id,
            space_ids,
            offset,
            limit,
        )
        if rows:
            total = rows[0]["total"]
        else:  # past the last page: count alone
            total = await self.pool.fetchval(
                "SELECT count(*) FROM space_members WHERE user_id = $1 AND space_id = ANY($2::bigint[])", user_id, space_ids
            )
        return [Membership(r["id"], r["name"], r["personal"], r["owner_id"], r["role"]) for r in rows], total

    async def user_space_ids(self, user_id: int) -> list[int]:
        rows = await self.pool.fetch("SELECT space_id FROM space_members WHERE user_id = $1 ORDER BY space_id", user_id)
        return [r["space_id"] for r in rows]

    # ------------------------------------------------------------------ tokens
    async def insert_token(
        self,
        *,
        user_id: int,
        name: str,
        token_hash: str,
        token_prefix: str,
        space_ids: list[int] | None,
        expire_at: int | None,
    ) -> TokenRow:
        ts = now_s()
        row = await self.pool.fetchrow(
            f"""WITH t AS (
                   INSERT INTO personal_access_tokens
                       (user_id, name, token_hash, token_prefix, space_ids, created_at, updated_at, expire_at)
                   VALUES ($1, $2, $3, $4, $5, $6, $6, $7) RETURNING *)
               SELECT {_TOKEN_COLS} FROM t JOIN users u ON u.id = t.user_id""",
            user_id,
            name,
            token_hash,
            token_prefix,
            space_ids,
            ts,
            expire_at,
        )
        return _token(row)

    async def token_by_hash(self, token_hash: str) -> TokenRow | None:
        row = await self.pool.fetchrow(
            f"SELECT {_TOKEN_COLS} FROM personal_access_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1",
            token_hash,
        )
        return _token(row) if row else None

    async def touch_token(self, token_id: int) -> None:
        await self.pool.execute("UPDATE personal_access_tokens SET last_used_at = $2 WHERE id = $1", token_id, now_s())

    async def get_token(self, user_id: int, token_id: int) -> TokenRow | None:
        row = await self.pool.fetchrow(
            f"""SELECT {_TOKEN_COLS} FROM personal_access_tokens t JOIN users u ON u.id = t.user_id
                WHERE t.id = $1 AND t.user_id = $2""",
            token_id,
            user_id,
        )
        return _token(row) if row else None

    async def list_tokens(self, user_id: int, *, offset: int, limit: int) -> list[TokenRow]:
        rows = await self.pool.fetch(
            f"""SELECT {_TOKEN_COLS} FROM personal_access_tokens t JOIN users u ON u.id = t.user_id
                WHERE t.user_id = $1 ORDER BY t.id DESC OFFSET $2 LIMIT $3""",
            user_id,
            offset,
            limit,
        )
        return [_token(r) for r in rows]

    async def rename_token(self, user_id: int, token_id: int, name: str) -> bool:
        status = await self.pool.execute(
            "UPDATE personal_access_tokens SET name = $3, updated_at = $4 WHERE id = $1 AND user_id = $2",
            token_id,
            user_id,
            name,
            now_s(),
        )
        return status.endswith(" 1")

    async def delete_token(self, user_id: int, token_id: int) -> str | None:
        """Deletes the token; its hash (to evict caches) or None when it is not the user's."""
        return await self.pool.fetchval(
            "DELETE FROM personal_access_tokens WHERE id = $1 AND user_id = $2 RETURNING token_hash", token_id, user_id
        )
