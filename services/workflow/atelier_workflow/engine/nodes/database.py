"""The database nodes (Coze's nodes/database) on the memory tables the agent service owns:
DatabaseCustomSQL (12), DatabaseUpdate (42), DatabaseQuery (43), DatabaseDelete (44) and
DatabaseInsert (46). `databaseInfoList[0].databaseInfoID` names the table; the statement is built
with every value bound (database_statements.py) and sent to the agent's ExecuteDatabaseSql, which
applies the SQL tool's rules: one statement on that table alone, SELECT only on a read-only table,
only the run user's rows on a limited one (an INSERT records that user), and only a table of the
workflow's space. A refused or failed statement fails the node with the agent's reason.

Outputs as Coze's: `outputList`, the rows as objects typed by the declared object fields (no
declared fields: every value as text; a declared field missing: null), and `rowNum`, the rows
returned by a SELECT or changed by the other statements. A SELECT answers at most 100 rows (the
SQL tool's cap: a larger Query limit is capped, not refused) within 2 MB, longer values cut at
64 KB (the agent's databases/statements.py). The user is the one the run's clients serve (its creator).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from atelier_common.errors import AtelierError
from atelier_proto.enums import NodeType, VariableType
from atelier_workflow.clients import DATABASES
from atelier_workflow.clients.databases import DatabasesUnavailable, MemoryDatabases, SqlResult, Table
from atelier_workflow.domain.database_settings import selected_database_id
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.domain.typeinfo import TypeInfo
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput
from atelier_workflow.engine.nodes.database_statements import (
    Condition,
    Statement,
    conditions,
    delete_statement,
    insert_statement,
    query_statement,
    template_statement,
    update_statement,
)
from atelier_workflow.engine.nodes.services import declared_outputs, service
from atelier_workflow.engine.values import ConversionError, convert, to_text

OUTPUT_LIST, ROW_NUM = "outputList", "rowNum"


def database_id(node: PlanNode) -> int:
    selected = selected_database_id(node.config)
    if selected is None:
        raise NodeError("no database is selected (databaseInfoList)", "invalid_setting")
    return selected


def _databases(ctx: NodeContext) -> MemoryDatabases:
    return service(ctx, DATABASES, "the memory databases (agent service)")


async def _table(node: PlanNode, databases: MemoryDatabases, table_id: int) -> Table:
    try:
        return await databases.table(table_id)
    except DatabasesUnavailable as exc:
        raise NodeError(f"the agent service did not answer: {exc}", "database_unavailable") from None
    except AtelierError as exc:
        raise NodeError(exc.msg, "database_not_found") from None


async def _run(node: PlanNode, databases: MemoryDatabases, table_id: int, statement: Statement) -> NodeOutput:
    try:
        result = await databases.execute(table_id, statement.sql, statement.params)
    except DatabasesUnavailable as exc:
        raise NodeError(f"the agent service did not answer: {exc}", "database_unavailable") from None
    except AtelierError as exc:
        raise NodeError(exc.msg, "database_refused") from None
    return NodeOutput(outputs(result, declared_outputs(node)))


def outputs(result: SqlResult, declared: Mapping[str, TypeInfo]) -> dict[str, Any]:
    """Coze's responseFormatted: rows shaped by the declared outputList element."""
    element = declared[OUTPUT_LIST].element if OUTPUT_LIST in declared else None
    fields = element.fields if element is not None and element.type == VariableType.Object else {}
    return {OUTPUT_LIST: [_row(row, fields) for row in result.rows], ROW_NUM: result.row_count}


def _row(row: Mapping[str, Any], fields: Mapping[str, TypeInfo]) -> dict[str, Any]:
    if not fields:
        return {name: to_text(value) for name, value in row.items() if value is not None}
    shaped = {}
    for name, typed in fields.items():
        try:
            shaped[name] = convert(row.get(name), typed)
        except ConversionError:  # a warning in Coze, not a failure
            shaped[name] = None
    return shaped


def _clauses(ctx: NodeContext, found: list[Condition]) -> list[tuple[Condition, Any]]:
    return [(c, ctx.setting(c.right_place) if c.right_place else None) for c in found]


def _assignments(ctx: NodeContext, raw: Any, place: str) -> list[tuple[Any, Any]]:
    """`fieldInfo`: [[{name: fieldID, input: literal id}, {name: fieldValue, input: value}]...]."""
    pairs = []
    for index, pair in enumerate(raw or []):
        if not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], dict):
            raise NodeError(f"fieldInfo[{index}] is not a (fieldID, fieldValue) pair", "invalid_setting")
        field_id = (((pair[0].get("input") or {}).get("value") or {}).get("content"))
        pairs.append((field_id, ctx.setting(f"{place}[{index}][1].input")))
    return pairs


def _param(node: PlanNode, key: str) -> dict[str, Any]:
    raw = node.config.extra(key)
    if not isinstance(raw, dict):
        raise NodeError(f"the node has no {key}", "invalid_setting")
    return raw


async def custom_sql(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    databases, table_id = _databases(ctx), database_id(node)
    template = node.config.extra("sql")
    if not isinstance(template, str) or not template.strip():
        raise NodeError("the node has no SQL", "invalid_setting")
    return await _run(node, databases, table_id, template_statement(template, inputs))


async def query(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    databases, table_id = _databases(ctx), database_id(node)
    select = _param(node, "selectParam")
    limit = select.get("limit")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit <= 0:
        raise NodeError(f"the limit must be a positive integer, not {limit!r}", "invalid_setting")
    found, logic = conditions(select.get("condition"), "selectParam.condition")
    table = await _table(node, databases, table_id)
    fields = [f.get("fieldID") for f in select.get("fieldList") or [] if isinstance(f, dict)]
    order = [(o.get("fieldID"), bool(o.get("isAsc"))) for o in select.get("orderByList") or [] if isinstance(o, dict)]
    return await _run(node, databases, table_id,
                      query_statement(table, fields, _clauses(ctx, found), logic, order, limit))


async def insert(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    databases, table_id = _databases(ctx), database_id(node)
    pairs = _assignments(ctx, _param(node, "insertParam").get("fieldInfo"), "insertParam.fieldInfo")
    table = await _table(node, databases, table_id)
    return await _run(node, databases, table_id, insert_statement(table, pairs))


async def update(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    databases, table_id = _databases(ctx), database_id(node)
    raw = _param(node, "updateParam")
    found, logic = conditions(raw.get("condition"), "updateParam.condition")
    pairs = _assignments(ctx, raw.get("fieldInfo"), "updateParam.fieldInfo")
    table = await _table(node, databases, table_id)
    return await _run(node, databases, table_id, update_statement(table, _clauses(ctx, found), logic, pairs))


async def delete(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    databases, table_id = _databases(ctx), database_id(node)
    found, logic = conditions(_param(node, "deleteParam").get("condition"), "deleteParam.condition")
    table = await _table(node, databases, table_id)
    return await _run(node, databases, table_id, delete_statement(table, _clauses(ctx, found), logic))


EXECUTORS = {NodeType.DatabaseCustomSQL: custom_sql, NodeType.DatabaseQuery: query, NodeType.DatabaseInsert: insert,
             NodeType.DatabaseUpdate: update, NodeType.DatabaseDelete: delete}
