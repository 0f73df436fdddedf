"""Which files each dataset type accepts."""

from __future__ import annotations

from atelier_common.errors import InvalidArgument
from atelier_knowledge.domain.enums import FormatType
from atelier_knowledge.parsing import IMAGE_FILE_TYPES, TABLE_FILE_TYPES, TEXT_FILE_TYPES, normalize_file_type

ACCEPTED: dict[int, tuple[str, ...]] = {
    FormatType.TEXT: TEXT_FILE_TYPES,
    FormatType.TABLE: TABLE_FILE_TYPES,
    FormatType.IMAGE: IMAGE_FILE_TYPES,
}

MIME_TYPES = {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "webp": "image/webp",
              "gif": "image/gif", "bmp": "image/bmp"}


def file_type_of(name: str, declared: str = "") -> str:
    """The extension of a document: the declared type when given, else the name's suffix."""
    return normalize_file_type(declared or name) if (declared or "." in name) else ""


def is_accepted(format_type: int, file_type: str) -> bool:
    return file_type in ACCEPTED.get(format_type, ())


def require_known_format(format_type: int) -> None:
    if format_type not in ACCEPTED:
        raise InvalidArgument(f"format_type {format_type} is not one of 0 (text), 1 (table), 2 (image)")
