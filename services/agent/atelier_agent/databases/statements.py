"""ExecuteDatabaseSql: a workflow database node's statement on a memory table of its space, planned
(databases/sql.py) and run (databases/tool.py) exactly as the agent's SQL tool runs a model's; only
the result caps differ, as a workflow's rows go to the next node, not into a model's context."""

from __future__ import annotations

import json
from typing import Any

from atelier_agent.databases import store
from atelier_agent.databases.sql import MAX_ROWS, SqlRefused, plan
from atelier_agent.databases.tool import ToolInputError, run_planned
from atelier_common.auth import require_internal
from atelier_common.db import sandbox
from atelier_common.errors import InvalidArgument, NotFound
from atelier_common.service import ServiceDeps
from atelier_proto import agent_pb2 as apb

# gRPC messages stay under their 4 MB default.
CAPS = sandbox.Caps(max_rows=MAX_ROWS, max_value_chars=65_536, max_result_chars=2_000_000)


def _values(params: list[str]) -> list[Any]:
    out = []
    for i, text in enumerate(params):
        try:
            out.append(json.loads(text))
        except json.JSONDecodeError:
            raise InvalidArgument(f"field 'params[{i}]': not a JSON value") from None
    return out


async def execute_sql(deps: ServiceDeps, req: apb.ExecuteDatabaseSqlRequest) -> apb.ExecuteDatabaseSqlResponse:
    require_internal()
    db = await store.get(deps.pool, req.database_id)
    if db is None or db.space_id != req.space_id:
        raise NotFound(f"database {req.database_id} not found in space {req.space_id}")
    if not req.user_id:
        raise InvalidArgument("field 'user_id': the run's user is required")
    if not req.sql.strip():
        raise InvalidArgument("field 'sql': required")
    try:
        planned = plan(req.sql, table_name=db.table_name, database_id=db.id, fields=db.fields, rw_mode=db.rw_mode,
                       user_id=req.user_id, values=_values(list(req.params)))
    except SqlRefused as e:
        raise InvalidArgument(f"the SQL on table {db.table_name} is refused: {e}") from None
    try:
        outcome = await run_planned(deps.pool, planned, CAPS)
    except ToolInputError as e:
        raise InvalidArgument(f"table {db.table_name}: {e}") from None
    return apb.ExecuteDatabaseSqlResponse(
        rows=json.dumps(outcome.rows, ensure_ascii=False), is_select=outcome.is_select,
        row_count=len(outcome.rows) if outcome.is_select else outcome.affected, truncated=outcome.truncated)
