"""model -> OpenAPI 3.1 document of every HTTP route.

Descriptions come from the IDL's doc comments (functions, structs, fields, enum values). Upload
routes (api.upload) take multipart/form-data: the file part plus the request's other fields as
form fields, without the ones the gateway fills in from the file (api.file key/size/content).
"""

from __future__ import annotations

import json

from .model import PATH_PARAM, Model, REnum, RField, Rpc, RStruct, RType

ERROR_SCHEMA = "Error"
GATEWAY_FILLED = ("key", "size", "type", "content")  # upload roles a client never sends as form fields


def _ref(qname: str) -> dict:
    return {"$ref": f"#/components/schemas/{qname}"}


def type_schema(t: RType, js_conv: bool = False) -> dict:
    if t.kind == "scalar":
        n = t.name
        if n == "i64":
            if js_conv:
                return {"type": "string", "pattern": "^-?[0-9]+$", "format": "int64"}
            return {"type": "integer", "format": "int64"}
        if n in ("i8", "i16", "i32"):
            return {"type": "integer", "format": "int32"}
        if n == "double":
            return {"type": "number", "format": "double"}
        if n == "bool":
            return {"type": "boolean"}
        if n == "binary":
            return {"type": "string", "contentEncoding": "base64"}
        return {"type": "string"}
    if t.kind in ("enum", "struct"):
        return _ref(t.name)
    if t.kind in ("list", "set"):
        s = {"type": "array", "items": type_schema(t.elem, js_conv)}
        if t.kind == "set":
            s["uniqueItems"] = True
        return s
    return {"type": "object", "additionalProperties": type_schema(t.elem, js_conv)}


def field_schema(f: RField) -> dict:
    s = type_schema(f.type, f.js_conv)
    if f.json_text:  # JSON text, or the JSON value itself
        s = {"oneOf": [s, {"type": "object"}]}
    if f.default is not None:
        d = f.default
        if f.js_conv and isinstance(d, int):
            d = str(d)
        s = {**s, "default": d} if "$ref" not in s else {"allOf": [s], "default": d}
    if f.doc:
        s = {**s, "description": f.doc}  # OpenAPI 3.1: allowed beside $ref too
    return s


def struct_schema(s: RStruct, fields: list[RField] | None = None) -> dict:
    fields = s.fields if fields is None else fields
    props = {f.json_key: field_schema(f) for f in sorted(fields, key=lambda f: f.id)}
    out: dict = {"type": "object", "properties": props}
    req = sorted(f.json_key for f in fields if f.required)
    if req:
        out["required"] = req
    if s.doc:
        out["description"] = s.doc
    return out


def enum_schema(e: REnum) -> dict:
    """Integers, or the strings an api.string enum travels as (each listed with its name and doc)."""
    vals = sorted(e.values, key=lambda x: x[1])
    wire = [e.spelling(n) if e.strings else v for n, v in vals]
    lines = [
        f"{w if e.strings else f'{w} = {n}'}" + (f": {e.value_docs[n]}" if n in e.value_docs else "")
        for (n, _), w in zip(vals, wire, strict=True)
    ]
    described = any(n in e.value_docs for n, _ in vals)
    listing = "\n".join(f"- {line}" for line in lines) if described else ", ".join(lines)
    kind = {"type": "string"} if e.strings else {"type": "integer", "format": "int32"}
    return {
        **kind,
        "enum": wire,
        "x-enum-varnames": [n for n, _ in vals],
        "description": f"{e.doc}\n\n{listing}" if e.doc else listing,
    }


def _summary(doc: str) -> str:
    """The first sentence of a doc comment (the line shown in the operation list)."""
    text = " ".join(doc.split())
    head, dot, _ = text.partition(". ")
    return head if dot else text.removesuffix(".")


def upload_body(rpc: Rpc, form_fields: list[RField]) -> dict:
    """The multipart/form-data request body of an api.upload route."""
    upload = rpc.upload
    assert upload is not None
    name_field = upload.field_for("name")
    props: dict = {
        upload.part: {
            "type": "string",
            "format": "binary",
            "contentMediaType": "application/octet-stream",
            "description": "The file.",
        }
    }
    encoding: dict = {}
    required = [upload.part]
    for f in sorted(form_fields, key=lambda f: f.id):
        schema = field_schema(f)
        if f.name == name_field:
            note = "Defaults to the file part's filename."
            schema = {**schema, "description": f"{f.doc.rstrip('.')}. {note}" if f.doc else note}
        elif f.required:
            required.append(f.json_key)
        props[f.json_key] = schema
        inner = f.type.elem if f.type.is_container else f.type
        if inner.kind == "struct" or f.type.is_container:
            encoding[f.json_key] = {"contentType": "application/json"}  # JSON text in the form field
    schema: dict = {"type": "object", "properties": props, "required": required}
    media: dict = {"schema": schema}
    if encoding:
        media["encoding"] = encoding
    return {"required": True, "content": {"multipart/form-data": media}}


def _bound_from_path(rpc: Rpc, f: RField) -> str | None:
    p = f.annotations.get("api.path")
    return p if p and p in rpc.path_params else None


def _query_schema(f: RField) -> dict | None:
    t = f.type
    inner = t.elem if t.kind in ("list", "set") else t
    if t.kind == "map" or inner.kind == "struct":
        return None
    return field_schema(f)


def _param(name: str, where: str, required: bool, schema: dict) -> dict:
    param = {"name": name, "in": where, "required": required}
    if "description" in schema:  # shown beside the parameter rather than inside its schema
        param["description"] = schema["description"]
    param["schema"] = {k: v for k, v in schema.items() if k != "description"}
    return param


def stream_response(model: Model, rpc: Rpc) -> dict:
    """The 200 answer of an api.stream route: server-sent events made as its api.sse fields say,
    or one JSON object when its api.stream_switch field is false or absent."""
    resp = model.structs[rpc.response.name]
    sse = rpc.sse
    if sse is None:
        how = f"each an event `message` whose data is a {rpc.response.name} message as JSON."
    else:
        lines = [
            f"`event:` its `{sse.event}`" if sse.event else "`event: message`",
            f"`data:` its `{sse.data}` text, verbatim",
        ]
        if sse.id:
            lines.append(f"`id:` its `{sse.id}` (when set)")
        how = f"one per {rpc.response.name} message: {', '.join(lines)}."
    description = f"Server-sent events (`text/event-stream`), {how}"
    if resp.doc:
        description += f"\n\n{resp.doc}"
    content: dict = {"text/event-stream": {"schema": {"type": "string"}, "x-event-schema": _ref(rpc.response.name)}}
    if rpc.stream_switch and sse is not None:
        description += (
            f"\n\nWith `{rpc.stream_switch}` false or absent the answer is one JSON object instead, "
            f"whose `data` is the first event's `{sse.data}` parsed as JSON."
        )
        answer = {"type": "object", "properties": {"data": {"description": f"the first event's {sse.data}, as JSON"}}}
        content["application/json"] = {"schema": {"allOf": [_ref(ERROR_SCHEMA), answer]}}
    return {"description": description, "content": content}


def page_responses(model: Model, rpc: Rpc) -> dict:
    """The answers of a route a browser visits (api.page): a redirect, a page, or an error page."""
    page = rpc.page
    assert page is not None
    html = {"text/html": {"schema": {"type": "string"}}}
    shown = f"its `{page.title}` as the title and `{page.text}`" if page.title else f"its `{page.text}`"
    responses: dict = {"200": {"description": f"An HTML page showing {shown}.", "content": html}}
    if page.redirect:
        responses["200"]["description"] += f" Only when `{page.redirect}` is empty."
        responses["302"] = {"description": f"A redirect to `{page.redirect}` (the `Location` header)."}
    error = {"description": "An HTML page naming the problem (the status says which)", "content": html}
    for status in ("400", "401", "403", "404", "500") if rpc.auth else ("400", "404", "500"):
        responses[status] = error
    return responses


def operation(model: Model, rpc: Rpc) -> dict:
    req = model.structs[rpc.request.name]
    params, body_fields = [], []
    for f in sorted(req.fields, key=lambda f: f.id):
        if rpc.upload is not None and f.upload_role in GATEWAY_FILLED:
            continue
        p = _bound_from_path(rpc, f)
        if p:
            params.append(_param(p, "path", True, field_schema(f)))
            continue
        q = f.annotations.get("api.query")
        if q or rpc.method in ("GET", "DELETE"):
            qs = _query_schema(f)
            if qs is not None:
                params.append(_param(q or f.json_key, "query", f.required, qs))
                continue
        body_fields.append(f)
    op_id = f"{rpc.stem}.{rpc.name}"
    if rpc.methods and rpc.method != rpc.methods[0]:  # the same RPC on another method: ids stay unique
        op_id += f".{rpc.method.lower()}"
    grpc_method = f"gRPC: `atelier.{rpc.stem}.{rpc.service}/{rpc.name}`"
    op: dict = {
        "operationId": op_id,
        "tags": [rpc.category],
        "summary": _summary(rpc.doc) if rpc.doc else f"{rpc.service}.{rpc.name}",
        "description": f"{rpc.doc}\n\n{grpc_method}" if rpc.doc else grpc_method,
    }
    if params:
        op["parameters"] = params
    if rpc.upload is not None:
        op["requestBody"] = upload_body(rpc, body_fields)
    elif body_fields and rpc.method not in ("GET", "DELETE"):
        op["requestBody"] = {
            "required": any(f.required for f in body_fields),
            "content": {"application/json": {"schema": struct_schema(req, body_fields)}},
        }
    resp_schema = {"allOf": [_ref(ERROR_SCHEMA), _ref(rpc.response.name)]}
    if rpc.stream:
        ok = stream_response(model, rpc)
    else:
        ok = {"description": "OK (code 0)", "content": {"application/json": {"schema": resp_schema}}}
    responses = {"200": ok}
    for status in ("400", "401", "403", "404", "500") if rpc.auth else ("400", "404", "500"):
        responses[status] = {"$ref": "#/components/responses/Error"}
    op["responses"] = responses if rpc.page is None else page_responses(model, rpc)
    op["security"] = [{"bearer": []}] if rpc.auth else []
    return op


def document(model: Model) -> dict:
    paths: dict[str, dict] = {}
    for rpc in sorted(model.http_rpcs, key=lambda r: (r.path, r.method)):
        oa_path = PATH_PARAM.sub(r"{\1}", rpc.path)
        paths.setdefault(oa_path, {})[rpc.method.lower()] = operation(model, rpc)
    schemas: dict[str, dict] = {
        ERROR_SCHEMA: {
            "type": "object",
            "description": "Envelope of every response: code 0 and empty msg on success",
            "properties": {"code": {"type": "integer", "format": "int32"}, "msg": {"type": "string"}},
            "required": ["code", "msg"],
        }
    }
    for q in sorted(model.enums):
        schemas[q] = enum_schema(model.enums[q])
    for q in sorted(model.structs):
        schemas[q] = struct_schema(model.structs[q])
    tags = sorted({r.category for r in model.http_rpcs})
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Atelier API",
            "version": "1.0.0",
            "description": "DO NOT EDIT — generated from idl/*.thrift by atelier_idlc. "
            'Every JSON response is wrapped as {"code": 0, "msg": "", ...response fields}.',
        },
        "tags": [{"name": t} for t in tags],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "responses": {
                "Error": {
                    "description": "Error: non-zero code and a message",
                    "content": {"application/json": {"schema": _ref(ERROR_SCHEMA)}},
                }
            },
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }


def emit(model: Model) -> str:
    return json.dumps(document(model), indent=2, ensure_ascii=False) + "\n"
