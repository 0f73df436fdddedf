"""OpenAPI Schema Objects -> JSON Schema (draft 2020-12), the dialect models and `jsonschema` read.

OpenAPI 3.0 speaks an older dialect (`nullable`, boolean `exclusiveMinimum`, `example`); 3.1 is
JSON Schema already. Both lose OpenAPI-only keywords (`discriminator`, `xml`, `externalDocs`,
`x-` extensions) that mean nothing to a model."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# Keywords whose value is one subschema, a mapping of subschemas or a list of them.
_ONE = ("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
        "unevaluatedItems", "unevaluatedProperties", "additionalItems")
_MAP = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_LIST = ("allOf", "anyOf", "oneOf", "prefixItems")

_OPENAPI_ONLY = ("discriminator", "xml", "externalDocs")

Mapper = Callable[[Any, tuple[str | int, ...]], Any]


def map_subschemas(schema: dict[str, Any], fn: Mapper) -> dict[str, Any]:
    """A copy of `schema` whose direct subschemas are replaced by fn(subschema, relative path)."""
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _ONE and isinstance(value, (dict, bool)):
            out[key] = fn(value, (key,))
        elif key == "items" and isinstance(value, list):  # the tuple form of older drafts
            out[key] = [fn(v, (key, i)) for i, v in enumerate(value)]
        elif key in _MAP and isinstance(value, dict):
            out[key] = {name: fn(v, (key, name)) for name, v in value.items()}
        elif key in _LIST and isinstance(value, list):
            out[key] = [fn(v, (key, i)) for i, v in enumerate(value)]
        else:
            out[key] = value
    return out


def to_json_schema(schema: Any, openapi_minor: int) -> Any:
    """The JSON Schema 2020-12 equivalent of an OpenAPI 3.`openapi_minor` schema without `$ref`s."""
    if not isinstance(schema, dict):
        return schema
    converted = map_subschemas(schema, lambda sub, _path: to_json_schema(sub, openapi_minor))
    out = {k: v for k, v in converted.items() if not k.startswith("x-") and k not in _OPENAPI_ONLY}
    if "example" in out:
        example = out.pop("example")
        out.setdefault("examples", [example])
    if openapi_minor == 0:
        _nullable(out)
        _exclusive_bound(out, "exclusiveMinimum", "minimum")
        _exclusive_bound(out, "exclusiveMaximum", "maximum")
    return out


def _nullable(schema: dict[str, Any]) -> None:
    if not schema.pop("nullable", False):
        return
    kind = schema.get("type")
    if isinstance(kind, str):
        schema["type"] = [kind, "null"]
    if isinstance(schema.get("enum"), list) and None not in schema["enum"]:
        schema["enum"] = [*schema["enum"], None]


def _exclusive_bound(schema: dict[str, Any], exclusive: str, bound: str) -> None:
    flag = schema.get(exclusive)
    if isinstance(flag, bool):
        del schema[exclusive]
        if flag and bound in schema:
            schema[exclusive] = schema.pop(bound)
