"""Resolve and validate parsed documents into the model every emitter works from."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import annotations as api
from . import ast
from .errors import CompileError, CompileErrors
from .parser import parse_file

SCALARS = {"bool", "i8", "i16", "i32", "i64", "double", "string", "binary"}
MAP_KEY_SCALARS = {"bool", "i8", "i16", "i32", "i64", "string"}
HTTP_METHODS = api.HTTP_METHODS
PATH_PARAM = re.compile(r":([A-Za-z_][A-Za-z0-9_]*)")
# What the gateway fills in from a multipart upload (field annotation api.file="<role>"), and the
# scalar types each role needs. key: the object key the gateway stored the file under (the service
# gets the key, never the bytes); size: bytes; name: the file's name (a form field of the same
# name wins); type: the content type the client declared for the part; content: the bytes
# themselves (only for RPCs the gateway serves in-process).
UPLOAD_ROLES = {
    "key": ("string",),
    "size": ("i32", "i64"),
    "name": ("string",),
    "type": ("string",),
    "content": ("binary",),
}
# Field annotations that only mean something on the request struct of an HTTP route (the gateway
# reads them there, never in nested structs).
REQUEST_ONLY = ("api.query", "api.path", "api.file", "api.space", "api.stream_switch")


@dataclass(frozen=True)
class RType:
    """A resolved type. `name` is a scalar name or the qualified `stem.Name` of an enum/struct."""

    kind: str  # "scalar" | "enum" | "struct" | "list" | "set" | "map"
    name: str = ""
    elem: RType | None = None  # list/set element, map value
    key: RType | None = None  # map key

    @property
    def is_container(self) -> bool:
        return self.kind in ("list", "set", "map")


@dataclass
class RField:
    id: int
    name: str
    type: RType
    requiredness: str
    default: object  # JSON-compatible python value, or None
    annotations: dict[str, str]
    loc: ast.Loc
    doc: str = ""

    @property
    def optional(self) -> bool:
        return self.requiredness == "optional"

    @property
    def required(self) -> bool:
        return self.requiredness == "required"

    @property
    def js_conv(self) -> bool:
        return api.is_true(self.annotations, "api.js_conv")

    @property
    def json_text(self) -> bool:
        """api.json_text: a string of JSON text that requests may also send as the JSON value itself."""
        return api.is_true(self.annotations, "api.json_text")

    @property
    def space(self) -> bool:
        """api.space: the field carries space ids the caller must belong to (checked at the edge)."""
        return api.is_true(self.annotations, "api.space")

    @property
    def stream_switch(self) -> bool:
        """api.stream_switch: false or absent, the streaming route answers one JSON object."""
        return api.is_true(self.annotations, "api.stream_switch")

    @property
    def sse_role(self) -> str:
        """api.sse: "event", "data" or "id" of the server-sent event a stream message becomes, or ""."""
        return self.annotations.get("api.sse", "")

    @property
    def page_role(self) -> str:
        """api.page: "redirect", "title" or "text" of the answer a browser gets, or ""."""
        return self.annotations.get("api.page", "")

    @property
    def json_key(self) -> str:
        return self.annotations.get("api.body") or self.name

    @property
    def upload_role(self) -> str:
        """An UPLOAD_ROLES key when the gateway fills the field from an upload, else ""."""
        return self.annotations.get("api.file", "")


@dataclass
class RStruct:
    stem: str
    name: str
    fields: list[RField]
    loc: ast.Loc
    doc: str = ""

    @property
    def qname(self) -> str:
        return f"{self.stem}.{self.name}"


@dataclass
class REnum:
    stem: str
    name: str
    values: list[tuple[str, int]]  # thrift order
    loc: ast.Loc
    doc: str = ""
    value_docs: dict[str, str] = field(default_factory=dict)  # value name -> its comment
    strings: bool = False  # api.string: the values travel as strings, the snake_case of their names

    @property
    def qname(self) -> str:
        return f"{self.stem}.{self.name}"

    def spelling(self, value: str) -> str:
        """The string a value travels as when the enum has api.string (InProgress -> in_progress)."""
        return screaming_snake(value).lower()


@dataclass(frozen=True)
class Upload:
    """api.upload="<part>": the route takes multipart/form-data with the file in form part `part`;
    `fields` maps each upload role (UPLOAD_ROLES) to the request field the gateway fills."""

    part: str
    fields: tuple[tuple[str, str], ...]  # (role, field name), sorted by role

    def field_for(self, role: str) -> str | None:
        return dict(self.fields).get(role)


@dataclass(frozen=True)
class Sse:
    """The response fields (api.sse) a stream message's server-sent event is made of."""

    data: str
    event: str | None = None
    id: str | None = None


@dataclass(frozen=True)
class Page:
    """The response fields (api.page) a browser's answer is made of: a redirect when `redirect` is
    set, else an HTML page showing `title` and `text`."""

    text: str
    title: str | None = None
    redirect: str | None = None


@dataclass
class Rpc:
    stem: str
    service: str
    name: str
    request: RType
    response: RType
    method: str  # upper-case HTTP method
    path: str
    stream: bool
    auth: bool
    category: str
    openapi: bool
    loc: ast.Loc
    internal: bool = False  # api.internal="true": gRPC only, no HTTP route (service-to-service)
    # Every HTTP method the RPC answers on its path (`method` is the first): Coze's public API
    # reads some resources with both GET and POST (cozepy POSTs /v3/chat/retrieve).
    methods: tuple[str, ...] = ()
    doc: str = ""  # the function's comment
    upload: Upload | None = None  # api.upload: a multipart upload route
    space_fields: tuple[str, ...] = ()  # api.space fields of the request
    stream_switch: str | None = None  # api.stream_switch field of the request
    sse: Sse | None = None  # api.sse fields of the (stream) response
    page: Page | None = None  # api.page fields of the response: the route answers a browser

    @property
    def path_params(self) -> list[str]:
        return PATH_PARAM.findall(self.path)


@dataclass
class RFile:
    doc: ast.Document
    structs: list[RStruct] = field(default_factory=list)
    enums: list[REnum] = field(default_factory=list)
    services: dict[str, list[Rpc]] = field(default_factory=dict)  # service name -> rpcs
    imports: set[str] = field(default_factory=set)  # stems whose types are used

    @property
    def stem(self) -> str:
        return self.doc.stem


@dataclass
class Model:
    files: dict[str, RFile]  # stem -> file, sorted by stem
    structs: dict[str, RStruct]  # qname -> struct
    enums: dict[str, REnum]

    @property
    def rpcs(self) -> list[Rpc]:
        return [r for f in self.files.values() for rpcs in f.services.values() for r in rpcs]

    @property
    def http_rpcs(self) -> list[Rpc]:
        """The routes the gateway serves, one per (RPC, HTTP method); internal RPCs are reachable
        over gRPC only."""
        return [replace(r, method=m) for r in self.rpcs if not r.internal for m in (r.methods or (r.method,))]


def screaming_snake(name: str) -> str:
    """DocumentStatus -> DOCUMENT_STATUS (proto enum value prefix)."""
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    s = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", s)
    return re.sub(r"_+", "_", s).upper()


def proto_json_name(name: str) -> str:
    """protoc's default json_name (lowerCamel); proto3 rejects two fields that share one."""
    parts = name.split("_")
    return parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])


class _Resolver:
    def __init__(self, docs: dict[str, ast.Document]):
        self.docs = docs
        self.errors: list[CompileError] = []
        self.types: dict[str, tuple[str, object]] = {}  # qname -> ("enum"|"struct"|"typedef", node)
        for stem, doc in docs.items():
            for kind, nodes in (("enum", doc.enums), ("struct", doc.structs), ("typedef", doc.typedefs)):
                for n in nodes:
                    q = f"{stem}.{n.name}"
                    if q in self.types:
                        self.err(f"duplicate type name {n.name!r}", n.loc)
                    self.types[q] = (kind, n)

    def err(self, msg: str, loc: ast.Loc | None) -> None:
        self.errors.append(CompileError(msg, loc))

    def included(self, doc: ast.Document) -> set[str]:
        return {Path(p).stem for p, _ in doc.includes}

    def lookup(self, name: str, doc: ast.Document, loc: ast.Loc | None) -> str | None:
        if "." in name:
            prefix, _, local = name.rpartition(".")
            if prefix != doc.stem and prefix not in self.included(doc):
                self.err(f"unknown type {name!r} ({prefix}.thrift is not included)", loc)
                return None
            q = f"{prefix}.{local}"
        else:
            q = f"{doc.stem}.{name}"
        if q not in self.types:
            self.err(f"unknown type {name!r}", loc)
            return None
        return q

    def resolve(self, t: ast.TypeRef, doc: ast.Document, loc: ast.Loc, seen: tuple[str, ...] = ()) -> RType | None:
        loc = t.loc or loc
        if t.kind == "base":
            return RType("scalar", t.name)
        if t.kind in ("list", "set", "map"):
            args = [self.resolve(a, doc, loc, seen) for a in t.args]
            if any(a is None for a in args):
                return None
            if any(a.is_container for a in args):
                self.err(f"nested containers are not supported ({t}); wrap the inner container in a struct", loc)
                return None
            if t.kind == "map":
                k, v = args
                if not (k.kind == "scalar" and k.name in MAP_KEY_SCALARS):
                    self.err(f"map key must be an integer, bool or string type, not {t.args[0]}", loc)
                    return None
                return RType("map", elem=v, key=k)
            return RType(t.kind, elem=args[0])
        q = self.lookup(t.name, doc, loc)
        if q is None:
            return None
        kind, node = self.types[q]
        if kind == "typedef":
            if q in seen:
                self.err(f"typedef cycle through {q}", loc)
                return None
            tdoc = self.docs[q.split(".")[0]]
            return self.resolve(node.type, tdoc, node.loc, seen + (q,))
        if kind == "struct" and node.kind != "struct":
            return None  # the union/exception itself is reported once
        return RType(kind, q)


def _const_json(v: ast.ConstValue, t: RType, r: _Resolver, doc: ast.Document, loc: ast.Loc) -> object:
    """A default value as the JSON value the API would carry (enums as ints, js_conv i64 left numeric)."""
    if t.kind == "enum":
        if v.kind == "int":
            return v.value
        if v.kind == "ident":
            enum = r.types[t.name][1]
            local = v.value.rsplit(".", 1)[-1]
            for ev in enum.values:
                if ev.name == local:
                    return ev.value
        r.err(f"default {v.value!r} is not a value of enum {t.name}", loc)
        return None
    if t.kind == "scalar":
        ok = {
            "bool": ("int",),
            "string": ("string",),
            "binary": ("string",),
            "double": ("int", "double"),
        }.get(t.name, ("int",))
        if v.kind == "ident" and t.name == "bool" and v.value in ("true", "false"):
            return v.value == "true"
        if v.kind not in ok:
            r.err(f"default value does not match type {t.name}", loc)
            return None
        if t.name == "bool":
            return bool(v.value)
        return v.value
    if t.kind in ("list", "set") and v.kind == "list":
        return [_const_json(x, t.elem, r, doc, loc) for x in v.value]
    if t.kind == "map" and v.kind == "map":
        return {str(_const_json(k, t.key, r, doc, loc)): _const_json(x, t.elem, r, doc, loc) for k, x in v.value}
    r.err("defaults are supported for scalars, enums and containers of them only", loc)
    return None


def _check_field_id(f: ast.Field, r: _Resolver) -> bool:
    if f.id is None:
        r.err(f"field {f.name!r} needs an explicit field id", f.loc)
        return False
    if not (1 <= f.id <= 536870911) or 19000 <= f.id <= 19999:
        r.err(f"field id {f.id} of {f.name!r} is outside 1..536870911 or in the reserved 19000-19999", f.loc)
        return False
    return True


def _check_field_annotations(f: RField, where: str, r: _Resolver) -> None:
    """The annotations a field carries fit its type."""
    t = f.type
    inner = t.elem if t.kind in ("list", "set") else t
    is_i64 = inner.kind == "scalar" and inner.name == "i64"
    if f.json_text and t.name != "string":
        r.err(f"{where}.{f.name}: api.json_text is for string fields", f.loc)
    if f.js_conv and not (is_i64 or (t.kind == "map" and "i64" in (t.key.name, t.elem.name))):
        r.err(f"{where}.{f.name}: api.js_conv is for i64 fields (and lists, sets, maps of i64)", f.loc)
    if f.space and not is_i64:
        r.err(f"{where}.{f.name}: api.space is for an i64 or a list<i64> of space ids", f.loc)
    if f.stream_switch and not (t.kind == "scalar" and t.name == "bool"):
        r.err(f"{where}.{f.name}: api.stream_switch is for a bool field", f.loc)
    if f.sse_role and not (t.kind == "scalar" and t.name == "string"):
        r.err(f"{where}.{f.name}: api.sse is for a string field", f.loc)
    if f.page_role and not (t.kind == "scalar" and t.name == "string"):
        r.err(f"{where}.{f.name}: api.page is for a string field", f.loc)
    if "api.path" in f.annotations and t.kind != "scalar" and t.kind != "enum":
        r.err(f"{where}.{f.name}: api.path binds a scalar field", f.loc)
    if "api.query" in f.annotations and (t.kind == "map" or inner.kind == "struct"):
        r.err(f"{where}.{f.name}: api.query binds a scalar, an enum or a list of them", f.loc)


def _check_struct_annotations(rs: RStruct, r: _Resolver) -> None:
    """Roles a struct may give one field only."""
    switches = [f.name for f in rs.fields if f.stream_switch]
    if len(switches) > 1:
        r.err(f"{rs.name}: one api.stream_switch per request, not {', '.join(switches)}", rs.loc)
    roles: dict[str, str] = {}
    for f in rs.fields:
        if f.sse_role in roles:
            r.err(f'{rs.name}: fields {roles[f.sse_role]!r} and {f.name!r} both have api.sse="{f.sse_role}"', f.loc)
        elif f.sse_role:
            roles[f.sse_role] = f.name
    if roles and "data" not in roles:
        r.err(f'{rs.name}: a struct with api.sse fields needs one api.sse="data"', rs.loc)
    pages: dict[str, str] = {}
    for f in rs.fields:
        if f.page_role in pages:
            r.err(f'{rs.name}: fields {pages[f.page_role]!r} and {f.name!r} both have api.page="{f.page_role}"', f.loc)
        elif f.page_role:
            pages[f.page_role] = f.name
    if pages and "text" not in pages:
        r.err(f'{rs.name}: a struct with api.page fields needs one api.page="text" (the page without a redirect)',
              rs.loc)


def _build_enum(stem: str, e: ast.Enum, r: _Resolver) -> REnum:
    """Values (implicit ones continue from the previous one, the thrift rule), checked."""
    api.check(e.annotations, api.ENUM, e.name, e.loc, r.err)
    nxt, values, seen_names, seen_values = 0, [], set(), {}
    for v in e.values:
        api.check(v.annotations, "enum value", f"{e.name}.{v.name}", v.loc, r.err)
        val = v.value if v.value is not None else nxt
        nxt = val + 1
        if v.name in seen_names:
            r.err(f"duplicate enum value name {e.name}.{v.name}", v.loc)
        if val in seen_values:
            r.err(f"enum {e.name}: {v.name} and {seen_values[val]} share the value {val}", v.loc)
        if not (-(2**31) <= val < 2**31):
            r.err(f"enum value {e.name}.{v.name}={val} does not fit in int32", v.loc)
        if v.name.startswith("_"):
            r.err(f"enum value {e.name}.{v.name}: a name starting with '_' cannot be a Python enum member", v.loc)
        seen_names.add(v.name)
        seen_values[val] = v.name
        v.value = val
        values.append((v.name, val))
    if not values:
        r.err(f"enum {e.name} has no values", e.loc)
    proto_names: dict[str, str] = {}
    for v in e.values:
        pn = screaming_snake(v.name)
        if pn in proto_names and proto_names[pn] != v.name:
            what = "their strings (api.string)" if api.is_true(e.annotations, "api.string") else "in proto"
            r.err(f"enum {e.name}: {v.name} and {proto_names[pn]} both become {pn} {what}", v.loc)
        proto_names[pn] = v.name
    docs = {v.name: v.doc for v in e.values if v.doc}
    return REnum(stem, e.name, values, e.loc, e.doc, docs, api.is_true(e.annotations, "api.string"))


def _build_struct(stem: str, s: ast.Struct, rf: RFile, doc: ast.Document, r: _Resolver) -> RStruct:
    api.check(s.annotations, s.kind, s.name, s.loc, r.err)
    rs = RStruct(stem, s.name, [], s.loc, s.doc)
    ids: dict[int, str] = {}
    names: set[str] = set()
    for f in s.fields:
        api.check(f.annotations, api.FIELD, f"{s.name}.{f.name}", f.loc, r.err)
        if not _check_field_id(f, r):
            continue
        if f.id in ids:
            r.err(f"duplicate field id {f.id} in {s.name} ({ids[f.id]!r} and {f.name!r})", f.loc)
            continue
        if f.name in names:
            r.err(f"duplicate field name {f.name!r} in {s.name}", f.loc)
            continue
        ids[f.id] = f.name
        names.add(f.name)
        t = r.resolve(f.type, doc, f.loc)
        if t is None:
            continue
        _note_import(rf, t)
        default = _const_json(f.default, t, r, doc, f.default.loc or f.loc) if f.default else None
        rfield = RField(f.id, f.name, t, f.requiredness, default, dict(f.annotations), f.loc, f.doc)
        _check_field_annotations(rfield, s.name, r)
        rs.fields.append(rfield)
    keys: dict[str, str] = {}
    for rfld in rs.fields:
        if rfld.json_key in keys:
            r.err(f"JSON key {rfld.json_key!r} used by {keys[rfld.json_key]!r} and {rfld.name!r}", rfld.loc)
        keys[rfld.json_key] = rfld.name
    camel: dict[str, str] = {}
    for rfld in rs.fields:
        cn = proto_json_name(rfld.name)
        if cn in camel:
            r.err(
                f"fields {camel[cn]!r} and {rfld.name!r} have the same proto JSON name {cn!r} (proto3 forbids it)",
                rfld.loc,
            )
        camel[cn] = rfld.name
    _check_struct_annotations(rs, r)
    return rs


def build_model(docs: dict[str, ast.Document]) -> Model:
    r = _Resolver(docs)
    files: dict[str, RFile] = {}
    structs: dict[str, RStruct] = {}
    enums: dict[str, REnum] = {}
    for stem in sorted(docs):
        doc = docs[stem]
        rf = RFile(doc)
        files[stem] = rf
        for inc, loc in doc.includes:
            if Path(inc).stem not in docs:
                r.err(f"included file {inc!r} not found", loc)
        for e in doc.enums:
            re_ = _build_enum(stem, e, r)
            rf.enums.append(re_)
            enums[re_.qname] = re_
        for s in doc.structs:
            if s.kind != "struct":
                r.err(f"{s.kind} {s.name!r} is not supported (use a struct)", s.loc)
                continue
            rs = _build_struct(stem, s, rf, doc, r)
            rf.structs.append(rs)
            structs[rs.qname] = rs
        for c in doc.consts:
            r.resolve(c.type, doc, c.loc)  # consts are not emitted, but must name real types
        for t in doc.typedefs:
            api.check(t.annotations, "typedef", t.name, t.loc, r.err)
            r.resolve(t.type, doc, t.loc)
    _check_enum_names(enums, r)
    # services need every struct resolved first (request path params look at request fields)
    for stem, rf in files.items():
        doc = rf.doc
        for svc in doc.services:
            api.check(svc.annotations, "service", svc.name, svc.loc, r.err)
            if svc.extends:
                r.err(f"service {svc.name} extends {svc.extends}: service inheritance is not supported", svc.loc)
            rpcs = []
            names = set()
            for fn in svc.functions:
                rpc = _build_rpc(stem, svc, fn, doc, r, structs)
                if fn.name in names:
                    r.err(f"duplicate function {svc.name}.{fn.name}", fn.loc)
                names.add(fn.name)
                if rpc is not None:
                    rpcs.append(rpc)
                    _note_import(rf, rpc.request)
                    _note_import(rf, rpc.response)
            rf.services[svc.name] = rpcs
    model = Model(files, structs, enums)
    routes: dict[tuple[str, str], Rpc] = {}
    for rpc in model.http_rpcs:
        # ":id" and ":dataset_id" at the same position are the same route for a router
        key = (rpc.method, PATH_PARAM.sub(":", rpc.path.rstrip("/") or "/"))
        if key in routes:
            o = routes[key]
            r.err(f"duplicate route {rpc.method} {rpc.path}: also {o.stem}.{o.service}.{o.name} at {o.loc}", rpc.loc)
        else:
            routes[key] = rpc
    _check_annotation_places(model, r)
    if r.errors:
        raise CompileErrors(sorted(r.errors, key=lambda e: (e.loc.file, e.loc.line) if e.loc else ("", 0)))
    return model


def _check_enum_names(enums: dict[str, REnum], r: _Resolver) -> None:
    """atelier_proto.enums is one flat module: an enum name is unique across the IDL."""
    first: dict[str, REnum] = {}
    for e in enums.values():
        if e.name in first:
            o = first[e.name]
            r.err(f"enum {e.name} is also defined at {o.loc} (generated enums share one module)", e.loc)
        else:
            first[e.name] = e


def _check_annotation_places(model: Model, r: _Resolver) -> None:
    """Request-only annotations on request structs of HTTP routes, api.sse on stream responses:
    anywhere else nothing would read them."""
    http = model.http_rpcs
    requests = {x.request.name for x in http}
    stream_requests = {x.request.name for x in http if x.stream}
    stream_responses = {x.response.name for x in http if x.stream}
    unary_responses = {x.response.name for x in http if not x.stream}
    for rs in model.structs.values():
        for f in rs.fields:
            for key in REQUEST_ONLY:
                if key in f.annotations and rs.qname not in requests:
                    r.err(f"{rs.name}.{f.name}: {key} only works on the request struct of an HTTP route", f.loc)
            if f.stream_switch and rs.qname in requests and rs.qname not in stream_requests:
                r.err(f"{rs.name}.{f.name}: api.stream_switch only works on the request of an api.stream route", f.loc)
            if f.sse_role and rs.qname not in stream_responses:
                r.err(f"{rs.name}.{f.name}: api.sse only works on the response of an api.stream route", f.loc)
            if f.page_role and (rs.qname not in unary_responses or rs.qname in stream_responses):
                r.err(f"{rs.name}.{f.name}: api.page only works on the response of an HTTP route that does not "
                      "stream", f.loc)


def _note_import(rf: RFile, t: RType) -> None:
    while t.kind in ("list", "set", "map"):
        t = t.elem
    if t.kind in ("enum", "struct"):
        stem = t.name.split(".")[0]
        if stem != rf.stem:
            rf.imports.add(stem)


def _build_rpc(stem, svc, fn: ast.Function, doc, r: _Resolver, structs) -> Rpc | None:
    where = f"{svc.name}.{fn.name}"
    api.check(fn.annotations, api.FUNCTION, where, fn.loc, r.err)
    for a in fn.args:
        api.check(a.annotations, "argument", f"{where}({a.name})", a.loc, r.err)
    if fn.oneway:
        r.err(f"{where}: oneway functions are not supported", fn.loc)
        return None
    if fn.throws:
        r.err(f"{where}: throws is not supported (errors travel as gRPC status)", fn.loc)
    if len(fn.args) != 1:
        r.err(f"{where}: an RPC takes exactly one struct argument, found {len(fn.args)}", fn.loc)
        return None
    arg = fn.args[0]
    req = r.resolve(arg.type, doc, arg.loc)
    if req is None:
        return None
    if req.kind != "struct":
        r.err(f"{where}: the argument must be a struct, not {arg.type}", arg.loc)
        return None
    if arg.id not in (None, 1):
        r.err(f"{where}: the argument must have field id 1", arg.loc)
    if fn.return_type is None:
        r.err(f"{where}: void return is not supported; return a response struct", fn.loc)
        return None
    resp = r.resolve(fn.return_type, doc, fn.loc)
    if resp is None:
        return None
    if resp.kind != "struct":
        r.err(f"{where}: the return type must be a struct, not {fn.return_type}", fn.loc)
        return None
    ann = fn.annotations
    methods = [m for m in HTTP_METHODS if f"api.{m}" in ann]
    stream = api.is_true(ann, "api.stream")
    if api.is_true(ann, "api.internal"):
        if methods:
            r.err(f"{where}: an internal RPC has no HTTP annotation ({', '.join(methods)})", fn.loc)
            return None
        for key in ("api.upload", "api.auth", "api.tag"):
            if key in ann:
                r.err(f"{where}: an internal RPC has no HTTP route, so no {key}", fn.loc)
        return Rpc(stem=stem, service=svc.name, name=fn.name, request=req, response=resp, method="", path="",
                   stream=stream, auth=True, category=ann.get("api.category", stem),
                   openapi=False, loc=fn.loc, internal=True, doc=fn.doc)
    if not methods:
        r.err(f"{where}: missing HTTP annotation (one of {', '.join('api.' + m for m in HTTP_METHODS)},"
              " or api.internal=\"true\")", fn.loc)
        return None
    path = ann[f"api.{methods[0]}"]
    if any(ann[f"api.{m}"] != path for m in methods[1:]):
        r.err(f"{where}: HTTP annotations with different paths ({', '.join(methods)}); one RPC has one path", fn.loc)
        return None
    if not path.startswith("/"):
        return None  # reported by the annotation check
    rpc = Rpc(
        stem=stem,
        service=svc.name,
        name=fn.name,
        request=req,
        response=resp,
        method=methods[0].upper(),
        methods=tuple(m.upper() for m in methods),
        path=path,
        stream=stream,
        auth=api.is_true(ann, "api.auth", default=True),
        category=ann.get("api.category", stem),
        openapi=ann.get("api.tag", "") == "openapi",
        loc=fn.loc,
        doc=fn.doc,
    )
    rs = structs.get(req.name)
    if rs is not None:
        _bind_path(where, rpc, rs, r, fn.loc)
        rpc.upload = _build_upload(where, rpc, ann, rs, r, fn.loc)
        rpc.space_fields = tuple(f.name for f in rs.fields if f.space)
        rpc.stream_switch = next((f.name for f in rs.fields if f.stream_switch), None)
    if not rpc.stream:
        rpc.page = _page(structs.get(resp.name))
    if rpc.stream:
        rpc.sse = _sse(structs.get(resp.name))
        if rpc.stream_switch and rpc.sse is None:
            r.err(f'{where}: api.stream_switch needs api.sse="data" in {resp.name} (the JSON answer\'s data)', fn.loc)
    return rpc


def _bind_path(where: str, rpc: Rpc, req: RStruct, r: _Resolver, loc: ast.Loc) -> None:
    """Every path parameter is bound by one api.path field, and every api.path names one."""
    params = rpc.path_params
    bound = {f.annotations["api.path"]: f for f in req.fields if "api.path" in f.annotations}
    for p in params:
        if p not in bound:
            r.err(f'{where}: path parameter :{p} has no field in {req.name} (add api.path="{p}")', loc)
    for p, f in bound.items():
        if p not in params:
            r.err(f'{where}: {req.name}.{f.name} has api.path="{p}" but {rpc.path} has no :{p}', f.loc)


def _sse(resp: RStruct | None) -> Sse | None:
    roles = {f.sse_role: f.name for f in resp.fields if f.sse_role} if resp is not None else {}
    if "data" not in roles:
        return None
    return Sse(data=roles["data"], event=roles.get("event"), id=roles.get("id"))


def _page(resp: RStruct | None) -> Page | None:
    roles = {f.page_role: f.name for f in resp.fields if f.page_role} if resp is not None else {}
    if "text" not in roles:
        return None
    return Page(text=roles["text"], title=roles.get("title"), redirect=roles.get("redirect"))


def _build_upload(where: str, rpc: Rpc, ann: dict[str, str], req: RStruct, r: _Resolver, loc: ast.Loc) -> Upload | None:
    """The api.upload spec of an RPC, checking its api.file fields (None when it takes no upload)."""
    filled = [f for f in req.fields if f.upload_role]
    if "api.upload" not in ann:
        for f in filled:
            r.err(f'{where}: field {f.name!r} of {req.name} has api.file but the RPC has no api.upload', f.loc)
        return None
    part = ann["api.upload"]
    if rpc.methods != ("POST",):
        r.err(f"{where}: an api.upload route is POST only (multipart/form-data)", loc)
    if rpc.stream:
        r.err(f"{where}: an api.upload route cannot stream", loc)
    roles: dict[str, str] = {}
    for f in filled:
        role = f.upload_role
        allowed = UPLOAD_ROLES.get(role)
        if allowed is None:
            continue  # reported by the annotation check
        if role in roles:
            r.err(f'{where}: fields {roles[role]!r} and {f.name!r} both have api.file="{role}"', f.loc)
            continue
        if not (f.type.kind == "scalar" and f.type.name in allowed):
            r.err(f'{where}: field {f.name!r} (api.file="{role}") must be {" or ".join(allowed)}', f.loc)
            continue
        if f.annotations.get("api.query") or f.annotations.get("api.path"):
            r.err(f"{where}: field {f.name!r} is filled from the upload, not from the query string or path", f.loc)
            continue
        roles[role] = f.name
    if any(f.json_key == part and f.upload_role != "content" for f in req.fields):
        r.err(f"{where}: the file part {part!r} has the same name as a form field of {req.name}", loc)
    return Upload(part=part, fields=tuple(sorted(roles.items())))


def load(idl_dir: Path, display_root: Path | None = None) -> Model:
    """Parse every idl_dir/*.thrift and return the validated model (raises CompileErrors)."""
    docs: dict[str, ast.Document] = {}
    errors: list[CompileError] = []
    for p in sorted(idl_dir.glob("*.thrift")):
        display = str(p.resolve().relative_to(display_root.resolve())) if display_root else str(p)
        try:
            docs[p.stem] = parse_file(p, display)
        except CompileError as e:
            errors.append(e)
    if errors:
        raise CompileErrors(errors)
    if not docs:
        raise CompileErrors([CompileError(f"no .thrift files in {idl_dir}")])
    return build_model(docs)


def default_json(v: object) -> str:
    return json.dumps(v, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
