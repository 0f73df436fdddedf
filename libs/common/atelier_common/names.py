"""Names users give things, checked one way everywhere.

Display names (bots, datasets, tokens, conversations) are free text people read: trimmed, not
empty, at most MAX_NAME_CHARS characters. Identifiers (memory tables and their fields, variable
keys) end up in SQL or in the model's tool definitions: a letter, then letters, digits and
underscores. Errors name the request field, as every 400 does."""

from __future__ import annotations

import re

from atelier_common.errors import InvalidArgument

MAX_NAME_CHARS = 100
_IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


def display_name(value: str, field: str = "name", *, max_chars: int = MAX_NAME_CHARS) -> str:
    """The name trimmed; InvalidArgument when it is empty or too long."""
    name = value.strip()
    if not name:
        raise InvalidArgument(f"field '{field}': must not be empty")
    if len(name) > max_chars:
        raise InvalidArgument(f"field '{field}': at most {max_chars} characters")
    return name


def is_identifier(value: str, max_chars: int) -> bool:
    return len(value) <= max_chars and bool(_IDENTIFIER.match(value))


def identifier(value: str, field: str, *, max_chars: int) -> str:
    """The identifier as given; InvalidArgument saying what an identifier is."""
    if not is_identifier(value, max_chars):
        raise InvalidArgument(f"field '{field}': {value!r} must start with a letter and hold only letters, digits "
                              f"and underscores (at most {max_chars})")
    return value
