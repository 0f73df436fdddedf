"""One structured log line per HTTP request (uvicorn's access log is off: it is not JSON)."""

from __future__ import annotations

import logging
import time
from typing import Any

log = logging.getLogger("atelier.gateway.access")

_QUIET = frozenset({"/healthz", "/readyz"})  # probes every few seconds: only failures are logged


class AccessLogMiddleware:
    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500  # if the app dies before answering

        async def capture(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, capture)
        finally:
            path = scope.get("path", "")
            if path not in _QUIET or status >= 400:
                log.info(
                    "%s %s %s",
                    scope.get("method"),
                    path,
                    status,
                    extra={
                        "http_method": scope.get("method"),
                        "http_path": path,
                        "http_status": status,
                        "duration_ms": round((time.perf_counter() - start) * 1000, 1),
                    },
                )
