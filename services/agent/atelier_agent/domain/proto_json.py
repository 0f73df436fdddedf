"""BotInfo and friends <-> the JSON documents stored in Postgres (proto field names, enums as integers)."""

from __future__ import annotations

from collections.abc import Set
from typing import Any, TypeVar

from google.protobuf import json_format
from google.protobuf.message import Message

M = TypeVar("M", bound=Message)


def to_doc(msg: Message) -> dict[str, Any]:
    return json_format.MessageToDict(msg, preserving_proto_field_name=True, use_integers_for_enums=True)


def to_patch(msg: Message, sent_empty: Set[str]) -> dict[str, Any]:
    """A partial update's document: the fields set in msg, and [] / {} for its list and map fields
    the caller sent empty (atelier_common.sent_empty), which proto3 cannot tell from absent ones."""
    doc = to_doc(msg)
    for name in sent_empty:
        fd = msg.DESCRIPTOR.fields_by_name.get(name)
        if fd is not None and fd.is_repeated:  # a deeper path lies inside a field the patch replaces whole
            is_map = fd.message_type is not None and fd.message_type.GetOptions().map_entry
            doc[name] = {} if is_map else []
    return doc


def from_doc(doc: dict[str, Any], cls: type[M]) -> M:
    """Stored documents may predate fields (or carry removed ones): unknown keys are ignored."""
    return json_format.ParseDict(doc, cls(), ignore_unknown_fields=True)
