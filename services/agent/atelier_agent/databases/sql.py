"""The model's SQL for one memory table -> a safe statement on the physical table. Pure: no I/O.

The model writes against the user-facing names (`books`, `title`); we accept exactly one SELECT,
INSERT, UPDATE or DELETE touching only that table (read-only tables: SELECT only), with functions
from a short list, rename table and columns to `agent_user_tables.t_<id>` / `c_<field id>`, and in
limited mode confine it to the end user's rows. The user id never enters the SQL text: it is read
with current_setting('atelier.user_id'), which the executor sets per transaction."""

from __future__ import annotations

from dataclasses import dataclass

import sqlglot
from sqlglot import exp

from atelier_agent.databases.schema import LIMITED, READ_ONLY, SCHEMA, FieldSpec

USER_SETTING = "atelier.user_id"
MAX_ROWS = 100
ALLOWED_FUNCTIONS = {
    "COUNT", "SUM", "AVG", "MIN", "MAX", "LOWER", "UPPER", "LENGTH", "COALESCE", "ABS", "ROUND", "TRIM",
    "SUBSTRING", "CONCAT", "CURRENT_TIMESTAMP", "CURRENT_DATE", "NOW", "CAST", "TRYCAST", "DATE_TRUNC", "EXTRACT",
    "CURRENTTIMESTAMP", "CURRENTDATE", "DATETRUNC", "TIMESTAMPTRUNC", "STRPOSITION", "REPLACE",
}
SYSTEM_COLUMNS = {"id": "id", "created_at": "created_at"}


class SqlRefused(ValueError):
    """Why the statement cannot run, written for the model."""


@dataclass(frozen=True)
class Planned:
    sql: str
    is_select: bool


def _user() -> exp.Expression:
    return exp.func("current_setting", exp.Literal.string(USER_SETTING))


def plan(sql: str, *, table_name: str, database_id: int, fields: list[FieldSpec], rw_mode: int) -> Planned:
    try:
        statements = [s for s in sqlglot.parse(sql, read="postgres") if s is not None]
    except sqlglot.errors.ParseError as e:
        raise SqlRefused(f"the SQL does not parse: {str(e).splitlines()[0]}") from None
    if len(statements) != 1:
        raise SqlRefused("send exactly one statement")
    stmt = statements[0]
    if not isinstance(stmt, exp.Select | exp.Insert | exp.Update | exp.Delete):
        raise SqlRefused("only SELECT, INSERT, UPDATE and DELETE are allowed")
    if rw_mode == READ_ONLY and not isinstance(stmt, exp.Select):
        raise SqlRefused(f"table {table_name} is read-only: only SELECT is allowed")
    if stmt.find(exp.With) is not None:
        raise SqlRefused("WITH clauses are not allowed")
    if stmt.find(exp.Subquery, exp.Union) is not None:
        raise SqlRefused("subqueries and UNION are not allowed")
    if isinstance(stmt, exp.Insert) and not isinstance(stmt.expression, exp.Values):
        raise SqlRefused("INSERT must use VALUES")
    for table in stmt.find_all(exp.Table):
        if table.db or table.catalog or table.name.lower() != table_name.lower():
            raise SqlRefused(f"only table {table_name} can be used here, not {table.sql(dialect='postgres')}")
    for func in stmt.find_all(exp.Func):
        name = (func.name if isinstance(func, exp.Anonymous) else func.key).upper().replace("_", "")
        if name not in {f.replace("_", "") for f in ALLOWED_FUNCTIONS} and not isinstance(func, exp.Cast):
            raise SqlRefused(f"function {func.sql(dialect='postgres').split('(')[0]} is not allowed")

    by_name = {f.name.lower(): f for f in fields}
    aliases = {a.alias.lower() for a in stmt.find_all(exp.Alias)}

    def column_for(name: str) -> str:
        lowered = name.lower()
        if lowered in by_name:
            return by_name[lowered].column
        if lowered in SYSTEM_COLUMNS:
            return SYSTEM_COLUMNS[lowered]
        raise SqlRefused(f"table {table_name} has no column {name}; columns: id, created_at, "
                         + ", ".join(f.name for f in fields))

    if isinstance(stmt, exp.Select):  # results come back under the user-facing names
        projections = []
        for p in stmt.expressions:
            if isinstance(p, exp.Star):
                projections.append(exp.alias_(exp.column("id"), "id"))
                projections += [exp.alias_(exp.column(f.name), f.name) for f in fields]
            elif isinstance(p, exp.Column) and not p.alias:
                projections.append(exp.alias_(p.copy(), p.name))
            else:
                projections.append(p)
        stmt.set("expressions", projections)
    for column in list(stmt.find_all(exp.Column)):
        if isinstance(column.this, exp.Star):
            continue
        if column.name.lower() in aliases and column.find_ancestor(exp.Order) is not None:
            continue
        column.set("table", None)
        column.set("this", exp.to_identifier(column_for(column.name)))
    if isinstance(stmt, exp.Insert):
        target = stmt.this
        if not isinstance(target, exp.Schema) or not target.expressions:
            raise SqlRefused("INSERT must name its columns: INSERT INTO t (a, b) VALUES (...)")
        for ident in target.expressions:
            name = ident.name
            if name.lower() in SYSTEM_COLUMNS:
                raise SqlRefused(f"column {name} is set automatically")
            ident.set("this", column_for(name))
        target.expressions.append(exp.to_identifier("user_id"))
        for row in stmt.expression.expressions:
            row.expressions.append(_user())
    for table in stmt.find_all(exp.Table):
        table.set("this", exp.to_identifier(f"t_{database_id}"))
        table.set("db", exp.to_identifier(SCHEMA))
    if rw_mode == LIMITED and not isinstance(stmt, exp.Insert):
        stmt = stmt.where(exp.EQ(this=exp.column("user_id"), expression=_user()), copy=False)
    if isinstance(stmt, exp.Select):
        limit = stmt.args.get("limit")
        value = limit.expression if limit is not None else None
        if value is None or not value.is_int or int(value.name) > MAX_ROWS:
            stmt = stmt.limit(MAX_ROWS, copy=False)
    return Planned(stmt.sql(dialect="postgres"), isinstance(stmt, exp.Select))
