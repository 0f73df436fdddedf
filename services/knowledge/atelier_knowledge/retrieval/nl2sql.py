"""NL2SQL over a table dataset: the chat model writes SQL against the table's virtual names; sqlglot
checks it is one read-only SELECT on that table alone, maps the names to the physical table and
its id-named columns, and a read-only transaction under a reader role with a statement timeout
runs it. Whatever goes wrong ends in TableAnswer.error, never in a failed retrieval."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import asyncpg
from sqlglot import exp

from atelier_common import user_tables
from atelier_common.ai import ChatModel
from atelier_common.db import sandbox
from atelier_common.sqlguard import SqlRefused, check_functions, parse_one
from atelier_knowledge.domain.table_schema import Column, physical_table
from atelier_knowledge.store.tables import SCHEMA

READER_ROLE = "atelier_kb_reader"
# What one table answer may hold (it reaches the chat model's prompt): values are cut past this.
MAX_VALUE_CHARS = 2000
MAX_RESULT_CHARS = 32_000
SLICE_ID = "_slice_id"
WRITES = (exp.Insert, exp.Update, exp.Delete, exp.Drop, exp.Create, exp.Alter, exp.Command, exp.Merge,
          exp.TruncateTable, exp.Into, exp.Lock)

SYSTEM_PROMPT = (
    "You translate questions into one PostgreSQL SELECT over the single table described below. Use only "
    "that table and its columns. Answer with JSON only: {\"sql\": \"...\", \"err_code\": 0, \"err_msg\": \"\"}. "
    "If the question cannot be answered from the table, answer {\"sql\": \"\", \"err_code\": 1, "
    "\"err_msg\": \"<why>\"}."
)


class Nl2SqlError(Exception):
    """The question could not be answered with SQL; the message says why."""


class UnsafeSQL(Nl2SqlError):
    """The SQL is not a single read-only SELECT on the dataset's table."""


@dataclass(frozen=True)
class TableSpec:
    dataset_id: int
    name: str  # the virtual table name the model sees
    columns: list[Column]
    title: str = ""  # the dataset's own name

    @classmethod
    def of(cls, dataset_id: int, dataset_name: str, columns: list[Column]) -> TableSpec:
        ident = re.sub(r"\W+", "_", dataset_name.strip().lower()).strip("_") or "table"
        if ident[0].isdigit():
            ident = f"t_{ident}"
        return cls(dataset_id, ident, sorted(columns, key=lambda c: c.sequence), dataset_name)

    @property
    def physical(self) -> str:
        return physical_table(self.dataset_id)

    def column(self, name: str) -> Column | None:
        lowered = name.lower()
        return next((c for c in self.columns if c.column_name.lower() == lowered), None)


@dataclass
class TableAnswer:
    dataset_id: int
    dataset_name: str
    sql: str
    columns: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    slice_ids: list[int] = field(default_factory=list)
    error: str | None = None


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def create_table_ddl(spec: TableSpec) -> str:
    lines = [f"  {_quote(c.column_name)} {user_tables.sql_type(c.column_type)}" + (f" -- {c.desc}" if c.desc else "")
             for c in spec.columns]
    return f"CREATE TABLE {spec.name} (\n" + ",\n".join(lines) + "\n);"


def prompt_messages(spec: TableSpec, question: str) -> list[dict[str, str]]:
    return [{"role": "system", "content": f"{SYSTEM_PROMPT}\n\n{create_table_ddl(spec)}"},
            {"role": "user", "content": question}]


def parse_llm_answer(text: str) -> str:
    body = re.sub(r"^```(?:json)?\s*|\s*```$", "", text.strip())
    try:
        data = json.loads(body)
    except ValueError:
        raise Nl2SqlError("the model did not answer with JSON") from None
    if not isinstance(data, dict):
        raise Nl2SqlError("the model did not answer with a JSON object")
    if data.get("err_code"):
        raise Nl2SqlError(f"the model could not write SQL: {data.get('err_msg') or 'no reason given'}")
    sql = data.get("sql")
    if not isinstance(sql, str) or not sql.strip():
        raise Nl2SqlError("the model answered without SQL")
    return sql.strip()


def _check(stmt: exp.Expression, spec: TableSpec) -> None:
    if not isinstance(stmt, exp.Select | exp.Union):
        raise UnsafeSQL(f"only a SELECT is allowed, not {stmt.key.upper()}")
    for node in stmt.walk():
        if isinstance(node, WRITES):
            what = "SELECT ... INTO" if isinstance(node, exp.Into) else (
                "row locks (FOR UPDATE)" if isinstance(node, exp.Lock) else node.key.upper())
            raise UnsafeSQL(f"{what} is not allowed: only a read-only SELECT")
    try:  # functions from the whitelist every model-written statement shares
        check_functions(stmt)
    except SqlRefused as err:
        raise UnsafeSQL(str(err)) from None
    ctes = {cte.alias_or_name.lower() for cte in stmt.find_all(exp.CTE)}
    for table in stmt.find_all(exp.Table):
        if table.args.get("db") or table.args.get("catalog"):
            raise UnsafeSQL(f"table '{table.sql()}' is not the dataset's table: no schema-qualified names")
        if table.name.lower() not in ctes and table.name.lower() != spec.name.lower():
            raise UnsafeSQL(f"table '{table.name}' is not the dataset's table '{spec.name}'")


def _is_plain(select: exp.Expression) -> bool:
    """A row-per-slice select: rows can carry their slice id."""
    return (isinstance(select, exp.Select) and not select.args.get("group") and not select.args.get("distinct")
            and not select.find(exp.AggFunc) and not select.find(exp.CTE))


def to_physical_sql(sql: str, spec: TableSpec, *, row_limit: int) -> tuple[str, bool]:
    """(SQL on the physical table, whether its last column is the slice id). Raises UnsafeSQL."""
    try:
        stmt = parse_one(sql)
    except SqlRefused as err:
        raise UnsafeSQL(str(err)) from None
    _check(stmt, spec)
    aliases = {e.alias.lower() for e in stmt.find_all(exp.Alias)}
    ctes = {cte.alias_or_name.lower() for cte in stmt.find_all(exp.CTE)}
    if isinstance(stmt, exp.Select):  # `*` means the virtual columns, not the physical table's own
        stmt.set("expressions", [
            col for e in stmt.expressions
            for col in ([exp.column(c.column_name, quoted=True) for c in spec.columns] if isinstance(e, exp.Star) else [e])
        ])
    if isinstance(stmt, exp.Select):  # result columns keep their virtual names
        stmt.set("expressions", [
            exp.alias_(e, e.name, quoted=True) if isinstance(e, exp.Column) and spec.column(e.name) else e
            for e in stmt.expressions
        ])
    for column in list(stmt.find_all(exp.Column)):
        found = spec.column(column.name)
        if found is not None:
            column.set("this", exp.to_identifier(found.physical))
        elif column.name.lower() not in aliases and column.name != "*":
            raise UnsafeSQL(f"unknown column '{column.name}' (the table has: "
                            f"{', '.join(c.column_name for c in spec.columns)})")
    for table in stmt.find_all(exp.Table):
        if table.name.lower() in ctes:
            continue
        alias = table.alias or spec.name
        table.set("this", exp.to_identifier(spec.physical))
        table.set("db", exp.to_identifier(SCHEMA))
        table.set("alias", exp.TableAlias(this=exp.to_identifier(alias)))
    with_slice = _is_plain(stmt)
    if with_slice:
        stmt = stmt.select(exp.column(SLICE_ID), append=True)
    limit = stmt.args.get("limit")
    current = limit.expression if limit is not None else None
    if not (isinstance(current, exp.Literal) and current.is_int and int(current.this) <= row_limit):
        stmt = stmt.limit(row_limit)
    return stmt.sql(dialect="postgres"), with_slice


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


async def run_select(pool: asyncpg.Pool, physical_sql: str, *, timeout_ms: int, row_limit: int
                     ) -> tuple[list[str], list[list[str]]]:
    """Run in a read-only transaction, as the reader role when it exists, under statement_timeout,
    with long values and large results cut in the database (atelier_common.db.sandbox)."""
    caps = sandbox.Caps(max_rows=row_limit, max_value_chars=MAX_VALUE_CHARS, max_result_chars=MAX_RESULT_CHARS)
    async with pool.acquire() as conn, conn.transaction(readonly=True):
        await sandbox.confine(conn, role=READER_ROLE, timeout_ms=timeout_ms, role_required=False)
        try:
            result = await sandbox.fetch_capped(conn, physical_sql, (), caps)
        except sandbox.TooManyColumns as err:
            raise Nl2SqlError(str(err)) from None
        except asyncpg.QueryCanceledError:
            raise Nl2SqlError(f"the query took longer than {timeout_ms} ms") from None
        except asyncpg.PostgresError as err:
            raise Nl2SqlError(f"the query failed: {err}") from None
    return result.columns, [[_cell(v) for v in row] for row in result.rows]


async def answer(model: ChatModel, pool: asyncpg.Pool, spec: TableSpec, question: str, *,
                 timeout_ms: int = 3000, row_limit: int = 100) -> TableAnswer:
    result = TableAnswer(spec.dataset_id, spec.title or spec.name, "")
    try:
        result.sql = parse_llm_answer(await model.complete(prompt_messages(spec, question), temperature=0))
        physical, with_slice = to_physical_sql(result.sql, spec, row_limit=row_limit)
        columns, rows = await run_select(pool, physical, timeout_ms=timeout_ms, row_limit=row_limit)
    except Nl2SqlError as err:
        result.error = str(err)
        return result
    except Exception as err:  # noqa: BLE001 - the model failing is an answer too
        result.error = f"{type(err).__name__}: {err}"
        return result
    if with_slice:
        result.slice_ids = [int(r[-1]) for r in rows if r[-1]]
        columns, rows = columns[:-1], [r[:-1] for r in rows]
    result.columns, result.rows = columns, rows
    return result
