"""A plugin and its tools (one per OpenAPI operation), and the one arguments object a model fills
for a tool.

A model calls a tool with a flat JSON object. Its fields are the operation's path, query, header
and cookie parameters and the top-level properties of an object request body, each under its own
name; a name used in two places (a query `id` and a body `id`) is prefixed with where it goes
(`query_id`, `body_id`). A body that is not an object with properties is one argument, `body`.
Arguments an agent fixes (per-agent defaults) leave the model's schema and are applied at call
time."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from jsonschema import Draft202012Validator

ParameterLocation = Literal["path", "query", "header", "cookie"]
ArgumentLocation = Literal["path", "query", "header", "cookie", "body"]
BodyEncoding = Literal["json", "form", "multipart"]

JSON_MEDIA = "application/json"
FORM_MEDIA = "application/x-www-form-urlencoded"
MULTIPART_MEDIA = "multipart/form-data"
BODY_ARGUMENT = "body"
# Operations of a path item that can be tools (TRACE is refused: it echoes requests, credentials included).
OPERATION_METHODS = ("get", "put", "post", "delete", "options", "head", "patch")
WRITTEN_OPENAPI_VERSION = "3.0.3"  # the version conversions write

# Safe to repeat after a failure that may have reached the server (RFC 9110 §9.2.2).
IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "PUT", "DELETE", "OPTIONS"})

# OpenAPI's serialisation defaults per location.
_DEFAULT_STYLE: dict[str, str] = {"path": "simple", "query": "form", "header": "simple", "cookie": "form"}


def is_idempotent(method: str) -> bool:
    """Whether a failed call with this method may be retried."""
    return method.upper() in IDEMPOTENT_METHODS


@dataclass(frozen=True)
class Parameter:
    """One OpenAPI parameter; `schema` is JSON Schema with its references inlined."""

    name: str
    location: ParameterLocation
    schema: dict[str, Any]
    required: bool = False
    description: str = ""
    style: str = ""  # "" means the location's default
    explode: bool | None = None  # None means the style's default

    def __post_init__(self) -> None:
        style = self.style or _DEFAULT_STYLE[self.location]
        object.__setattr__(self, "style", style)
        if self.explode is None:
            object.__setattr__(self, "explode", style == "form")


@dataclass(frozen=True)
class RequestBody:
    """The one media type a tool sends its body as, and that body's JSON Schema."""

    media_type: str  # as sent in Content-Type: application/json, application/merge-patch+json ...
    encoding: BodyEncoding
    schema: dict[str, Any]
    required: bool = False
    description: str = ""


@dataclass(frozen=True)
class Argument:
    """One field of the model's arguments object and where its value goes."""

    name: str  # the field's name in the arguments object
    location: ArgumentLocation
    key: str | None  # the parameter or body property it fills; None: the whole body
    required: bool
    schema: dict[str, Any]


@dataclass(frozen=True)
class ToolSpec:
    name: str  # matches naming.TOOL_NAME
    description: str
    method: str  # upper case
    path: str  # the OpenAPI path template, e.g. /weather/{city}
    server_url: str  # absolute, no trailing slash
    parameters: tuple[Parameter, ...] = ()
    request_body: RequestBody | None = None
    defaults: Mapping[str, Any] = field(default_factory=dict)  # per-agent values, by argument name

    @property
    def idempotent(self) -> bool:
        return is_idempotent(self.method)

    @cached_property
    def arguments(self) -> tuple[Argument, ...]:
        return _arguments(self.parameters, self.request_body)

    @cached_property
    def _arguments_by_name(self) -> dict[str, Argument]:
        return {a.name: a for a in self.arguments}

    def argument(self, name: str) -> Argument | None:
        return self._arguments_by_name.get(name)

    @cached_property
    def model_validator(self) -> Draft202012Validator:
        """model_schema() compiled, once per tool (a tool is immutable; parsed tools are kept per
        plugin version, so a call does not compile it again)."""
        return Draft202012Validator(self.model_schema(), format_checker=Draft202012Validator.FORMAT_CHECKER)

    def model_schema(self) -> dict[str, Any]:
        """The JSON schema of the arguments the model fills (a fresh copy the caller may change)."""
        open_arguments = [a for a in self.arguments if a.name not in self.defaults]
        schema: dict[str, Any] = {
            "type": "object",
            "properties": {a.name: copy.deepcopy(a.schema) for a in open_arguments},
            "additionalProperties": False,
        }
        required = [a.name for a in open_arguments if a.required]
        if required:
            schema["required"] = required
        return schema


@dataclass(frozen=True)
class PluginSpec:
    title: str
    description: str
    version: str
    server_url: str
    tools: tuple[ToolSpec, ...]
    document: dict[str, Any]  # the validated OpenAPI 3 document, references kept (what is stored)

    def tool(self, name: str) -> ToolSpec | None:
        return next((t for t in self.tools if t.name == name), None)


def _arguments(parameters: tuple[Parameter, ...], body: RequestBody | None) -> tuple[Argument, ...]:
    fields: list[Argument] = [
        Argument(p.name, p.location, p.name, p.required, _described(p.schema, p.description)) for p in parameters
    ]
    if body is not None:
        flat = _object_properties(body.schema)
        if flat is None:
            fields.append(Argument(BODY_ARGUMENT, "body", None, body.required,
                                   _described(body.schema, body.description)))
        else:
            # A property the schema requires stays required when the body is marked optional: documents
            # leave requestBody.required out far more often than they mean an optional body.
            properties, required = flat
            fields.extend(Argument(name, "body", name, name in required, schema) for name, schema in properties.items())
    uses = Counter(f.name for f in fields)
    taken: set[str] = set()
    named: list[Argument] = []
    for f in fields:
        name = f.name if uses[f.name] == 1 else f"{f.location}_{f.name}"
        while name in taken:
            name = f"{f.location}_{name}"
        taken.add(name)
        named.append(Argument(name, f.location, f.key, f.required, f.schema))
    return tuple(named)


def _described(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {**schema, "description": description} if description else schema


def _object_properties(schema: dict[str, Any]) -> tuple[dict[str, Any], list[str]] | None:
    """The writable properties and required names of an object schema (allOf parts merged), or
    None when the body is not an object with properties."""
    parts = [schema, *schema.get("allOf", [])] if isinstance(schema.get("allOf"), list) else [schema]
    if any(not isinstance(p, dict) or not _is_object(p) for p in parts[1:]):
        return None
    if not _is_object(schema) and "allOf" not in schema:
        return None
    properties: dict[str, Any] = {}
    required: list[str] = []
    for part in parts:
        for name, sub in (part.get("properties") or {}).items():
            if not (isinstance(sub, dict) and sub.get("readOnly")):  # the server writes these
                properties[name] = sub
        required.extend(r for r in part.get("required", []) if r not in required)
    if not properties or any(k in schema for k in ("oneOf", "anyOf")):
        return None
    return properties, [r for r in required if r in properties]


def _is_object(schema: dict[str, Any]) -> bool:
    kind = schema.get("type")
    if kind is None:
        return "properties" in schema or "allOf" in schema
    return kind == "object" or (isinstance(kind, list) and "object" in kind)
