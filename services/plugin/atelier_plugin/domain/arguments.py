"""Arguments for a tool call: parsed from a model's JSON, checked with jsonschema against the tool's
model schema, and reported in words a model can correct its call from.

Nothing is coerced: "3" where an integer is expected is an error, not a 3, because a guess that
turns out wrong reaches the remote API silently. Per-agent defaults are checked the same way when
an agent sets them."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from atelier_plugin.domain.errors import ToolArgumentsError, format_location
from atelier_plugin.domain.schema_tools import SchemaToolSpec
from atelier_plugin.domain.tools import ToolSpec

# An OpenAPI operation, or an MCP server's or built-in tool: each says what arguments it takes.
AnyTool = ToolSpec | SchemaToolSpec
T = TypeVar("T", ToolSpec, SchemaToolSpec)

MAX_PROBLEMS = 8
_SHOWN_VALUE_CHARS = 60
_JSON_TYPES = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"), (list, "array"),
               (dict, "object"), (type(None), "null"))


def parse_arguments(tool: AnyTool, text: str) -> dict[str, Any]:
    """A model's arguments string as an object ("" means no arguments)."""
    if not text.strip():
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise ToolArgumentsError(tool.name, [f"the arguments are not valid JSON: {e.msg} at character {e.pos}"]) from None
    except RecursionError:
        raise ToolArgumentsError(tool.name, ["the arguments are nested too deeply"]) from None
    if not isinstance(value, dict):
        raise ToolArgumentsError(tool.name, [f"the arguments must be a JSON object, not {_json_type(value)}"])
    return value


def validate_arguments(tool: AnyTool, arguments: Any) -> None:
    """Raise ToolArgumentsError listing what is wrong with `arguments` for `tool`."""
    if not isinstance(arguments, Mapping):
        raise ToolArgumentsError(tool.name, [f"the arguments must be a JSON object, not {_json_type(arguments)}"])
    errors = sorted(tool.model_validator.iter_errors(dict(arguments)), key=lambda e: [str(p) for p in e.absolute_path])
    problems: list[str] = []
    for error in errors:
        problems.extend(p for p in _problems(error, tool) if p not in problems)
    if problems:
        shown = problems[:MAX_PROBLEMS]
        if len(problems) > MAX_PROBLEMS:
            shown.append(f"and {len(problems) - MAX_PROBLEMS} more")
        raise ToolArgumentsError(tool.name, shown)


def with_defaults(tool: T, values: Mapping[str, Any]) -> T:
    """`tool` with per-agent argument values: they leave the model's schema and are sent on every
    call. Each must name an argument and fit its schema."""
    problems: list[str] = []
    for name, value in values.items():
        argument = tool.argument(name)
        if argument is None:
            problems.append(f"'{name}' is not an argument of this tool (its arguments: {_names(tool)})")
            continue
        validator = Draft202012Validator(argument.schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
        problems.extend(f"default for '{name}': {_describe(e)}" for e in validator.iter_errors(value))
    if problems:
        raise ToolArgumentsError(tool.name, problems)
    return dataclasses.replace(tool, defaults=dict(values))


def default_from_text(tool: AnyTool, name: str, text: str) -> Any:
    """A default typed as text in the console (Coze's APIParameter.local_default) as the value its
    argument takes: the text itself for a string, JSON otherwise ("3", "true", '["a"]')."""
    argument = tool.argument(name)
    if argument is None:
        raise ToolArgumentsError(tool.name, [f"'{name}' is not an argument of this tool (its arguments: {_names(tool)})"])
    kinds = argument.schema.get("type")
    if kinds == "string" or (isinstance(kinds, list) and "string" in kinds):
        return text
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise ToolArgumentsError(tool.name, [f"default for '{name}': {text!r} is not a {kinds or 'JSON'} value"]) from None


def _problems(error: ValidationError, tool: AnyTool) -> list[str]:
    path = list(error.absolute_path)
    if error.validator == "required" and isinstance(error.instance, dict):
        missing = [r for r in error.validator_value if r not in error.instance]
        return [_missing(tool, path, name) for name in missing]
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = set(error.schema.get("properties") or {})
        extra = [k for k in error.instance if k not in known]
        if not path:
            return [_unknown_argument(tool, name) for name in extra]
        return [f"'{format_location(path)}' has unexpected field '{name}' (expected fields: {', '.join(sorted(known)) or 'none'})"
                for name in extra]
    return [f"'{format_location(path)}': {_describe(error)}" if path else _describe(error)]


def _missing(tool: AnyTool, path: Sequence[Any], name: str) -> str:
    where = format_location([*path, name])
    if not path:
        argument = tool.argument(name)
        hint = _hint(argument.schema) if argument is not None else ""
        return f"missing required argument '{where}'{hint}"
    return f"missing required field '{where}'"


def _unknown_argument(tool: AnyTool, name: str) -> str:
    if name in tool.defaults:
        return f"'{name}' is set by the agent and must be left out"
    return f"unknown argument '{name}' (the arguments are: {_names(tool)})"


def _describe(error: ValidationError) -> str:
    value = _shown(error.instance)
    if error.validator == "type":
        expected = error.validator_value
        listed = " or ".join(expected) if isinstance(expected, list) else expected
        return f"expected {listed}, got {_json_type(error.instance)} {value}"
    if error.validator == "enum":
        return f"expected one of {', '.join(_shown(v) for v in error.validator_value)}, got {value}"
    if error.validator == "const":
        return f"expected {_shown(error.validator_value)}, got {value}"
    return error.message


def _hint(schema: Mapping[str, Any]) -> str:
    kind = schema.get("type")
    description = str(schema.get("description") or "")
    parts = [" or ".join(kind) if isinstance(kind, list) else str(kind)] if kind else []
    if description:
        parts.append(description[:120])
    return f" ({': '.join(parts)})" if parts else ""


def _names(tool: AnyTool) -> str:
    return ", ".join(a.name for a in tool.arguments if a.name not in tool.defaults) or "none"


def _json_type(value: Any) -> str:
    return next((name for kind, name in _JSON_TYPES if isinstance(value, kind)), type(value).__name__)


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= _SHOWN_VALUE_CHARS else text[:_SHOWN_VALUE_CHARS - 1] + "…"
