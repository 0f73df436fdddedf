"""Every failure leaves the gateway as `{"code", "msg"}` with the fitting HTTP status.

AtelierError carries both; Starlette's own HTTPException (unknown route 404, wrong method 405)
is mapped to the matching error class; anything else is a logged 500 with a generic message,
never a stack trace.
"""

from __future__ import annotations

import logging
from typing import Any

import grpc
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse

from atelier_common.errors import AtelierError, Internal, class_for_http, from_rpc_error
from atelier_gateway.tracing import LOG_ID_HEADER, SCOPE_KEY

log = logging.getLogger("atelier.gateway.errors")


def error_response(err: AtelierError, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(err.to_dict(), status_code=err.http_status, headers=headers)


async def atelier_error_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, AtelierError)
    return error_response(exc)


async def rpc_error_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, grpc.RpcError)
    return error_response(from_rpc_error(exc))


async def http_exception_handler(request: Request, exc: Exception) -> JSONResponse:
    """Starlette's own 404 (no such route) and 405 (wrong method) as {"code","msg"}."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        msg = f"no such route: {request.method} {request.url.path}"
    elif exc.status_code == 405:
        msg = f"method {request.method} not allowed on {request.url.path}"
    else:
        msg = exc.detail if isinstance(exc.detail, str) and exc.detail else class_for_http(exc.status_code).default_msg
    body: dict[str, Any] = {"code": exc.status_code, "msg": msg}
    return JSONResponse(body, status_code=exc.status_code, headers=dict(exc.headers or {}))


async def unhandled_error_handler(request: Request, exc: Exception) -> JSONResponse:
    # Runs outside the request's span (Starlette's outermost middleware): the trace id travels in
    # the scope, for the log line and the x-tt-logid header.
    trace_id = request.scope.get(SCOPE_KEY, "")
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc,
                  extra={"trace_id": trace_id} if trace_id else None)
    return error_response(Internal(), headers={LOG_ID_HEADER: trace_id} if trace_id else None)


EXCEPTION_HANDLERS: dict[Any, Any] = {
    AtelierError: atelier_error_handler,
    grpc.RpcError: rpc_error_handler,
    HTTPException: http_exception_handler,
    Exception: unhandled_error_handler,
}
