"""One SERVER span per HTTP request, joined to the client's traceparent, and its trace id returned
in `x-tt-logid` (the header cozepy reads as the log id) on every response, errors included, so a
user can report a failure with an id that finds the gateway's and the services' log lines.

The API endpoint renames the span after its route (`POST /v3/chat`) once it knows it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from opentelemetry import trace
from opentelemetry.trace import SpanKind

from atelier_common import telemetry

LOG_ID_HEADER = "x-tt-logid"
SCOPE_KEY = "atelier.trace_id"  # the request's trace id, for handlers outside this middleware (500s)
# Got once: the SDK's get_tracer builds a new Tracer on every call (per request, that was ~0.1 ms
# of the gateway's CPU). Made before setup_telemetry, it is the API's proxy, which follows the
# provider set later.
_tracer = telemetry.tracer("atelier.gateway")


def trace_id_of(span: trace.Span) -> str:
    ctx = span.get_span_context()
    return format(ctx.trace_id, "032x") if ctx.is_valid else ""


@contextlib.contextmanager
def _server_span(scope: dict[str, Any]) -> Iterator[trace.Span]:
    headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", [])}
    method = scope.get("method", "")
    with _tracer.start_as_current_span(
        f"{method} {scope.get('path', '')}",
        context=telemetry.extract(headers),
        kind=SpanKind.SERVER,
        attributes={"http.request.method": method},
    ) as span:
        yield span


def name_span(method: str, route_path: str, rpc: str) -> None:
    """Name the current request's span after its route (low cardinality: `/v1/datasets/:dataset_id`)."""
    span = trace.get_current_span()
    span.update_name(f"{method} {route_path}")
    span.set_attribute("http.route", route_path)
    span.set_attribute("rpc.method", rpc)


class TraceMiddleware:
    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with _server_span(scope) as span:
            trace_id = trace_id_of(span)
            scope[SCOPE_KEY] = trace_id

            async def send_with_log_id(message: dict[str, Any]) -> None:
                if message["type"] == "http.response.start" and trace_id:
                    headers = [*message.get("headers", []), (LOG_ID_HEADER.encode(), trace_id.encode())]
                    message = {**message, "headers": headers}
                await send(message)

            await self.app(scope, receive, send_with_log_id)
