"""Parser: Thrift syntax corners and annotations wherever Thrift allows them."""

from __future__ import annotations

from atelier_idlc.parser import parse

TEXT = """
# hash comment
// line comment
/* block * comment
   over lines */
namespace py atelier.p
namespace * atelier.star (ns.ann = "1")
cpp_include "x.h"
include 'other.thrift'

typedef i64 (go.type = "int64") Id (td.ann = "t")
const i32 HEX = 0x1F;
const double PI = 3.14e0,
const string Q = 'it\\'s'
const map<string, list<i32>> M = {"a": [1, 2], "b": []}

enum E {
    A = -5 (e.ann = "a"),
    B;
    C = 0x10
} (enum.ann = "e")

struct S {
    1: required i64 id (api.js_conv = "true", api.path = 'id', flag)
    -1: optional string neg_id
    2: list<string> (list.ann = "l") xs = ["a", "b"];
    3: map<string, i32> m = {"k": 1}
    4: E e = E.C
    5: other.T t
    6: bool f = false
} (struct.ann = "s")

service Svc {
    Resp Do(1: S req (arg.ann = "x")) (api.post = "/do", api.category = "c",)
    oneway void Fire(1: S req)
} (svc.ann = "v")
"""


def line_of(needle: str) -> int:
    return next(i for i, line in enumerate(TEXT.splitlines(), 1) if needle in line)


def test_parse_everything():
    doc = parse(TEXT, "p.thrift")
    assert doc.namespaces == {"py": "atelier.p", "*": "atelier.star"}
    assert [i for i, _ in doc.includes] == ["other.thrift"]
    assert doc.typedefs[0].name == "Id" and doc.typedefs[0].annotations == {"td.ann": "t"}
    consts = {c.name: c.value for c in doc.consts}
    assert consts["HEX"].value == 31 and consts["PI"].value == 3.14 and consts["Q"].value == "it's"
    assert consts["M"].kind == "map" and consts["M"].value[0][1].kind == "list"
    e = doc.enums[0]
    assert [(v.name, v.value) for v in e.values] == [("A", -5), ("B", None), ("C", 16)]
    assert e.values[0].annotations == {"e.ann": "a"} and e.annotations == {"enum.ann": "e"}
    s = doc.structs[0]
    f = {x.name: x for x in s.fields}
    assert f["id"].annotations == {"api.js_conv": "true", "api.path": "id", "flag": ""}
    assert f["id"].requiredness == "required" and f["id"].loc.line == line_of("1: required i64 id")
    assert f["neg_id"].id == -1 and f["neg_id"].requiredness == "optional"
    assert str(f["xs"].type) == "list<string>" and f["xs"].default.kind == "list"
    assert f["e"].default.kind == "ident" and f["e"].default.value == "E.C"
    assert f["t"].type.kind == "named" and f["t"].type.name == "other.T"
    assert f["f"].default.value == "false"
    assert s.annotations == {"struct.ann": "s"}
    svc = doc.services[0]
    assert svc.annotations == {"svc.ann": "v"}
    do, fire = svc.functions
    assert do.annotations == {"api.post": "/do", "api.category": "c"}
    assert do.args[0].annotations == {"arg.ann": "x"} and do.loc.line == line_of("Resp Do(")
    assert fire.oneway and fire.return_type is None


DOCS = """
// File header: not attached (a blank line follows).

// A shape.
// Two lines of doc.
struct Shape {
    // The id.
    1: i64 id               // trailing part
    2: string name          // only trailing
    3: i32 sides
    /* block doc */
    4: bool filled
}

// ---------------------------------------------------------------- section
struct Undocumented {
    1: i32 a
}

enum Kind {
    Round = 1   // no corners
    Square = 2
}

service Svc {
    // ---- a group heading, not a doc
    Shape Get(1: Shape req) (api.get="/s")
    // Put a shape. It replaces the old one.
    Shape Put(1: Shape req)
        (api.put="/s")  // not on the function's first line: not its doc
}
"""


def test_doc_comments_attach_to_what_follows_them():
    doc = parse(DOCS, "d.thrift")
    shape, undocumented = doc.structs
    assert shape.doc == "A shape.\nTwo lines of doc."
    f = {x.name: x.doc for x in shape.fields}
    assert f == {"id": "The id.\ntrailing part", "name": "only trailing", "sides": "", "filled": "block doc"}
    assert undocumented.doc == ""  # a divider is a heading, never a doc
    assert [(v.name, v.doc) for v in doc.enums[0].values] == [("Round", "no corners"), ("Square", "")]
    get, put = doc.services[0].functions
    assert get.doc == "" and put.doc == "Put a shape. It replaces the old one."


def test_comment_markers_inside_strings_are_not_comments():
    doc = parse('// S.\nstruct S {\n    1: string url = "http://x//y" // the url\n}\n', "u.thrift")
    assert doc.structs[0].doc == "S." and doc.structs[0].fields[0].doc == "the url"
