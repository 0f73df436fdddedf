"""Every compile error names the file and line of the offending definition."""

from __future__ import annotations

from pathlib import Path

import pytest

from atelier_idlc import CompileErrors, load

REQ = """
struct Req { 1: i64 id }
struct Resp { 1: string s }
"""


def compile_files(tmp_path: Path, files: dict[str, str]) -> list[str]:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    with pytest.raises(CompileErrors) as ei:
        load(tmp_path)
    return [str(e) for e in ei.value.errors]


def one_error(tmp_path: Path, text: str, name: str = "a.thrift") -> str:
    errors = compile_files(tmp_path, {name: text})
    assert len(errors) == 1, errors
    return errors[0]


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize(
    "decl",
    ["1: list<list<i32>> x", "1: map<string, list<i32>> x", "1: set<map<string,string>> x", "1: list<L> x"],
)
def test_nested_containers(tmp_path, decl):
    text = f"typedef list<i32> L\nstruct S {{\n  {decl}\n}}\n"
    err = one_error(tmp_path, text)
    assert err.startswith(f"{tmp_path / 'a.thrift'}:3:") and "nested containers" in err


def test_unknown_types(tmp_path):
    text = "struct S {\n  1: Missing a\n  2: other.Thing b\n  3: list<Nope> c\n}\n"
    errors = compile_files(tmp_path, {"a.thrift": text})
    assert [e.split(": ", 1)[0].rsplit(":", 1)[1] for e in errors] == ["2", "3", "4"]
    assert "unknown type 'Missing'" in errors[0]
    assert "other.thrift is not included" in errors[1]
    assert "unknown type 'Nope'" in errors[2]


def test_missing_include_file(tmp_path):
    err = one_error(tmp_path, 'include "nothere.thrift"\nstruct S { 1: i32 a }\n')
    assert ":1:" in err and "'nothere.thrift' not found" in err


def test_duplicate_field_ids(tmp_path):
    text = "struct S {\n  1: i32 a\n  1: string b\n}\n"
    err = one_error(tmp_path, text)
    assert err.endswith("duplicate field id 1 in S ('a' and 'b')") and ":3:" in err


def test_field_id_out_of_range(tmp_path):
    err = one_error(tmp_path, "struct S {\n  19001: i32 a\n}\n")
    assert ":2:" in err and "reserved" in err


def test_map_key_must_be_scalar(tmp_path):
    err = one_error(tmp_path, "struct K { 1: i32 a }\nstruct S {\n  1: map<K, string> m\n}\n")
    assert ":3:" in err and "map key" in err


@pytest.mark.parametrize(
    ("fn", "why"),
    [
        ('Resp F() (api.post="/f")', "exactly one struct argument, found 0"),
        ('Resp F(1: Req a, 2: Req b) (api.post="/f")', "exactly one struct argument, found 2"),
        ('Resp F(1: i64 id) (api.post="/f")', "argument must be a struct"),
        ('i32 F(1: Req r) (api.post="/f")', "return type must be a struct"),
        ('void F(1: Req r) (api.post="/f")', "void return"),
        ("Resp F(1: Req r)", "missing HTTP annotation"),
        ('Resp F(1: Req r) (api.category="x")', "missing HTTP annotation"),
        ('Resp F(1: Req r) (api.get="/f", api.post="/g")', "HTTP annotations with different paths"),
        ('oneway void F(1: Req r) (api.post="/f")', "oneway"),
        ('Resp F(1: Req r) (api.internal="true", api.post="/f")', "internal RPC has no HTTP annotation"),
        ('Resp F(1: Req r) (api.get="/f/:missing")', "path parameter :missing"),
    ],
)
def test_rpc_shape_errors(tmp_path, fn, why):
    text = REQ + f"service S {{\n  {fn}\n}}\n"
    err = one_error(tmp_path, text)
    assert f":{line_of(text, 'F(')}:" in err and "S.F" in err and why in err, err


def test_duplicate_routes_across_files(tmp_path):
    a = 'struct Req { 1: i64 id (api.path="id") }\nstruct Resp { 1: string s }\n'
    a += 'service A {\n  Resp F(1: Req r) (api.post="/x/:id")\n}\n'
    b = 'include "a.thrift"\nservice B {\n  a.Resp G(1: a.Req r) (api.post="/x/:id")\n}\n'
    errors = compile_files(tmp_path, {"a.thrift": a, "b.thrift": b})
    assert len(errors) == 1
    assert errors[0].startswith(f"{tmp_path / 'b.thrift'}:3:")
    assert "duplicate route POST /x/:id" in errors[0] and f"{tmp_path / 'a.thrift'}:4" in errors[0]


def test_internal_rpc_is_grpc_only(tmp_path):
    text = REQ + 'service A {\n  Resp F(1: Req r) (api.post="/x")\n  Resp Run(1: Req r) (api.internal="true", api.stream="true")\n}\n'
    (tmp_path / "a.thrift").write_text(text)
    model = load(tmp_path)
    assert [r.name for r in model.rpcs] == ["F", "Run"]
    assert [r.name for r in model.http_rpcs] == ["F"]
    assert model.rpcs[1].stream and model.rpcs[1].internal


def test_one_rpc_on_several_methods(tmp_path):
    text = REQ + 'service A {\n  Resp F(1: Req r) (api.get="/x", api.post="/x")\n}\n'
    (tmp_path / "a.thrift").write_text(text)
    model = load(tmp_path)
    assert [(r.name, r.method, r.path) for r in model.http_rpcs] == [("F", "GET", "/x"), ("F", "POST", "/x")]
    assert [r.name for r in model.rpcs] == ["F"]  # still one gRPC method


UPLOAD_REQ = """
struct Up {
    1: i64 dataset_id
    2: string key (api.file="key")
    3: i64 size (api.file="size")
}
struct Resp { 1: string s }
"""


@pytest.mark.parametrize(
    ("req", "fn", "why"),
    [
        (UPLOAD_REQ, 'Resp F(1: Up r) (api.get="/f", api.upload="file")', "POST only"),
        (UPLOAD_REQ, 'Resp F(1: Up r) (api.post="/f", api.upload="a file")', "names the form part"),
        (UPLOAD_REQ, 'Resp F(1: Up r) (api.post="/f", api.upload="dataset_id")', "same name as a form field"),
        (UPLOAD_REQ, 'Resp F(1: Up r) (api.post="/f")', "has api.file but the RPC has no api.upload"),
        ("struct Up { 1: i32 key (api.file=\"key\") }\nstruct Resp { 1: string s }\n",
         'Resp F(1: Up r) (api.post="/f", api.upload="file")', "must be string"),
        ("struct Up { 1: string k (api.file=\"path\") }\nstruct Resp { 1: string s }\n",
         'Resp F(1: Up r) (api.post="/f", api.upload="file")', "Up.k: api.file='path': api.file is one of"),
        ("struct Up { 1: string a (api.file=\"key\")\n 2: string b (api.file=\"key\") }\nstruct Resp { 1: string s }\n",
         'Resp F(1: Up r) (api.post="/f", api.upload="file")', "both have api.file"),
    ],
)
def test_upload_annotation_errors(tmp_path, req, fn, why):
    text = req + f"service S {{\n  {fn}\n}}\n"
    errors = compile_files(tmp_path, {"a.thrift": text})
    assert any(why in e and ("S.F" in e or "Up.k" in e) for e in errors), errors


def test_upload_annotation_in_the_model(tmp_path):
    text = UPLOAD_REQ + 'service S {\n  Resp F(1: Up r) (api.post="/f", api.upload="file")\n}\n'
    (tmp_path / "a.thrift").write_text(text)
    [rpc] = load(tmp_path).rpcs
    assert rpc.upload is not None and rpc.upload.part == "file"
    assert dict(rpc.upload.fields) == {"key": "key", "size": "size"}


def test_same_path_other_method_is_fine(tmp_path):
    text = REQ + 'service A {\n  Resp F(1: Req r) (api.post="/x")\n  Resp G(1: Req r) (api.get="/x")\n}\n'
    (tmp_path / "a.thrift").write_text(text)
    assert len(load(tmp_path).rpcs) == 2


@pytest.mark.parametrize("kind", ["union", "exception"])
def test_union_and_exception_rejected(tmp_path, kind):
    err = one_error(tmp_path, f"struct S {{ 1: i32 a }}\n{kind} U {{\n  1: i32 a\n}}\n")
    assert ":2:" in err and f"{kind} 'U' is not supported" in err


def test_syntax_error_has_line(tmp_path):
    err = one_error(tmp_path, "struct S {\n  1: i32 a\n  2: i32 = 3\n}\n")
    assert ":3:" in err and "syntax error" in err


def test_duplicate_enum_values_and_names(tmp_path):
    errors = compile_files(tmp_path, {"a.thrift": "enum E {\n  A = 1\n  B = 1\n}\nstruct E { 1: i32 a }\n"})
    assert any(":3:" in e and "share the value 1" in e for e in errors)
    assert any(":5:" in e and "duplicate type name 'E'" in e for e in errors)


def test_enum_values_colliding_in_proto(tmp_path):
    err = one_error(tmp_path, "enum E {\n  FooBar = 1\n  FOO_BAR = 2\n}\n")
    assert ":3:" in err and "both become FOO_BAR" in err


def test_fields_colliding_in_proto_json_name(tmp_path):
    err = one_error(tmp_path, "struct S {\n  1: i32 foo_bar\n  2: i32 fooBar\n}\n")
    assert ":3:" in err and "'fooBar'" in err


def test_duplicate_field_name_and_json_key(tmp_path):
    text = 'struct S {\n  1: i32 a\n  2: string a\n  3: string b (api.body="c")\n  4: string c\n}\n'
    errors = compile_files(tmp_path, {"a.thrift": text})
    assert any(":3:" in e and "duplicate field name 'a'" in e for e in errors)
    assert any(":5:" in e and "JSON key 'c'" in e for e in errors)


# ---- the api.* annotation contract (atelier_idlc.annotations; libs/idlc/README.md)

STREAM = """
struct Req {
    1: optional i64 space_id (api.space="true")
    2: optional bool stream (api.stream_switch="true")
}
struct Ev {
    1: string event (api.sse="event")
    2: string data (api.sse="data")
}
struct Resp { 1: string s }
"""


@pytest.mark.parametrize(
    ("text", "needle", "why"),
    [
        (REQ + 'service S {\n  Resp F(1: Req r) (api.post="/f", api.streem="true")\n}\n', "F(",
         'S.F: unknown annotation api.streem (a function takes api.auth'),
        ('struct Req { 1: i64 id (api.jsconv="true") }\nstruct Resp { 1: string s }\n', "jsconv",
         "Req.id: unknown annotation api.jsconv (a field takes api.body"),
        ('enum E {\n  A = 1\n} (api.strings="true")\n', "enum E", "E: unknown annotation api.strings"),
        ('struct S {\n  1: i32 a\n} (api.space="true")\n', "struct S", "S: api.space goes on a field, not on a struct"),
        (REQ + 'service S {\n  Resp F(1: Req r) (api.post="/f", api.js_conv="true")\n}\n', "F(",
         "S.F: api.js_conv goes on a field, not on a function"),
        ('enum E {\n  A = 1 (api.string="true")\n}\n', "A = 1", "E.A: api.string goes on a enum, not on a enum value"),
        (REQ + 'service S {\n  Resp F(1: Req r) (api.post="/f", api.auth="no")\n}\n', "F(",
         """S.F: api.auth='no': api.auth takes "true" or "false\""""),
        (REQ + 'service S {\n  Resp F(1: Req r) (api.post="/f", api.tag="public")\n}\n', "F(",
         'api.tag is one of "openapi"'),
        (REQ + 'service S {\n  Resp F(1: Req r) (api.post="f")\n}\n', "F(", "api.post is an HTTP path starting with '/'"),
        ('struct Req { 1: i64 id (api.query="a b") }\nstruct Resp { 1: string s }\n', "a b",
         "api.query names a query-string parameter"),
        ('struct S {\n  1: string s (api.js_conv="true")\n}\n', "1: string", "S.s: api.js_conv is for i64 fields"),
        ('struct S {\n  1: string id (api.space="true")\n}\n', "1: string", "S.id: api.space is for an i64"),
        ('struct Req {\n  1: i64 id (api.path="id", api.js_conv="true", api.js_conv="false")\n}\n', "1: i64",
         "annotation api.js_conv given twice"),
        ('enum E {\n  _Hidden = 1\n}\n', "_Hidden", "cannot be a Python enum member"),
    ],
)
def test_annotation_contract_errors(tmp_path, text, needle, why):
    errors = compile_files(tmp_path, {"a.thrift": text})
    assert any(f":{line_of(text, needle)}: " in e and why in e for e in errors), errors


@pytest.mark.parametrize(
    ("fn", "needle", "why"),
    [
        # request-only annotations on a struct that is no HTTP route's request
        ('Resp F(1: Resp r) (api.post="/f")', "1: optional i64 space_id",
         "Req.space_id: api.space only works on the request struct of an HTTP route"),
        # api.stream_switch on a route that does not stream
        ('Resp F(1: Req r) (api.post="/f")', "2: optional bool stream",
         "Req.stream: api.stream_switch only works on the request of an api.stream route"),
        # the JSON answer needs the response's api.sse="data"
        ('Resp F(1: Req r) (api.post="/f", api.stream="true")', "F(",
         'S.F: api.stream_switch needs api.sse="data" in a.Resp'),
        # api.sse on the response of a route that does not stream
        ('Ev F(1: Resp r) (api.post="/f")', "1: string event", "Ev.event: api.sse only works on the response"),
    ],
)
def test_annotation_places(tmp_path, fn, needle, why):
    text = STREAM + f"service S {{\n  {fn}\n}}\n"
    errors = compile_files(tmp_path, {"a.thrift": text})
    assert any(f":{line_of(text, needle)}: " in e and why in e for e in errors), errors


def test_stream_annotations_in_the_model(tmp_path):
    text = STREAM + 'service S {\n  Ev F(1: Req r) (api.post="/f", api.stream="true")\n}\n'
    (tmp_path / "a.thrift").write_text(text)
    [rpc] = load(tmp_path).rpcs
    assert rpc.space_fields == ("space_id",) and rpc.stream_switch == "stream"
    assert (rpc.sse.event, rpc.sse.data, rpc.sse.id) == ("event", "data", None)


@pytest.mark.parametrize(
    ("structs", "why"),
    [
        ('struct Ev {\n  1: string data (api.sse="data")\n  2: string body (api.sse="data")\n}\n',
         "fields 'data' and 'body' both have api.sse=\"data\""),
        ('struct Ev {\n  1: string event (api.sse="event")\n}\n', 'a struct with api.sse fields needs one api.sse="data"'),
        ('struct Ev {\n  1: i32 data (api.sse="data")\n}\n', "Ev.data: api.sse is for a string field"),
    ],
)
def test_sse_shape_errors(tmp_path, structs, why):
    text = 'struct Req { 1: string q }\n' + structs + 'service S {\n  Ev F(1: Req r) (api.post="/f", api.stream="true")\n}\n'
    errors = compile_files(tmp_path, {"a.thrift": text})
    assert any(why in e for e in errors), errors


def test_path_params_bind_by_api_path_only(tmp_path):
    text = (
        'struct Req {\n  1: i64 id\n  2: i64 other (api.path="other")\n}\nstruct Resp { 1: string s }\n'
        'service S {\n  Resp F(1: Req r) (api.get="/x/:id")\n}\n'
    )
    errors = compile_files(tmp_path, {"a.thrift": text})
    assert any(f":{line_of(text, 'F(')}:" in e and 'path parameter :id has no field in Req (add api.path="id")' in e
               for e in errors), errors
    assert any(f":{line_of(text, 'other')}:" in e and 'has api.path="other" but /x/:id has no :other' in e
               for e in errors), errors


def test_api_query_only_at_the_top_of_a_request(tmp_path):
    text = (
        'struct Inner {\n  1: i32 n (api.query="n")\n}\nstruct Req { 1: Inner inner }\nstruct Resp { 1: string s }\n'
        'service S {\n  Resp F(1: Req r) (api.get="/x")\n}\n'
    )
    err = one_error(tmp_path, text)
    assert ":2:" in err and "Inner.n: api.query only works on the request struct of an HTTP route" in err


def test_enum_names_are_unique_across_files(tmp_path):
    errors = compile_files(tmp_path, {"a.thrift": "enum E {\n  A = 1\n}\n", "b.thrift": "\nenum E {\n  B = 1\n}\n"})
    assert len(errors) == 1 and f"{tmp_path / 'b.thrift'}:2:" in errors[0]
    assert f"enum E is also defined at {tmp_path / 'a.thrift'}:1" in errors[0]


# ---- api.page: routes a browser visits

PAGE = """
struct Req { 1: required string code (api.query="code") }
struct Back {
    1: string url (api.page="redirect")
    2: string title (api.page="title")
    3: string text (api.page="text")
}
"""


def test_page_annotations_make_the_route_table_and_openapi_entries(tmp_path):
    from atelier_idlc import emit_openapi, emit_routes

    text = PAGE + 'service S {\n  Back F(1: Req r) (api.get="/back", api.auth="false")\n}\n'
    (tmp_path / "a.thrift").write_text(text)
    model = load(tmp_path)
    [rpc] = model.rpcs
    assert (rpc.page.redirect, rpc.page.title, rpc.page.text) == ("url", "title", "text")
    route = emit_routes.route(rpc)
    assert route.page is not None and route.page.model_dump() == {"redirect": "url", "title": "title", "text": "text"}
    responses = emit_openapi.document(model)["paths"]["/back"]["get"]["responses"]
    assert responses["302"]["description"] == "A redirect to `url` (the `Location` header)."
    assert list(responses["200"]["content"]) == ["text/html"] and "Only when `url` is empty" in \
        responses["200"]["description"]
    assert list(responses["400"]["content"]) == ["text/html"]  # errors are pages too


@pytest.mark.parametrize(
    ("back", "service", "why"),
    [
        ('struct Back {\n  1: string a (api.page="text")\n  2: string b (api.page="text")\n}\n', "",
         "fields 'a' and 'b' both have api.page=\"text\""),
        ('struct Back {\n  1: string url (api.page="redirect")\n}\n', "",
         'a struct with api.page fields needs one api.page="text"'),
        ('struct Back {\n  1: i32 text (api.page="text")\n}\n', "", "Back.text: api.page is for a string field"),
        ('struct Back {\n  1: string text (api.page="body")\n}\n', "", 'api.page is one of "redirect", "title", "text"'),
        ('struct Back {\n  1: string text (api.page="text")\n}\n', 'api.stream="true", ',
         "Back.text: api.page only works on the response of an HTTP route that does not stream"),
    ],
)
def test_page_shape_errors(tmp_path, back, service, why):
    text = 'struct Req { 1: string q }\n' + back + f'service S {{\n  Back F(1: Req r) ({service}api.get="/b")\n}}\n'
    errors = compile_files(tmp_path, {"a.thrift": text})
    assert any(why in e for e in errors), errors


def test_page_fields_outside_a_routes_response_are_refused(tmp_path):
    text = PAGE + 'struct Resp { 1: Back back }\nservice S {\n  Resp F(1: Req r) (api.get="/b")\n}\n'
    errors = compile_files(tmp_path, {"a.thrift": text})
    line = line_of(text, "1: string url")
    assert any(f":{line}: " in e and "api.page only works on the response" in e for e in errors), errors
