"""Database nodes are checked when a canvas is validated (saved, published): a node with no table,
a custom SQL node with no SQL, an update or delete that would touch every row, each named by its
node and the setting at fault, before anything runs."""

from __future__ import annotations

from typing import Any

import pytest

from atelier_devstack.canvas_builders import EXIT_ID, chain, entry, exit_, lit, node, out
from atelier_proto.enums import CanvasIssueKind as Kind
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.plan import compile_plan
from atelier_workflow.domain.validation import InvalidCanvasError, validate_tree

CUSTOM_SQL, UPDATE, QUERY, DELETE, INSERT = 12, 42, 43, 44, 46
TABLE = [{"databaseInfoID": "7400000000001"}]
A_CONDITION = {"conditionList": [[
    {"name": "left", "input": lit("title")}, {"name": "operation", "input": lit("EQUAL")},
    {"name": "right", "input": lit("Dune")}]], "logic": "AND"}
A_FIELD = [[{"name": "fieldID", "input": lit("1")}, {"name": "fieldValue", "input": lit("x")}]]
ROWS = [out("outputList", "list", schema={"type": "object", "schema": []}), out("rowNum", "integer")]


def canvas(*nodes: dict[str, Any]) -> dict[str, Any]:
    return {"nodes": [entry(out("q")), *nodes, exit_()], "edges": chain("100001", *(n["id"] for n in nodes), EXIT_ID)}


def db(id_: str, type_: int, **inputs: Any) -> dict[str, Any]:
    return node(id_, type_, {"databaseInfoList": TABLE, **inputs}, ROWS, title=f"DB {id_}")


def problems(doc: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(i.node_id, i.path, i.message) for i in validate_tree(parse_canvas(doc)) if i.kind == Kind.InvalidSetting]


def test_complete_database_nodes_are_valid() -> None:
    doc = canvas(db("s1", CUSTOM_SQL, sql="SELECT 1"), db("q1", QUERY, selectParam={"limit": 10}),
                 db("i1", INSERT, insertParam={"fieldInfo": A_FIELD}),
                 db("u1", UPDATE, updateParam={"condition": A_CONDITION, "fieldInfo": A_FIELD}),
                 db("d1", DELETE, deleteParam={"condition": A_CONDITION}))
    assert validate_tree(parse_canvas(doc)) == []


@pytest.mark.parametrize("bad, path, needle", [
    (node("s1", CUSTOM_SQL, {"sql": "SELECT 1"}, ROWS, title="DB s1"), "inputs.databaseInfoList", "no database"),
    (node("s1", CUSTOM_SQL, {"databaseInfoList": [{"databaseInfoID": "0"}], "sql": "SELECT 1"}, ROWS, title="DB s1"),
     "inputs.databaseInfoList", "no database"),
    (db("s1", CUSTOM_SQL, sql="  "), "inputs.sql", "the SQL is empty"),
    (db("s1", UPDATE, updateParam={"fieldInfo": A_FIELD}), "inputs.updateParam.condition",
     "an update needs at least one condition"),
    (db("s1", UPDATE, updateParam={"condition": {"conditionList": [], "logic": "AND"}, "fieldInfo": A_FIELD}),
     "inputs.updateParam.condition", "an update needs at least one condition"),
    (db("s1", DELETE, deleteParam={"condition": {"conditionList": None}}), "inputs.deleteParam.condition",
     "a delete needs at least one condition"),
    (db("s1", DELETE), "inputs.deleteParam", "the node has no deleteParam"),
    (db("s1", QUERY), "inputs.selectParam", "the node has no selectParam"),
])
def test_an_incomplete_database_node_is_named_with_its_setting(bad, path, needle) -> None:
    [(node_id, where, message)] = problems(canvas(bad))
    assert (node_id, where) == ("s1", path)
    assert needle in message and "DB s1" in message


def test_every_incomplete_node_is_reported_and_the_canvas_does_not_compile() -> None:
    doc = canvas(db("u1", UPDATE, updateParam={"fieldInfo": A_FIELD}), node("s1", CUSTOM_SQL, {}, ROWS))
    assert [(n, p) for n, p, _ in problems(doc)] == [
        ("u1", "inputs.updateParam.condition"), ("s1", "inputs.databaseInfoList"), ("s1", "inputs.sql")]
    with pytest.raises(InvalidCanvasError) as raised:
        compile_plan(parse_canvas(doc))
    assert [i.node_id for i in raised.value.issues] == ["u1", "s1", "s1"]
    assert "an update needs at least one condition" in raised.value.msg
