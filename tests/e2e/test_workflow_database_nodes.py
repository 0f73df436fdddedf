"""A Coze canvas with every database node (Insert 46, Query 43, Update 42, Delete 44, CustomSQL 12)
on a memory table made in the console, saved and run through the gateway: a console test run
executed by a workflow worker, and a sync run of the published version. The rows are the run
user's (what the console's records view shows); refused SQL fails its node, saying why."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.stack_fixtures import KnowledgeStack

pytestmark = pytest.mark.e2e

SUCCESS, FAIL = 2, 3  # WorkflowExeStatus
START, INSERT, QUERY, UPDATE, DELETE, SQL, END = "100001", "146001", "143001", "142001", "144001", "112001", "900001"


def literal(type_: str, content: Any, raw_type: int | None = None) -> dict[str, Any]:
    value: dict[str, Any] = {"type": "literal", "content": content}
    if raw_type is not None:
        value["rawMeta"] = {"type": raw_type}
    return {"type": type_, "value": value}


def block_ref(type_: str, block: str, name: str) -> dict[str, Any]:
    return {"type": type_, "value": {"type": "ref", "content": {"source": "block-output", "blockID": block,
                                                                "name": name}, "rawMeta": {"type": 1}}}


def named(name: str, block_input: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "input": block_input}


def conditions(*items: tuple[str, str, dict[str, Any] | None], logic: str = "AND") -> dict[str, Any]:
    rows = []
    for left, operation, right in items:
        row = [named("left", literal("string", left)), named("operation", literal("string", operation))]
        rows.append(row + ([named("right", right)] if right is not None else []))
    return {"conditionList": rows, "logic": logic}


def field_info(table: dict[str, Any], **values: dict[str, Any]) -> list[list[dict[str, Any]]]:
    ids = {f["name"]: str(f["id"]) for f in table["field_list"]}
    return [[named("fieldID", literal("string", ids[name])), named("fieldValue", value)]
            for name, value in values.items()]


def rows_outputs(*fields: tuple[str, str]) -> list[dict[str, Any]]:
    return [{"type": "list", "name": "outputList",
             "schema": {"type": "object", "schema": [{"type": t, "name": n} for n, t in fields]}},
            {"type": "integer", "name": "rowNum"}]


def db_node(node_id: str, node_type: str, title: str, x: int, table: dict[str, Any], inputs: dict[str, Any],
            outputs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"id": node_id, "type": node_type, "meta": {"position": {"x": x, "y": 0}},
            "data": {"nodeMeta": {"title": title, "subTitle": title, "mainColor": "#F2B600"},
                     "inputs": {"databaseInfoList": [{"databaseInfoID": str(table["id"])}], **inputs},
                     "outputs": outputs or rows_outputs()}}


def canvas(table: dict[str, Any], custom_sql: str) -> dict[str, Any]:
    """Start(title, pages) -> insert it -> query pages >= 100 -> update its pages -> delete short
    ones -> custom SQL reading the title back -> End."""
    ids = {f["name"]: f["id"] for f in table["field_list"]}
    start = {"id": START, "type": "1", "meta": {"position": {"x": 0, "y": 0}},
             "data": {"nodeMeta": {"title": "Start"}, "outputs": [
                 {"type": "string", "name": "title", "required": True},
                 {"type": "integer", "name": "pages", "required": True}]}}
    nodes = [
        start,
        db_node(INSERT, "46", "Add the book", 200, table, {"insertParam": {"fieldInfo": field_info(
            table, title=block_ref("string", START, "title"), pages=block_ref("integer", START, "pages"))}}),
        db_node(QUERY, "43", "Long books", 400, table, {"selectParam": {
            "fieldList": [{"fieldID": ids["title"], "isDistinct": False}, {"fieldID": ids["pages"], "isDistinct": False}],
            "orderByList": [{"fieldID": ids["pages"], "isAsc": True}], "limit": 10,
            "condition": conditions(("pages", "GREATER_EQUAL", literal("integer", 100, 2)))}},
            rows_outputs(("title", "string"), ("pages", "integer"))),
        db_node(UPDATE, "42", "Double it", 600, table, {"updateParam": {
            "condition": conditions(("title", "EQUAL", block_ref("string", START, "title"))),
            "fieldInfo": field_info(table, pages=literal("integer", 2000, 2))}}),
        db_node(DELETE, "44", "Drop short ones", 800, table, {"deleteParam": {
            "condition": conditions(("pages", "LESS_THAN", literal("integer", 50, 2)),
                                    ("pages", "IS_NULL", None), logic="OR")}}),
        {"id": SQL, "type": "12", "meta": {"position": {"x": 1000, "y": 0}},
         "data": {"nodeMeta": {"title": "Custom SQL"},
                  "inputs": {"databaseInfoList": [{"databaseInfoID": str(table["id"])}], "sql": custom_sql,
                             "inputParameters": [named("title", block_ref("string", START, "title"))]},
                  "outputs": rows_outputs(("title", "string"), ("pages", "integer"))}},
        {"id": END, "type": "2", "meta": {"position": {"x": 1200, "y": 0}},
         "data": {"nodeMeta": {"title": "End"}, "inputs": {"terminatePlan": "returnVariables", "inputParameters": [
             named("added", block_ref("integer", INSERT, "rowNum")),
             named("long", {"type": "list", "schema": {"type": "object", "schema": []},
                            "value": {"type": "ref", "content": {"source": "block-output", "blockID": QUERY,
                                                                 "name": "outputList"}}}),
             named("updated", block_ref("integer", UPDATE, "rowNum")),
             named("deleted", block_ref("integer", DELETE, "rowNum")),
             named("mine", {"type": "list", "schema": {"type": "object", "schema": []},
                            "value": {"type": "ref", "content": {"source": "block-output", "blockID": SQL,
                                                                 "name": "outputList"}}})]}}},
    ]
    order = [n["id"] for n in nodes]
    edges = [{"sourceNodeID": a, "targetNodeID": b, "sourcePortID": ""} for a, b in zip(order, order[1:], strict=False)]
    return {"nodes": nodes, "edges": edges, "versions": {"loop": "v2"}}


@pytest.fixture
async def client(memory_workflow_stack: KnowledgeStack) -> AsyncIterator[AtelierClient]:
    async with memory_workflow_stack.client() as api:
        yield api


async def new_table(client: AtelierClient) -> dict[str, Any]:
    return (await client.call("/api/memory/database/add", {
        "space_id": client.space_id, "table_name": f"shelf_{uuid.uuid4().hex[:6]}", "rw_mode": 1,  # limited
        "field_list": [{"name": "title", "type": 1, "must_required": True}, {"name": "pages", "type": 2}]}
    ))["database_info"]


async def workflow(client: AtelierClient, doc: dict[str, Any]) -> str:
    body = {"space_id": client.space_id}
    workflow_id = (await client.call("/api/workflow_api/create", {
        **body, "name": f"shelf_{uuid.uuid4().hex[:6]}", "desc": "database nodes"}))["data"]["workflow_id"]
    commit = (await client.call("/api/workflow_api/canvas", {**body, "workflow_id": workflow_id}
                                ))["data"]["vcs_data"]["submit_commit_id"]
    await client.call("/api/workflow_api/save", {**body, "workflow_id": workflow_id, "schema": json.dumps(doc),
                                                 "submit_commit_id": commit})
    return workflow_id


async def console_run(client: AtelierClient, workflow_id: str, inputs: dict[str, Any]) -> dict[str, Any]:
    """A console test run (executed by a worker), polled with get_process until it ends."""
    execute_id = (await client.call("/api/workflow_api/test_run", {
        "space_id": client.space_id, "workflow_id": workflow_id, "input": inputs}))["data"]["execute_id"]
    for _ in range(300):
        found = (await client.call("/api/workflow_api/get_process", {
            "workflow_id": workflow_id, "space_id": client.space_id, "execute_id": execute_id}, method="GET"))["data"]
        if found["executeStatus"] in (SUCCESS, FAIL):
            return found
        await asyncio.sleep(0.1)
    raise AssertionError(f"run {execute_id} did not end: {found}")


async def records(client: AtelierClient, table: dict[str, Any]) -> list[dict[str, str]]:
    listed = await client.call("/api/memory/database/list_records", {"database_id": table["id"]})
    return [r["values"] for r in listed["data"]]


async def test_a_coze_canvas_of_database_nodes_writes_and_reads_the_users_rows(client: AtelierClient) -> None:
    table = await new_table(client)
    name = table["table_name"]
    # A quoted placeholder, as Coze's console writes them; the value is bound, never SQL text.
    doc = canvas(table, f"SELECT title, pages FROM {name} WHERE title = '{{{{title}}}}' ORDER BY id")
    workflow_id = await workflow(client, doc)
    sneaky = "It's'); DELETE FROM " + name + "; --"

    done = await console_run(client, workflow_id, {"title": sneaky, "pages": "321"})
    assert done["executeStatus"] == SUCCESS, done
    nodes = {n["nodeId"]: n for n in done["nodeResults"]}
    assert json.loads(nodes[END]["output"]) == {
        "added": 1, "long": [{"title": sneaky, "pages": 321}], "updated": 1, "deleted": 0,
        "mine": [{"title": sneaky, "pages": 2000}]}
    assert json.loads(nodes[QUERY]["output"]) == {"outputList": [{"title": sneaky, "pages": 321}], "rowNum": 1}
    assert nodes[INSERT]["NodeType"] == "46" and json.loads(nodes[INSERT]["output"])["rowNum"] == 1
    # The console's records view: the row is the running user's, with the update applied.
    (row,) = await records(client, table)
    assert (row["title"], row["pages"], row["user_id"]) == (sneaky, "2000", "1")

    # The published version, run synchronously: another row, the query now finds both.
    await client.call("/api/workflow_api/publish", {"space_id": client.space_id, "workflow_id": workflow_id,
                                                    "force": True})
    reply = await client.call("/v1/workflow/run", {"workflow_id": workflow_id,
                                                   "parameters": json.dumps({"title": "Dune", "pages": 150})})
    output = json.loads(reply["data"])
    assert output["long"] == [{"title": "Dune", "pages": 150}, {"title": sneaky, "pages": 2000}]
    assert output["mine"] == [{"title": "Dune", "pages": 2000}]
    assert sorted(r["title"] for r in await records(client, table)) == ["Dune", sneaky]


@pytest.mark.parametrize("statement, needle", [
    ("DROP TABLE {name}", "only SELECT, INSERT, UPDATE and DELETE are allowed"),
    ("SELECT title, pages FROM {other} WHERE title = {{{{title}}}}", "only table {name} can be used here"),
    ("SELECT title FROM {name}; DELETE FROM {name}", "send exactly one statement"),
])
async def test_refused_sql_fails_the_custom_sql_node_saying_why(client: AtelierClient, statement: str,
                                                                needle: str) -> None:
    table, other = await new_table(client), await new_table(client)
    names = {"name": table["table_name"], "other": other["table_name"]}
    workflow_id = await workflow(client, canvas(table, statement.format(**names)))
    done = await console_run(client, workflow_id, {"title": "Emma", "pages": "120"})
    assert done["executeStatus"] == FAIL
    nodes = {n["nodeId"]: n for n in done["nodeResults"]}
    failed = nodes[SQL]
    assert failed["errorLevel"] == "Error" and needle.format(**names) in failed["errorInfo"], failed
    assert needle.format(**names) in done["reason"]
    # The nodes before it ran; the table is intact and holds the row they wrote.
    assert [r["title"] for r in await records(client, table)] == ["Emma"]
