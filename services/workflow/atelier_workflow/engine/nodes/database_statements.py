"""The statements the database nodes send to the agent service: SQL on the table's own name and
field names, with every value a bound parameter `$k` (the agent's plan checks and rewrites the
statement as it does a model's, and the database binds the values). Pure: no I/O.

- `template_statement`: a DatabaseCustomSQL node's `sql`. Coze replaces a quoted `'{{x}}'` by a
  bound parameter and prints a bare `{{x}}` into the SQL text; here every placeholder is bound:
  `'{{x}}'` as text, a bare `{{x}}` as the value itself (a list as one parameter per element, for
  `IN ({{ids}})`), and a placeholder inside a longer literal (`'%{{x}}%'`) as a concatenation of
  the literal's parts and a text parameter. A placeholder cannot name a table or column.
- `query_statement`, `insert_statement`, `update_statement`, `delete_statement`: the structured
  nodes' settings (conditions on field names with Coze's operators, fields by id) built as a
  sqlglot tree, so names are identifiers and values parameters, never text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlglot import exp

from atelier_workflow.clients.databases import Table
from atelier_workflow.engine.model import NodeError
from atelier_workflow.engine.template import value_of
from atelier_workflow.engine.values import to_text

SYSTEM_COLUMNS = {"id": "id", "created_at": "created_at", "bstudio_create_time": "created_at"}  # Coze's name too
_AUTHOR_PARAMETER = re.compile(r"\$\d")


@dataclass(frozen=True)
class Statement:
    sql: str
    params: tuple[Any, ...]


class _Params:
    """Hands out `$1`, `$2`... in the order values are added."""

    def __init__(self) -> None:
        self.values: list[Any] = []

    def add(self, value: Any) -> str:
        self.values.append(value)
        return f"${len(self.values)}"

    def node(self, value: Any) -> exp.Parameter:
        self.values.append(value)
        return exp.Parameter(this=exp.Literal.number(len(self.values)))


# ------------------------------------------------------------------------- DatabaseCustomSQL


def template_statement(template: str, inputs: Mapping[str, Any]) -> Statement:
    """The node's SQL with each `{{placeholder}}` a bound parameter; NodeError naming a placeholder
    that names no input, or one that stands where a name would."""
    params = _Params()
    out: list[str] = []
    i = 0
    while i < len(template):
        char = template[i]
        if template.startswith("{{", i):
            end = _placeholder_end(template, i)
            out.append(_bare(template[i + 2:end], inputs, params))
            i = end + 2
        elif char in "'`":
            end = _quote_end(template, i, char)
            out.append(_quoted(template[i:end + 1], char, inputs, params))
            i = end + 1
        elif char == '"':
            end = _quote_end(template, i, char)
            if "{{" in template[i:end + 1]:
                raise NodeError(f"a placeholder cannot name a table or column: {template[i:end + 1]}", "invalid_sql")
            out.append(template[i:end + 1])
            i = end + 1
        elif template.startswith("--", i) or template.startswith("/*", i):
            end = template.find("\n" if char == "-" else "*/", i)
            end = len(template) if end < 0 else end + (1 if char == "-" else 2)
            out.append(template[i:end])  # a comment: its placeholders stay text nobody reads
            i = end
        else:
            if char == "$" and _AUTHOR_PARAMETER.match(template, i):
                raise NodeError("write values as {{input}} placeholders, not $1-style parameters", "invalid_sql")
            out.append(char)
            i += 1
    return Statement("".join(out), tuple(params.values))


def _placeholder_end(template: str, start: int) -> int:
    end = template.find("}}", start + 2)
    if end < 0:
        raise NodeError(f"unclosed placeholder: {template[start:start + 40]}", "invalid_sql")
    return end


def _quote_end(template: str, start: int, quote: str) -> int:
    """Index of the closing quote (a doubled quote is an escaped one)."""
    i = start + 1
    while True:
        i = template.find(quote, i)
        if i < 0:
            raise NodeError(f"unterminated quote in the SQL: {template[start:start + 40]}", "invalid_sql")
        if template.startswith(quote * 2, i):
            i += 2
            continue
        return i


def _input(expression: str, inputs: Mapping[str, Any]) -> Any:
    found, value = value_of(expression, inputs)
    if not found:
        names = ", ".join(sorted(inputs)) or "none"
        raise NodeError(f"{{{{{expression.strip()}}}}} names no input of this node (inputs: {names})", "invalid_sql")
    return value


def _bare(expression: str, inputs: Mapping[str, Any], params: _Params) -> str:
    value = _input(expression, inputs)
    if isinstance(value, list):
        return ", ".join(params.add(item) for item in value) if value else "NULL"
    return params.add(value)


_INNER = re.compile(r"{{(.*?)}}")


def _quoted(literal: str, quote: str, inputs: Mapping[str, Any], params: _Params) -> str:
    """A quoted literal: as written without placeholders; `'{{x}}'` (or Coze's `` `{{x}}` ``) one
    text parameter; a longer '...' literal its parts (kept as written) joined with text parameters."""
    pieces = _INNER.split(literal[1:-1])  # text, expression, text, ..., text
    if len(pieces) == 1:
        return literal
    if len(pieces) == 3 and pieces[0] == pieces[2] == "":
        return params.add(_as_text(_input(pieces[1], inputs)))
    if quote != "'":
        raise NodeError(f"a placeholder cannot be part of a name: {literal}", "invalid_sql")
    parts = [params.add(_as_text(_input(piece, inputs))) if index % 2 else f"'{piece}'"
             for index, piece in enumerate(pieces) if index % 2 or piece]
    return "(" + " || ".join(parts) + ")"


def _as_text(value: Any) -> str | None:
    return None if value is None else to_text(value)


# ------------------------------------------------------------------------- structured nodes


@dataclass(frozen=True)
class Condition:
    left: str  # a field name
    operation: str  # Coze's: EQUAL, NOT_EQUAL, GREATER_THAN, ..., IN, NOT_IN, IS_NULL, IS_NOT_NULL, LIKE, NOT_LIKE
    right_place: str | None  # where its value is, under data.inputs (resolved by the executor)


_COMPARE: dict[str, Callable[..., exp.Expression]] = {
    "EQUAL": exp.EQ, "NOT_EQUAL": exp.NEQ, "GREATER_THAN": exp.GT, "LESS_THAN": exp.LT,
    "GREATER_EQUAL": exp.GTE, "LESS_EQUAL": exp.LTE,
}
OPERATIONS = (*_COMPARE, "IN", "NOT_IN", "IS_NULL", "IS_NOT_NULL", "LIKE", "NOT_LIKE")


def _param_content(param: Any) -> Any:
    return (((param.get("input") or {}).get("value") or {}).get("content")) if isinstance(param, dict) else None


def conditions(raw: Any, place: str) -> tuple[list[Condition], str]:
    """A `condition` setting ({conditionList: [[left, operation, right]...], logic}) at `place`."""
    if not isinstance(raw, dict):
        return [], "AND"
    found = []
    for index, params in enumerate(raw.get("conditionList") or []):
        by_name = {p.get("name"): (j, p) for j, p in enumerate(params or []) if isinstance(p, dict)}
        left, operation = _param_content(by_name.get("left", (0, None))[1]), \
            _param_content(by_name.get("operation", (0, None))[1])
        if not isinstance(left, str) or not left:
            raise NodeError(f"condition {index + 1} names no field", "invalid_setting")
        if operation not in OPERATIONS:
            raise NodeError(f"condition {index + 1} ({left}): operation {operation!r} is not one of "
                            f"{', '.join(OPERATIONS)}", "invalid_setting")
        right = by_name.get("right")
        right_place = f"{place}.conditionList[{index}][{right[0]}].input" if right else None
        found.append(Condition(left, operation, right_place))
    logic = str(raw.get("logic") or "AND").upper()
    if logic not in ("AND", "OR"):
        raise NodeError(f"condition logic {logic!r} is neither AND nor OR", "invalid_setting")
    return found, logic


def column(table: Table, name: str) -> exp.Column:
    """A field (or system column) of the table by name; NodeError listing the fields."""
    lowered = name.lower()
    if lowered in SYSTEM_COLUMNS:
        return exp.column(SYSTEM_COLUMNS[lowered], quoted=True)
    for f in table.fields:
        if f.name.lower() == lowered:
            return exp.column(f.name, quoted=True)
    names = ", ".join(["id", "created_at", *(f.name for f in table.fields)])
    raise NodeError(f"table {table.name} has no field {name} (fields: {names})", "invalid_setting")


def field_name(table: Table, field_id: Any) -> str:
    """A field by its id (Coze's fieldID; a name is taken as it is)."""
    text = str(field_id).strip()
    if not text.isdigit():
        return column(table, text).name
    for f in table.fields:
        if f.id == int(text):
            return f.name
    raise NodeError(f"table {table.name} has no field with id {text}", "invalid_setting")


def _table(table: Table) -> exp.Table:
    return exp.Table(this=exp.to_identifier(table.name, quoted=True))


def _predicate(table: Table, condition: Condition, right: Any, params: _Params) -> exp.Expression:
    target = column(table, condition.left)
    op = condition.operation
    if op in ("IS_NULL", "IS_NOT_NULL"):
        test = exp.Is(this=target, expression=exp.Null())
        return test if op == "IS_NULL" else exp.Not(this=test)
    if op in ("IN", "NOT_IN"):
        items = right if isinstance(right, list) else [right]
        if not items:  # nothing is in an empty list
            return exp.false() if op == "IN" else exp.true()
        test = exp.In(this=target, expressions=[params.node(item) for item in items])
        return test if op == "IN" else exp.Not(this=test)
    if op in ("LIKE", "NOT_LIKE"):  # contains, as Coze means it
        pattern = exp.DPipe(this=exp.DPipe(this=exp.Literal.string("%"), expression=params.node(_as_text(right))),
                            expression=exp.Literal.string("%"))
        test = exp.Like(this=target, expression=exp.Paren(this=pattern))
        return test if op == "LIKE" else exp.Not(this=test)
    return _COMPARE[op](this=target, expression=params.node(right))


def _where(table: Table, clauses: Sequence[tuple[Condition, Any]], logic: str, params: _Params
           ) -> exp.Expression | None:
    tests = [exp.Paren(this=_predicate(table, c, right, params)) for c, right in clauses]
    if not tests:
        return None
    join = exp.and_ if logic == "AND" else exp.or_
    return join(*tests)


def query_statement(table: Table, field_ids: Sequence[Any], clauses: Sequence[tuple[Condition, Any]], logic: str,
                    order_by: Sequence[tuple[Any, bool]], limit: int) -> Statement:
    """SELECT the fields (all of them when none is chosen) WHERE the conditions ORDER BY ... LIMIT."""
    params = _Params()
    columns = [column(table, field_name(table, f)) for f in field_ids] or [exp.Star()]
    query = exp.select(*columns).from_(_table(table))
    where = _where(table, clauses, logic, params)
    if where is not None:
        query = query.where(where)
    for field_id, ascending in order_by:
        query = query.order_by(exp.Ordered(this=column(table, field_name(table, field_id)), desc=not ascending))
    query = query.limit(exp.Literal.number(limit))
    return Statement(query.sql(dialect="postgres"), tuple(params.values))


def insert_statement(table: Table, assignments: Sequence[tuple[Any, Any]]) -> Statement:
    """INSERT one row: (field id, value) pairs."""
    if not assignments:
        raise NodeError("the node sets no field to insert", "invalid_setting")
    params = _Params()
    names = [column(table, field_name(table, f)).this for f, _ in assignments]
    values = exp.Tuple(expressions=[params.node(v) for _, v in assignments])
    insert = exp.Insert(this=exp.Schema(this=_table(table), expressions=names),
                        expression=exp.Values(expressions=[values]))
    return Statement(insert.sql(dialect="postgres"), tuple(params.values))


def update_statement(table: Table, clauses: Sequence[tuple[Condition, Any]], logic: str,
                     assignments: Sequence[tuple[Any, Any]]) -> Statement:
    if not assignments:
        raise NodeError("the node sets no field to update", "invalid_setting")
    if not clauses:
        raise NodeError("an update needs at least one condition", "invalid_setting")
    params = _Params()
    sets = [exp.EQ(this=column(table, field_name(table, f)), expression=params.node(v)) for f, v in assignments]
    update = exp.Update(this=_table(table), expressions=sets,
                        where=exp.Where(this=_where(table, clauses, logic, params)))
    return Statement(update.sql(dialect="postgres"), tuple(params.values))


def delete_statement(table: Table, clauses: Sequence[tuple[Condition, Any]], logic: str) -> Statement:
    if not clauses:
        raise NodeError("a delete needs at least one condition", "invalid_setting")
    params = _Params()
    delete = exp.Delete(this=_table(table), where=exp.Where(this=_where(table, clauses, logic, params)))
    return Statement(delete.sql(dialect="postgres"), tuple(params.values))
