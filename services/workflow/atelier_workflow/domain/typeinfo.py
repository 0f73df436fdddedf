"""The type of a value on the canvas, and which types Coze converts into which.

A canvas declares types as `VariableSchema`s (outputs) and `BlockInput`s (inputs): `type`, an
`assistType` that makes a string a time or a file, and a `schema` of an object's fields or a
list's element. `TypeInfo` is that type alone, normalized, for comparing and converting.

Conversion (`conversion_problem`) follows the converter Coze runs on every node input: any value
becomes a string (numbers and booleans as text, objects and lists as JSON); integers and floats
convert into each other and are parsed from strings; booleans are parsed from strings; objects
and lists are parsed from JSON strings; a list converts element by element, an object field by
field (fields only one side declares pass through). A file input takes a string (its URL): a
number or an object is no file.

Interface: `TypeInfo` (`.is_file`, `.is_time`, `.describe()`), `type_of_variable`,
`type_of_input`, `element_type`, `find_field`, `conversion_problem`, `ANY`, `INTEGER`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from atelier_proto.enums import AssistType, VariableType
from atelier_workflow.domain.canvas import BlockInput, Param, VariableSchema

_NO_FIELDS: Mapping[str, TypeInfo] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class TypeInfo:
    """A value's type. `type` None: not declared (anything goes). `fields` of an object (empty:
    any fields), `element` of a list (None: any elements)."""

    type: VariableType | None
    assist_type: AssistType = AssistType.NotSet
    required: bool = False
    fields: Mapping[str, TypeInfo] = field(default_factory=lambda: _NO_FIELDS)
    element: TypeInfo | None = None

    @property
    def is_time(self) -> bool:
        return self.type == VariableType.String and self.assist_type == AssistType.Time

    @property
    def is_file(self) -> bool:
        return self.type == VariableType.String and self.assist_type not in (AssistType.NotSet, AssistType.Time)

    def describe(self) -> str:
        """The type as a user reads it: "string", "list<integer>", "file (Image)", "time"."""
        if self.type is None:
            return "any"
        if self.is_time:
            return "time"
        if self.is_file:
            return f"file ({self.assist_type.name})"
        if self.type == VariableType.List:
            return f"list<{self.element.describe() if self.element else 'any'}>"
        return self.type.value


ANY = TypeInfo(None)
INTEGER = TypeInfo(VariableType.Integer)


def _fields(items: list[VariableSchema] | list) -> Mapping[str, TypeInfo]:
    found = {}
    for item in items:
        typed = type_of_input(item.input) if isinstance(item, Param) else type_of_variable(item)
        found[item.name] = typed
    return MappingProxyType(found) if found else _NO_FIELDS


def type_of_variable(variable: VariableSchema | None) -> TypeInfo:
    """The type a VariableSchema declares (an output, an object's field, a list's element)."""
    if variable is None or variable.type is None:
        return ANY
    element = type_of_variable(variable.element) if variable.type == VariableType.List and variable.element else None
    return TypeInfo(variable.type, variable.assist_type, variable.required,
                    _fields(variable.fields) if variable.type == VariableType.Object else _NO_FIELDS, element)


def type_of_input(block: BlockInput | None) -> TypeInfo:
    """The type a node declares for one of its inputs."""
    if block is None or block.type is None:
        return ANY
    schema = block.schema_
    if block.type == VariableType.List:
        element = type_of_variable(schema) if isinstance(schema, VariableSchema) else None
        return TypeInfo(block.type, block.assist_type, element=element)
    if block.type == VariableType.Object and isinstance(schema, list):
        return TypeInfo(block.type, block.assist_type, fields=_fields(schema))
    return TypeInfo(block.type, block.assist_type)


def element_type(typed: TypeInfo) -> TypeInfo:
    """What one element of a list holds (ANY when the list declares no element, or is no list)."""
    return (typed.element or ANY) if typed.type == VariableType.List else ANY


def find_field(fields: Mapping[str, TypeInfo], path: tuple[str, ...]) -> TypeInfo | None:
    """The type at `path` among `fields` (a node's outputs); None when no such field is declared.
    Past an object that declares no fields, or a value of undeclared type, anything is there."""
    if not path:
        return TypeInfo(VariableType.Object, fields=fields)
    current = fields.get(path[0])
    for name in path[1:]:
        if current is None:
            return None
        if current.type is None or (current.type == VariableType.Object and not current.fields):
            return ANY
        if current.type != VariableType.Object:
            return None
        current = current.fields.get(name)
    return current


_NUMBERS = (VariableType.Integer, VariableType.Float)


def conversion_problem(source: TypeInfo, target: TypeInfo) -> str | None:
    """Why a value of type `source` cannot become an input of type `target`; None when Coze's
    converter turns one into the other."""
    if source.type is None or target.type is None:
        return None
    if target.is_file:
        if source.type == VariableType.String:
            return None
    elif target.type == VariableType.String:
        return None
    elif source.type == VariableType.String and not source.is_file:
        return None  # parsed at run time: "42" -> 42, "true" -> true, JSON -> object or list
    elif target.type in _NUMBERS:
        if source.type in _NUMBERS:
            return None
    elif target.type == source.type == VariableType.Object:
        for name, wanted in target.fields.items():
            given = source.fields.get(name)
            problem = conversion_problem(given, wanted) if given is not None else None
            if problem:
                return f"field {name}: {problem}"
        return None
    elif target.type == source.type == VariableType.List:
        problem = conversion_problem(element_type(source), element_type(target))
        return f"element: {problem}" if problem else None
    elif target.type == source.type:
        return None
    return f"{source.describe()} cannot be converted to {target.describe()}"
