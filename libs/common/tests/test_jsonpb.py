"""JSON <-> protobuf transcoding against messages generated from the idlc fixture IDL."""

from __future__ import annotations

import base64
import copy
import json
from pathlib import Path

import pytest

from atelier_common.errors import InvalidArgument
from atelier_common.jsonpb import empty_containers, message_from_json, message_to_json

FIXTURES = Path(__file__).resolve().parents[2] / "idlc" / "tests" / "fixtures" / "good"


@pytest.fixture(scope="module")
def pb(tmp_path_factory):
    from atelier_idlc.testing import compile_and_import

    return compile_and_import(FIXTURES, tmp_path_factory.mktemp("jsonpb_proto"))["fxall"]


def full_json() -> dict:
    """A populated AllTypes exactly as message_to_json renders it (every field present)."""
    return {
        "b": True,
        "i8v": -128,
        "i16v": 32767,
        "i32v": -2147483648,
        "i64v": 9007199254740993,  # > 2^53: survives because JSON numbers are Python ints here
        "id": "9223372036854775807",
        "d": 1.5,
        "s": "héllo",
        "bin": base64.b64encode(b"\x00\x01binary\xff").decode(),
        "opt_s": "",  # set to the zero value: still present
        "req_s": "r",
        "with_default": 7,
        "ids": ["1", "-2", "7310000000000000001"],
        "tags": ["a", "b"],
        "counts": {"x": 1, "y": -9000000000},
        "points": {"-1": {"x": 1, "Y": 2}, "3": {"x": 0, "Y": 0}},
        "pts": [{"x": 5, "Y": 6}],
        "color": -3,
        "level": -2,
        "origin": {"x": 0, "Y": 0},
        "alias_id": "42",
        "opt_i64": 0,
        "self": "renamed via api.body",
        "opt_level": 0,
        "nested": {"points": [{"x": 1, "Y": 1}], "labels": {"k": "v"}},
        "by_id": {"12": "twelve"},
        "ds": [0.25, -3.0],
        "opt_b": False,
        "greeting": "",
        "levels": [0, 1, 5, -2, -1],
    }


def test_json_proto_json_roundtrip_unchanged(pb):
    data = full_json()
    msg = message_from_json(copy.deepcopy(data), pb.AllTypes)
    assert msg.id == 9223372036854775807 and msg.i64v == 9007199254740993
    assert msg.renamed == "renamed via api.body"
    assert msg.bin == b"\x00\x01binary\xff"
    assert msg.points[-1].y == 2
    assert msg.by_id[12] == "twelve"
    assert msg.HasField("opt_s") and msg.HasField("origin")
    assert message_to_json(msg) == data


def test_proto_json_proto_roundtrip_equal(pb):
    msg = message_from_json(full_json(), pb.AllTypes)
    again = message_from_json(message_to_json(msg), pb.AllTypes)
    assert again == msg
    # a sparse message too: unset optional fields stay unset through JSON
    sparse = pb.AllTypes(req_s="x", with_default=42, opt_level=5, opt_b=True, greeting="hi")
    out = message_to_json(sparse)
    assert "opt_s" not in out and "origin" not in out and "opt_i64" not in out
    assert out["nested"] is None  # unset non-optional struct
    assert out["id"] == "0" and out["i64v"] == 0 and out["ids"] == [] and out["counts"] == {}
    assert message_from_json(out, pb.AllTypes) == sparse


def test_i64_accepts_number_or_string_and_defaults_apply(pb):
    msg = message_from_json({"req_s": "r", "id": 12, "i64v": "34", "ids": [1, "2"]}, pb.AllTypes)
    assert (msg.id, msg.i64v, list(msg.ids)) == (12, 34, [1, 2])
    # thrift defaults fill absent keys
    assert msg.with_default == 42 and msg.opt_level == 5 and msg.opt_b is True and msg.greeting == "hi"
    assert not msg.HasField("opt_s")
    # null is absent
    assert message_from_json({"req_s": "r", "opt_s": None}, pb.AllTypes).HasField("opt_s") is False


@pytest.mark.parametrize(
    ("data", "field", "why"),
    [
        ({}, "req_s", "missing required"),
        ({"req_s": None}, "req_s", "missing required"),
        ({"req_s": 5}, "req_s", "expected a string"),
        ({"req_s": "r", "i32v": "5"}, "i32v", "string"),
        ({"req_s": "r", "i32v": 2**31}, "i32v", "out of range"),
        ({"req_s": "r", "i8v": 128}, "i8v", "out of range"),
        ({"req_s": "r", "i16v": -32769}, "i16v", "out of range"),
        ({"req_s": "r", "id": "12x"}, "id", "not an integer"),
        ({"req_s": "r", "id": 1.5}, "id", "expected an integer"),
        ({"req_s": "r", "id": True}, "id", "expected an integer"),
        ({"req_s": "r", "b": "yes"}, "b", "boolean"),
        ({"req_s": "r", "d": "x"}, "d", "number"),
        ({"req_s": "r", "bin": "!!"}, "bin", "base64"),
        ({"req_s": "r", "color": 7}, "color", "unknown Color value 7"),
        ({"req_s": "r", "levels": [0, 3]}, "levels[1]", "unknown Level value 3"),
        ({"req_s": "r", "ids": "1,2"}, "ids", "expected an array"),
        ({"req_s": "r", "ids": ["1", "x"]}, "ids[1]", "not an integer"),
        ({"req_s": "r", "counts": []}, "counts", "expected an object"),
        ({"req_s": "r", "counts": {"a": "b"}}, 'counts["a"]', "not an integer"),
        ({"req_s": "r", "points": {"x": {"x": 1, "Y": 1}}}, 'points["x"]', "not an integer"),
        ({"req_s": "r", "origin": 3}, "origin", "expected an object"),
        ({"req_s": "r", "origin": {"x": 1}}, "origin.Y", "missing required"),
        ({"req_s": "r", "pts": [{"x": 1, "Y": 2}, {"x": "a", "Y": 2}]}, "pts[1].x", "string"),
        ({"req_s": "r", "nested": {"points": [{"Y": 1}]}}, "nested.points[0].x", "missing required"),
        ({"req_s": "r", "nested": {"labels": {"k": 1}}}, 'nested.labels["k"]', "expected a string"),
    ],
)
def test_errors_name_the_field(pb, data, field, why):
    with pytest.raises(InvalidArgument) as ei:
        message_from_json(data, pb.AllTypes)
    err = ei.value
    assert err.code == 400
    assert field in err.msg and why in err.msg, err.msg
    assert err.msg.endswith(field) or f"field {field}:" in err.msg


def test_body_must_be_object(pb):
    with pytest.raises(InvalidArgument):
        message_from_json([1, 2], pb.AllTypes)  # type: ignore[arg-type]


def test_path_and_query_binding_with_conversion(pb):
    msg = message_from_json(
        {},
        pb.GetThingRequest,
        path={"thing_id": "7310000000000000001"},
        query={"limit": "20", "verbose": "true", "filter_ids": "1,2,3", "color": "-3"},
    )
    assert msg.thing_id == 7310000000000000001
    assert msg.limit == 20 and msg.verbose is True
    assert list(msg.filter_ids) == [1, 2, 3]
    assert msg.color == -3
    # JSON array form for a repeated query value
    msg = message_from_json({}, pb.GetThingRequest, path={"thing_id": "1"}, query={"filter_ids": '["4","5"]'})
    assert list(msg.filter_ids) == [4, 5]
    # path param wins over a body key of the same name
    msg = message_from_json({"thing_id": "2"}, pb.GetThingRequest, path={"thing_id": "3"})
    assert msg.thing_id == 3


def test_put_binds_path_query_and_body(pb):
    body = {"thing": {"req_s": "x", "id": "5"}}
    msg = message_from_json(body, pb.PutThingRequest, path={"thing_id": "9"}, query={"space_id": "11"})
    assert (msg.thing_id, msg.space_id, msg.thing.id, msg.thing.req_s) == (9, 11, 5, "x")
    assert message_to_json(msg)["space_id"] == "11"


@pytest.mark.parametrize(
    ("path", "query", "field", "why"),
    [
        ({}, {}, "thing_id", "missing required"),
        ({"thing_id": "abc"}, {}, "thing_id", "not an integer"),
        ({"thing_id": "1"}, {"limit": "ten"}, "limit", "not an integer"),
        ({"thing_id": "1"}, {"verbose": "maybe"}, "verbose", "boolean"),
        ({"thing_id": "1"}, {"color": "9"}, "color", "unknown Color value 9"),
        ({"thing_id": "1"}, {"filter_ids": "1,x"}, "filter_ids[1]", "not an integer"),
    ],
)
def test_query_path_errors_name_the_field(pb, path, query, field, why):
    with pytest.raises(InvalidArgument) as ei:
        message_from_json(None, pb.GetThingRequest, path=path, query=query)
    assert field in ei.value.msg and why in ei.value.msg, ei.value.msg


def test_required_zero_value_present_is_accepted(pb):
    # required means "present in the JSON", not "non-zero"
    msg = message_from_json({"req_s": ""}, pb.AllTypes)
    assert msg.req_s == ""


def test_a_json_text_field_takes_the_json_value_or_its_text():
    """api.json_text (workflow runs' `parameters`): an object arrives as its JSON text, text as sent."""
    from atelier_proto import workflow_pb2

    as_object = message_from_json({"workflow_id": "7", "parameters": {"city": "Oslo", "n": [1, 2]}},
                                         workflow_pb2.OpenAPIRunFlowRequest)
    assert json.loads(as_object.parameters) == {"city": "Oslo", "n": [1, 2]}
    as_text = message_from_json({"workflow_id": "7", "parameters": '{"city": "Oslo"}'},
                                       workflow_pb2.OpenAPIRunFlowRequest)
    assert as_text.parameters == '{"city": "Oslo"}'
    with pytest.raises(InvalidArgument, match="workflow_id"):
        message_from_json({"workflow_id": {"x": 1}}, workflow_pb2.OpenAPIRunFlowRequest)


def test_lists_and_maps_sent_empty_are_named_by_proto_path(pb):
    body = {**full_json(), "tags": [], "counts": {}, "levels": None, "self": "x",
            "nested": {"points": [], "labels": {}}, "pts": [{"x": 1, "Y": 2}]}
    del body["ds"]
    # Sent empty: named. Absent, null or non-empty: not (proto3 shows those already).
    assert empty_containers(body, pb.AllTypes) == {"tags", "counts", "nested.points", "nested.labels"}
    assert empty_containers({"tags": ["a"]}, pb.AllTypes) == frozenset()
    assert empty_containers(None, pb.AllTypes) == frozenset()
