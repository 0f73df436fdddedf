"""Thrift parser that keeps annotations (thriftpy2 drops them) and doc comments, built on a lark
LALR grammar.

Doc comments: the comment lines directly above a struct, field, enum, enum value, service or
function (no blank line between), plus a comment after it on its first line, become its `doc`.
A divider line (`// ---- section`) is never a doc and ends the block above it, so section
headings stay headings.
"""

from __future__ import annotations

import ast as pyast
import re
from dataclasses import dataclass
from pathlib import Path

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import ast
from .errors import CompileError

GRAMMAR = r"""
start: header* definition*

?header: include | namespace | cpp_include
include: "include" LITERAL
cpp_include: "cpp_include" LITERAL
namespace: "namespace" ns_scope IDENT annotations?
ns_scope: IDENT | STAR

?definition: const | typedef | enum | struct | union | exception | service

const: "const" field_type IDENT "=" const_value sep?
typedef: "typedef" field_type IDENT annotations? sep?
enum: "enum" IDENT "{" enum_item* "}" annotations?
enum_item: IDENT enum_value? annotations? sep?
enum_value: "=" INT
struct: "struct" IDENT "{" field* "}" annotations?
union: "union" IDENT "{" field* "}" annotations?
exception: "exception" IDENT "{" field* "}" annotations?
service: "service" IDENT extends? "{" function* "}" annotations?
extends: "extends" IDENT

function: oneway? function_type IDENT "(" field* ")" throws? annotations? sep?
oneway: "oneway"
throws: "throws" "(" field* ")"
?function_type: field_type | void
void: "void"

field: field_id? requiredness? field_type IDENT default? annotations? sep?
field_id: INT ":"
requiredness: REQUIRED | OPTIONAL
default: "=" const_value

field_type: named_type | base_type | container_type
named_type: IDENT
base_type: BASE_TYPE annotations?
container_type: (map_type | set_type | list_type) annotations?
map_type: "map" "<" field_type "," field_type ">"
set_type: "set" "<" field_type ">"
list_type: "list" "<" field_type ">"

?const_value: INT -> c_int
    | DOUBLE -> c_double
    | LITERAL -> c_string
    | IDENT -> c_ident
    | "[" (const_value sep?)* "]" -> c_list
    | "{" (const_value ":" const_value sep?)* "}" -> c_map

annotations: "(" annotation (sep annotation)* sep? ")"
annotation: IDENT ("=" LITERAL)?

sep: "," | ";"

REQUIRED: "required"
OPTIONAL: "optional"
BASE_TYPE.2: "bool" | "byte" | "i8" | "i16" | "i32" | "i64" | "double" | "string" | "binary"
STAR: "*"
IDENT: /[A-Za-z_][A-Za-z0-9_.]*/
INT: /[+-]?(0x[0-9A-Fa-f]+|[0-9]+)(?![0-9.eE])/
DOUBLE: /[+-]?(([0-9]+\.[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+)/
LITERAL: /"(\\.|[^"\\])*"/ | /'(\\.|[^'\\])*'/

LINE_COMMENT: /\/\/[^\n]*/ | /#[^\n]*/
BLOCK_COMMENT: /\/\*(.|\n)*?\*\//
%import common.WS
%ignore WS
%ignore LINE_COMMENT
%ignore BLOCK_COMMENT
"""

_PARSER = Lark(GRAMMAR, parser="lalr", propagate_positions=True, maybe_placeholders=False)


def _unquote(tok: str) -> str:
    if tok.startswith("'"):
        # Thrift single-quoted literal: no escapes besides \' are in common use.
        return tok[1:-1].replace("\\'", "'")
    return pyast.literal_eval(tok) if "\\" in tok else tok[1:-1]


class _Build(Transformer):
    def __init__(self, path: str):
        super().__init__()
        self.path = path
        self.errors: list[CompileError] = []

    def _loc(self, meta) -> ast.Loc:
        return ast.Loc(self.path, getattr(meta, "line", 0))

    # ---- small pieces
    def sep(self, _):
        return None

    def annotation(self, items):
        key = str(items[0])
        value = _unquote(str(items[1])) if len(items) > 1 else ""
        return (key, value)

    @v_args(meta=True)
    def annotations(self, meta, items):
        pairs = [i for i in items if i is not None]
        keys = [k for k, _ in pairs]
        for key in sorted({k for k in keys if keys.count(k) > 1}):
            self.errors.append(CompileError(f"annotation {key} given twice", self._loc(meta)))
        return ("annotations", dict(pairs))

    def requiredness(self, items):
        return ("req", str(items[0]))

    def field_id(self, items):
        return ("id", int(str(items[0]), 0))

    def default(self, items):
        return ("default", items[0])

    @v_args(meta=True)
    def c_int(self, meta, items):
        return ast.ConstValue("int", int(str(items[0]), 0), self._loc(meta))

    @v_args(meta=True)
    def c_double(self, meta, items):
        return ast.ConstValue("double", float(str(items[0])), self._loc(meta))

    @v_args(meta=True)
    def c_string(self, meta, items):
        return ast.ConstValue("string", _unquote(str(items[0])), self._loc(meta))

    @v_args(meta=True)
    def c_ident(self, meta, items):
        return ast.ConstValue("ident", str(items[0]), self._loc(meta))

    @v_args(meta=True)
    def c_list(self, meta, items):
        return ast.ConstValue("list", [i for i in items if i is not None], self._loc(meta))

    @v_args(meta=True)
    def c_map(self, meta, items):
        vals = [i for i in items if i is not None]
        return ast.ConstValue("map", list(zip(vals[::2], vals[1::2], strict=False)), self._loc(meta))

    # ---- types
    @v_args(meta=True)
    def named_type(self, meta, items):
        return ast.TypeRef("named", str(items[0]), loc=self._loc(meta))

    @v_args(meta=True)
    def base_type(self, meta, items):
        name = str(items[0])
        return ast.TypeRef("base", "i8" if name == "byte" else name, loc=self._loc(meta))

    @v_args(meta=True)
    def map_type(self, meta, items):
        return ast.TypeRef("map", "map", list(items), loc=self._loc(meta))

    @v_args(meta=True)
    def set_type(self, meta, items):
        return ast.TypeRef("set", "set", list(items), loc=self._loc(meta))

    @v_args(meta=True)
    def list_type(self, meta, items):
        return ast.TypeRef("list", "list", list(items), loc=self._loc(meta))

    def container_type(self, items):
        return items[0]  # type annotations on containers carry nothing we use

    def field_type(self, items):
        return items[0]

    def void(self, _):
        return None

    # ---- definitions
    @v_args(meta=True)
    def field(self, meta, items):
        fid, req, default, annotations = None, "default", None, {}
        rest = []
        for it in items:
            if isinstance(it, tuple) and it[0] == "id":
                fid = it[1]
            elif isinstance(it, tuple) and it[0] == "req":
                req = it[1]
            elif isinstance(it, tuple) and it[0] == "default":
                default = it[1]
            elif isinstance(it, tuple) and it[0] == "annotations":
                annotations = it[1]
            elif it is not None:
                rest.append(it)
        ftype, name = rest
        return ast.Field(fid, str(name), ftype, req, default, annotations, self._loc(meta))

    @v_args(meta=True)
    def enum_item(self, meta, items):
        value, annotations = None, {}
        for it in items[1:]:
            if isinstance(it, tuple) and it[0] == "annotations":
                annotations = it[1]
            elif isinstance(it, int):
                value = it
        return ast.EnumValue(str(items[0]), value, annotations, self._loc(meta))

    def enum_value(self, items):
        return int(str(items[0]), 0)

    @staticmethod
    def _annotations(items) -> dict[str, str]:
        for it in items:
            if isinstance(it, tuple) and it[0] == "annotations":
                return it[1]
        return {}

    @v_args(meta=True)
    def enum(self, meta, items):
        values = [i for i in items[1:] if isinstance(i, ast.EnumValue)]
        return ast.Enum(str(items[0]), values, self._annotations(items), self._loc(meta))

    def _struct(self, kind, meta, items):
        fields = [i for i in items[1:] if isinstance(i, ast.Field)]
        return ast.Struct(str(items[0]), fields, self._annotations(items), self._loc(meta), kind)

    @v_args(meta=True)
    def struct(self, meta, items):
        return self._struct("struct", meta, items)

    @v_args(meta=True)
    def union(self, meta, items):
        return self._struct("union", meta, items)

    @v_args(meta=True)
    def exception(self, meta, items):
        return self._struct("exception", meta, items)

    @v_args(meta=True)
    def typedef(self, meta, items):
        return ast.Typedef(str(items[1]), items[0], self._annotations(items), self._loc(meta))

    @v_args(meta=True)
    def const(self, meta, items):
        return ast.Const(str(items[1]), items[0], items[2], self._loc(meta))

    def oneway(self, _):
        return ("oneway", True)

    def throws(self, items):
        return ("throws", [i for i in items if isinstance(i, ast.Field)])

    def extends(self, items):
        return ("extends", str(items[0]))

    @v_args(meta=True)
    def function(self, meta, items):
        oneway, throws, args, annotations = False, [], [], {}
        head = []
        for it in items:
            if isinstance(it, tuple) and it[0] == "oneway":
                oneway = True
            elif isinstance(it, tuple) and it[0] == "throws":
                throws = it[1]
            elif isinstance(it, tuple) and it[0] == "annotations":
                annotations = it[1]
            elif isinstance(it, ast.Field):
                args.append(it)
            elif isinstance(it, (ast.TypeRef, Token)) or it is None:
                head.append(it)
        ret, name = head[0], head[1]
        return ast.Function(str(name), ret, args, oneway, throws, annotations, self._loc(meta))

    @v_args(meta=True)
    def service(self, meta, items):
        extends = None
        funcs = []
        for it in items[1:]:
            if isinstance(it, tuple) and it[0] == "extends":
                extends = it[1]
            elif isinstance(it, ast.Function):
                funcs.append(it)
        return ast.Service(str(items[0]), extends, funcs, self._annotations(items), self._loc(meta))

    @v_args(meta=True)
    def include(self, meta, items):
        return ("include", _unquote(str(items[0])), self._loc(meta))

    def cpp_include(self, _):
        return None

    def ns_scope(self, items):
        return str(items[0])

    def namespace(self, items):
        return ("namespace", items[0], str(items[1]))


_COMMENT_TOKENS = frozenset({"LINE_COMMENT", "BLOCK_COMMENT"})
_DIVIDER = re.compile(r"^[-=*#/~]{3,}")


@dataclass(frozen=True)
class _Comment:
    line: int
    end_line: int
    text: str  # "" for a divider
    alone: bool  # nothing but whitespace before it on its line
    divider: bool


def _comment_lines(raw: str) -> list[str]:
    if raw.startswith("/*"):
        body = raw[2:-2].lstrip("*")
        lines = [ln.strip().lstrip("*").strip() for ln in body.splitlines()]
    else:
        lines = [raw.lstrip("/#").strip()]
    return lines


def _comments(text: str) -> list[_Comment]:
    """Every comment of a file that already parsed (lexed again, keeping what the parser ignores)."""
    source = text.splitlines()
    out: list[_Comment] = []
    try:
        tokens = [t for t in _PARSER.lex(text, dont_ignore=True) if t.type in _COMMENT_TOKENS]
    except LarkError:  # the whole-grammar lexer disagrees with the parser's: no docs rather than no build
        return out
    for tok in tokens:
        lines = _comment_lines(str(tok))
        divider = bool(lines) and bool(_DIVIDER.match(lines[0]))
        kept = [] if divider else [ln for ln in lines if ln]
        before = source[tok.line - 1][: tok.column - 1]
        out.append(_Comment(tok.line, tok.end_line or tok.line, "\n".join(kept), not before.strip(), divider))
    return out


class _Docs:
    """Finds the doc comment of a node by the line it starts on."""

    def __init__(self, comments: list[_Comment]) -> None:
        self.trailing = {c.line: c.text for c in comments if not c.alone}
        self.ending_on = {c.end_line: c for c in comments if c.alone}

    def __call__(self, line: int) -> str:
        parts: list[str] = []
        above = self.ending_on.get(line - 1)
        while above is not None and not above.divider:
            parts.insert(0, above.text)
            above = self.ending_on.get(above.line - 1)
        if line in self.trailing:
            parts.append(self.trailing[line])
        return "\n".join(p for p in parts if p)


def attach_docs(doc: ast.Document, text: str) -> None:
    docs = _Docs(_comments(text))
    for s in doc.structs:
        s.doc = docs(s.loc.line)
        for f in s.fields:
            f.doc = docs(f.loc.line)
    for e in doc.enums:
        e.doc = docs(e.loc.line)
        for v in e.values:
            v.doc = docs(v.loc.line)
    for svc in doc.services:
        svc.doc = docs(svc.loc.line)
        for fn in svc.functions:
            fn.doc = docs(fn.loc.line)


def parse(text: str, path: str) -> ast.Document:
    """Parse one Thrift file; syntax errors become CompileError with file:line."""
    try:
        tree = _PARSER.parse(text)
    except UnexpectedInput as e:
        raise CompileError(_syntax_message(e), ast.Loc(path, getattr(e, "line", 0) or 0)) from None
    builder = _Build(path)
    items = builder.transform(tree).children
    if builder.errors:
        raise builder.errors[0]
    doc = ast.Document(path=path, stem=Path(path).stem)
    for it in items:
        if it is None:
            continue
        if isinstance(it, tuple) and it[0] == "include":
            doc.includes.append((it[1], it[2]))
        elif isinstance(it, tuple) and it[0] == "namespace":
            doc.namespaces[it[1]] = it[2]
        elif isinstance(it, ast.Typedef):
            doc.typedefs.append(it)
        elif isinstance(it, ast.Const):
            doc.consts.append(it)
        elif isinstance(it, ast.Enum):
            doc.enums.append(it)
        elif isinstance(it, ast.Struct):
            doc.structs.append(it)
        elif isinstance(it, ast.Service):
            doc.services.append(it)
    attach_docs(doc, text)
    return doc


def _syntax_message(e: UnexpectedInput) -> str:
    if isinstance(e, UnexpectedToken):
        if e.token.type == "$END":
            return "syntax error: unexpected end of file"
        return f"syntax error: unexpected {e.token.value!r} (expected one of: {', '.join(sorted(e.expected)[:8])})"
    if isinstance(e, UnexpectedCharacters):
        return f"syntax error: unexpected character {e.char!r}"
    if isinstance(e, UnexpectedEOF):
        return "syntax error: unexpected end of file"
    return "syntax error"


def parse_file(path: Path, display: str | None = None) -> ast.Document:
    return parse(path.read_text(encoding="utf-8"), display or str(path))
