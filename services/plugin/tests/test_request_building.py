"""Arguments and credentials become the HTTP request a tool sends: parameters serialised by their
OpenAPI style, path values kept inside their segment, bodies in their media type, secrets masked in
records."""

from __future__ import annotations

from pathlib import Path

import pytest

from atelier_plugin.domain.arguments import with_defaults
from atelier_plugin.domain.auth import ApiKeyAuth, BearerAuth
from atelier_plugin.domain.errors import ToolArgumentsError
from atelier_plugin.domain.openapi_import import parse_openapi
from atelier_plugin.domain.request_building import REDACTED, build_request
from atelier_proto.enums import AuthorizationServiceLocation

WEATHER = parse_openapi((Path(__file__).parent / "data" / "weather.yaml").read_text())
OK = {"200": {"description": "ok"}}
STRINGS = {"type": "array", "items": {"type": "string"}}
POINT = {"type": "object", "properties": {"x": {"type": "integer"}, "y": {"type": "integer"}}}


def tool_with(parameters: list[dict], path: str = "/t", body: dict | None = None, method: str = "get"):
    operation: dict = {"operationId": "t", "parameters": parameters, "responses": OK}
    if body is not None:
        operation["requestBody"] = body
    return parse_openapi({"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
                          "servers": [{"url": "https://api.example.com/base"}],
                          "paths": {path: {method: operation}}}).tools[0]


def test_a_get_with_path_query_header_and_cookie_arguments():
    request = build_request(WEATHER.tool("get_forecast"),
                            {"city": "São Paulo", "units": "metric", "days": 2, "X-Trace": "t-1", "session": "abc"})

    assert request.method == "GET"
    assert request.url == "https://eu.weather.example.com/v1/forecast/S%C3%A3o%20Paulo"
    assert request.query == (("days", "2"), ("units", "metric"))
    assert request.headers == {"X-Trace": "t-1"}
    assert request.cookies == {"session": "abc"}
    assert request.cookie_header == "session=abc"
    assert request.body_kind == "none"


@pytest.mark.parametrize("value, url", [
    ("../admin", "https://api.example.com/base/files/..%2Fadmin/meta"),
    ("a/b?c=1#d", "https://api.example.com/base/files/a%2Fb%3Fc%3D1%23d/meta"),
    ("%2e%2e", "https://api.example.com/base/files/%252e%252e/meta"),
])
def test_path_values_cannot_leave_their_segment(value, url):
    tool = tool_with([{"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}],
                     path="/files/{name}/meta")

    assert build_request(tool, {"name": value}).url == url


@pytest.mark.parametrize("value", [".", ".."])
def test_dot_segments_are_refused(value):
    tool = tool_with([{"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}],
                     path="/files/{name}")

    with pytest.raises(ToolArgumentsError, match=f"argument 'name': '{value}' is not a valid path segment"):
        build_request(tool, {"name": value})


def test_a_missing_path_argument_is_reported():
    tool = tool_with([{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}], path="/u/{id}")

    with pytest.raises(ToolArgumentsError, match="missing required argument 'id'"):
        build_request(tool, {})


@pytest.mark.parametrize("parameter, value, query", [
    ({"schema": STRINGS}, ["a", "b"], (("v", "a"), ("v", "b"))),  # form, explode by default
    ({"schema": STRINGS, "explode": False}, ["a", "b"], (("v", "a,b"),)),
    ({"schema": STRINGS, "style": "spaceDelimited", "explode": False}, ["a", "b"], (("v", "a b"),)),
    ({"schema": STRINGS, "style": "pipeDelimited", "explode": False}, ["a", "b"], (("v", "a|b"),)),
    ({"schema": POINT}, {"x": 1, "y": 2}, (("x", "1"), ("y", "2"))),
    ({"schema": POINT, "explode": False}, {"x": 1, "y": 2}, (("v", "x,1,y,2"),)),
    ({"schema": POINT, "style": "deepObject"}, {"x": 1, "y": 2}, (("v[x]", "1"), ("v[y]", "2"))),
    ({"schema": {"type": "boolean"}}, True, (("v", "true"),)),
    ({"schema": {"type": "number"}}, 2.5, (("v", "2.5"),)),
    ({"schema": {"type": "string", "nullable": True}}, None, ()),
])
def test_query_parameters_follow_their_style(parameter, value, query):
    tool = tool_with([{"name": "v", "in": "query", **parameter}])

    assert build_request(tool, {"v": value}).query == query


@pytest.mark.parametrize("parameter, value, path", [
    ({"schema": STRINGS}, ["a b", "c"], "/p/a%20b,c"),
    ({"schema": POINT}, {"x": 1, "y": 2}, "/p/x,1,y,2"),
    ({"schema": POINT, "explode": True}, {"x": 1, "y": 2}, "/p/x=1,y=2"),
    ({"schema": {"type": "string"}, "style": "label"}, "v", "/p/.v"),
    ({"schema": STRINGS, "style": "label", "explode": True}, ["a", "b"], "/p/.a.b"),
    ({"schema": {"type": "string"}, "style": "matrix"}, "v", "/p/;v=v"),
    ({"schema": STRINGS, "style": "matrix", "explode": True}, ["a", "b"], "/p/;v=a;v=b"),
    ({"schema": STRINGS, "style": "matrix"}, ["a", "b"], "/p/;v=a,b"),
])
def test_path_parameters_follow_their_style(parameter, value, path):
    tool = tool_with([{"name": "v", "in": "path", "required": True, **parameter}], path="/p/{v}")

    assert build_request(tool, {"v": value}).url == "https://api.example.com/base" + path


def test_header_values_that_would_split_the_header_are_refused():
    tool = tool_with([{"name": "X-Note", "in": "header", "schema": {"type": "string"}},
                      {"name": "pref", "in": "cookie", "schema": {"type": "string"}}])

    assert build_request(tool, {"X-Note": "a, b"}).headers == {"X-Note": "a, b"}
    with pytest.raises(ToolArgumentsError) as e:
        build_request(tool, {"X-Note": "ok\r\nX-Admin: 1", "pref": "a; admin=1"})
    assert e.value.problems == (
        "argument 'X-Note': a header value cannot contain line breaks",
        "argument 'pref': a cookie value cannot contain spaces, quotes, commas, semicolons or backslashes",
    )


def test_a_json_body_is_built_from_its_properties():
    request = build_request(WEATHER.tool("post_alerts"), {"city": "Oslo", "email": "ops@example.com",
                                                          "area": {"name": "north"}})

    assert request.method == "POST"
    assert request.url == "https://eu.weather.example.com/v1/alerts"
    assert request.body_kind == "json"
    assert request.json_body == {"city": "Oslo", "email": "ops@example.com", "area": {"name": "north"}}
    assert request.headers == {"Content-Type": "application/json"}


def test_colliding_names_go_back_to_their_own_places():
    request = build_request(WEATHER.tool("unsubscribe"), {"query_id": "q-1", "body_id": "b-2", "reason": "spam"})

    assert request.query == (("id", "q-1"),)
    assert request.json_body == {"id": "b-2", "reason": "spam"}


def test_a_form_body_repeats_array_fields():
    request = build_request(WEATHER.tool("ackAlert"), {"id": "7", "by": "ada", "tags": ["x", "y"]})

    assert request.url == "https://eu.weather.example.com/v1/alerts/7/ack"
    assert request.body_kind == "form"
    assert request.form == (("by", "ada"), ("tags", "x"), ("tags", "y"))
    assert request.headers["Content-Type"] == "application/x-www-form-urlencoded"


def test_a_multipart_body_leaves_content_type_to_the_client():
    tool = tool_with([], method="post", body={"content": {"multipart/form-data": {"schema": {
        "type": "object", "properties": {"name": {"type": "string"}, "meta": POINT, "flag": {"type": "boolean"}}}}}})

    request = build_request(tool, {"name": "Ada", "meta": {"x": 1}, "flag": False})

    assert request.body_kind == "multipart"
    assert request.form == (("name", "Ada"), ("meta", '{"x":1}'), ("flag", "false"))
    assert "Content-Type" not in request.headers


def test_a_whole_body_argument_and_empty_required_bodies():
    array_body = tool_with([], method="post", body={"required": True, "content": {"application/json": {
        "schema": STRINGS}}})
    assert build_request(array_body, {"body": ["a"]}).json_body == ["a"]
    with pytest.raises(ToolArgumentsError, match="missing required argument 'body'"):
        build_request(array_body, {})

    required_fields = tool_with([], method="post", body={"required": True, "content": {"application/json": {
        "schema": POINT}}})
    assert build_request(required_fields, {}).json_body == {}  # a required body of optional fields: sent empty
    optional = tool_with([], method="post", body={"content": {"application/json": {"schema": POINT}}})
    assert build_request(optional, {}).body_kind == "none"


def test_agent_defaults_are_sent_and_model_arguments_fill_the_rest():
    tool = with_defaults(WEATHER.tool("get_forecast"), {"units": "imperial", "X-Trace": "agent-7"})

    request = build_request(tool, {"city": "Boston"})

    assert request.query == (("units", "imperial"),)
    assert request.headers == {"X-Trace": "agent-7"}


def test_api_keys_and_bearer_tokens_replace_what_the_arguments_set():
    tool = tool_with([{"name": "api_key", "in": "query", "schema": {"type": "string"}},
                      {"name": "x-api-key", "in": "header", "schema": {"type": "string"}}])

    in_query = build_request(tool, {"api_key": "from-model"},
                             ApiKeyAuth(AuthorizationServiceLocation.Query, "api_key", "s3cret"))
    assert in_query.query == (("api_key", "s3cret"),)

    in_header = build_request(tool, {"x-api-key": "from-model"},
                              ApiKeyAuth(AuthorizationServiceLocation.Header, "X-API-Key", "s3cret"))
    assert in_header.headers == {"X-API-Key": "s3cret"}

    bearer = build_request(tool, {}, BearerAuth("tok-123"))
    assert bearer.headers == {"Authorization": "Bearer tok-123"}


def test_records_mask_credentials_and_reprs_never_show_them():
    tool = tool_with([{"name": "q", "in": "query", "schema": {"type": "string"}}])
    auth = ApiKeyAuth(AuthorizationServiceLocation.Query, "key", "s3cret")

    request = build_request(tool, {"q": "rust lang"}, auth)

    assert request.for_record() == {"method": "GET", "url": f"https://api.example.com/base/t?q=rust+lang&key={REDACTED}",
                                    "headers": {}}
    assert "s3cret" not in repr(auth) and "tok-9" not in repr(BearerAuth("tok-9"))
    bearer = build_request(tool, {}, BearerAuth("tok-9")).for_record()
    assert bearer["headers"] == {"Authorization": REDACTED}
