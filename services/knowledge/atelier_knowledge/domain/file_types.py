"""A document's file type (its extension) and the dataset types there are. Which file types each
dataset type can index is the indexer's to say (it parses them): an unsupported file fails its
document with the reason."""

from __future__ import annotations

from atelier_common.errors import InvalidArgument
from atelier_common.files import normalize_file_type
from atelier_proto.enums import FormatType


def file_type_of(name: str, declared: str = "") -> str:
    """The extension of a document: the declared type when given, else the name's suffix."""
    return normalize_file_type(declared or name) if (declared or "." in name) else ""


def require_known_format(format_type: int) -> None:
    if format_type not in tuple(FormatType):
        raise InvalidArgument(f"format_type {format_type} is not one of 0 (text), 1 (table), 2 (image)")
