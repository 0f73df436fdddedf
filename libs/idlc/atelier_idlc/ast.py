"""Typed AST of one Thrift file (only what Atelier's IDL uses)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Annotations = dict[str, str]


@dataclass(frozen=True)
class Loc:
    file: str  # path as given to the compiler (e.g. idl/knowledge.thrift)
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass
class TypeRef:
    """A type as written: a base type, a container, or a (possibly qualified) name."""

    kind: str  # "base" | "list" | "set" | "map" | "named"
    name: str = ""  # base type name ("i64") or referenced name ("base.KV")
    args: list[TypeRef] = field(default_factory=list)
    loc: Loc | None = None

    def __str__(self) -> str:
        if self.kind in ("list", "set"):
            return f"{self.kind}<{self.args[0]}>"
        if self.kind == "map":
            return f"map<{self.args[0]},{self.args[1]}>"
        return self.name


@dataclass
class ConstValue:
    """A literal: int, float, str, identifier (enum value / const ref), list or map."""

    kind: str  # "int" | "double" | "string" | "ident" | "list" | "map"
    value: Any
    loc: Loc | None = None


@dataclass
class Field:
    id: int | None
    name: str
    type: TypeRef
    requiredness: str  # "required" | "optional" | "default"
    default: ConstValue | None
    annotations: Annotations
    loc: Loc
    doc: str = ""  # the comment attached to it (see parser.attach_docs)


@dataclass
class EnumValue:
    name: str
    value: int | None  # None until implicit values are assigned
    annotations: Annotations
    loc: Loc
    doc: str = ""


@dataclass
class Enum:
    name: str
    values: list[EnumValue]
    annotations: Annotations
    loc: Loc
    doc: str = ""


@dataclass
class Struct:
    name: str
    fields: list[Field]
    annotations: Annotations
    loc: Loc
    kind: str = "struct"  # "struct" | "union" | "exception" (the latter two are rejected)
    doc: str = ""


@dataclass
class Typedef:
    name: str
    type: TypeRef
    annotations: Annotations
    loc: Loc


@dataclass
class Const:
    name: str
    type: TypeRef
    value: ConstValue
    loc: Loc


@dataclass
class Function:
    name: str
    return_type: TypeRef | None  # None = void
    args: list[Field]
    oneway: bool
    throws: list[Field]
    annotations: Annotations
    loc: Loc
    doc: str = ""


@dataclass
class Service:
    name: str
    extends: str | None
    functions: list[Function]
    annotations: Annotations
    loc: Loc
    doc: str = ""


@dataclass
class Document:
    path: str  # as given (used in messages and headers)
    stem: str
    includes: list[tuple[str, Loc]] = field(default_factory=list)
    namespaces: dict[str, str] = field(default_factory=dict)
    typedefs: list[Typedef] = field(default_factory=list)
    consts: list[Const] = field(default_factory=list)
    enums: list[Enum] = field(default_factory=list)
    structs: list[Struct] = field(default_factory=list)
    services: list[Service] = field(default_factory=list)
