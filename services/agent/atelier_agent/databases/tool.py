"""The SQL tool an agent gets for each bound memory table: its definition for the model, and running
the model's statement (checked and rewritten by databases.sql) as the end user."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import asyncpg

from atelier_agent.databases import schema, store
from atelier_agent.databases.schema import LIMITED, READ_ONLY, FieldSpec
from atelier_agent.databases.sql import USER_SETTING, SqlRefused, plan

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
    rows = await store.get_many(conn, database_ids)
    return [BoundTable(r["id"], r["table_name"], r["table_desc"], schema.from_docs(list(r["field_list"])),
                       r["rw_mode"], schema.physical(r["id"])) for r in rows]


def tool_definition(table: BoundTable) -> dict[str, Any]:
    columns = ", ".join(["id (integer, automatic)", "created_at (timestamp, automatic)",
                         *(f"{f.name} ({TYPE_NAMES[f.type]}{', required' if f.must_required else ''})"
                           f"{': ' + f.desc if f.desc else ''}" for f in table.fields)])
    allowed = "SELECT only (read-only table)" if table.rw_mode == READ_ONLY else "SELECT, INSERT, UPDATE or DELETE"
    scope = " Rows are the current user's own." if table.rw_mode == LIMITED else ""
    return {"type": "function", "function": {
        "name": f"db_{table.table_name}"[:64],
        "description": (f"Run one SQL statement ({allowed}) on table {table.table_name}"
                        f"{': ' + table.table_desc if table.table_desc else ''}. Columns: {columns}.{scope}"),
        "parameters": {"type": "object", "required": ["sql"], "properties": {
            "sql": {"type": "string", "description": f"One PostgreSQL statement on table {table.table_name}"}}},
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
                       rw_mode=table.rw_mode)
    except SqlRefused as e:
        raise ToolInputError(str(e)) from None
    async with pool.acquire() as conn, conn.transaction(readonly=planned.is_select):
        await conn.execute(f"SET LOCAL statement_timeout = '{STATEMENT_TIMEOUT}'")
        await conn.execute("SELECT set_config($1, $2, true)", USER_SETTING, user_id)
        try:
            if planned.is_select:
                rows = await conn.fetch(planned.sql)
                return json.dumps({"rows": [{k: schema.render(v) for k, v in r.items()} for r in rows]},
                                  ensure_ascii=False)
            status = await conn.execute(planned.sql)
        except asyncpg.PostgresError as e:  # bad values, timeouts
            raise ToolInputError(f"the statement failed: {getattr(e, 'message', str(e))}") from None
    return json.dumps({"affected": int(status.split()[-1])})
