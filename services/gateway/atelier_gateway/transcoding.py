"""HTTP <-> protobuf, a thin layer over atelier_common.jsonpb (which honours the IDL annotations:
api.query / api.path / api.body keys, api.js_conv, required, defaults).

Request: JSON body + query string + path params -> request message (InvalidArgument naming the
field on bad input), plus the paths of the list/map fields the body sent empty, which the
message cannot show (atelier_common.sent_empty). Response: message -> `{"code": 0, "msg": "", ...fields}`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from google.protobuf.message import Message

from atelier_common import jsonpb

M = TypeVar("M", bound=Message)


def flatten_query(query: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """jsonpb takes one text per key: a repeated key (?ids=1&ids=2) becomes a JSON array text.

    An empty value means the parameter is absent (`?conversation_id=&name=`): SDKs such as cozepy
    send every optional parameter, unset ones as empty strings."""
    out: dict[str, str] = {}
    for k, values in query.items():
        given = [v for v in values if v != ""]
        if given:
            out[k] = given[0] if len(given) == 1 else json.dumps(given)
    return out


def request_message(
    msg_cls: type[M], *, body: Mapping[str, Any] | None, query: Mapping[str, Sequence[str]], path: Mapping[str, str]
) -> M:
    return jsonpb.message_from_json(body, msg_cls, query=flatten_query(query), path=path)


def sent_empty_paths(msg_cls: type[Message], body: Mapping[str, Any] | None) -> frozenset[str]:
    return jsonpb.empty_containers(body, msg_cls)


def to_dict(msg: Message) -> dict[str, Any]:
    return jsonpb.message_to_json(msg)


def response_body(msg: Message) -> dict[str, Any]:
    """The HTTP success body: code/msg around the response fields."""
    return {"code": 0, "msg": "", **to_dict(msg)}
