"""Resolve and validate parsed documents into the model every emitter works from."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import ast
from .errors import CompileError, CompileErrors
from .parser import parse_file

SCALARS = {"bool", "i8", "i16", "i32", "i64", "double", "string", "binary"}
MAP_KEY_SCALARS = {"bool", "i8", "i16", "i32", "i64", "string"}
HTTP_METHODS = ("get", "post", "put", "delete", "patch")
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
FORM_PART = re.compile(r"^[A-Za-z0-9_.-]+$")


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

    def ann_bool(self, key: str) -> bool:
        return self.annotations.get(key, "").strip().lower() in ("true", "1", "yes")

    @property
    def js_conv(self) -> bool:
        return self.ann_bool("api.js_conv")

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

    @property
    def qname(self) -> str:
        return f"{self.stem}.{self.name}"


@dataclass(frozen=True)
class Upload:
    """api.upload="<part>": the route takes multipart/form-data with the file in form part `part`;
    `fields` maps each upload role (UPLOAD_ROLES) to the request field the gateway fills."""

    part: str
    fields: tuple[tuple[str, str], ...]  # (role, field name), sorted by role

    def field_for(self, role: str) -> str | None:
        return dict(self.fields).get(role)


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


def _bool(v: str) -> bool:
    return v.strip().lower() in ("true", "1", "yes")


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
        # enums: implicit values continue from the previous one (thrift rule)
        for e in doc.enums:
            nxt, values, seen_names, seen_values = 0, [], set(), {}
            for v in e.values:
                val = v.value if v.value is not None else nxt
                nxt = val + 1
                if v.name in seen_names:
                    r.err(f"duplicate enum value name {e.name}.{v.name}", v.loc)
                if val in seen_values:
                    r.err(f"enum {e.name}: {v.name} and {seen_values[val]} share the value {val}", v.loc)
                if not (-(2**31) <= val < 2**31):
                    r.err(f"enum value {e.name}.{v.name}={val} does not fit in int32", v.loc)
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
                    r.err(f"enum {e.name}: {v.name} and {proto_names[pn]} both become {pn} in proto", v.loc)
                proto_names[pn] = v.name
            re_ = REnum(stem, e.name, values, e.loc, e.doc, {v.name: v.doc for v in e.values if v.doc})
            rf.enums.append(re_)
            enums[re_.qname] = re_
        for s in doc.structs:
            if s.kind != "struct":
                r.err(f"{s.kind} {s.name!r} is not supported (use a struct)", s.loc)
                continue
            rs = RStruct(stem, s.name, [], s.loc, s.doc)
            ids: dict[int, str] = {}
            names: set[str] = set()
            for f in s.fields:
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
                rs.fields.append(RField(f.id, f.name, t, f.requiredness, default, dict(f.annotations), f.loc, f.doc))
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
            rf.structs.append(rs)
            structs[rs.qname] = rs
        for c in doc.consts:
            r.resolve(c.type, doc, c.loc)  # consts are not emitted, but must name real types
        for t in doc.typedefs:
            r.resolve(t.type, doc, t.loc)
    # services need every struct resolved first (request path params look at request fields)
    for stem, rf in files.items():
        doc = rf.doc
        for svc in doc.services:
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
    if r.errors:
        raise CompileErrors(sorted(r.errors, key=lambda e: (e.loc.file, e.loc.line) if e.loc else ("", 0)))
    return model


def _note_import(rf: RFile, t: RType) -> None:
    while t.kind in ("list", "set", "map"):
        t = t.elem
    if t.kind in ("enum", "struct"):
        stem = t.name.split(".")[0]
        if stem != rf.stem:
            rf.imports.add(stem)


def _build_rpc(stem, svc, fn: ast.Function, doc, r: _Resolver, structs) -> Rpc | None:
    where = f"{svc.name}.{fn.name}"
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
    if _bool(ann.get("api.internal", "false")):
        if methods:
            r.err(f"{where}: an internal RPC has no HTTP annotation ({', '.join(methods)})", fn.loc)
            return None
        if "api.upload" in ann:
            r.err(f"{where}: an internal RPC takes no upload (api.upload)", fn.loc)
        return Rpc(stem=stem, service=svc.name, name=fn.name, request=req, response=resp, method="", path="",
                   stream=_bool(ann.get("api.stream", "false")), auth=True, category=ann.get("api.category", stem),
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
        r.err(f"{where}: HTTP path {path!r} must start with '/'", fn.loc)
        return None
    rpc = Rpc(
        stem=stem,
        service=svc.name,
        name=fn.name,
        request=req,
        response=resp,
        method=methods[0].upper(),
        methods=tuple(m.upper() for m in methods),
        path=path,
        stream=_bool(ann.get("api.stream", "false")),
        auth=_bool(ann.get("api.auth", "true")),
        category=ann.get("api.category", stem),
        openapi=ann.get("api.tag", "") == "openapi",
        loc=fn.loc,
        doc=fn.doc,
    )
    rs = structs.get(req.name)
    if rs is not None:
        for p in rpc.path_params:
            if not any(f.annotations.get("api.path") == p or f.name == p for f in rs.fields):
                r.err(f'{where}: path parameter :{p} has no field in {req.name} (add api.path="{p}")', fn.loc)
        rpc.upload = _build_upload(where, rpc, ann, rs, r, fn.loc)
    return rpc


def _build_upload(where: str, rpc: Rpc, ann: dict[str, str], req: RStruct, r: _Resolver, loc: ast.Loc) -> Upload | None:
    """The api.upload spec of an RPC, checking its api.file fields (None when it takes no upload)."""
    filled = [f for f in req.fields if f.upload_role]
    if "api.upload" not in ann:
        for f in filled:
            r.err(f'{where}: field {f.name!r} of {req.name} has api.file but the RPC has no api.upload', f.loc)
        return None
    part = ann["api.upload"]
    if not FORM_PART.match(part):
        r.err(f"{where}: api.upload names the form part of the file (letters, digits, _ . -), not {part!r}", loc)
        return None
    if rpc.methods != ("POST",):
        r.err(f"{where}: an api.upload route is POST only (multipart/form-data)", loc)
    if rpc.stream:
        r.err(f"{where}: an api.upload route cannot stream", loc)
    roles: dict[str, str] = {}
    for f in filled:
        role = f.upload_role
        allowed = UPLOAD_ROLES.get(role)
        if allowed is None:
            r.err(f'{where}: field {f.name!r}: api.file is one of {", ".join(sorted(UPLOAD_ROLES))}, not {role!r}', f.loc)
            continue
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
