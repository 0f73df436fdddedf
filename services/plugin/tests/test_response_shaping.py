"""What a model reads of a response: compact JSON, text cut to a budget with a marker, binary
described; the full body stays for the run record."""

from __future__ import annotations

import json

from atelier_plugin.domain.response_shaping import shape_response

JSON = {"Content-Type": "application/json; charset=utf-8"}


def test_json_is_compacted_and_the_body_kept():
    body = json.dumps({"city": "Paris", "days": [{"high": 21}, {"high": 19}]}, indent=4).encode()

    response = shape_response(200, JSON, body)

    assert response.ok
    assert response.for_model == '{"city":"Paris","days":[{"high":21},{"high":19}]}'
    assert response.truncated_bytes == 0
    assert response.body == body
    assert response.content_type == "application/json"


def test_long_text_is_cut_at_the_budget_with_a_marker():
    body = ("word " * 1000).encode()

    response = shape_response(200, [("content-type", "text/plain")], body, budget=200)

    assert len(response.for_model.encode()) <= 200
    assert response.for_model.endswith(f"\n[truncated {response.truncated_bytes} bytes]")
    shown = response.for_model.rsplit("\n[truncated", 1)[0]
    assert body.decode().startswith(shown)
    assert len(shown.encode()) + response.truncated_bytes == len(body)
    assert response.body == body  # the record keeps everything


def test_the_cut_never_splits_a_character():
    body = ("日本語" * 200).encode()  # three bytes per character

    response = shape_response(200, {"Content-Type": "text/plain; charset=utf-8"}, body, budget=100)

    shown = response.for_model.rsplit("\n[truncated", 1)[0]
    assert set(shown) <= set("日本語") and shown
    assert len(shown.encode()) + response.truncated_bytes == len(body)


def test_large_json_is_compacted_before_it_is_cut():
    items = [{"id": i, "name": f"item {i}"} for i in range(500)]
    body = json.dumps(items, indent=2).encode()

    response = shape_response(200, JSON, body, budget=1000)

    compact = json.dumps(items, separators=(",", ":"))
    assert response.for_model.startswith(compact[:500])
    assert response.truncated_bytes == len(compact.encode()) - len(response.for_model.rsplit("\n[", 1)[0].encode())


def test_errors_lead_with_their_status():
    response = shape_response(404, JSON, b'{"error": "no such city"}')

    assert not response.ok
    assert response.for_model == 'HTTP 404: {"error":"no such city"}'


def test_empty_and_binary_bodies_are_described():
    assert shape_response(204, {}, b"").for_model == "HTTP 204, empty body"
    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 100
    assert shape_response(200, {"Content-Type": "image/png"}, png).for_model == \
        "binary response (image/png, 108 bytes), not shown"
    assert shape_response(500, {}, b"\x00\x01\x02").for_model == \
        "HTTP 500: binary response (unknown type, 3 bytes), not shown"


def test_charsets_are_honoured_and_json_without_a_type_is_recognised():
    latin = "café".encode("latin-1")
    assert shape_response(200, {"Content-Type": "text/plain; charset=ISO-8859-1"}, latin).for_model == "café"
    assert shape_response(200, {"Content-Type": "text/plain; charset=nonsense"}, b"ok").for_model == "ok"
    assert shape_response(200, {}, b'{ "a" : 1 }').for_model == '{"a":1}'
    assert shape_response(200, JSON, b"{not json").for_model == "{not json"
