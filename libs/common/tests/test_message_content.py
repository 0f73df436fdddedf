"""object_string contents: parsing with the bad part named, and the text views of a message."""

from __future__ import annotations

import json

import pytest

from atelier_common.message_content import ContentError, Part, describe, parse_object_string, parts_of, plain_text


def test_parts_of_an_object_string():
    content = json.dumps([{"type": "text", "text": "look"}, {"type": "image", "file_id": "7"},
                          {"type": "file", "file_url": "https://example.com/a.pdf", "file_id": ""}])
    assert parse_object_string(content) == [Part("text", text="look"), Part("image", file_id=7),
                                            Part("file", file_url="https://example.com/a.pdf")]
    assert parts_of("plain", "text") == [Part("text", text="plain")]


@pytest.mark.parametrize(("items", "fragment"), [
    ("not json", "JSON list"),
    ([], "non-empty"),
    ([{"type": "audio", "file_id": "1"}], "[0].type"),
    ([{"type": "text"}], "[0].text"),
    ([{"type": "text", "text": "a"}, {"type": "image"}], "[1]: an image part needs a file_id or a file_url"),
    ([{"type": "file", "file_id": "abc"}], "[0].file_id"),
    ([{"type": "file", "file_id": -3}], "[0].file_id"),
    ([{"type": "image", "file_url": "file:///etc/passwd"}], "[0].file_url"),
    ([{"type": "text", "text": "  "}], "every part is empty"),
    (["text"], "[0]: each part must be an object"),
])
def test_bad_contents_name_the_part(items, fragment):
    with pytest.raises(ContentError) as err:
        parse_object_string(items if isinstance(items, str) else json.dumps(items))
    assert fragment in str(err.value)


def test_text_views():
    content = json.dumps([{"type": "text", "text": "what is this?"}, {"type": "image", "file_url": "https://x/y.png"},
                          {"type": "file", "file_id": 9}])
    assert plain_text(content, "object_string") == "what is this?"
    assert describe(content, "object_string") == "what is this?\n[attached image: https://x/y.png]\n[attached file: file 9]"
    assert plain_text("[broken", "object_string") == "[broken" and describe("hi", "text") == "hi"
