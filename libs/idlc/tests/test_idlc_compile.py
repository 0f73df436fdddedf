"""The IDL compiler on the fixture IDL: generated proto, modules, routes.json, openapi.json, CLI."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from google.protobuf.descriptor import FieldDescriptor

from atelier_idlc import build, check, generate
from atelier_idlc.__main__ import main
from atelier_idlc.testing import compile_and_import

FIXTURES = Path(__file__).parent / "fixtures" / "good"
REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("idlc_out")
    compile_and_import(FIXTURES, d)
    return d


@pytest.fixture(scope="module")
def mods(out):
    return compile_and_import(FIXTURES, out)


def test_generated_files_and_headers(out):
    pkg = out / "atelier_proto"
    names = sorted(p.name for p in pkg.iterdir() if p.is_file())
    for stem in ("annotations", "fxall", "fxcommon"):
        for suffix in (".proto", "_pb2.py", "_pb2.pyi", "_pb2_grpc.py"):
            assert f"{stem}{suffix}" in names
    assert {"routes.json", "route_table.py", "openapi.json", "enums.py", "__init__.py"} <= set(names)
    assert (pkg / "fxall.proto").read_text().startswith("// DO NOT EDIT — generated from idl/fxall.thrift")
    assert (pkg / "fxall_pb2.py").read_text().startswith("# DO NOT EDIT — generated from idl/fxall.thrift")
    proto = (pkg / "fxall.proto").read_text()
    assert "package atelier.fxall;" in proto
    assert 'import "atelier_proto/fxcommon.proto";' in proto
    assert "optional string opt_s = 10" in proto
    assert "repeated int64 ids = 13" in proto
    assert "map<int32, .atelier.fxcommon.Point> points = 16;" in proto
    assert "returns (stream WatchEvent)" in proto


def test_enums_prefixed_zero_first(mods):
    color = mods["fxcommon"].DESCRIPTOR.enum_types_by_name["Color"]
    assert [(v.name, v.number) for v in color.values] == [
        ("COLOR_UNSPECIFIED", 0), ("COLOR_RED", 1), ("COLOR_GREEN", 2), ("COLOR_BLUE", -3),
    ]  # fmt: skip
    level = mods["fxall"].DESCRIPTOR.enum_types_by_name["Level"]
    assert [(v.name, v.number) for v in level.values] == [
        ("LEVEL_LOW", 0), ("LEVEL_MID", 1), ("LEVEL_HIGH", 5), ("LEVEL_NEG", -2), ("LEVEL_AFTER", -1),
    ]  # fmt: skip


def test_field_types_and_options(mods):
    d = mods["fxall"].AllTypes.DESCRIPTOR
    f = d.fields_by_name
    assert f["b"].type == FieldDescriptor.TYPE_BOOL
    assert f["i8v"].type == f["i16v"].type == f["i32v"].type == FieldDescriptor.TYPE_INT32
    assert f["i64v"].type == FieldDescriptor.TYPE_INT64
    assert f["bin"].type == FieldDescriptor.TYPE_BYTES
    assert f["opt_s"].has_presence and not f["s"].has_presence
    assert f["points"].message_type.GetOptions().map_entry
    assert f["pts"].message_type.full_name == "atelier.fxcommon.Point"  # typedef resolved
    assert f["alias_id"].type == FieldDescriptor.TYPE_INT64
    opts = {ext.full_name: v for ext, v in f["renamed"].GetOptions().ListFields()}
    assert opts == {"atelier.api.body": "self"}
    opts = {ext.full_name: v for ext, v in f["with_default"].GetOptions().ListFields()}
    assert opts == {"atelier.api.default": "42"}
    req = mods["fxall"].GetThingRequest.DESCRIPTOR.fields_by_name["thing_id"]
    opts = {ext.full_name: v for ext, v in req.GetOptions().ListFields()}
    assert opts == {"atelier.api.js_conv": True, "atelier.api.path": "thing_id", "atelier.api.required": True}

    def options(desc) -> dict:
        return {ext.full_name: v for ext, v in desc.GetOptions().ListFields()}

    assert options(mods["fxall"].PutThingRequest.DESCRIPTOR.fields_by_name["space_ids"])["atelier.api.space"] is True
    assert options(mods["fxall"].WatchRequest.DESCRIPTOR.fields_by_name["stream"])["atelier.api.stream_switch"] is True
    assert options(mods["fxall"].WatchEvent.DESCRIPTOR.fields_by_name["id"]) == {"atelier.api.sse": "id"}
    assert options(mods["fxall"].AttachRequest.DESCRIPTOR.fields_by_name["key"])["atelier.api.file"] == "key"
    assert options(mods["fxall"].DESCRIPTOR.enum_types_by_name["Phase"]) == {"atelier.api.string": True}


def test_service_method_options(mods):
    svc = mods["fxall"].DESCRIPTOR.services_by_name["FxService"]
    assert svc.full_name == "atelier.fxall.FxService"
    watch = svc.methods_by_name["Watch"]
    opts = {ext.full_name: v for ext, v in watch.GetOptions().ListFields()}
    assert opts["atelier.api.http_method"] == "POST"
    assert opts["atelier.api.stream"] is True and opts["atelier.api.auth"] is False
    attach = {ext.full_name: v for ext, v in svc.methods_by_name["Attach"].GetOptions().ListFields()}
    assert attach["atelier.api.upload"] == "file"


def test_grpc_stub_module_imports(out, mods):
    import importlib

    grpc_mod = importlib.import_module("atelier_proto.fxall_pb2_grpc")
    assert hasattr(grpc_mod, "FxServiceStub") and hasattr(grpc_mod, "add_FxServiceServicer_to_server")


def _route(method: str, path: str, rpc: str, request: str, **over) -> dict:
    route = {
        "method": method, "path": path, "service": "fxall", "grpc_service": "atelier.fxall.FxService",
        "rpc": rpc, "request": f"atelier.fxall.{request}", "response": "atelier.fxall.GetThingResponse",
        "module": "atelier_proto.fxall_pb2", "auth": True, "category": "fx", "openapi": False,
        "space_fields": [], "stream": None, "upload": None, "page": None,
    }  # fmt: skip
    assert set(over) <= set(route)
    return {**route, **over}


def test_routes_json(out):
    doc = json.loads((out / "atelier_proto" / "routes.json").read_text())
    assert list(doc) == ["generated", "version", "routes"] and doc["version"] == 2
    assert doc["routes"] == [
        _route("POST", "/api/fx/attach", "Attach", "AttachRequest", space_fields=["space_id"],
               upload={"part": "file", "fields": {"key": "key", "name": "file_name", "size": "size"}}),
        _route("GET", "/api/fx/things/:thing_id", "GetThing", "GetThingRequest"),
        _route("POST", "/api/fx/watch", "Watch", "WatchRequest", response="atelier.fxall.WatchEvent", auth=False,
               stream={"sse": {"event": "event", "data": "data", "id": "id"}, "switch": "stream"}),
        _route("PUT", "/v1/fx/things/:thing_id", "PutThing", "PutThingRequest", openapi=True,
               space_fields=["space_id", "space_ids"]),
    ]  # fmt: skip


def test_route_table_ships_its_format(out):
    """routes.json travels with the module that defines (and reads) its format."""
    from atelier_idlc import route_table

    shipped = (out / "atelier_proto" / "route_table.py").read_text()
    assert shipped.startswith("# DO NOT EDIT") and shipped.endswith(Path(route_table.__file__).read_text())
    table = route_table.loads((out / "atelier_proto" / "routes.json").read_text())
    assert [r.rpc for r in table.routes] == ["Attach", "GetThing", "Watch", "PutThing"]


def test_enums_module(out):
    text = (out / "atelier_proto" / "enums.py").read_text()
    assert text.startswith('"""DO NOT EDIT')
    ns: dict = {}
    exec(compile(text, "enums.py", "exec"), ns)  # noqa: S102 - our own generated module
    level, color, phase, mode = ns["Level"], ns["Color"], ns["Phase"], ns["Mode"]
    assert [(m.name, m.value) for m in level] == [("Low", 0), ("Mid", 1), ("High", 5), ("Neg", -2), ("After", -1)]
    assert color.Blue == -3 and isinstance(color.Red, int)  # values as in the IDL, no UNSPECIFIED added
    assert phase.InProgress == "in_progress" and phase.NotStarted == "not_started"  # api.string: StrEnum
    assert mode.None_ == 0  # a keyword gets a trailing underscore
    assert '"""How far a thing got."""' in text and "NotStarted = \"not_started\"  # travels as" in text


def test_openapi_json(out):
    from openapi_spec_validator import validate

    doc = json.loads((out / "atelier_proto" / "openapi.json").read_text())
    validate(doc)
    assert doc["openapi"] == "3.1.0"
    get = doc["paths"]["/api/fx/things/{thing_id}"]["get"]
    params = {(p["in"], p["name"]): p for p in get["parameters"]}
    assert params[("path", "thing_id")]["required"] is True
    assert params[("path", "thing_id")]["schema"]["type"] == "string"  # js_conv i64
    assert params[("query", "limit")]["schema"] == {"type": "integer", "format": "int32"}
    assert ("query", "verbose") in params  # GET: body fields come from the query string
    assert params[("query", "filter_ids")]["schema"]["items"]["type"] == "string"
    assert "requestBody" not in get
    assert get["security"] == [{"bearer": []}]
    # doc comments: the function's first sentence is the summary, struct and field comments describe them
    assert get["summary"] == "Get a thing"
    assert get["description"].startswith("Get a thing. Things are never deleted.")
    assert "atelier.fxall.FxService/GetThing" in get["description"]
    assert params[("query", "limit")]["description"] == "at most this many"
    assert doc["components"]["schemas"]["fxall.GetThingRequest"]["description"] == "Which thing to get."
    assert doc["components"]["schemas"]["fxall.AllTypes"]["properties"]["i64v"] == {
        "type": "integer", "format": "int64", "description": "plain i64: JSON number"}
    assert doc["paths"]["/api/fx/watch"]["post"]["summary"] == "FxService.Watch"  # no comment
    ok = get["responses"]["200"]["content"]["application/json"]["schema"]
    assert ok == {
        "allOf": [{"$ref": "#/components/schemas/Error"}, {"$ref": "#/components/schemas/fxall.GetThingResponse"}]
    }
    assert get["responses"]["400"] == {"$ref": "#/components/responses/Error"}

    put = doc["paths"]["/v1/fx/things/{thing_id}"]["put"]
    assert {(p["in"], p["name"]) for p in put["parameters"]} == {("path", "thing_id"), ("query", "space_id")}
    body = put["requestBody"]["content"]["application/json"]["schema"]
    assert list(body["properties"]) == ["thing", "space_ids"] and body["required"] == ["thing"]
    assert put["tags"] == ["fx"]

    # an api.upload route takes multipart/form-data: the file part and the other fields, never the
    # ones the gateway fills from the file (key, size); the name is an optional override
    attach = doc["paths"]["/api/fx/attach"]["post"]
    assert list(attach["requestBody"]["content"]) == ["multipart/form-data"]
    form = attach["requestBody"]["content"]["multipart/form-data"]
    assert list(form["schema"]["properties"]) == ["file", "thing_id", "file_name", "at"]
    assert form["schema"]["properties"]["file"]["format"] == "binary"
    assert form["schema"]["required"] == ["file", "thing_id"]
    assert form["schema"]["properties"]["at"]["description"] == "where to pin it"
    assert form["encoding"] == {"at": {"contentType": "application/json"}}
    assert [(p["in"], p["name"]) for p in attach["parameters"]] == [("query", "space_id")]

    watch = doc["paths"]["/api/fx/watch"]["post"]
    ok = watch["responses"]["200"]
    assert list(ok["content"]) == ["text/event-stream", "application/json"]  # api.stream_switch: JSON too
    assert "`event:` its `event`, `data:` its `data` text, verbatim, `id:` its `id`" in ok["description"]
    assert "One event of a watch." in ok["description"] and "With `stream` false or absent" in ok["description"]
    assert watch["security"] == []

    schemas = doc["components"]["schemas"]
    all_types = schemas["fxall.AllTypes"]
    props = all_types["properties"]
    assert props["id"]["type"] == "string"
    assert props["i64v"]["type"] == "integer" and props["i64v"]["format"] == "int64"
    assert props["self"]["type"] == "string" and "renamed" not in props
    assert props["ids"] == {"type": "array", "items": {"type": "string", "pattern": "^-?[0-9]+$", "format": "int64"}}
    assert props["tags"]["uniqueItems"] is True
    assert props["with_default"]["default"] == 42
    assert props["color"] == {"$ref": "#/components/schemas/fxcommon.Color"}
    assert all_types["required"] == ["req_s"]
    assert schemas["fxcommon.Color"]["enum"] == [-3, 1, 2]
    assert schemas["fxall.Phase"]["type"] == "string" and schemas["fxall.Phase"]["enum"] == ["not_started", "in_progress"]
    assert schemas["fxcommon.Point"]["required"] == ["Y", "x"]
    assert doc["components"]["securitySchemes"]["bearer"] == {"type": "http", "scheme": "bearer"}


def test_build_is_byte_identical(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    fa, fb = build(FIXTURES, a), build(FIXTURES, b)
    assert fa == fb
    for rel in fa:
        assert (a / rel).read_bytes() == (b / rel).read_bytes(), rel


def test_generate_then_check_detects_drift(tmp_path):
    idl = tmp_path / "idl"
    shutil.copytree(FIXTURES, idl)
    out = tmp_path / "out"
    assert generate(idl, out)  # first run writes everything
    assert generate(idl, out) == []  # second run: nothing changes
    assert check(idl, out) == []
    assert main(["--idl", str(idl), "--out", str(out), "--check"]) == 0

    # a hand edit of a generated file is drift
    routes = out / "atelier_proto" / "routes.json"
    routes.write_text(routes.read_text() + " ")
    assert check(idl, out) == ["atelier_proto/routes.json"]
    # an IDL change is drift in the proto, the modules and the docs
    text = (idl / "fxall.thrift").read_text().replace("1: string q", "1: string q\n    3: i32 n")
    (idl / "fxall.thrift").write_text(text)
    drift = check(idl, out)
    assert {"atelier_proto/fxall.proto", "atelier_proto/fxall_pb2.py", "atelier_proto/openapi.json"} <= set(drift)
    assert main(["--idl", str(idl), "--out", str(out), "--check"]) == 1
    # a stale generated file (its thrift was removed) is drift, and regeneration removes it
    (out / "atelier_proto" / "gone_pb2.py").write_text("")
    assert "atelier_proto/gone_pb2.py" in check(idl, out)
    generate(idl, out)
    assert not (out / "atelier_proto" / "gone_pb2.py").exists()
    assert check(idl, out) == []


def test_cli_subprocess_check_exit_codes(tmp_path):
    idl = tmp_path / "idl"
    shutil.copytree(FIXTURES, idl)
    out = tmp_path / "out"
    run = [sys.executable, "-m", "atelier_idlc", "--idl", str(idl), "--out", str(out)]
    assert subprocess.run(run, check=False, capture_output=True).returncode == 0
    assert subprocess.run(run + ["--check"], check=False, capture_output=True).returncode == 0
    (out / "atelier_proto" / "fxcommon.proto").write_text("edited")
    proc = subprocess.run(run + ["--check"], check=False, capture_output=True, text=True)
    assert proc.returncode == 1 and "fxcommon.proto" in proc.stderr
    (idl / "fxall.thrift").write_text("struct {")
    proc = subprocess.run(run, check=False, capture_output=True, text=True)
    assert proc.returncode == 2 and "fxall.thrift:1" in proc.stderr


@pytest.mark.skipif(not (REPO / "idl" / "base.thrift").exists(), reason="idl/ not written yet")
def test_repository_idl_compiles(tmp_path):
    files = build(REPO / "idl", tmp_path)
    assert "atelier_proto/routes.json" in files


def test_repository_enums_match_the_stubs():
    """atelier_proto.enums and the protobuf enums are the same value sets (the UNSPECIFIED zero
    the proto gets when the IDL has none aside)."""
    import enum
    import importlib

    from atelier_proto import enums

    generated = {name: cls for name, cls in vars(enums).items()
                 if isinstance(cls, type) and issubclass(cls, enum.Enum) and cls.__module__ == enums.__name__}
    seen = set()
    for stem in ("agent", "conversation", "knowledge", "plugin", "workflow"):
        for desc in importlib.import_module(f"atelier_proto.{stem}_pb2").DESCRIPTOR.enum_types_by_name.values():
            cls = generated[desc.name]
            numbers = {v.number for v in desc.values if not v.name.endswith("_UNSPECIFIED")}
            if issubclass(cls, enum.IntEnum):
                assert {m.value for m in cls} == numbers, desc.name
            else:  # api.string: the strings are the names' snake_case, in the IDL's order
                assert [m.value for m in cls] == [v.name.removeprefix(f"{_prefix(desc.name)}_").lower()
                                                  for v in desc.values if not v.name.endswith("_UNSPECIFIED")]
            seen.add(desc.name)
    assert seen == set(generated)


def _prefix(name: str) -> str:
    from atelier_idlc.model import screaming_snake

    return screaming_snake(name)


def test_readme_documents_every_annotation():
    """The contract in libs/idlc/README.md names every annotation the compiler accepts."""
    from atelier_idlc.annotations import ANNOTATIONS

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    contract = readme.split("## The annotation contract", 1)[1].split("\n## ", 1)[0]
    assert [key for key in ANNOTATIONS if f"`{key}" not in contract] == []
