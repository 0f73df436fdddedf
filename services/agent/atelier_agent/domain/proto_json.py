"""BotInfo and friends <-> the JSON documents stored in Postgres (proto field names, enums as integers)."""

from __future__ import annotations

from typing import Any, TypeVar

from google.protobuf import json_format
from google.protobuf.message import Message

M = TypeVar("M", bound=Message)


def to_doc(msg: Message) -> dict[str, Any]:
    return json_format.MessageToDict(msg, preserving_proto_field_name=True, use_integers_for_enums=True)


def from_doc(doc: dict[str, Any], cls: type[M]) -> M:
    """Stored documents may predate fields (or carry removed ones): unknown keys are ignored."""
    return json_format.ParseDict(doc, cls(), ignore_unknown_fields=True)
