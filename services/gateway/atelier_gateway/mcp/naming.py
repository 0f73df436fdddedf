"""Tool names from what users named things (pure).

A name is `<slug>_<id>`: the slug keeps it readable, the id keeps it unique and stable (ids never
change and never repeat). Only `[a-z0-9_]`, at most 64 characters: what MCP clients and the model
APIs behind them accept (`^[a-zA-Z0-9_-]{1,64}$` is the strictest common rule). Another kind of
tool marks its id (`<slug>_wf<id>`) so the kinds' names never overlap.
"""

from __future__ import annotations

import re
import unicodedata

MAX_NAME_CHARS = 64
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    """Lower-case ASCII words joined by `_` ("Café crème!" -> "cafe_creme"); "" when nothing is left."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return _NOT_SLUG.sub("_", ascii_text.lower()).strip("_")


def tool_name(display_name: str, resource_id: int, *, fallback: str, mark: str = "") -> str:
    """`<slug of display_name, or fallback>_<mark><id>`, cut to MAX_NAME_CHARS in the slug."""
    suffix = f"_{mark}{resource_id}"
    head = slug(display_name)[: MAX_NAME_CHARS - len(suffix)].rstrip("_") or fallback
    return head + suffix


def id_in_name(name: str, *, mark: str = "") -> int | None:
    """The id a name built by tool_name(..., mark=mark) carries; None when it is not such a name."""
    found = re.fullmatch(rf"[a-z0-9]+(?:_[a-z0-9]+)*?_{re.escape(mark)}(\d{{1,19}})", name)
    return int(found.group(1)) if found else None
