"""Server interceptors: tracing, errors, deadlines, auth context.

grpc.aio interceptors only see the call details and return a method handler, so each one wraps the
handler's behaviour (unary_unary, unary_stream, stream_unary, stream_stream) in an async context
manager, `around()`, that runs inside the RPC's own task — around the whole stream for streaming
responses. Exceptions from the handler (or from an inner interceptor) propagate into `around()`.

Order (outermost first, as `default_interceptors()` returns it):
  TracingInterceptor  SERVER span from the caller's traceparent; records the final status
  ErrorInterceptor    AtelierError -> status with details; anything else -> logged, INTERNAL
  DeadlineInterceptor rejects already-expired calls; logs slow unary calls
  AuthContextInterceptor  metadata -> RequestContext contextvar for the handler
"""

from __future__ import annotations

import contextlib
import inspect
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import grpc
from opentelemetry import trace
from opentelemetry.trace import SpanKind, Status, StatusCode

from atelier_common import auth, telemetry
from atelier_common.errors import AtelierError, Internal, class_for_grpc_code, to_grpc_status

log = logging.getLogger("atelier.grpc")

# Health and reflection answer probes every few seconds: no spans, no slow-call logs for them.
_QUIET_PREFIXES = ("/grpc.health.v1.", "/grpc.reflection.")
# OTel semantic conventions: these codes mark a SERVER span as failed; others are caller errors.
_SERVER_FAULTS = {
    grpc.StatusCode.UNKNOWN,
    grpc.StatusCode.DEADLINE_EXCEEDED,
    grpc.StatusCode.UNIMPLEMENTED,
    grpc.StatusCode.INTERNAL,
    grpc.StatusCode.UNAVAILABLE,
    grpc.StatusCode.DATA_LOSS,
}


def _is_quiet(method: str) -> bool:
    return method.startswith(_QUIET_PREFIXES)


def _metadata_dict(details: grpc.HandlerCallDetails) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in details.invocation_metadata or ():
        if not key.endswith("-bin"):
            out[key] = value if isinstance(value, str) else value.decode()
    return out


def _status_code(context: grpc.aio.ServicerContext) -> grpc.StatusCode:
    code = context.code()
    if code is None:
        return grpc.StatusCode.OK
    if isinstance(code, grpc.StatusCode):
        return code
    return next((c for c in grpc.StatusCode if c.value[0] == code), grpc.StatusCode.UNKNOWN)


@dataclass(frozen=True)
class CallInfo:
    method: str  # "/package.Service/Method"
    metadata: dict[str, str]  # text metadata of the call
    response_streaming: bool


class AroundInterceptor(grpc.aio.ServerInterceptor):
    """Base: subclasses implement `around(call, context)` as an async context manager."""

    def around(self, call: CallInfo, context: grpc.aio.ServicerContext) -> contextlib.AbstractAsyncContextManager[Any]:
        raise NotImplementedError

    def applies_to(self, method: str) -> bool:
        return True

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        handler = await continuation(handler_call_details)
        method = handler_call_details.method
        if handler is None or not self.applies_to(method):
            return handler
        info = CallInfo(method, _metadata_dict(handler_call_details), bool(handler.response_streaming))
        kind = _kind(handler)
        return handler._replace(**{kind: self._wrap(getattr(handler, kind), info)})

    def _wrap(self, behaviour: Callable[..., Any], info: CallInfo) -> Callable[..., Any]:
        around = self.around
        # Mirror the behaviour's own style: grpc.aio treats a coroutine function as the
        # `context.write()` API and anything else (async/sync generator) as an iterator of replies.
        if not info.response_streaming or inspect.iscoroutinefunction(behaviour):

            async def call(request_or_iterator: Any, context: grpc.aio.ServicerContext) -> Any:
                async with around(info, context):
                    result = behaviour(request_or_iterator, context)
                    if inspect.isawaitable(result):
                        result = await result
                    return result

            return call

        async def stream(request_or_iterator: Any, context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
            async with around(info, context):
                replies = behaviour(request_or_iterator, context)
                if hasattr(replies, "__aiter__"):
                    async for reply in replies:
                        yield reply
                else:
                    for reply in replies:
                        yield reply

        return stream


def _kind(handler: grpc.RpcMethodHandler) -> str:
    if handler.request_streaming:
        return "stream_stream" if handler.response_streaming else "stream_unary"
    return "unary_stream" if handler.response_streaming else "unary_unary"


class TracingInterceptor(AroundInterceptor):
    """A SERVER span per call, child of the caller's W3C traceparent, named after the method."""

    def __init__(self) -> None:
        self._tracer = telemetry.tracer("atelier.grpc.server")
        # OTel semantic-convention metric: call latency by service, method and status.
        self._duration = telemetry.meter("atelier.grpc.server").create_histogram(
            "rpc.server.duration", unit="ms", description="Duration of inbound gRPC calls"
        )

    def applies_to(self, method: str) -> bool:
        return not _is_quiet(method)

    @contextlib.asynccontextmanager
    async def around(self, call: CallInfo, context: grpc.aio.ServicerContext):
        name = call.method.lstrip("/")
        service, _, rpc = name.partition("/")
        parent = telemetry.extract(call.metadata)
        attributes = {"rpc.system": "grpc", "rpc.service": service, "rpc.method": rpc}
        with self._tracer.start_as_current_span(
            name,
            context=parent,
            kind=SpanKind.SERVER,
            attributes=attributes,
            record_exception=False,
            set_status_on_exception=False,
        ) as span:
            code = grpc.StatusCode.OK
            started = time.perf_counter()
            try:
                yield span
                code = _status_code(context)
            except BaseException as exc:  # CancelledError included: the client went away
                code = _status_code(context)
                if code == grpc.StatusCode.OK:
                    code = grpc.StatusCode.UNKNOWN if isinstance(exc, Exception) else grpc.StatusCode.CANCELLED
                raise
            finally:
                span.set_attribute("rpc.grpc.status_code", code.value[0])
                self._duration.record(
                    (time.perf_counter() - started) * 1000, {**attributes, "rpc.grpc.status_code": code.value[0]}
                )
                if code in _SERVER_FAULTS:
                    span.set_status(Status(StatusCode.ERROR, code.name))


def _trace_id() -> str:
    ctx = trace.get_current_span().get_span_context()
    return format(ctx.trace_id, "032x") if ctx.is_valid else ""


class ErrorInterceptor(AroundInterceptor):
    """AtelierError -> gRPC status with ErrorInfo; any other exception -> logged, INTERNAL "internal error"."""

    @contextlib.asynccontextmanager
    async def around(self, call: CallInfo, context: grpc.aio.ServicerContext):
        try:
            yield
        except grpc.aio.AbortError:
            raise  # the handler (or an inner interceptor) already chose the status
        except AtelierError as err:
            if err.http_status >= 500 and err.http_status != 501:  # 501 is a known gap, not a fault
                log.warning(
                    "rpc %s failed: %s", call.method, err.msg, extra={"rpc_method": call.method, "code": err.code}
                )
            await context.abort_with_status(to_grpc_status(err))
        except NotImplementedError:
            # Generated servicer base classes raise this for RPCs a service has not written yet.
            await context.abort_with_status(
                to_grpc_status(
                    class_for_grpc_code(grpc.StatusCode.UNIMPLEMENTED)(f"method {call.method} is not implemented")
                )
            )
        except Exception:
            trace_id = _trace_id()
            log.exception("unhandled error in rpc %s", call.method, extra={"rpc_method": call.method})
            err = Internal("internal error", metadata={"trace_id": trace_id} if trace_id else None)
            await context.abort_with_status(to_grpc_status(err))


class DeadlineInterceptor(AroundInterceptor):
    """Reject calls whose deadline already passed; log unary calls slower than `slow_s`."""

    def __init__(self, slow_s: float = 1.0) -> None:
        self.slow_s = slow_s

    @contextlib.asynccontextmanager
    async def around(self, call: CallInfo, context: grpc.aio.ServicerContext):
        remaining = context.time_remaining()
        if remaining is not None and remaining <= 0:
            await context.abort(grpc.StatusCode.DEADLINE_EXCEEDED, "deadline exceeded before the call started")
        started = time.monotonic()
        try:
            yield
        finally:
            elapsed = time.monotonic() - started
            # Streaming responses are long by design (chat streams); only unary calls count.
            if elapsed >= self.slow_s and not call.response_streaming and not _is_quiet(call.method):
                log.warning(
                    "slow rpc %s took %.3fs",
                    call.method,
                    elapsed,
                    extra={"rpc_method": call.method, "duration_ms": round(elapsed * 1000, 1)},
                )


class AuthContextInterceptor(AroundInterceptor):
    """Incoming x-atelier-* metadata -> the RequestContext contextvar while the handler runs."""

    @contextlib.asynccontextmanager
    async def around(self, call: CallInfo, context: grpc.aio.ServicerContext):
        token = auth.set_context(auth.from_metadata(call.metadata))
        try:
            yield
        finally:
            with contextlib.suppress(ValueError):  # a stream closed from another context
                auth.reset_context(token)


def default_interceptors(slow_s: float = 1.0) -> list[grpc.aio.ServerInterceptor]:
    return [TracingInterceptor(), ErrorInterceptor(), DeadlineInterceptor(slow_s), AuthContextInterceptor()]
