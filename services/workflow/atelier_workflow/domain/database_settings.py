"""What a database node (Coze's DatabaseCustomSQL 12, Update 42, Query 43, Delete 44, Insert 46)
needs before it can run: the table it works on, its SQL, and for Update and Delete the rows it
touches. Validation reports what is missing when the canvas is saved or published; the
executors (engine/nodes/database.py) read the same settings.

Interface: `selected_database_id(inputs) -> int | None`, `database_problems(kind, inputs) ->
[(message, path)]`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from atelier_proto.enums import NodeType
from atelier_workflow.domain.canvas import NodeInputs

DATABASE_TYPES = frozenset({NodeType.DatabaseCustomSQL, NodeType.DatabaseQuery, NodeType.DatabaseInsert,
                            NodeType.DatabaseUpdate, NodeType.DatabaseDelete})
# The setting holding a node's statement, and whether it must say which rows (a whole-table
# update or delete is refused, as in Coze).
PARAM_KEYS = {NodeType.DatabaseQuery: "selectParam", NodeType.DatabaseInsert: "insertParam",
              NodeType.DatabaseUpdate: "updateParam", NodeType.DatabaseDelete: "deleteParam"}
NEEDS_CONDITION = {NodeType.DatabaseUpdate: "an update", NodeType.DatabaseDelete: "a delete"}


def selected_database_id(inputs: NodeInputs) -> int | None:
    """`databaseInfoList[0].databaseInfoID`, the table the node works on; None when none is chosen."""
    listed = inputs.extra("databaseInfoList") or []
    first = listed[0] if isinstance(listed, list) and listed and isinstance(listed[0], dict) else {}
    value = str(first.get("databaseInfoID", "")).strip()
    return int(value) if value.isdigit() and int(value) else None


def condition_list(param: Any) -> list[Any]:
    condition = param.get("condition") if isinstance(param, dict) else None
    listed = condition.get("conditionList") if isinstance(condition, dict) else None
    return listed if isinstance(listed, list) else []


def database_problems(kind: NodeType, inputs: NodeInputs) -> Iterator[tuple[str, str]]:
    """What keeps a database node from running, as (message, path under the node's data)."""
    if kind not in DATABASE_TYPES:
        return
    if selected_database_id(inputs) is None:
        yield "no database is selected", "inputs.databaseInfoList"
    if kind == NodeType.DatabaseCustomSQL:
        sql = inputs.extra("sql")
        if not isinstance(sql, str) or not sql.strip():
            yield "the SQL is empty", "inputs.sql"
        return
    key = PARAM_KEYS[kind]
    param = inputs.extra(key)
    if not isinstance(param, dict):
        yield f"the node has no {key}", f"inputs.{key}"
        return
    if kind in NEEDS_CONDITION and not condition_list(param):
        yield (f"{NEEDS_CONDITION[kind]} needs at least one condition (it would touch every row)",
               f"inputs.{key}.condition")
