"""The SQL tool an agent gets for each bound memory table: its definition for the model, and running
the model's statement (checked and rewritten by databases.sql) as the end user."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import asyncpg

from atelier_agent.databases import schema, store
from atelier_agent.databases.schema import LIMITED, READ_ONLY, FieldSpec
from atelier_agent.databases.sql import MAX_ROWS, SqlRefused, plan

STATEMENT_TIMEOUT = "5s"
TYPE_NAMES = {1: "text", 2: "integer", 3: "timestamp (ISO 8601)", 4: "number", 5: "boolean"}


class ToolInputError(Exception):
    """The model's call cannot run; the message tells the model why."""


@dataclass(frozen=True)
class BoundTable:
    database_id: int
    table_name: str
    table_desc: str
    fields: list[FieldSpec]
    rw_mode: int
    physical: str


async def load_bound_tables(conn: Any, database_ids: list[int]) -> list[BoundTable]:
    """The tables in the agent's order; deleted ones (still named by old versions) are skipped."""
    rows = {r["id"]: r for r in await store.get_many(conn, database_ids)}
    return [BoundTable(r["id"], r["table_name"], r["table_desc"], schema.from_docs(list(r["field_list"])),
                       r["rw_mode"], schema.physical(r["id"]))
            for r in (rows.get(i) for i in dict.fromkeys(database_ids)) if r is not None]


def tool_definition(table: BoundTable) -> dict[str, Any]:
    columns = ", ".join(["id (integer, automatic)", "created_at (timestamp, automatic)",
                         *(f"{f.name} ({TYPE_NAMES[f.type]}{', required' if f.must_required else ''})"
                           f"{': ' + f.desc if f.desc else ''}" for f in table.fields)])
    allowed = "SELECT only (read-only table)" if table.rw_mode == READ_ONLY else "SELECT, INSERT, UPDATE or DELETE"
    scope = " You only see and change the current user's own rows." if table.rw_mode == LIMITED else ""
    return {"type": "function", "function": {
        "name": f"db_{table.table_name}"[:64],
        "description": (
            f"Run one PostgreSQL statement ({allowed}) on table {table.table_name}"
            f"{' (' + table.table_desc + ')' if table.table_desc else ''}. Columns: {columns}.{scope}"
            f" Only this table: no joins, subqueries or WITH; INSERT names its columns and uses VALUES."
            f" A SELECT returns at most {MAX_ROWS} rows as JSON; other statements return the affected row count."),
        "parameters": {"type": "object", "required": ["sql"], "properties": {
            "sql": {"type": "string", "description": f"One SQL statement on table {table.table_name}"}}},
    }}


async def run_sql_tool(pool: Any, table: BoundTable, *, user_id: str, arguments: str) -> str:
    try:
        args = json.loads(arguments or "{}")
    except json.JSONDecodeError as e:
        raise ToolInputError(f"the arguments are not valid JSON ({e.msg}); send {{\"sql\": \"...\"}}") from None
    sql = args.get("sql") if isinstance(args, dict) else None
    if not isinstance(sql, str) or not sql.strip():
        raise ToolInputError("'sql' must be a non-empty string")
    try:
        planned = plan(sql, table_name=table.table_name, database_id=table.database_id, fields=table.fields,
                       rw_mode=table.rw_mode, user_id=user_id)
    except SqlRefused as e:
        raise ToolInputError(str(e)) from None
    async with pool.acquire() as conn, conn.transaction(readonly=planned.is_select):
        await conn.execute(f"SET LOCAL statement_timeout = '{STATEMENT_TIMEOUT}'")
        try:
            # A prepared statement: the server itself refuses more than one command.
            prepared = await conn.prepare(planned.sql)
            rows = await prepared.fetch(*planned.params)
        except asyncpg.PostgresError as e:  # bad values, timeouts
            raise ToolInputError(f"the statement failed: {getattr(e, 'message', None) or e}") from None
        if planned.is_select:
            return json.dumps({"rows": [{k: _json_value(v) for k, v in r.items()} for r in rows]},
                              ensure_ascii=False)
        return json.dumps({"affected": int(prepared.get_statusmsg().split()[-1])})


def _json_value(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Decimal):  # avg() and friends
        return float(value)
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    return str(value)
