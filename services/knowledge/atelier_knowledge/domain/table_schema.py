"""Table datasets: the virtual schema users see and how rows map onto the physical table.

Physical names and types come from atelier_common.user_tables (`t_<dataset_id>`, `c_<column_id>`,
DATE as timestamptz), as the agent's memory tables do, so user-chosen column names never reach SQL
as identifiers; the virtual <-> physical mapping lives in table_info. Reading files (column types,
cell conversion) is the indexer's: it stores each row as a slice whose content is the row as JSON,
which `physical_row` maps onto the physical columns.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from atelier_common import user_tables
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import ColumnType


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
        return user_tables.column_name(self.id)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Column:
        return cls(**{k: data[k] for k in ("id", "column_name", "column_type", "is_semantic", "desc", "sequence")})

    def to_proto(self) -> kpb.TableColumn:
        return kpb.TableColumn(id=self.id, column_name=self.column_name, is_semantic=self.is_semantic,
                               sequence=self.sequence, column_type=self.column_type, desc=self.desc)


def physical_table(dataset_id: int) -> str:
    return user_tables.table_name(dataset_id)


def physical_row(columns: list[Column], content: str) -> list[Any]:
    """The physical values of a row slice, in the order of `columns`. The indexer stores a row as
    JSON keyed by virtual column names with values of each column's type (dates in ISO form)."""
    row = json.loads(content)
    if not isinstance(row, dict):
        raise ValueError("a table row slice holds a JSON object")
    return [_physical(row.get(c.column_name), c.column_type) for c in columns]


def _physical(value: Any, kind: int) -> Any:
    if value is None:
        return None
    if kind == ColumnType.Date:
        return datetime.fromisoformat(str(value))
    if kind == ColumnType.Number:
        return int(value)
    if kind == ColumnType.Float:
        return float(value)
    if kind == ColumnType.Boolean:
        return bool(value)
    return str(value)
