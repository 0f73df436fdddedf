"""The server interceptor every service runs: tracing, errors, deadlines, auth context — one
layer around each call.

grpc.aio interceptors only see the call details and return a method handler, so the interceptor
wraps the handler's behaviour (unary_unary, unary_stream, stream_unary, stream_stream) in one
function that runs inside the RPC's own task, around the whole stream for streaming responses.
One layer, not one interceptor per concern: grpc.aio awaits each interceptor's
`intercept_service` and each wrapper on every call (four layers cost ~150 µs of CPU per call, as
much as the rest of a small RPC's server side). What it does, outermost first:
  tracing   a SERVER span from the caller's traceparent, current while the handler runs; records
            the final status and the call's duration (not for health and reflection probes)
  errors    AtelierError -> status with details; anything else -> logged with the trace id, INTERNAL
  deadline  rejects already-expired calls; logs slow unary calls
  auth      metadata -> the RequestContext contextvar for the handler
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
from opentelemetry import context as otel_context
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
    quiet: bool  # a health or reflection probe
    attributes: dict[str, Any]  # the span's and the duration metric's


class ServerInterceptor(grpc.aio.ServerInterceptor):
    """Tracing, errors, deadlines and auth context around every call (the module docstring)."""

    def __init__(self, slow_s: float = 1.0) -> None:
        self.slow_s = slow_s
        self._tracer = telemetry.tracer("atelier.grpc.server")
        # OTel semantic-convention metric: call latency by service, method and status.
        self._duration = telemetry.meter("atelier.grpc.server").create_histogram(
            "rpc.server.duration", unit="ms", description="Duration of inbound gRPC calls"
        )

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        handler = await continuation(handler_call_details)
        if handler is None:
            return handler
        method = handler_call_details.method
        service, _, rpc = method.lstrip("/").partition("/")
        info = CallInfo(method, _metadata_dict(handler_call_details), bool(handler.response_streaming),
                        _is_quiet(method), {"rpc.system": "grpc", "rpc.service": service, "rpc.method": rpc})
        kind = _kind(handler)
        return handler._replace(**{kind: self._wrap(getattr(handler, kind), info)})

    def _wrap(self, behaviour: Callable[..., Any], info: CallInfo) -> Callable[..., Any]:
        # Mirror the behaviour's own style: grpc.aio treats a coroutine function as the
        # `context.write()` API and anything else (async/sync generator) as an iterator of replies.
        if not info.response_streaming or inspect.iscoroutinefunction(behaviour):

            async def call(request_or_iterator: Any, context: grpc.aio.ServicerContext) -> Any:
                around = _Around(self, info, context)
                try:
                    await around.enter()
                    result = behaviour(request_or_iterator, context)
                    if inspect.isawaitable(result):
                        result = await result
                    return result
                except BaseException as exc:
                    await around.fail(exc)
                    raise
                finally:
                    around.exit()

            return call

        async def stream(request_or_iterator: Any, context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
            around = _Around(self, info, context)
            try:
                await around.enter()
                replies = behaviour(request_or_iterator, context)
                if hasattr(replies, "__aiter__"):
                    async for reply in replies:
                        yield reply
                else:
                    for reply in replies:
                        yield reply
            except BaseException as exc:
                await around.fail(exc)
                raise
            finally:
                around.exit()

        return stream


class _Around:
    """One call's span, auth context and clock, from `enter()` to `exit()`."""

    __slots__ = ("_interceptor", "_info", "_context", "_started", "_span", "_span_token", "_auth_token", "_error")

    def __init__(self, interceptor: ServerInterceptor, info: CallInfo, context: grpc.aio.ServicerContext) -> None:
        self._interceptor = interceptor
        self._info = info
        self._context = context
        self._started = time.perf_counter()
        self._span: trace.Span | None = None
        self._span_token: object | None = None
        self._auth_token: object | None = None
        self._error: BaseException | None = None

    async def enter(self) -> None:
        info = self._info
        if not info.quiet:
            self._span = self._interceptor._tracer.start_span(
                info.method.lstrip("/"), context=telemetry.extract(info.metadata), kind=SpanKind.SERVER,
                attributes=info.attributes, record_exception=False, set_status_on_exception=False)
            self._span_token = otel_context.attach(trace.set_span_in_context(self._span))
        self._auth_token = auth.set_context(auth.from_metadata(info.metadata))
        remaining = self._context.time_remaining()
        if remaining is not None and remaining <= 0:
            await self._context.abort(grpc.StatusCode.DEADLINE_EXCEEDED, "deadline exceeded before the call started")

    async def fail(self, exc: BaseException) -> None:
        """Turn what the handler raised into the call's status (aborting raises AbortError); an
        AbortError (the status is chosen) or a cancellation propagates as it is."""
        self._error = exc
        if isinstance(exc, grpc.aio.AbortError) or not isinstance(exc, Exception):
            return
        method = self._info.method
        if isinstance(exc, AtelierError):
            if exc.http_status >= 500 and exc.http_status != 501:  # 501 is a known gap, not a fault
                log.warning("rpc %s failed: %s", method, exc.msg, extra={"rpc_method": method, "code": exc.code})
            await self._context.abort_with_status(to_grpc_status(exc))
        elif isinstance(exc, NotImplementedError):
            # Generated servicer base classes raise this for RPCs a service has not written yet.
            unimplemented = class_for_grpc_code(grpc.StatusCode.UNIMPLEMENTED)
            await self._context.abort_with_status(to_grpc_status(unimplemented(f"method {method} is not implemented")))
        else:
            trace_id = _trace_id()
            log.error("unhandled error in rpc %s", method, exc_info=exc, extra={"rpc_method": method})
            err = Internal("internal error", metadata={"trace_id": trace_id} if trace_id else None)
            await self._context.abort_with_status(to_grpc_status(err))

    def exit(self) -> None:
        info, elapsed = self._info, time.perf_counter() - self._started
        if self._auth_token is not None:
            with contextlib.suppress(ValueError):  # a stream closed from another context
                auth.reset_context(self._auth_token)
        # Streaming responses are long by design (chat streams); only unary calls count.
        if elapsed >= self._interceptor.slow_s and not info.response_streaming and not info.quiet:
            log.warning("slow rpc %s took %.3fs", info.method, elapsed,
                        extra={"rpc_method": info.method, "duration_ms": round(elapsed * 1000, 1)})
        if self._span is None:
            return
        code = _status_code(self._context)
        if self._error is not None and code == grpc.StatusCode.OK:  # CancelledError: the client went away
            code = grpc.StatusCode.UNKNOWN if isinstance(self._error, Exception) else grpc.StatusCode.CANCELLED
        self._span.set_attribute("rpc.grpc.status_code", code.value[0])
        self._interceptor._duration.record(elapsed * 1000, {**info.attributes, "rpc.grpc.status_code": code.value[0]})
        if code in _SERVER_FAULTS:
            self._span.set_status(Status(StatusCode.ERROR, code.name))
        self._span.end()
        if self._span_token is not None:
            with contextlib.suppress(ValueError):
                otel_context.detach(self._span_token)


def _kind(handler: grpc.RpcMethodHandler) -> str:
    if handler.request_streaming:
        return "stream_stream" if handler.response_streaming else "stream_unary"
    return "unary_stream" if handler.response_streaming else "unary_unary"


def _trace_id() -> str:
    ctx = trace.get_current_span().get_span_context()
    return format(ctx.trace_id, "032x") if ctx.is_valid else ""


def default_interceptors(slow_s: float = 1.0) -> list[grpc.aio.ServerInterceptor]:
    return [ServerInterceptor(slow_s)]
