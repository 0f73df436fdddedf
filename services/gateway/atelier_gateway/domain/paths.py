"""Route path helpers (pure)."""

from __future__ import annotations

import re

_PARAM = re.compile(r":([A-Za-z_][A-Za-z0-9_]*)")


def to_starlette_path(path: str) -> str:
    """IDL paths write parameters as `:name`; Starlette wants `{name}`."""
    return _PARAM.sub(r"{\1}", path)


def path_params(path: str) -> list[str]:
    return _PARAM.findall(path)
