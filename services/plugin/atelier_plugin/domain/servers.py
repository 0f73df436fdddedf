"""The base URL a plugin's calls go to, from an OpenAPI `servers` list.

Server variables take their defaults. The first server that is an absolute http(s) URL wins: a
relative one ('/api/v3') only means something to a browser that loaded the document."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from atelier_plugin.domain.errors import PluginSpecError

_VARIABLE = re.compile(r"\{([^{}]+)\}")


def choose_server(servers: Any, where: Sequence[str | int]) -> str | None:
    """The chosen server's URL without a trailing slash; None when `servers` is absent or empty."""
    if not servers:
        return None
    tried: list[str] = []
    for i, server in enumerate(servers):
        url = _substitute(server, [*where, i])
        if _is_absolute_http(url):
            return url.rstrip("/")
        tried.append(url)
    listed = ", ".join(repr(u) for u in tried)
    raise PluginSpecError(where, f"no server is an absolute http(s) URL ({listed}); "
                                 "give one like 'https://api.example.com/v1'")


def _substitute(server: dict[str, Any], where: list[str | int]) -> str:
    url = str(server.get("url", ""))
    variables = server.get("variables") or {}

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in variables:
            raise PluginSpecError([*where, "url"], f"server variable '{name}' is not defined in 'variables'")
        return str(variables[name].get("default", ""))

    return _VARIABLE.sub(value, url)


def _is_absolute_http(url: str) -> bool:
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)
