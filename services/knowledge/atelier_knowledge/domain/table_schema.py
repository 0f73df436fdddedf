"""Table datasets: the virtual schema users see and how rows map onto the physical table.

Physical names are derived from ids (`t_<dataset_id>`, `c_<column_id>`), so user-chosen column
names never reach SQL as identifiers; the virtual <-> physical mapping lives in table_info.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from datetime import date, datetime
from typing import Any

from atelier_knowledge.domain.enums import ColumnType
from atelier_proto import knowledge_pb2 as kpb

SQL_TYPES = {
    ColumnType.TEXT: "text",
    ColumnType.NUMBER: "bigint",
    ColumnType.FLOAT: "double precision",
    ColumnType.BOOLEAN: "boolean",
    ColumnType.DATE: "timestamp",
    ColumnType.IMAGE: "text",
    ColumnType.UNKNOWN: "text",
}
_INT = re.compile(r"^[+-]?\d{1,18}$")
_TRUE, _FALSE = {"true", "yes", "1", "y"}, {"false", "no", "0", "n"}


class SchemaMismatch(ValueError):
    """An appended file whose columns differ from the dataset's; the message names the column."""


class RowMismatch(ValueError):
    """A row whose cell does not fit its column's type; the message names row and column."""


@dataclass(frozen=True)
class Column:
    id: int
    column_name: str
    column_type: int
    is_semantic: bool
    desc: str
    sequence: int

    @property
    def physical(self) -> str:
        return f"c_{self.id}"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Column:
        return cls(**{k: data[k] for k in ("id", "column_name", "column_type", "is_semantic", "desc", "sequence")})

    def to_proto(self) -> kpb.TableColumn:
        return kpb.TableColumn(id=self.id, column_name=self.column_name, is_semantic=self.is_semantic,
                               sequence=self.sequence, column_type=self.column_type, desc=self.desc)


def physical_table(dataset_id: int) -> str:
    return f"t_{dataset_id}"


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
        return ColumnType.TEXT
    for kind in (ColumnType.NUMBER, ColumnType.FLOAT, ColumnType.BOOLEAN, ColumnType.DATE):
        if all(_parses(v, kind) for v in filled):
            return kind
    return ColumnType.TEXT


def infer_columns(names: tuple[str, ...], rows: tuple[tuple[str, ...], ...], sample: int = 200) -> list[dict[str, Any]]:
    """Column metadata for a new table from its header and a sample of rows; text columns are
    the ones embedded for semantic search by default."""
    columns = []
    for i, name in enumerate(names):
        kind = infer_type([row[i] for row in rows[:sample]])
        columns.append({"column_name": name, "column_type": kind, "is_semantic": kind == ColumnType.TEXT,
                        "desc": "", "sequence": i})
    if columns and not any(c["is_semantic"] for c in columns):
        columns[0]["is_semantic"] = True
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
    """A cell as the Python value stored in the physical column; ValueError when it does not fit."""
    text = value.strip()
    if text == "":
        return None
    if kind == ColumnType.NUMBER:
        if _INT.match(text):
            return int(text)
        number = float(text)
        if not number.is_integer():
            raise ValueError(f"'{value}' is not a whole number")
        return int(number)
    if kind == ColumnType.FLOAT:
        return float(text)
    if kind == ColumnType.BOOLEAN:
        if text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
        raise ValueError(f"'{value}' is not a boolean")
    if kind == ColumnType.DATE:
        try:
            return datetime.fromisoformat(text.replace("/", "-"))
        except ValueError:
            raise ValueError(f"'{value}' is not a date") from None
    return value


def convert_row(columns: list[Column], names: tuple[str, ...], row: tuple[str, ...], row_number: int) -> list[Any]:
    """A source row as physical values in the order of `columns`; RowMismatch names the cell."""
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
    """A slice's content for a row: the row as JSON keyed by virtual column names."""
    return json.dumps({c.column_name: _jsonable(v) for c, v in zip(columns, values, strict=True)}, ensure_ascii=False)


def embedded_text(columns: list[Column], values: list[Any]) -> str:
    """What is embedded for a row: only the indexed (semantic) columns, as "name: value" lines."""
    parts = [f"{c.column_name}: {_jsonable(v)}" for c, v in zip(columns, values, strict=True)
             if c.is_semantic and v is not None]
    return "\n".join(parts)
