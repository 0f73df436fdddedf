"""Which output types an input of another type accepts: Coze's conversion rules."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from atelier_proto.enums import AssistType, VariableType
from atelier_workflow.domain.typeinfo import ANY, TypeInfo, conversion_problem, find_field

STRING = TypeInfo(VariableType.String)
INTEGER = TypeInfo(VariableType.Integer)
FLOAT = TypeInfo(VariableType.Float)
BOOLEAN = TypeInfo(VariableType.Boolean)
IMAGE = TypeInfo(VariableType.String, AssistType.Image)
TIME = TypeInfo(VariableType.String, AssistType.Time)


def obj(**fields: TypeInfo) -> TypeInfo:
    return TypeInfo(VariableType.Object, fields=MappingProxyType(fields))


def list_of(element: TypeInfo | None) -> TypeInfo:
    return TypeInfo(VariableType.List, element=element)


@pytest.mark.parametrize(("source", "target"), [
    (INTEGER, STRING), (BOOLEAN, STRING), (obj(a=STRING), STRING), (list_of(INTEGER), STRING),  # to text
    (INTEGER, FLOAT), (FLOAT, INTEGER),  # numbers
    (STRING, INTEGER), (STRING, BOOLEAN), (STRING, obj()), (STRING, list_of(INTEGER)),  # parsed
    (IMAGE, STRING), (STRING, IMAGE), (TIME, STRING), (INTEGER, TIME),
    (list_of(INTEGER), list_of(STRING)), (list_of(None), list_of(INTEGER)),
    (obj(a=INTEGER, extra=BOOLEAN), obj(a=FLOAT)), (obj(), obj(a=INTEGER)),
    (ANY, INTEGER), (BOOLEAN, ANY),
])
def test_conversions_coze_makes(source, target):
    assert conversion_problem(source, target) is None


@pytest.mark.parametrize(("source", "target", "problem"), [
    (BOOLEAN, INTEGER, "boolean cannot be converted to integer"),
    (INTEGER, BOOLEAN, "integer cannot be converted to boolean"),
    (list_of(STRING), obj(), "list<string> cannot be converted to object"),
    (obj(), list_of(STRING), "object cannot be converted to list<string>"),
    (INTEGER, IMAGE, "integer cannot be converted to file (Image)"),
    (IMAGE, INTEGER, "file (Image) cannot be converted to integer"),
    (list_of(BOOLEAN), list_of(FLOAT), "element: boolean cannot be converted to float"),
    (obj(a=obj(b=list_of(STRING))), obj(a=obj(b=INTEGER)), "field a: field b: list<string> cannot be"),
])
def test_conversions_coze_refuses(source, target, problem):
    assert problem in conversion_problem(source, target)


def test_fields_are_found_along_their_path():
    outputs = {"report": obj(title=STRING, meta=obj()), "count": INTEGER}
    assert find_field(outputs, ("report", "title")) == STRING
    assert find_field(outputs, ("report", "meta", "anything")) == ANY  # an object of undeclared fields
    assert find_field(outputs, ("report", "author")) is None
    assert find_field(outputs, ("count", "digits")) is None
    assert find_field(outputs, ()).fields == outputs  # the whole output
