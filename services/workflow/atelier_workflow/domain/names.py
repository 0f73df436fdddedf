"""Workflow names and descriptions. A name is how models and other workflows call it (a tool
name), so Coze's rule holds: a letter, then letters, digits and underscores, at most 64."""

from __future__ import annotations

from collections.abc import Collection

from atelier_common.errors import InvalidArgument
from atelier_common.names import identifier

MAX_NAME_CHARS = 64
MAX_DESC_CHARS = 600  # the console's limit
COPY_SUFFIX = "_copy"


def workflow_name(value: str, field: str = "name") -> str:
    return identifier(value, field, max_chars=MAX_NAME_CHARS)


def description(value: str, field: str = "desc") -> str:
    if len(value) > MAX_DESC_CHARS:
        raise InvalidArgument(f"field '{field}': at most {MAX_DESC_CHARS} characters")
    return value


def copy_name(name: str, taken: Collection[str]) -> str:
    """The name of a copy: "<name>_copy", or "<name>_copy_2", "_copy_3"... when taken; the
    original is shortened as needed to stay within the length limit."""
    number = 1
    while True:
        suffix = COPY_SUFFIX if number == 1 else f"{COPY_SUFFIX}_{number}"
        candidate = name[: MAX_NAME_CHARS - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
        number += 1
