"""The SQL tool an agent gets for each bound memory table: its definition for the model, and running
the model's statement (checked and rewritten by databases.sql) as the end user, under the reduced
role of migration 0004 and with its result capped in the database (atelier_common.db.sandbox)."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

import asyncpg

from atelier_agent.databases import store, values
from atelier_agent.databases.sql import MAX_ROWS, Planned, SqlRefused, plan
from atelier_agent.domain.entities import FieldSpec
from atelier_common.db import sandbox
from atelier_proto.enums import BotTableRWMode, FieldItemType

log = logging.getLogger("atelier.agent.sql_tool")

STATEMENT_TIMEOUT_MS = 5000
MEMORY_ROLE = "atelier_agent_memory"  # migrations/0004_memory_sql_role.sql
# What one tool result may hold: it becomes a message the model reads and the chat keeps.
MAX_VALUE_CHARS = 2000
MAX_RESULT_CHARS = 32_000
CAPS = sandbox.Caps(max_rows=MAX_ROWS, max_value_chars=MAX_VALUE_CHARS, max_result_chars=MAX_RESULT_CHARS)
TYPE_NAMES = {FieldItemType.Text: "text", FieldItemType.Number: "integer", FieldItemType.Date: "timestamp (ISO 8601)",
              FieldItemType.Float: "number", FieldItemType.Boolean: "boolean"}


class ToolInputError(Exception):
    """The model's call cannot run; the message tells the model why."""


@dataclass(frozen=True)
class BoundTable:
    database_id: int
    table_name: str
    table_desc: str
    fields: list[FieldSpec]
    rw_mode: BotTableRWMode
    physical: str


async def load_bound_tables(conn: store.Conn, database_ids: list[int]) -> list[BoundTable]:
    """The tables in the agent's order; deleted ones (still named by old versions) are skipped."""
    by_id = {db.id: db for db in await store.get_many(conn, database_ids)}
    return [BoundTable(db.id, db.table_name, db.table_desc, db.fields, db.rw_mode, db.physical_table)
            for db in (by_id.get(i) for i in dict.fromkeys(database_ids)) if db is not None]


def tool_definition(table: BoundTable) -> dict[str, Any]:
    columns = ", ".join(["id (integer, automatic)", "created_at (timestamp, automatic)",
                         *(f"{f.name} ({TYPE_NAMES[f.type]}{', required' if f.must_required else ''})"
                           f"{': ' + f.desc if f.desc else ''}" for f in table.fields)])
    allowed = "SELECT only (read-only table)" if table.rw_mode == BotTableRWMode.ReadOnly else "SELECT, INSERT, UPDATE or DELETE"
    scope = " You only see and change the current user's own rows." if table.rw_mode == BotTableRWMode.LimitedReadWrite else ""
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
    return await execute(pool, planned)


@dataclass(frozen=True)
class Outcome:
    """What a planned statement did: a SELECT's rows (capped), or how many rows it changed."""

    is_select: bool
    rows: list[dict[str, Any]]
    affected: int = 0
    truncated: str = ""  # why fewer rows or shorter values came back, when they did


async def execute(pool: Any, planned: Planned) -> str:
    """Run a planned statement as the memory role; the tool's JSON result."""
    outcome = await run_planned(pool, planned, CAPS)
    if not outcome.is_select:
        return json.dumps({"affected": outcome.affected})
    out: dict[str, Any] = {"rows": outcome.rows}
    if outcome.truncated:
        out["truncated"] = outcome.truncated
    return json.dumps(out, ensure_ascii=False)


async def run_planned(pool: Any, planned: Planned, caps: sandbox.Caps) -> Outcome:
    """Run a planned statement as the memory role, its values bound to the types Postgres expects."""
    async with pool.acquire() as conn, conn.transaction(readonly=planned.is_select):
        try:
            await sandbox.confine(conn, role=MEMORY_ROLE, timeout_ms=STATEMENT_TIMEOUT_MS)
        except sandbox.RoleUnavailable as e:
            log.error("the SQL tool cannot run: %s", e)
            raise ToolInputError("the memory tables are unavailable right now") from None
        try:
            # A prepared statement: the server itself refuses more than one command.
            prepared = await conn.prepare(planned.sql)
            params = _bound(planned, [t.name for t in prepared.get_parameters()])
            if planned.is_select:
                return _rows_outcome(await sandbox.fetch_capped(conn, planned.sql, params, caps), caps)
            await prepared.fetch(*params)
        except sandbox.TooManyColumns as e:
            raise ToolInputError(str(e)) from None
        except asyncpg.PostgresError as e:  # bad values, timeouts, privileges
            raise ToolInputError(f"the statement failed: {getattr(e, 'message', None) or e}") from None
        return Outcome(False, [], int(prepared.get_statusmsg().split()[-1]))


def _bound(planned: Planned, type_names: list[str]) -> list[Any]:
    """The user's id as it is, the caller's values converted to their parameters' types."""
    start = planned.values_from
    try:
        return [*planned.params[:start], *values.bind(planned.params[start:], type_names[start:])]
    except values.ValueRefused as e:
        raise ToolInputError(str(e)) from None


def _rows_outcome(result: sandbox.CappedRows, caps: sandbox.Caps) -> Outcome:
    notes = []
    if result.values_cut:
        notes.append(f"{result.values_cut} value(s) longer than {caps.max_value_chars} characters were cut"
                     f" (they end in {sandbox.ELLIPSIS})")
    if result.rows_left_out:
        notes.append(f"only the first {len(result.rows)} rows fit in the {caps.max_result_chars}-character result;"
                     " more rows matched: select fewer or shorter columns, or add conditions or a LIMIT")
    return Outcome(True, [dict(zip(result.columns, row, strict=True)) for row in result.rows],
                   truncated="; ".join(notes))
