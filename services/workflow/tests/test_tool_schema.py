"""A workflow as a tool: the JSON schema of its Start inputs (types, required flags, descriptions,
nested objects and lists), its tool name, and whether it answers text directly."""

from __future__ import annotations

from atelier_devstack.canvas_builders import ENTRY_ID, EXIT_ID, chain, entry, exit_, out, param, ref
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.tool_schema import parameters, returns_text, tool_name


def canvas(*fields, text: str | None = None):
    return parse_canvas({"nodes": [entry(*fields), exit_(param("x", ref(ENTRY_ID, "city")), text=text)],
                         "edges": chain(ENTRY_ID, EXIT_ID)})


def test_start_inputs_become_a_json_schema() -> None:
    doc = canvas(
        out("city", required=True, description="where"),
        out("days", "integer"), out("ratio", "float"), out("metric", "boolean"),
        out("tags", "list", schema={"type": "string"}),
        out("home", "object", description="an address", required=True,
            schema=[out("street", required=True), out("floor", "integer")]),
        out("stops", "list", schema={"type": "object", "schema": [out("name", required=True)]}),
        out("photo", "string", assistType=2))
    assert parameters(doc) == {"type": "object", "required": ["city", "home"], "properties": {
        "city": {"type": "string", "description": "where"},
        "days": {"type": "integer"}, "ratio": {"type": "number"}, "metric": {"type": "boolean"},
        "tags": {"type": "array", "items": {"type": "string"}},
        "home": {"type": "object", "description": "an address", "required": ["street"],
                 "properties": {"street": {"type": "string"}, "floor": {"type": "integer"}}},
        "stops": {"type": "array", "items": {"type": "object", "required": ["name"],
                                             "properties": {"name": {"type": "string"}}}},
        "photo": {"type": "string"}}}


def test_no_inputs_is_an_empty_object() -> None:
    assert parameters(canvas()) == {"type": "object", "properties": {}}


def test_text_answering_workflows_return_directly() -> None:
    assert returns_text(canvas(out("city"), text="It is {{x}}")) is True
    assert returns_text(canvas(out("city"))) is False


def test_tool_names() -> None:
    assert tool_name("get_weather", 7) == "get_weather"
    assert tool_name("Météo du jour!", 7) == "M_t_o_du_jour"
    assert tool_name("天气", 7) == "workflow_7"
    assert len(tool_name("x" * 100, 7)) == 64
