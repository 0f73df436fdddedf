"""Client channels to other services.

`channel(addr)` returns one cached grpc.aio channel per address (per event loop: aio channels are
bound to the loop that made them). Its interceptors send the current RequestContext as
x-atelier-* metadata and open a CLIENT span whose W3C traceparent goes along, so the callee's
server span joins the caller's trace. Metadata the caller passes explicitly wins over both.

    stub = client.stub(knowledge_pb2_grpc.KnowledgeServiceStub, settings.knowledge_addr)
    try:
        reply = await stub.GetDataset(req, timeout=settings.grpc_deadline_s)
    except grpc.aio.AioRpcError as e:
        raise from_rpc_error(e) from e

`stub(cls, addr)` keeps one stub per class on that channel: making a stub makes a callable for
every method of its service, too much to do per call on a hot path (a chat turn).
"""

from __future__ import annotations

import asyncio
from typing import Any, TypeVar

import grpc
from opentelemetry import trace
from opentelemetry.trace import SpanKind, Status, StatusCode

from atelier_common import auth, telemetry

MAX_MESSAGE_BYTES = 16 * 1024 * 1024
T = TypeVar("T")

# Keepalive pings find dead connections (pod gone without FIN) instead of hanging until the deadline.
# Server side (grpc/server.py) permits pings this frequent.
CHANNEL_OPTIONS: list[tuple[str, Any]] = [
    ("grpc.keepalive_time_ms", 30_000),
    ("grpc.keepalive_timeout_ms", 10_000),
    ("grpc.keepalive_permit_without_calls", 1),
    ("grpc.http2.max_pings_without_data", 0),
    ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
    ("grpc.enable_retries", 1),  # transparent retries of calls that never reached the server
]

_tracer = telemetry.tracer("atelier.grpc.client")


def _method_name(method: Any) -> str:
    text = method.decode() if isinstance(method, bytes) else str(method)
    return text.lstrip("/")


def _with_context_metadata(details: grpc.aio.ClientCallDetails) -> grpc.aio.ClientCallDetails:
    metadata = grpc.aio.Metadata()
    present: set[str] = set()
    for key, value in details.metadata or ():
        metadata.add(key, value)
        present.add(key.lower())
    for key, value in auth.outgoing_metadata():
        if key not in present:
            metadata.add(key, value)
    if "traceparent" not in present:
        carrier: dict[str, str] = {}
        telemetry.inject(carrier)
        for key, value in carrier.items():
            metadata.add(key, value)
    return details._replace(metadata=metadata)


class _ContextInterceptor:
    async def _intercept(self, continuation: Any, details: grpc.aio.ClientCallDetails, request: Any) -> Any:
        span = _tracer.start_span(_method_name(details.method), kind=SpanKind.CLIENT, attributes={"rpc.system": "grpc"})
        try:
            with trace.use_span(span, end_on_exit=False):
                call = await continuation(_with_context_metadata(details), request)
        except BaseException:
            span.set_status(Status(StatusCode.ERROR))
            span.end()
            raise
        call.add_done_callback(lambda done: _end_span(span, done))
        return call


# A grpc.aio channel files each interceptor under one call kind only, hence one class per kind.
class _UnaryUnary(_ContextInterceptor, grpc.aio.UnaryUnaryClientInterceptor):
    async def intercept_unary_unary(self, continuation, client_call_details, request):  # type: ignore[override]
        # The call is awaited here (its caller awaits it anyway), so the span ends as the call does,
        # without a task of its own; the caller still gets the call, with its status and any error.
        span = _tracer.start_span(_method_name(client_call_details.method), kind=SpanKind.CLIENT,
                                  attributes={"rpc.system": "grpc"})
        code = grpc.StatusCode.UNKNOWN
        try:
            with trace.use_span(span, end_on_exit=False):
                call = await continuation(_with_context_metadata(client_call_details), request)
            try:
                await call
            except grpc.aio.AioRpcError as exc:
                code = exc.code()
            except asyncio.CancelledError:
                code = grpc.StatusCode.CANCELLED
                raise
            else:
                code = grpc.StatusCode.OK
            return call
        finally:  # failed before there was a call: UNKNOWN
            _set_code(span, code)
            span.end()


class _UnaryStream(_ContextInterceptor, grpc.aio.UnaryStreamClientInterceptor):
    async def intercept_unary_stream(self, continuation, client_call_details, request):  # type: ignore[override]
        return await self._intercept(continuation, client_call_details, request)


class _StreamUnary(_ContextInterceptor, grpc.aio.StreamUnaryClientInterceptor):
    async def intercept_stream_unary(self, continuation, client_call_details, request_iterator):  # type: ignore[override]
        return await self._intercept(continuation, client_call_details, request_iterator)


class _StreamStream(_ContextInterceptor, grpc.aio.StreamStreamClientInterceptor):
    async def intercept_stream_stream(self, continuation, client_call_details, request_iterator):  # type: ignore[override]
        return await self._intercept(continuation, client_call_details, request_iterator)


def client_interceptors() -> list[grpc.aio.ClientInterceptor]:
    """Interceptors forwarding auth context + trace context, for channels made elsewhere."""
    return [_UnaryUnary(), _UnaryStream(), _StreamUnary(), _StreamStream()]


def _set_code(span: trace.Span, code: grpc.StatusCode) -> None:
    span.set_attribute("rpc.grpc.status_code", code.value[0])
    if code != grpc.StatusCode.OK:
        span.set_status(Status(StatusCode.ERROR, code.name))


def _end_span(span: trace.Span, call: Any) -> None:
    # aio calls report their code through a coroutine; it is ready now, so read it in a task.
    async def finish() -> None:
        try:
            _set_code(span, await call.code())
        finally:
            span.end()

    task = asyncio.get_running_loop().create_task(finish())
    _pending.add(task)
    task.add_done_callback(_pending.discard)


_pending: set[asyncio.Task[None]] = set()


_channels: dict[str, tuple[asyncio.AbstractEventLoop, grpc.aio.Channel]] = {}


def new_channel(addr: str) -> grpc.aio.Channel:
    """An uncached channel with Atelier's interceptors and options (close it yourself)."""
    return grpc.aio.insecure_channel(addr, options=CHANNEL_OPTIONS, interceptors=client_interceptors())


def channel(addr: str) -> grpc.aio.Channel:
    """The shared channel to addr for the running event loop (created on first use)."""
    loop = asyncio.get_running_loop()
    cached = _channels.get(addr)
    if cached is not None and cached[0] is loop:
        return cached[1]
    ch = new_channel(addr)
    _channels[addr] = (loop, ch)
    return ch


_stubs: dict[tuple[type, str], tuple[grpc.aio.Channel, Any]] = {}


def stub(cls: type[T], addr: str) -> T:
    """The stub of class `cls` (a generated *Stub) on the shared channel to addr, made once per channel."""
    ch = channel(addr)
    cached = _stubs.get((cls, addr))
    if cached is not None and cached[0] is ch:
        return cached[1]
    made = cls(ch)
    _stubs[(cls, addr)] = (ch, made)
    return made


async def close_channels(grace: float | None = None) -> None:
    """Close every cached channel of the running loop (service shutdown)."""
    loop = asyncio.get_running_loop()
    for addr, (owner, ch) in list(_channels.items()):
        if owner is loop:
            del _channels[addr]
            await ch.close(grace)
