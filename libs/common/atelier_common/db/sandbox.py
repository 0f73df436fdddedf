"""Running model-written SQL (already checked by atelier_common.sqlguard) so that a checker bug
cannot do much: inside the caller's transaction, under a statement timeout, as a reduced role that
reaches only the tables meant for it, and with what comes back capped in Postgres itself.

Caps are applied by the database, not after the fact: every value longer than `max_value_chars`
is cut there (and ends in "…"), a result may have at most `max_columns` columns, and rows are
fetched a few at a time until `max_result_chars` of JSON is reached. So a `SELECT lpad(x, 2e7)`
ships a few kilobytes, not 40 MB.

A role switched to with SET LOCAL ROLE can be switched back by the statement itself (`RESET ROLE`,
`set_config('role', ...)`): that is why callers accept only one SELECT/INSERT/UPDATE/DELETE as a
prepared statement (one command) and refuse set_config by the function whitelist.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import asyncpg

ELLIPSIS = "…"


class RoleUnavailable(RuntimeError):
    """The reduced role does not exist or this session may not switch to it."""


class TooManyColumns(ValueError):
    """The statement selects more columns than a result may have."""


@dataclass(frozen=True)
class Caps:
    max_rows: int = 100
    max_columns: int = 64
    max_value_chars: int = 2000
    max_result_chars: int = 32_000


@dataclass
class CappedRows:
    columns: list[str]
    rows: list[list[Any]] = field(default_factory=list)  # JSON values: str, int, float, bool, None, lists...
    values_cut: int = 0  # values longer than max_value_chars, cut to it
    rows_left_out: bool = False  # the next row would have passed max_result_chars (or max_rows)


async def may_use_role(conn: asyncpg.Connection, role: str) -> bool:
    """The role exists and this session may SET ROLE to it (a member, or a superuser)."""
    return bool(await conn.fetchval(
        "SELECT coalesce((SELECT pg_has_role(current_user, oid, 'MEMBER') FROM pg_roles WHERE rolname = $1), false)",
        role))


async def confine(conn: asyncpg.Connection, *, role: str, timeout_ms: int, role_required: bool = True) -> bool:
    """Prepare the current transaction: statement timeout, UTC timestamps, then the role.
    RoleUnavailable when `role_required` and the role cannot be used; whether it is in use."""
    await conn.execute(f"SET LOCAL statement_timeout = {int(timeout_ms)}")
    await conn.execute("SET LOCAL TimeZone = 'UTC'")  # timestamps read the same whatever the server's zone
    if not await may_use_role(conn, role):
        if role_required:
            raise RoleUnavailable(f"database role {role} is missing or not granted to {await _user(conn)}")
        return False
    await conn.execute(f'SET LOCAL ROLE "{role}"')
    return True


async def _user(conn: asyncpg.Connection) -> str:
    return str(await conn.fetchval("SELECT current_user"))


def _capped_sql(sql: str, max_value_chars: int) -> str:
    """One JSON text per row of `sql`: [values in column order, how many were cut]."""
    cap = int(max_value_chars)
    return (
        "SELECT (SELECT json_build_array("
        f" json_agg(CASE WHEN length(e.value #>> '{{}}') > {cap}"
        f" THEN to_json(left(e.value #>> '{{}}', {cap}) || '{ELLIPSIS}') ELSE e.value END ORDER BY e.n),"
        f" count(*) FILTER (WHERE length(e.value #>> '{{}}') > {cap}))"
        " FROM json_each(row_to_json(q)) WITH ORDINALITY AS e(key, value, n))::text"
        f" FROM ({sql}) AS q"
    )


async def fetch_capped(conn: asyncpg.Connection, sql: str, params: Sequence[Any], caps: Caps) -> CappedRows:
    """The rows of one SELECT within `caps`. Call inside a transaction (rows come through a cursor)."""
    prepared = await conn.prepare(sql)
    columns = [a.name for a in prepared.get_attributes()]
    if len(columns) > caps.max_columns:
        raise TooManyColumns(f"the statement selects {len(columns)} columns; at most {caps.max_columns}")
    out = CappedRows(columns)
    if not columns:  # nothing to cap (and no row to wrap): the database still refuses what is not allowed
        await prepared.fetch(*params)
        return out
    # Fetch about as many rows per round trip as could fit, so little beyond the cap is ever sent.
    prefetch = max(1, min(caps.max_rows, caps.max_result_chars // (len(columns) * caps.max_value_chars)))
    size = 2  # the enclosing []
    async for record in conn.cursor(_capped_sql(sql, caps.max_value_chars), *params, prefetch=prefetch):
        text = record[0]
        if len(out.rows) >= caps.max_rows or size + len(text) + 1 > caps.max_result_chars:
            out.rows_left_out = True
            break
        values, cut = json.loads(text)
        out.rows.append(values)
        out.values_cut += cut
        size += len(text) + 1
    return out
