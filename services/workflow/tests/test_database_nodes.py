"""The database nodes (DatabaseCustomSQL, Query, Insert, Update, Delete): the statements they build
(values always bound, never SQL text), then run by the engine against the real agent service and
its memory tables (memory_workflow_stack), as the run's user of the run's space."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.canvas_builders import chain, entry, exit_, lit, node, out, param, ref
from atelier_devstack.stack_fixtures import KnowledgeStack, new_user
from atelier_workflow.clients import DATABASES
from atelier_workflow.clients.databases import GrpcMemoryDatabases
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.plan import Plan, compile_plan
from atelier_workflow.engine import Engine, RunContext, RunStatus
from atelier_workflow.engine.model import NodeError
from atelier_workflow.engine.nodes.database_statements import template_statement
from atelier_workflow.engine.registry import data_registry

CUSTOM_SQL, UPDATE, QUERY, DELETE, INSERT = 12, 42, 43, 44, 46
RUN_USER = "1"
SNEAKY = "Robert'); DROP TABLE books; --"


# ------------------------------------------------------------------------- the custom SQL template (pure)


def test_every_placeholder_becomes_a_bound_parameter() -> None:
    statement = template_statement(
        "SELECT title FROM books WHERE title = '{{name}}' AND pages > {{n}} AND title LIKE '%{{name}}%'"
        " AND id IN ({{ids}}) AND note = {{obj.note}} -- {{ignored}}", {"name": SNEAKY, "n": 3, "ids": [4, 5],
                                                                          "obj": {"note": "x"}})
    assert statement.sql == ("SELECT title FROM books WHERE title = $1 AND pages > $2 AND title LIKE"
                             " ('%' || $3 || '%') AND id IN ($4, $5) AND note = $6 -- {{ignored}}")
    assert statement.params == (SNEAKY, 3, SNEAKY, 4, 5, "x")
    assert SNEAKY not in statement.sql
    # Quoted placeholders are text (as Coze binds them); an empty list matches nothing.
    assert template_statement("SELECT 1 FROM t WHERE a = '{{n}}' AND b IN ({{none}})", {"n": 3, "none": []}) \
        .params == ("3",)
    assert template_statement("SELECT 'it''s {{x}}' FROM t", {"x": 1}).sql == "SELECT ('it''s ' || $1) FROM t"


@pytest.mark.parametrize("sql, needle", [
    ("SELECT * FROM books WHERE title = {{missing}}", "{{missing}} names no input of this node (inputs: n)"),
    ('SELECT "{{n}}" FROM books', "cannot name a table or column"),
    ("SELECT * FROM books WHERE pages = $1", "not $1-style"),
    ("SELECT * FROM books WHERE title = 'open", "unterminated quote"),
    ("SELECT * FROM books WHERE title = {{n", "unclosed placeholder"),
])
def test_templates_that_cannot_be_bound_fail_naming_the_problem(sql: str, needle: str) -> None:
    with pytest.raises(NodeError) as err:
        template_statement(sql, {"n": 1})
    assert needle in err.value.message


# ------------------------------------------------------------------------- nodes against the agent service


def plan(nodes: list[dict[str, Any]]) -> Plan:
    return compile_plan(parse_canvas({"nodes": nodes, "edges": chain(*(n["id"] for n in nodes))}))


def rows_output(*fields: tuple[str, str]) -> list[dict[str, Any]]:
    return [out("outputList", "list", schema={"type": "object", "schema": [out(n, t) for n, t in fields]}),
            out("rowNum", "integer")]


def db_node(id_: str, type_: int, table: dict[str, Any], inputs: dict[str, Any],
            outputs: list[dict[str, Any]] | None = None, *params: dict[str, Any]) -> dict[str, Any]:
    return node(id_, type_, {"databaseInfoList": [{"databaseInfoID": str(table["id"])}],
                             "inputParameters": list(params), **inputs}, outputs or rows_output(), title=id_)


def condition(*clauses: list[dict[str, Any]], logic: str = "AND") -> dict[str, Any]:
    return {"conditionList": list(clauses), "logic": logic}


def clause(left: str, operation: str, right: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    items = [param("left", lit(left)), param("operation", lit(operation))]
    return items + ([param("right", right)] if right is not None else [])


def field_id(table: dict[str, Any], name: str) -> str:
    return next(str(f["id"]) for f in table["field_list"] if f["name"] == name)


def field_info(table: dict[str, Any], **values: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return [[param("fieldID", lit(field_id(table, name))), param("fieldValue", value)] for name, value in values.items()]


@pytest.fixture
async def client(memory_workflow_stack: KnowledgeStack) -> AsyncIterator[AtelierClient]:
    async with memory_workflow_stack.client() as api:
        yield api


async def new_table(client: AtelierClient, rw_mode: int = 1) -> dict[str, Any]:
    """A memory table (rw_mode 1: limited, 2: read-only, 3: unlimited) of title, pages, rating."""
    return (await client.call("/api/memory/database/add", {
        "space_id": client.space_id, "table_name": f"books_{uuid.uuid4().hex[:6]}", "rw_mode": rw_mode,
        "field_list": [{"name": "title", "type": 1, "must_required": True}, {"name": "pages", "type": 2},
                       {"name": "rating", "type": 4}]}))["database_info"]


async def records(client: AtelierClient, table: dict[str, Any], *, all_users: bool = True) -> list[dict[str, str]]:
    """The table's rows as the console lists them."""
    listed = await client.call("/api/memory/database/list_records", {"database_id": table["id"],
                                                                      "not_filter_by_user_id": all_users})
    return [r["values"] for r in listed["data"]]


async def run(stack: KnowledgeStack, canvas: Plan, inputs: dict[str, Any], *, user: str = RUN_USER,
              space: str | None = None) -> Any:
    databases = GrpcMemoryDatabases(stack.env["ATELIER_AGENT_ADDR"], space_id=int(space or stack.space_id),
                                    user_id=user)
    return await Engine(data_registry()).run(canvas, inputs, context=RunContext(services={DATABASES: databases}))


def insert_flow(table: dict[str, Any]) -> Plan:
    return plan([entry(out("title"), out("pages", "integer")),
                 db_node("add", INSERT, table, {"insertParam": {"fieldInfo": field_info(
                     table, title=ref("100001", "title"), pages=ref("100001", "pages", "integer"),
                     rating=lit(4.5, "float"))}}),
                 exit_(param("added", ref("add", "rowNum", "integer")))])


def query_flow(table: dict[str, Any], *clauses: list[dict[str, Any]], logic: str = "AND") -> Plan:
    select = {"fieldList": [{"fieldID": int(field_id(table, "title")), "isDistinct": False},
                            {"fieldID": int(field_id(table, "pages")), "isDistinct": False}],
              "orderByList": [{"fieldID": int(field_id(table, "pages")), "isAsc": False}], "limit": 10,
              "condition": condition(*clauses, logic=logic)}
    return plan([entry(out("min", "integer"), out("word")),
                 db_node("find", QUERY, table, {"selectParam": select},
                         rows_output(("title", "string"), ("pages", "integer"), ("rating", "float"))),
                 exit_(param("rows", ref("find", "outputList", "list")), param("n", ref("find", "rowNum", "integer")))])


async def test_insert_then_query_with_conditions_order_and_typed_rows(memory_workflow_stack, client) -> None:
    table = await new_table(client)
    for title, pages in (("Dune", 412), (SNEAKY, 99), ("Emma", 300)):
        result = await run(memory_workflow_stack, insert_flow(table), {"title": title, "pages": pages})
        assert result.status == RunStatus.SUCCEEDED, result.error
        assert result.output == {"added": 1}
    found = await run(memory_workflow_stack, query_flow(
        table, clause("pages", "GREATER_EQUAL", ref("100001", "min", "integer")), clause("title", "NOT_LIKE",
                                                                                        ref("100001", "word"))),
        {"min": 100, "word": "mm"})
    assert found.status == RunStatus.SUCCEEDED, found.error
    # Declared fields only, typed; a declared field not selected is null.
    assert found.output == {"rows": [{"title": "Dune", "pages": 412, "rating": None}], "n": 1}
    anything = await run(memory_workflow_stack, query_flow(
        table, clause("title", "EQUAL", ref("100001", "word")), clause("pages", "IS_NULL"), logic="OR"),
        {"min": 0, "word": SNEAKY})
    assert anything.output["rows"] == [{"title": SNEAKY, "pages": 99, "rating": None}]
    # What the console shows: the rows are the run user's.
    assert {(r["title"], r["user_id"]) for r in await records(client, table)} == {("Dune", "1"), (SNEAKY, "1"), ("Emma", "1")}


async def test_update_and_delete_touch_only_the_run_users_rows_in_a_limited_table(memory_workflow_stack,
                                                                                 client) -> None:
    table = await new_table(client)
    for user in ("1", "2"):
        result = await run(memory_workflow_stack, insert_flow(table), {"title": "Dune", "pages": 1}, user=user)
        assert result.status == RunStatus.SUCCEEDED, result.error
    update = plan([entry(out("pages", "integer")),
                   db_node("change", UPDATE, table, {"updateParam": {
                       "condition": condition(clause("title", "IN", {**lit(["Dune", "Emma"], "list"), "schema": {"type": "string"}})),
                       "fieldInfo": field_info(table, pages=ref("100001", "pages", "integer"))}}),
                   exit_(param("n", ref("change", "rowNum", "integer")))])
    changed = await run(memory_workflow_stack, update, {"pages": 500}, user="2")
    assert changed.status == RunStatus.SUCCEEDED, changed.error
    assert changed.output == {"n": 1}
    delete = plan([entry(),
                   db_node("drop", DELETE, table, {"deleteParam": {"condition": condition(
                       clause("pages", "LESS_THAN", lit("100", "integer")))}}),
                   exit_(param("n", ref("drop", "rowNum", "integer")))])
    assert (await run(memory_workflow_stack, delete, {}, user="2")).output == {"n": 0}  # user 2's row has 500
    assert (await run(memory_workflow_stack, delete, {}, user="1")).output == {"n": 0 + 1}
    assert [(r["user_id"], r["pages"]) for r in await records(client, table)] == [("2", "500")]


def custom_sql_flow(table: dict[str, Any], sql: str) -> Plan:
    return plan([entry(out("title"), out("limit", "integer")),
                 db_node("sql", CUSTOM_SQL, table, {"sql": sql}, rows_output(), param("title", ref("100001", "title")),
                         param("limit", ref("100001", "limit", "integer"))),
                 exit_(param("rows", ref("sql", "outputList", "list")), param("n", ref("sql", "rowNum", "integer")))])


async def test_custom_sql_binds_inputs_and_refused_sql_fails_the_node(memory_workflow_stack, client) -> None:
    table, other = await new_table(client, rw_mode=3), await new_table(client, rw_mode=3)
    name = table["table_name"]
    insert = await run(memory_workflow_stack, custom_sql_flow(
        table, f"INSERT INTO {name} (title, pages) VALUES ('{{{{title}}}}', {{{{limit}}}})"),
        {"title": SNEAKY, "limit": 7})
    assert insert.status == RunStatus.SUCCEEDED, insert.error
    assert insert.output == {"rows": [], "n": 1}
    select = await run(memory_workflow_stack, custom_sql_flow(
        table, f"SELECT title, pages FROM {name} WHERE title = {{{{title}}}} LIMIT {{{{limit}}}}"),
        {"title": SNEAKY, "limit": 5})
    assert select.status == RunStatus.SUCCEEDED, select.error
    # No declared row fields: every value as text, as Coze gives them.
    assert select.output == {"rows": [{"title": SNEAKY, "pages": "7"}], "n": 1}
    for sql, needle in ((f"DROP TABLE {name}", "only SELECT, INSERT, UPDATE and DELETE"),
                        (f"SELECT title FROM {other['table_name']}", f"only table {name} can be used here"),
                        (f"SELECT title FROM {name} WHERE pages = {{{{title}}}}", r"is not an integer")):
        failed = await run(memory_workflow_stack, custom_sql_flow(table, sql), {"title": "many", "limit": 1})
        assert failed.status == RunStatus.FAILED
        assert failed.error.node_id == "sql" and needle in failed.error.message, failed.error.message
    (row,) = await records(client, table)
    assert row["title"] == SNEAKY  # the table is still there, with its row


async def test_read_only_tables_and_tables_of_other_spaces_are_refused(memory_workflow_stack, client) -> None:
    read_only = await new_table(client, rw_mode=2)
    result = await run(memory_workflow_stack, insert_flow(read_only), {"title": "x", "pages": 1})
    assert result.status == RunStatus.FAILED and "read-only" in result.error.message
    token, (space,) = await new_user(memory_workflow_stack.env["ATELIER_DATABASE_URL"])
    async with AtelierClient(memory_workflow_stack.gateway_url, token, space) as stranger:
        theirs = await new_table(stranger)
    result = await run(memory_workflow_stack, insert_flow(theirs), {"title": "x", "pages": 1})
    assert result.status == RunStatus.FAILED
    assert f"database {theirs['id']} not found in space {memory_workflow_stack.space_id}" in result.error.message
