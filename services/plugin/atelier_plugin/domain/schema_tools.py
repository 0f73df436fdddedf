"""A tool whose arguments are one JSON schema (an MCP server's tool, or a built-in tool) as the model
fills it: that schema, with an agent's fixed arguments taken out. It has what `domain.arguments`
reads of a tool (name, defaults, arguments, model_schema), so its arguments are parsed, validated
and defaulted exactly like an OpenAPI tool's.

Unlike an OpenAPI tool the schema is kept whole ($defs, additionalProperties): for an MCP tool it
is what the server validates against, so the model gets the same contract."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from jsonschema import Draft202012Validator

from atelier_plugin.domain.tools import Argument


@dataclass(frozen=True)
class SchemaToolSpec:
    name: str
    description: str
    input_schema: dict[str, Any]  # JSON schema of the arguments object (as an MCP server lists it)
    defaults: Mapping[str, Any] = field(default_factory=dict)  # an agent's fixed arguments, by name

    @cached_property
    def arguments(self) -> tuple[Argument, ...]:
        properties = self.input_schema.get("properties")
        required = set(self.input_schema.get("required") or ())
        if not isinstance(properties, dict):
            return ()
        shared = {"$defs": self.input_schema["$defs"]} if "$defs" in self.input_schema else {}
        # Each argument's schema carries the shared definitions, so its $refs resolve on their own.
        return tuple(Argument(name, "body", name, name in required,
                              {**schema, **shared} if isinstance(schema, dict) else {})
                     for name, schema in properties.items())

    def argument(self, name: str) -> Argument | None:
        return next((a for a in self.arguments if a.name == name), None)

    @cached_property
    def model_validator(self) -> Draft202012Validator:
        """model_schema() compiled, once per tool (a tool is immutable; parsed tools are kept per
        plugin version, so a call does not compile it again)."""
        return Draft202012Validator(self.model_schema(), format_checker=Draft202012Validator.FORMAT_CHECKER)

    def model_schema(self) -> dict[str, Any]:
        """The schema without the fixed arguments (a fresh copy the caller may change)."""
        schema = copy.deepcopy(self.input_schema)
        schema.setdefault("type", "object")
        properties = schema.setdefault("properties", {})
        for name in self.defaults:
            properties.pop(name, None)
        if "required" in schema:
            schema["required"] = [r for r in schema["required"] if r not in self.defaults]
            if not schema["required"]:
                del schema["required"]
        return schema

    def call_arguments(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """What the tool runs with: the model's (checked) arguments and the agent's fixed ones."""
        return {**given, **self.defaults}
