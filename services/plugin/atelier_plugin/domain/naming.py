"""Tool names as chat models require them: ^[a-zA-Z0-9_-]{1,64}$, unique within a plugin."""

from __future__ import annotations

import re
from collections.abc import Iterable

MAX_TOOL_NAME = 64
TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
_NOT_ALLOWED = re.compile(r"[^a-zA-Z0-9_-]+")


def sanitize_tool_name(raw: str) -> str:
    """Runs of characters a model refuses become one '_'; the result is cut to 64 characters."""
    name = _NOT_ALLOWED.sub("_", raw).strip("_")[:MAX_TOOL_NAME].rstrip("_")
    return name or "tool"


def derive_tool_name(method: str, path: str) -> str:
    """A name for an operation without an operationId: GET /pets/{petId} -> get_pets_petId."""
    return sanitize_tool_name(f"{method.lower()}_{path.strip('/')}")


def unique_names(names: Iterable[str]) -> list[str]:
    """The names in order, a later repeat suffixed _2, _3 ... (still at most 64 characters)."""
    taken: set[str] = set()
    out: list[str] = []
    for name in names:
        candidate, n = name, 1
        while candidate in taken:
            n += 1
            suffix = f"_{n}"
            candidate = name[:MAX_TOOL_NAME - len(suffix)] + suffix
        taken.add(candidate)
        out.append(candidate)
    return out
