"""The model's SQL for one memory table -> a safe statement on the physical table. Pure: no I/O.

The model writes against the user-facing names (`books`, `title`). We accept exactly one SELECT,
INSERT, UPDATE or DELETE on that table alone (read-only tables: SELECT only), no subqueries, joins,
CTEs or set operations, functions from the whitelist NL2SQL shares (atelier_common.sqlguard); then
rename the table to `agent_user_tables.t_<id>` and the columns to `c_<field id>`. INSERT records the end user in
`user_id`, and in limited mode every other statement is confined to that user's rows. The user id
is always the bound parameter $1, never part of the SQL text.

A caller that has values (a workflow node) writes `$1`..`$n` where they go and passes them: each
index must be used, nothing else may be a parameter, and they are renumbered after the user's.
The values stay out of the SQL text: the database binds them (databases/values.py converts each
to the type expected there). The model's SQL has no values, so any parameter in it is refused."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlglot import exp

from atelier_agent.databases.schema import SCHEMA, FieldSpec
from atelier_common.sqlguard import SqlRefused, check_functions, parse_one
from atelier_proto.enums import BotTableRWMode

__all__ = ["MAX_ROWS", "Planned", "SqlRefused", "plan"]

MAX_ROWS = 100
SYSTEM_COLUMNS = ("id", "created_at")  # readable by the model; user_id stays hidden
# Nodes that could reach other tables, change the statement's kind or smuggle values in.
FORBIDDEN = {
    exp.With: "WITH clauses", exp.Subquery: "subqueries", exp.SetOperation: "UNION/INTERSECT/EXCEPT",
    exp.Join: "joins", exp.Into: "SELECT INTO", exp.Lock: "FOR UPDATE/SHARE", exp.OnConflict: "ON CONFLICT",
    exp.Returning: "RETURNING", exp.Parameter: "parameters", exp.Placeholder: "parameters",
}


@dataclass(frozen=True)
class Planned:
    sql: str  # on the physical table; $1 (when present) is the end user's id
    params: tuple[Any, ...]
    is_select: bool
    values_from: int = 0  # where the caller's values start in params (after the user's id)


def plan(sql: str, *, table_name: str, database_id: int, fields: list[FieldSpec], rw_mode: BotTableRWMode,
         user_id: str, values: Sequence[Any] = ()) -> Planned:
    stmt = parse_one(sql)
    if not isinstance(stmt, exp.Select | exp.Insert | exp.Update | exp.Delete):
        raise SqlRefused("only SELECT, INSERT, UPDATE and DELETE are allowed")
    if rw_mode == BotTableRWMode.ReadOnly and not isinstance(stmt, exp.Select):
        raise SqlRefused(f"table {table_name} is read-only: only SELECT is allowed")
    table = _check_shape(stmt, table_name, len(values))
    columns = _Columns(table_name, fields)
    uses_user = isinstance(stmt, exp.Insert) or rw_mode == BotTableRWMode.LimitedReadWrite
    _shift_parameters(stmt, 1 if uses_user else 0)  # the user's id takes $1
    if isinstance(stmt, exp.Select):
        _expand_projections(stmt, columns)
    _rename_columns(stmt, columns)
    if isinstance(stmt, exp.Insert):
        _rewrite_insert(stmt, columns)
    elif rw_mode == BotTableRWMode.LimitedReadWrite:
        stmt = stmt.where(exp.EQ(this=exp.column("user_id"), expression=_user_param()), copy=False)
    table.set("this", exp.to_identifier(f"t_{database_id}"))
    table.set("db", exp.to_identifier(SCHEMA))
    if isinstance(stmt, exp.Select):
        limit = stmt.args.get("limit")
        value = limit.expression if limit is not None else None
        if isinstance(value, exp.Parameter):  # a bound limit: capped too, and still bound
            limit.set("expression", exp.Least(this=value, expressions=[exp.Literal.number(MAX_ROWS)]))
        elif value is None or not value.is_int or int(value.name) > MAX_ROWS:
            stmt = stmt.limit(MAX_ROWS, copy=False)
    user = (user_id,) if uses_user else ()
    return Planned(stmt.sql(dialect="postgres", comments=False), (*user, *values), isinstance(stmt, exp.Select),
                   len(user))


def _check_shape(stmt: exp.Expression, table_name: str, values: int) -> exp.Table:
    """The statement's only table (after refusing anything that could reach further)."""
    tables = list(stmt.find_all(exp.Table))
    for t in tables:
        if t.db or t.catalog or t.name.lower() != table_name.lower():
            raise SqlRefused(f"only table {table_name} can be used here, not {t.sql(dialect='postgres')}")
    for kind, what in FORBIDDEN.items():
        if stmt.find(kind) is not None and not (kind is exp.Parameter and values):
            raise SqlRefused(f"{what} are not allowed")
    if values:
        _check_parameters(stmt, values)
    if any(s is not stmt for s in stmt.find_all(exp.Select)):
        raise SqlRefused("subqueries are not allowed")
    if len(tables) != 1:
        raise SqlRefused(f"the statement must read or write table {table_name} exactly once")
    check_functions(stmt)
    return tables[0]


def _check_parameters(stmt: exp.Expression, count: int) -> None:
    """Only $1..$count, each of them used."""
    used: set[int] = set()
    for param in stmt.find_all(exp.Parameter):
        index = param.this
        if not (isinstance(index, exp.Literal) and index.is_int and 1 <= int(index.name) <= count):
            raise SqlRefused(f"parameters are $1 to ${count} (one per value), not {param.sql(dialect='postgres')}")
        used.add(int(index.name))
    unused = sorted(set(range(1, count + 1)) - used)
    if unused:
        raise SqlRefused(f"value {unused[0]} is given but ${unused[0]} does not appear in the statement")


def _shift_parameters(stmt: exp.Expression, by: int) -> None:
    for param in list(stmt.find_all(exp.Parameter)):
        param.set("this", exp.Literal.number(int(param.this.name) + by))


class _Columns:
    """User-facing column names -> physical ones."""

    def __init__(self, table_name: str, fields: list[FieldSpec]) -> None:
        self.table_name = table_name
        self.fields = fields
        self.by_name = {f.name.lower(): f for f in fields}

    def canonical(self, name: str) -> str:
        field = self.by_name.get(name.lower())
        return field.name if field else name.lower()

    def physical(self, name: str) -> str:
        lowered = name.lower()
        if lowered in self.by_name:
            return self.by_name[lowered].column
        if lowered in SYSTEM_COLUMNS:
            return lowered
        raise SqlRefused(f"table {self.table_name} has no column {name}; columns: "
                         + ", ".join([*SYSTEM_COLUMNS, *(f.name for f in self.fields)]))


def _expand_projections(stmt: exp.Select, columns: _Columns) -> None:
    """`*` and bare columns get their user-facing name as alias, so results map back to it."""
    out: list[exp.Expression] = []
    for p in stmt.expressions:
        if isinstance(p, exp.Star) or (isinstance(p, exp.Column) and isinstance(p.this, exp.Star)):
            names = ["id", *(f.name for f in columns.fields), "created_at"]
            out += [exp.alias_(exp.column(n, quoted=True), n, quoted=True) for n in names]
        elif isinstance(p, exp.Column):
            out.append(exp.alias_(p.copy(), columns.canonical(p.name), quoted=True))
        else:
            out.append(p)
    stmt.set("expressions", out)


def _rename_columns(stmt: exp.Expression, columns: _Columns) -> None:
    outputs = {a.alias.lower(): a.alias for a in stmt.expressions if isinstance(a, exp.Alias)} \
        if isinstance(stmt, exp.Select) else {}
    set_targets = [e.this for e in stmt.expressions] if isinstance(stmt, exp.Update) else []
    for column in list(stmt.find_all(exp.Column)):
        if isinstance(column.this, exp.Star):  # COUNT(*)
            continue
        name = column.name
        # A bare ORDER BY / GROUP BY name may be an output alias (ORDER BY prefers it, GROUP BY the column).
        if name.lower() in outputs and (
                isinstance(column.parent, exp.Ordered)
                or (isinstance(column.parent, exp.Group) and name.lower() not in columns.by_name
                    and name.lower() not in SYSTEM_COLUMNS)):
            column.set("table", None)
            column.set("this", exp.to_identifier(outputs[name.lower()], quoted=True))
            continue
        if any(column is t for t in set_targets) and name.lower() in SYSTEM_COLUMNS:
            raise SqlRefused(f"column {name} is set automatically")
        column.set("table", None)
        column.set("this", exp.to_identifier(columns.physical(name)))


def _rewrite_insert(stmt: exp.Insert, columns: _Columns) -> None:
    target, values = stmt.this, stmt.expression
    if not isinstance(values, exp.Values):
        raise SqlRefused("INSERT must use VALUES")
    if not isinstance(target, exp.Schema) or not target.expressions:
        raise SqlRefused(f"INSERT must name its columns: INSERT INTO {columns.table_name} (a, b) VALUES (...)")
    named = {ident.name.lower() for ident in target.expressions}
    missing = [f.name for f in columns.fields if f.must_required and f.name.lower() not in named]
    if missing:
        raise SqlRefused(f"column {missing[0]} is required")
    for ident in target.expressions:
        if ident.name.lower() in SYSTEM_COLUMNS:
            raise SqlRefused(f"column {ident.name} is set automatically")
        ident.set("this", columns.physical(ident.name))
        ident.set("quoted", False)
    target.expressions.append(exp.to_identifier("user_id"))
    for row in values.expressions:
        if not isinstance(row, exp.Tuple) or len(row.expressions) != len(target.expressions) - 1:
            raise SqlRefused("each VALUES row must give one value per named column")
        row.expressions.append(_user_param())


def _user_param() -> exp.Expression:
    return exp.Parameter(this=exp.Literal.number(1))
