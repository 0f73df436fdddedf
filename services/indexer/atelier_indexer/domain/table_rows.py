"""Table documents' rows: column types inferred from a file, cells converted to their column's
type, and what a row slice holds (content) and embeds (its semantic columns). The dataset's
columns and physical table are knowledge's; this is the reading side."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import ColumnType

_INT = re.compile(r"^[+-]?\d{1,18}$")
_TRUE, _FALSE = {"true", "yes", "1", "y"}, {"false", "no", "0", "n"}


class SchemaMismatch(ValueError):
    """An appended file whose columns differ from the dataset's; the message names the column."""


class RowMismatch(ValueError):
    """A row whose cell does not fit its column's type; the message names row and column."""


@dataclass(frozen=True)
class Column:
    column_name: str
    column_type: int
    is_semantic: bool
    sequence: int

    @classmethod
    def of(cls, msg: kpb.TableColumn) -> Column:
        return cls(msg.column_name, msg.column_type if msg.HasField("column_type") else ColumnType.Text, msg.is_semantic,
                   msg.sequence)


def _parses(value: str, kind: int) -> bool:
    try:
        convert_cell(value, kind)
    except ValueError:
        return False
    return True


def infer_type(values: list[str]) -> int:
    """The narrowest type every non-empty value fits (Number, Float, Boolean, Date), else Text."""
    filled = [v for v in values if v.strip()]
    if not filled:
        return ColumnType.Text
    for kind in (ColumnType.Number, ColumnType.Float, ColumnType.Boolean, ColumnType.Date):
        if all(_parses(v, kind) for v in filled):
            return kind
    return ColumnType.Text


def infer_columns(names: tuple[str, ...], rows: tuple[tuple[str, ...], ...], sample: int = 200) -> list[Column]:
    """Columns for a new table from its header and a sample of rows; text columns are the ones
    embedded for semantic search by default."""
    columns = []
    for i, name in enumerate(names):
        kind = infer_type([row[i] for row in rows[:sample]])
        columns.append(Column(name, kind, kind == ColumnType.Text, i))
    if columns and not any(c.is_semantic for c in columns):
        columns[0] = Column(columns[0].column_name, columns[0].column_type, True, 0)
    return columns


def check_same_columns(existing: list[Column], names: tuple[str, ...]) -> None:
    """SchemaMismatch naming the first column that differs between the dataset and a new file."""
    want = [c.column_name for c in sorted(existing, key=lambda c: c.sequence)]
    for name in want:
        if name not in names:
            raise SchemaMismatch(f"column '{name}' of the table schema is missing from the file")
    for name in names:
        if name not in want:
            raise SchemaMismatch(f"column '{name}' is not in the table schema (expected {', '.join(want)})")


def convert_cell(value: str, kind: int) -> Any:
    """A cell as the value of its column's type; ValueError when it does not fit."""
    text = value.strip()
    if text == "":
        return None
    if kind == ColumnType.Number:
        if _INT.match(text):
            return int(text)
        number = float(text)
        if not number.is_integer():
            raise ValueError(f"'{value}' is not a whole number")
        return int(number)
    if kind == ColumnType.Float:
        return float(text)
    if kind == ColumnType.Boolean:
        if text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
        raise ValueError(f"'{value}' is not a boolean")
    if kind == ColumnType.Date:
        try:
            return datetime.fromisoformat(text.replace("/", "-"))
        except ValueError:
            raise ValueError(f"'{value}' is not a date") from None
    return value


def convert_row(columns: list[Column], names: tuple[str, ...], row: tuple[str, ...], row_number: int) -> list[Any]:
    """A source row as typed values in the order of `columns`; RowMismatch names the cell."""
    by_name = dict(zip(names, row, strict=False))
    values = []
    for column in columns:
        cell = by_name.get(column.column_name, "")
        try:
            values.append(convert_cell(cell, column.column_type))
        except ValueError as exc:
            kind = ColumnType(column.column_type).name.lower()
            raise RowMismatch(f"row {row_number}, column '{column.column_name}': {exc} (column type {kind})") from None
    return values


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def row_content(columns: list[Column], values: list[Any]) -> str:
    """A slice's content for a row: the row as JSON keyed by column names (knowledge writes the
    physical row from it)."""
    return json.dumps({c.column_name: _jsonable(v) for c, v in zip(columns, values, strict=True)}, ensure_ascii=False)


def embedded_text(columns: list[Column], values: list[Any]) -> str:
    """What is embedded for a row: only the indexed (semantic) columns, as "name: value" lines."""
    parts = [f"{c.column_name}: {_jsonable(v)}" for c, v in zip(columns, values, strict=True)
             if c.is_semantic and v is not None]
    return "\n".join(parts)
