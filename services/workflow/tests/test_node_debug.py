"""The canvas a single-node debug runs (domain/node_debug.py), compiled and run by the engine in
process: the node's references to other nodes become the run's inputs, its outputs the run's."""

from __future__ import annotations

from typing import Any

import pytest

from atelier_common.errors import InvalidArgument, NotFound
from atelier_devstack.canvas_builders import chain, concat, edge, entry, exit_, lit, node, out, param, ref
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.node_debug import debug_canvas
from atelier_workflow.domain.plan import compile_plan
from atelier_workflow.engine import Engine, RunStatus


def canvas() -> dict[str, Any]:
    greet = concat("greet", "Hello {{who}} from {{town}}", param("who", ref("100001", "name")),
                   param("town", ref("100001", "city")))
    shout = concat("shout", "{{g}}! ({{mark}})", param("g", ref("greet", "output")), param("mark", lit("x")))
    branch = {"condition": {"logic": 2, "conditions": [
        {"operator": 1, "left": {"input": ref("greet", "output")}, "right": {"input": lit("hi")}}]}}
    choose = node("choose", 8, {"branches": [branch]})
    return {"nodes": [entry(out("name"), out("city")), greet, shout, choose,
                      exit_(param("v", ref("shout", "output")))],
            "edges": chain("100001", "greet", "shout", "choose") + [edge("choose", "900001", "true"),
                                                                    edge("choose", "900001", "false")]}


async def run(doc: dict[str, Any], inputs: dict[str, Any]) -> Any:
    return await Engine().run(compile_plan(parse_canvas(doc)), inputs)


async def test_a_nodes_references_become_the_inputs_named_as_its_parameters() -> None:
    debug = debug_canvas(canvas(), "shout")
    assert debug.inputs == ("g",)  # its literal stays a literal
    result = await run(debug.doc, {"g": "hey"})
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"output": "hey! (x)"}
    assert [n["id"] for n in debug.doc["nodes"]] == ["100001", "shout", "900001"]


async def test_references_outside_parameters_take_the_field_name_and_each_port_ends_the_run() -> None:
    debug = debug_canvas(canvas(), "choose")
    assert debug.inputs == ("output",)
    plan = compile_plan(parse_canvas(debug.doc))
    taken = await Engine().run(plan, {"output": "hi"})
    assert taken.status == RunStatus.SUCCEEDED and taken.checkpoint.completed["choose"] == "branch_0"
    other = await Engine().run(plan, {"output": "no"})
    assert other.checkpoint.completed["choose"] == "default"


def test_what_cannot_be_debugged_is_refused_by_name() -> None:
    with pytest.raises(NotFound, match="node nope is not on"):
        debug_canvas(canvas(), "nope")
    with pytest.raises(InvalidArgument, match="Start node"):
        debug_canvas(canvas(), "100001")
    with pytest.raises(InvalidArgument, match="End node"):
        debug_canvas(canvas(), "900001")


async def test_a_loop_is_debugged_with_its_body_and_its_outside_references_become_inputs(canvases) -> None:
    debug = debug_canvas(canvases.load("loop_with_break"), "174265")
    # the list it loops over (a parameter: its name) and the limit its body's Selector reads (a field)
    assert debug.inputs == ("line", "limit")
    result = await run(debug.doc, {"line": ["a", "b", "c"], "limit": 1})
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"cleaned": ["- a"], "last_line": "- a"}


async def test_a_body_node_is_debugged_alone_reading_its_loop_from_the_inputs(canvases) -> None:
    debug = debug_canvas(canvases.load("loop_with_break"), "139008")
    assert debug.inputs == ("line",)
    result = await run(debug.doc, {"line": "tea"})
    assert result.output == {"output": "- tea"}


async def test_an_http_nodes_templates_read_the_inputs() -> None:
    http = node("170001", 45, {"apiInfo": {"method": "GET", "url": "http://x/{{block_output_100001.order}}/"
                                                                    "{{block_output_170002.id}}"},
                               "headers": [param("X-Who", ref("100001", "who"))], "params": [],
                               "auth": {"authOpen": False}, "body": {"bodyType": "EMPTY", "bodyData": {}}},
                [out("body")])
    doc = {"nodes": [entry(out("order"), out("who")), http, exit_(param("b", ref("170001", "body")))],
           "edges": chain("100001", "170001", "900001")}
    debug = debug_canvas(doc, "170001")
    assert debug.inputs == ("order", "id", "X_Who")
    url = debug.doc["nodes"][1]["data"]["inputs"]["apiInfo"]["url"]
    assert url == "http://x/{{block_output_100001.order}}/{{block_output_100001.id}}"
    compile_plan(parse_canvas(debug.doc))  # it runs: every reference is to the Start
