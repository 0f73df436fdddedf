"""Application errors that keep a stable code and message from a service to the HTTP client.

A handler raises e.g. `NotFound("dataset 7 not found")`; the gRPC error interceptor turns it into
a gRPC status whose code is the class's `grpc_status` and whose details carry a
`google.rpc.ErrorInfo(reason="ATELIER", domain="atelier", metadata={"code", "http_status"})`.
A caller (the gateway, another service) gets the same class back with `from_rpc_error`, and the
gateway renders `{"code": err.code, "msg": err.msg}` with status `err.http_status`.

Code scheme (kept deliberately simple and stable): `code` defaults to the HTTP status of the
class (NotFound -> 404). A service may pass a finer application code (`NotFound(msg, code=404001)`);
it travels unchanged. Statuses that arrive without our details (raised by gRPC itself or a foreign
server) are mapped by the google.rpc.Code HTTP table (`http_status_for`), CANCELLED -> 499
"client closed request" as google.rpc documents. Server-side failures (500/503/504) that arrive
without details get a generic message: gRPC's own detail strings carry addresses and exception
texts that must not reach HTTP clients.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from typing import ClassVar

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

ERROR_REASON = "ATELIER"
ERROR_DOMAIN = "atelier"
_DETAILS_KEY = "grpc-status-details-bin"

# google/rpc/code.proto "HTTP Mapping" of every gRPC status code.
_HTTP_FOR_GRPC: dict[grpc.StatusCode, int] = {
    grpc.StatusCode.OK: 200,
    grpc.StatusCode.CANCELLED: 499,
    grpc.StatusCode.UNKNOWN: 500,
    grpc.StatusCode.INVALID_ARGUMENT: 400,
    grpc.StatusCode.DEADLINE_EXCEEDED: 504,
    grpc.StatusCode.NOT_FOUND: 404,
    grpc.StatusCode.ALREADY_EXISTS: 409,
    grpc.StatusCode.PERMISSION_DENIED: 403,
    grpc.StatusCode.UNAUTHENTICATED: 401,
    grpc.StatusCode.RESOURCE_EXHAUSTED: 429,
    grpc.StatusCode.FAILED_PRECONDITION: 400,
    grpc.StatusCode.ABORTED: 409,
    grpc.StatusCode.OUT_OF_RANGE: 400,
    grpc.StatusCode.UNIMPLEMENTED: 501,
    grpc.StatusCode.INTERNAL: 500,
    grpc.StatusCode.UNAVAILABLE: 503,
    grpc.StatusCode.DATA_LOSS: 500,
}


def http_status_for(grpc_code: grpc.StatusCode) -> int:
    """HTTP status for a gRPC status code (google.rpc.Code mapping; unknown codes -> 500)."""
    return _HTTP_FOR_GRPC.get(grpc_code, 500)


class AtelierError(Exception):
    """Base of every application error. Used directly it behaves like Internal (500)."""

    grpc_status: ClassVar[grpc.StatusCode] = grpc.StatusCode.INTERNAL
    http_status: ClassVar[int] = 500
    default_msg: ClassVar[str] = "internal error"

    def __init__(self, msg: str | None = None, code: int | None = None, *, metadata: Mapping[str, str] | None = None):
        self.msg = msg if msg else self.default_msg
        self.code = int(code) if code is not None else self.http_status
        # Extra string pairs that ride in ErrorInfo.metadata (e.g. trace_id); round-tripped.
        self.metadata: dict[str, str] = dict(metadata or {})
        super().__init__(self.msg)

    def to_dict(self) -> dict[str, object]:
        """The gateway's HTTP error body."""
        return {"code": self.code, "msg": self.msg}

    def __repr__(self) -> str:
        return f"{type(self).__name__}(msg={self.msg!r}, code={self.code})"


class InvalidArgument(AtelierError):
    grpc_status = grpc.StatusCode.INVALID_ARGUMENT
    http_status = 400
    default_msg = "invalid argument"


class Unauthenticated(AtelierError):
    grpc_status = grpc.StatusCode.UNAUTHENTICATED
    http_status = 401
    default_msg = "authentication required"


class PermissionDenied(AtelierError):
    grpc_status = grpc.StatusCode.PERMISSION_DENIED
    http_status = 403
    default_msg = "permission denied"


class NotFound(AtelierError):
    grpc_status = grpc.StatusCode.NOT_FOUND
    http_status = 404
    default_msg = "not found"


class Conflict(AtelierError):
    grpc_status = grpc.StatusCode.ALREADY_EXISTS
    http_status = 409
    default_msg = "conflict"


class PayloadTooLarge(AtelierError):
    # No gRPC code means "too large"; RESOURCE_EXHAUSTED is what gRPC itself uses for oversize
    # messages. The 413 travels in the ErrorInfo details.
    grpc_status = grpc.StatusCode.RESOURCE_EXHAUSTED
    http_status = 413
    default_msg = "payload too large"


class Unprocessable(AtelierError):
    grpc_status = grpc.StatusCode.FAILED_PRECONDITION
    http_status = 422
    default_msg = "unprocessable"


class TooManyRequests(AtelierError):
    grpc_status = grpc.StatusCode.RESOURCE_EXHAUSTED
    http_status = 429
    default_msg = "too many requests"


class Cancelled(AtelierError):
    """The caller went away (google.rpc maps CANCELLED to 499 Client Closed Request)."""

    grpc_status = grpc.StatusCode.CANCELLED
    http_status = 499
    default_msg = "request cancelled"


class Internal(AtelierError):
    grpc_status = grpc.StatusCode.INTERNAL
    http_status = 500
    default_msg = "internal error"


class Unimplemented(AtelierError):
    grpc_status = grpc.StatusCode.UNIMPLEMENTED
    http_status = 501
    default_msg = "not implemented"


class Unavailable(AtelierError):
    grpc_status = grpc.StatusCode.UNAVAILABLE
    http_status = 503
    default_msg = "service unavailable"


class DeadlineExceeded(AtelierError):
    grpc_status = grpc.StatusCode.DEADLINE_EXCEEDED
    http_status = 504
    default_msg = "deadline exceeded"


ERROR_CLASSES: tuple[type[AtelierError], ...] = (
    InvalidArgument,
    Unauthenticated,
    PermissionDenied,
    NotFound,
    Conflict,
    PayloadTooLarge,
    Unprocessable,
    TooManyRequests,
    Cancelled,
    Internal,
    Unimplemented,
    Unavailable,
    DeadlineExceeded,
)
_CLASS_FOR_HTTP: dict[int, type[AtelierError]] = {cls.http_status: cls for cls in ERROR_CLASSES}
# 5xx statuses whose detail text comes from the server or gRPC core, not from us: never shown.
_GENERIC_MSG_HTTP = {500, 503, 504}


def class_for_http(http_status: int) -> type[AtelierError]:
    return _CLASS_FOR_HTTP.get(http_status, Internal)


def class_for_grpc_code(grpc_code: grpc.StatusCode) -> type[AtelierError]:
    """The error class a bare gRPC status maps to (RESOURCE_EXHAUSTED -> TooManyRequests, ...)."""
    return class_for_http(http_status_for(grpc_code))


def to_status_proto(err: AtelierError) -> status_pb2.Status:
    info = error_details_pb2.ErrorInfo(
        reason=ERROR_REASON,
        domain=ERROR_DOMAIN,
        metadata={**err.metadata, "code": str(err.code), "http_status": str(err.http_status)},
    )
    detail = any_pb2.Any()
    detail.Pack(info)
    return status_pb2.Status(code=err.grpc_status.value[0], message=err.msg, details=[detail])


def to_grpc_status(err: AtelierError) -> grpc.Status:
    """A grpc.Status for `context.abort_with_status`, with our ErrorInfo in the rich details."""
    return rpc_status.to_status(to_status_proto(err))


def _error_info(trailing: object) -> error_details_pb2.ErrorInfo | None:
    for key, value in trailing or ():  # type: ignore[attr-defined]
        if key != _DETAILS_KEY:
            continue
        try:
            status = status_pb2.Status.FromString(value)
        except Exception:  # noqa: BLE001 - a foreign server's malformed details are just absent details
            return None
        for detail in status.details:
            info = error_details_pb2.ErrorInfo()
            if detail.Is(info.DESCRIPTOR) and detail.Unpack(info) and info.domain == ERROR_DOMAIN:
                return info
    return None


def from_rpc_error(e: grpc.RpcError) -> AtelierError:
    """The AtelierError a failed call carries (works for grpc.aio.AioRpcError and sync grpc.RpcError).

    Use as `except grpc.RpcError as e: raise from_rpc_error(e) from e`.
    """
    code: grpc.StatusCode = e.code() if hasattr(e, "code") else grpc.StatusCode.UNKNOWN  # type: ignore[attr-defined]
    message: str = (e.details() if hasattr(e, "details") else None) or ""  # type: ignore[attr-defined]
    trailing = e.trailing_metadata() if hasattr(e, "trailing_metadata") else None  # type: ignore[attr-defined]
    info = _error_info(trailing)
    if info is not None:
        extra = dict(info.metadata)
        try:
            http = int(extra.pop("http_status", ""))
        except ValueError:
            http = http_status_for(code)
        cls = _CLASS_FOR_HTTP.get(http) or class_for_grpc_code(code)
        raw_code = extra.pop("code", "")
        app_code = int(raw_code) if raw_code.lstrip("-").isdigit() else None
        return cls(message, app_code, metadata=extra)
    cls = class_for_grpc_code(code)
    if cls.http_status in _GENERIC_MSG_HTTP:
        return cls()
    return cls(message)


@contextlib.contextmanager
def rpc_errors() -> Iterator[None]:
    """Re-raise failed gRPC calls inside the block as AtelierError, so a service calling another
    passes the callee's NotFound/PermissionDenied/... on to its own caller unchanged:

        with rpc_errors():
            dataset = await knowledge.GetDataset(req, timeout=5)
    """
    try:
        yield
    except grpc.RpcError as e:
        raise from_rpc_error(e) from e
