"""OpenAPI 3 documents become plugins: servers, operations, parameters, bodies and $refs; bad documents
are refused with the problem and its place."""

from __future__ import annotations

import gc
import json
import weakref
from pathlib import Path

import pytest
import yaml
from openapi_spec_validator import OpenAPIV30SpecValidator

from atelier_common.errors import InvalidArgument
from atelier_plugin.domain import spec_validation
from atelier_plugin.domain.documents import MAX_DOCUMENT_CHARS
from atelier_plugin.domain.errors import PluginSpecError
from atelier_plugin.domain.naming import TOOL_NAME
from atelier_plugin.domain.openapi_import import parse_openapi

DATA = Path(__file__).parent / "data"
WEATHER = (DATA / "weather.yaml").read_text()
OK = {"200": {"description": "ok"}}


def doc(paths: dict, **extra) -> dict:
    return {"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
            "servers": [{"url": "https://api.example.com"}], "paths": paths, **extra}


def error_of(source) -> str:
    with pytest.raises(PluginSpecError) as e:
        parse_openapi(source)
    return e.value.msg


# ---------------------------------------------------------------- a realistic document


def test_weather_document_becomes_a_plugin_with_one_tool_per_operation():
    spec = parse_openapi(WEATHER)

    assert spec.title == "Weather"
    assert spec.description == "Forecasts and alerts by city."
    assert spec.version == "2024-05-01"
    # the relative server is skipped; the next one's variables take their defaults
    assert spec.server_url == "https://eu.weather.example.com/v1"
    assert [(t.name, t.method, t.path) for t in spec.tools] == [
        ("get_forecast", "GET", "/forecast/{city}"),
        ("post_alerts", "POST", "/alerts"),
        ("unsubscribe", "DELETE", "/alerts"),
        ("ackAlert", "PUT", "/alerts/{id}/ack"),
    ]
    assert all(TOOL_NAME.match(t.name) for t in spec.tools)
    assert spec.document["info"]["title"] == "Weather"  # the document itself is kept for storage


def test_operation_parameters_merge_with_the_path_items_and_refs_are_inlined():
    forecast = parse_openapi(WEATHER).tool("get_forecast")

    assert forecast.description == "Forecast for a city\n\nDaily forecast, up to two weeks ahead."
    located = {(p.name, p.location) for p in forecast.parameters}
    # Accept is one of the headers OpenAPI says to ignore; the path item's city and X-Trace are shared
    assert located == {("city", "path"), ("X-Trace", "header"), ("days", "query"), ("units", "query"),
                       ("session", "cookie")}
    schema = forecast.model_schema()
    assert schema["required"] == ["city", "units"]
    assert schema["additionalProperties"] is False
    assert schema["properties"]["city"] == {"type": "string", "description": "City name, e.g. Paris"}
    assert schema["properties"]["days"] == {"type": "integer", "minimum": 1, "maximum": 14, "default": 3,
                                            "description": "How many days"}
    # OpenAPI 3.0's nullable becomes JSON Schema's null type
    assert schema["properties"]["units"] == {"type": ["string", "null"], "enum": ["metric", "imperial", None]}
    assert "$ref" not in json.dumps(schema)


def test_object_body_properties_become_arguments_without_read_only_ones_and_recursion_is_cut():
    subscribe = parse_openapi(WEATHER).tool("post_alerts")

    assert subscribe.request_body.media_type == "application/json"
    assert subscribe.request_body.required is True
    schema = subscribe.model_schema()
    assert list(schema["properties"]) == ["city", "email", "area"]  # id is readOnly: the server sets it
    assert schema["required"] == ["city", "email"]
    assert schema["properties"]["email"] == {"type": "string", "format": "email", "examples": ["ops@example.com"]}
    area = schema["properties"]["area"]
    assert area["description"] == "An area and the areas inside it"
    inner = area["properties"]["inner"]["items"]
    assert inner["type"] == "object" and "nested Area" in inner["description"]
    assert "$ref" not in json.dumps(schema)


def test_names_used_in_two_places_are_prefixed_with_where_they_go():
    unsubscribe = parse_openapi(WEATHER).tool("unsubscribe")

    names = [(a.name, a.location, a.key) for a in unsubscribe.arguments]
    assert names == [("query_id", "query", "id"), ("body_id", "body", "id"), ("reason", "body", "reason")]
    assert unsubscribe.model_schema()["properties"]["body_id"]["description"] == "the subscription"


def test_form_bodies_are_read_with_their_encoding():
    ack = parse_openapi(WEATHER).tool("ackAlert")

    assert (ack.request_body.media_type, ack.request_body.encoding) == ("application/x-www-form-urlencoded", "form")
    assert ack.model_schema()["required"] == ["id", "by"]


def test_json_text_and_a_parsed_mapping_give_the_same_plugin_as_yaml():
    as_yaml = parse_openapi(WEATHER)
    as_json = parse_openapi(json.dumps(yaml.safe_load(WEATHER), default=str))
    as_mapping = parse_openapi(yaml.safe_load(WEATHER))

    for other in (as_json, as_mapping):
        assert [t.model_schema() for t in other.tools] == [t.model_schema() for t in as_yaml.tools]


def test_idempotent_methods_are_flagged_for_retries():
    tools = {t.method: t for t in parse_openapi(WEATHER).tools}

    assert tools["GET"].idempotent and tools["PUT"].idempotent and tools["DELETE"].idempotent
    assert not tools["POST"].idempotent


def test_openapi_3_1_schemas_are_kept_as_json_schema():
    document = doc({"/items": {"post": {
        "operationId": "addItem",
        "requestBody": {"content": {"application/merge-patch+json": {"schema": {
            "type": "object", "required": ["name"],
            "properties": {"name": {"type": "string"}, "note": {"type": ["string", "null"]},
                           "score": {"type": "number", "exclusiveMinimum": 0}}}}}},
        "responses": OK}}})
    document["openapi"] = "3.1.0"

    tool = parse_openapi(document).tools[0]

    assert tool.request_body.media_type == "application/merge-patch+json"
    assert tool.model_schema()["properties"]["note"] == {"type": ["string", "null"]}
    assert tool.model_schema()["properties"]["score"] == {"type": "number", "exclusiveMinimum": 0}


def test_operations_without_an_operation_id_get_a_derived_unique_valid_name():
    long_id = "x" * 80
    spec = parse_openapi(doc({
        "/users/{id}/posts": {"parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
                              "get": {"responses": OK}},
        "/a": {"get": {"operationId": "list users (v2)", "responses": OK},
               "post": {"operationId": "list users [v2]", "responses": OK},
               "put": {"operationId": long_id, "responses": OK}},
    }))

    names = [t.name for t in spec.tools]
    assert names == ["get_users_id_posts", "list_users_v2", "list_users_v2_2", "x" * 64]
    assert len(set(names)) == len(names)


def test_an_operation_server_overrides_the_documents():
    spec = parse_openapi(doc({"/a": {"get": {"servers": [{"url": "https://other.example.com/"}], "responses": OK},
                                     "post": {"responses": OK}}}))

    assert [t.server_url for t in spec.tools] == ["https://other.example.com", "https://api.example.com"]


# ---------------------------------------------------------------- refused documents


def test_a_parameter_in_an_unknown_place_is_named_with_its_location():
    message = error_of(doc({"/weather": {"get": {
        "parameters": [{"name": "city", "in": "body", "schema": {"type": "string"}}], "responses": OK}}}))

    assert message == "paths./weather.get.parameters[0]: 'in' must be one of path, query, header, cookie, not 'body'"


@pytest.mark.parametrize("change, expected", [
    (lambda d: d["info"].pop("title"), "info: 'title' is a required property"),
    (lambda d: d["paths"]["/w"]["get"].pop("responses"), "paths./w.get: 'responses' is a required property"),
    (lambda d: d["paths"]["/w"]["get"]["parameters"][0].pop("schema"),
     "paths./w.get.parameters[0]: 'schema' is a required property"),
    (lambda d: d["paths"]["/w"]["get"]["parameters"][0]["schema"].update(type="strin"),
     "paths./w.get.parameters[0].schema: 'type' must be one of array, boolean, integer, number, object, string, "
     "not 'strin'"),
    (lambda d: d["paths"]["/w"]["get"]["parameters"][0]["schema"].update(default="three"),
     "paths./w.get.parameters[0].schema.default: 'three' is not of type 'integer' (the default must fit its schema)"),
    (lambda d: d["paths"]["/w"]["get"]["parameters"][0].update(style="bogus"),
     "paths./w.get.parameters[0]: 'style' must be one of form, spaceDelimited, pipeDelimited, deepObject, not 'bogus'"),
])
def test_invalid_documents_say_what_and_where(change, expected):
    document = doc({"/w": {"get": {"parameters": [{"name": "n", "in": "query", "schema": {"type": "integer"}}],
                                   "responses": OK}}})
    change(document)

    assert error_of(document) == expected


def test_a_path_parameter_needs_required_true():
    message = error_of(doc({"/w/{id}": {"get": {
        "parameters": [{"name": "id", "in": "path", "schema": {"type": "string"}}], "responses": OK}}}))

    assert message == "paths./w/{id}.get.parameters[0]: 'required' is a required property"


def test_undeclared_path_parameters_and_duplicate_operation_ids_are_refused():
    assert "Path parameter 'id'" in error_of(doc({"/w/{id}": {"get": {"responses": OK}}}))
    assert "Operation ID 'x'" in error_of(doc({"/w": {"get": {"operationId": "x", "responses": OK},
                                                      "post": {"operationId": "x", "responses": OK}}}))


def test_a_reference_to_nothing_is_named():
    message = error_of(doc({"/w": {"get": {"parameters": [{"$ref": "#/components/parameters/Nope"}],
                                           "responses": OK}}}))

    assert message == "paths./w.get.parameters[0].$ref: '#/components/parameters/Nope' points to nothing in this document"


@pytest.mark.parametrize("ref", ["file:///etc/passwd", "https://169.254.169.254/latest/meta-data", "other.yaml#/X"])
def test_references_outside_the_document_are_refused_without_being_read(ref):
    document = doc({"/w": {"get": {"responses": {"200": {"description": "ok", "content": {
        "application/json": {"schema": {"$ref": ref}}}}}}}})

    message = error_of(document)

    assert message.startswith("paths./w.get.responses.200.content.application/json.schema.$ref: ")
    assert "outside this document" in message


def test_the_validator_refuses_external_references_on_its_own_too():
    # Even a document that slipped past the importer's own check cannot make validation read a file.
    document = doc({"/w": {"get": {"parameters": [{"$ref": "file:///etc/passwd"}], "responses": OK}}})

    with pytest.raises(PluginSpecError, match="cannot be resolved"):
        spec_validation.validate_openapi3(document, 0)


def test_swagger_and_unsupported_versions_are_told_apart():
    assert "Swagger 2.0" in error_of((DATA / "petstore_swagger.json").read_text())
    assert error_of({**doc({}), "openapi": "2.5.0"}) == "openapi: version '2.5.0' is not supported; write '3.0.x' or '3.1.x' as a string"
    assert "write '3.0.x'" in error_of("openapi: 3.0\ninfo: {title: t, version: '1'}\npaths: {}\n")
    assert error_of('{"info": {}}') == "'openapi' is missing: not an OpenAPI 3 document"


def test_a_plugin_needs_an_absolute_server_and_an_operation():
    no_server = doc({"/w": {"get": {"responses": OK}}})
    del no_server["servers"]
    assert error_of(no_server).startswith("servers: the document names no server to call")

    relative = doc({"/w": {"get": {"responses": OK}}}, servers=[{"url": "/api/v3"}])
    assert error_of(relative) == ("servers: no server is an absolute http(s) URL ('/api/v3'); "
                                  "give one like 'https://api.example.com/v1'")

    assert error_of(doc({})) == "paths: the document has no operations; a plugin needs at least one"


def test_bodies_a_tool_cannot_send_and_trace_operations_are_refused():
    xml_only = doc({"/w": {"post": {"requestBody": {"content": {"application/xml": {"schema": {"type": "object"}}}},
                                    "responses": OK}}})
    assert error_of(xml_only) == ("paths./w.post.requestBody.content: no media type a tool can send (found: "
                                  "application/xml); use application/json, application/x-www-form-urlencoded "
                                  "or multipart/form-data")

    array_form = doc({"/w": {"post": {"requestBody": {"content": {"application/x-www-form-urlencoded": {
        "schema": {"type": "array", "items": {"type": "string"}}}}}, "responses": OK}}})
    assert error_of(array_form).endswith("a application/x-www-form-urlencoded body must be an object schema")

    assert error_of(doc({"/w": {"trace": {"responses": OK}}})) == "paths./w.trace: TRACE operations cannot be tools"


def test_broken_text_is_refused_with_its_line():
    assert error_of('{"openapi": "3.0.3",\n "info": }') == "not valid JSON: Expecting value (line 2, column 10)"
    message = error_of("openapi: 3.0.3\ninfo:\n  title: [unclosed\n")
    assert message.startswith("not valid YAML:") and "line 4" in message
    assert error_of("- just\n- a list\n") == "the document must be a mapping (a JSON object), not list"
    assert error_of("   ") == "the document is empty"
    assert error_of('{"openapi": NaN}') == "not valid JSON: NaN is not a JSON number"


def test_oversized_documents_and_yaml_alias_bombs_are_refused():
    assert "at most" in error_of("#" * (MAX_DOCUMENT_CHARS + 1))

    lines = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    bomb = "\n".join(lines) + "\n"  # 10^9 strings once expanded
    assert "YAML anchors count once per use" in error_of(bomb)


def test_domain_errors_travel_as_invalid_argument():
    with pytest.raises(InvalidArgument) as e:
        parse_openapi("openapi: 3.0.3")
    assert e.value.to_dict()["code"] == 400


def test_validating_does_not_keep_documents_alive():
    # openapi-spec-validator memoises iter_errors per instance; the importer clears that cache.
    document = doc({"/w": {"get": {"responses": OK}}})
    spec_validation.validate_openapi3(document, 0)
    cache = spec_validation._OpenAPI30.iter_errors.__wrapped__
    assert cache.cache_info().currsize == 0

    validator = OpenAPIV30SpecValidator(document)  # the library on its own keeps it
    list(validator.iter_errors())
    kept = weakref.ref(validator)
    del validator
    gc.collect()
    assert kept() is not None
    OpenAPIV30SpecValidator.iter_errors.__wrapped__.cache_clear()
