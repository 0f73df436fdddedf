"""parse_canvas: Coze Studio canvas JSON as typed models that keep what they do not model."""

from __future__ import annotations

import json

import pytest

from atelier_proto.enums import AssistType, ErrorProcessType, LoopType, NodeType, VariableType
from atelier_workflow.domain.canvas import (
    CanvasFormatError,
    LiteralValue,
    ObjectRefValue,
    Param,
    RefValue,
    VariableSchema,
    parse_canvas,
)
from atelier_workflow.domain.typeinfo import type_of_input, type_of_variable


def test_a_coze_canvas_round_trips_with_the_fields_atelier_does_not_model(canvases):
    doc = canvases.load("support_triage")
    doc["versions"]["batch"] = "v2"
    doc["nodes"][1]["data"]["inputs"]["fcParam"] = {"pluginFCParam": {"pluginList": []}}
    doc["edges"][0]["zIndex"] = 3

    canvas = parse_canvas(json.dumps(doc))

    assert json.loads(canvas.to_json()) == doc
    llm = canvas.nodes[1]
    assert llm.inputs.extra("fcParam") == {"pluginFCParam": {"pluginList": []}}
    assert llm.inputs.extra("llmParam")[2]["name"] == "prompt"
    assert llm.data.model_extra["version"] == "3"


def test_node_types_carry_coze_ids(canvases):
    canvas = parse_canvas(canvases.load("loop_with_break"))
    loop = canvas.nodes[1]
    assert [n.node_type for n in canvas.nodes] == [NodeType.Entry, NodeType.Loop, NodeType.Exit]
    assert [n.node_type for n in loop.blocks] == [
        NodeType.Selector, NodeType.Break, NodeType.TextProcessor, NodeType.VariableAssignerWithinLoop]
    assert (NodeType.LLM, NodeType.CodeRunner, NodeType.Batch, NodeType.HTTPRequester) == (3, 5, 28, 45)
    assert loop.title == "Clean each line" and loop.meta.position.x == 400


def test_unknown_node_type_ids_load_and_say_so(canvases):
    doc = canvases.load("support_triage")
    doc["nodes"][2]["type"] = "16"  # Coze's image generation: not run by Atelier
    assert parse_canvas(doc).nodes[2].node_type is None


def test_value_expressions(canvases):
    canvas = parse_canvas(canvases.load("parallel_research"))
    exit_inputs = {p.name: p.input for p in canvas.nodes[3].inputs.input_parameters}

    ref = exit_inputs["wiki"].value
    assert isinstance(ref, RefValue)
    assert (ref.content.block_id, ref.content.field_path) == ("125002", ("summary",))

    assembled = exit_inputs["context"]
    assert isinstance(assembled.value, ObjectRefValue)
    assert [(p.name, type(p.input.value)) for p in assembled.schema_] == [
        ("topic", RefValue), ("source", LiteralValue)]
    assert all(isinstance(p, Param) for p in assembled.schema_)


def test_variable_schemas_nest_objects_lists_and_files():
    variable = VariableSchema.model_validate({
        "name": "report", "type": "object", "required": True, "schema": [
            {"name": "pages", "type": "list", "schema": {"type": "string", "assistType": 3}},
            {"name": "at", "type": "string", "assistType": 10000},
            {"name": "score", "type": "float"},
        ]})
    typed = type_of_variable(variable)
    assert typed.type == VariableType.Object and typed.required
    pages = typed.fields["pages"]
    assert pages.type == VariableType.List and pages.element.is_file
    assert pages.element.assist_type == AssistType.Doc
    assert typed.fields["at"].is_time and typed.fields["score"].type == VariableType.Float
    assert pages.describe() == "list<file (Doc)>"


def test_composite_blocks_and_settings(canvases):
    canvas = parse_canvas(canvases.load("loop_with_break"))
    loop = canvas.nodes[1]
    assert loop.inputs.loop_type == LoopType.Array
    assert [e.source_port_id for e in loop.edges] == ["loop-function-inline-output", "true", "false", "", ""]
    assert loop.edges[-1].target_port_id == "loop-function-inline-input"
    gathered = loop.data.outputs[0]
    assert isinstance(gathered, Param) and type_of_input(gathered.input).describe() == "list<string>"

    http = parse_canvas(canvases.load("exception_branch")).nodes[1]
    setting = http.inputs.setting_on_error
    assert (setting.process_type, setting.timeout_ms, setting.retry_times) == (ErrorProcessType.ExceptionBranch, 30000, 2)


def test_null_lists_read_as_empty(canvases):
    doc = canvases.load("batch_translate")
    doc["nodes"][0]["edges"] = None
    doc["nodes"][0]["blocks"] = None
    doc["nodes"][2]["data"]["inputs"]["inputParameters"][0]["input"]["value"]["content"]["path"] = None
    canvas = parse_canvas(doc)
    assert canvas.nodes[0].edges == [] and canvas.nodes[0].blocks == []


@pytest.mark.parametrize(("text", "expected"), [
    ("{nodes: []", "canvas is not JSON"),
    ("[1, 2]", "canvas must be a JSON object"),
    ('{"nodes": [{"id": "1"}]}', "canvas nodes.0.type: Field required"),
    ('{"nodes": [], "edges": "100001->900001"}', "canvas edges"),
])
def test_what_is_no_canvas_is_refused_naming_the_place(text, expected):
    with pytest.raises(CanvasFormatError) as error:
        parse_canvas(text)
    assert expected in error.value.msg
    assert error.value.http_status == 400
