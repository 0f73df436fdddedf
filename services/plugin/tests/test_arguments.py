"""A model's arguments are checked against the tool's schema and refused with words it can act on;
per-agent defaults leave the schema and must fit it."""

from __future__ import annotations

from pathlib import Path

import pytest

from atelier_plugin.domain.arguments import default_from_text, parse_arguments, validate_arguments, with_defaults
from atelier_plugin.domain.errors import ToolArgumentsError
from atelier_plugin.domain.openapi_import import parse_openapi
from atelier_plugin.domain.schema_tools import SchemaToolSpec

SPEC = parse_openapi((Path(__file__).parent / "data" / "weather.yaml").read_text())
FORECAST = SPEC.tool("get_forecast")
SUBSCRIBE = SPEC.tool("post_alerts")


def problems(tool, arguments) -> list[str]:
    with pytest.raises(ToolArgumentsError) as e:
        validate_arguments(tool, arguments)
    assert e.value.tool_name == tool.name
    assert e.value.msg == f"invalid arguments for tool '{tool.name}': " + "; ".join(e.value.problems)
    return list(e.value.problems)


def test_fitting_arguments_pass():
    validate_arguments(FORECAST, {"city": "Paris", "units": "metric", "days": 5})
    validate_arguments(FORECAST, {"city": "Paris", "units": None})  # nullable
    validate_arguments(SUBSCRIBE, {"city": "Oslo", "email": "ops@example.com",
                                   "area": {"name": "north", "inner": [{"name": "fjord"}]}})


def test_missing_arguments_are_named_with_their_type_and_description():
    assert problems(FORECAST, {"units": "metric"}) == ["missing required argument 'city' (string: City name, e.g. Paris)"]


def test_wrong_types_are_not_coerced():
    assert problems(FORECAST, {"city": "Paris", "units": "metric", "days": "3"}) == [
        "'days': expected integer, got string \"3\""]
    assert problems(FORECAST, {"city": 75001, "units": "metric"}) == ["'city': expected string, got integer 75001"]


def test_enums_ranges_and_formats_are_explained():
    assert problems(FORECAST, {"city": "Paris", "units": "kelvin"}) == [
        "'units': expected one of \"metric\", \"imperial\", null, got \"kelvin\""]
    assert problems(FORECAST, {"city": "Paris", "units": "metric", "days": 30}) == [
        "'days': 30 is greater than the maximum of 14"]
    assert problems(SUBSCRIBE, {"city": "Oslo", "email": "not-an-address"}) == [
        "'email': 'not-an-address' is not a 'email'"]


def test_unknown_arguments_list_the_known_ones():
    assert problems(FORECAST, {"city": "Paris", "units": "metric", "region": "eu"}) == [
        "unknown argument 'region' (the arguments are: city, X-Trace, days, units, session)"]


def test_nested_problems_carry_their_path_and_all_problems_are_listed():
    found = problems(SUBSCRIBE, {"email": 7, "area": {"name": 1, "inner": [{"name": []}, "not an area"]}})

    # Where the recursive Area schema recurs, only its type is checked (the cut is an object).
    assert found == [
        "missing required argument 'city' (string)",
        "'area.inner[1]': expected object, got string \"not an area\"",
        "'area.name': expected string, got integer 1",
        "'email': expected string, got integer 7",
    ]


def test_arguments_must_be_an_object():
    assert problems(FORECAST, ["Paris"]) == ["the arguments must be a JSON object, not array"]


def test_the_models_text_is_parsed_strictly():
    assert parse_arguments(FORECAST, '{"city": "Paris"}') == {"city": "Paris"}
    assert parse_arguments(FORECAST, "  ") == {}
    with pytest.raises(ToolArgumentsError, match=r"not valid JSON: Expecting ',' delimiter at character 17"):
        parse_arguments(FORECAST, '{"city": "Paris" "units": 1}')
    with pytest.raises(ToolArgumentsError, match="must be a JSON object, not string"):
        parse_arguments(FORECAST, '"Paris"')


def test_agent_defaults_leave_the_model_schema_and_must_be_left_out():
    tool = with_defaults(FORECAST, {"units": "metric", "days": 7})
    schema = tool.model_schema()

    assert list(schema["properties"]) == ["city", "X-Trace", "session"]
    assert schema["required"] == ["city"]
    validate_arguments(tool, {"city": "Paris"})
    assert problems(tool, {"city": "Paris", "units": "imperial"}) == ["'units' is set by the agent and must be left out"]
    assert FORECAST.model_schema()["required"] == ["city", "units"]  # the original tool is unchanged


def test_agent_defaults_must_name_an_argument_and_fit_it():
    with pytest.raises(ToolArgumentsError) as e:
        with_defaults(FORECAST, {"unit": "metric", "days": 0})

    assert e.value.problems == (
        "'unit' is not an argument of this tool (its arguments: city, X-Trace, days, units, session)",
        "default for 'days': 0 is less than the minimum of 1",
    )


def test_console_defaults_typed_as_text_take_their_arguments_type():
    assert default_from_text(FORECAST, "city", "Paris") == "Paris"
    assert default_from_text(FORECAST, "days", "3") == 3
    with pytest.raises(ToolArgumentsError, match="default for 'days': 'three' is not a integer value"):
        default_from_text(FORECAST, "days", "three")


# An MCP tool's input schema as the SDK writes it for a pydantic model argument: a $ref into $defs.
BOOKS = SchemaToolSpec("search_books", "Find books", {
    "type": "object", "required": ["query", "filters"],
    "properties": {"query": {"type": "string"}, "filters": {"$ref": "#/$defs/BookFilters"}},
    "$defs": {"BookFilters": {"type": "object", "required": ["genre"], "properties": {
        "genre": {"enum": ["fantasy", "history"]}, "max_pages": {"type": "integer", "minimum": 1}}}}})


def test_an_mcp_tools_schema_is_checked_with_its_definitions():
    validate_arguments(BOOKS, {"query": "hobbit", "filters": {"genre": "fantasy", "max_pages": 400}})
    assert problems(BOOKS, {"query": "hobbit", "filters": {"genre": "poetry", "max_pages": 0}}) == [
        "'filters.genre': expected one of \"fantasy\", \"history\", got \"poetry\"",
        "'filters.max_pages': 0 is less than the minimum of 1"]
    assert problems(BOOKS, {"filters": {"genre": "history"}}) == ["missing required argument 'query' (string)"]


def test_an_mcp_tools_fixed_argument_leaves_its_schema_and_is_sent():
    fixed = with_defaults(BOOKS, {"filters": default_from_text(BOOKS, "filters", '{"genre": "history"}')})
    schema = fixed.model_schema()
    assert list(schema["properties"]) == ["query"] and schema["required"] == ["query"] and "$defs" in schema
    validate_arguments(fixed, {"query": "spqr"})
    assert fixed.call_arguments({"query": "spqr"}) == {"query": "spqr", "filters": {"genre": "history"}}
    with pytest.raises(ToolArgumentsError) as e:
        with_defaults(BOOKS, {"filters": {"genre": "poetry"}})
    assert "default for 'filters'" in e.value.msg and "poetry" in e.value.msg


def test_a_tools_schema_is_compiled_once_and_a_tool_with_defaults_gets_its_own():
    first = FORECAST.model_validator
    validate_arguments(FORECAST, {"city": "Paris", "units": "metric"})
    assert FORECAST.model_validator is first  # kept with the (immutable) tool, not made per call
    fixed = with_defaults(FORECAST, {"city": "Oslo"})
    assert fixed.model_validator is not first
    validate_arguments(fixed, {"units": "metric"})  # the fixed argument left the schema: not required
    assert problems(fixed, {"city": "Paris", "units": "metric"}) == ["'city' is set by the agent and must be left out"]
    # the tool without defaults still wants it
    assert problems(FORECAST, {"units": "metric"}) == ["missing required argument 'city' (string: City name, e.g. Paris)"]
