"""Client channels to other services.

`channel(addr)` returns one cached grpc.aio channel per address (per event loop: aio channels are
bound to the loop that made them). Its calls send the current RequestContext as x-atelier-*
metadata and open a CLIENT span whose W3C traceparent goes along, so the callee's server span
joins the caller's trace. Metadata the caller passes explicitly wins over both.

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


def _outgoing_metadata(explicit: Any, span: trace.Span) -> list[tuple[str, Any]]:
    """The call's metadata: what the caller passed, then the RequestContext and the trace context
    (the CLIENT span's) where the caller did not pass them."""
    metadata = list(explicit or ())
    present = {key.lower() for key, _ in metadata}
    metadata += [(key, value) for key, value in auth.outgoing_metadata() if key not in present]
    if "traceparent" not in present:
        carrier: dict[str, str] = {}
        telemetry.inject(carrier, trace.set_span_in_context(span))
        metadata += carrier.items()
    return metadata


def _start_span(method: str) -> trace.Span:
    return _tracer.start_span(method, kind=SpanKind.CLIENT, attributes={"rpc.system": "grpc"})


def _end_span(span: trace.Span, code: grpc.StatusCode) -> None:
    span.set_attribute("rpc.grpc.status_code", code.value[0])
    if code != grpc.StatusCode.OK:
        span.set_status(Status(StatusCode.ERROR, code.name))
    span.end()


class _TracedUnaryCall:
    """A unary call whose CLIENT span ends as the call does, when its caller awaits it (a unary
    call's caller always does); anything else is the call's own (cancel, code, metadata)."""

    __slots__ = ("_call", "_span")

    def __init__(self, call: Any, span: trace.Span) -> None:
        self._call = call
        self._span = span

    def __await__(self) -> Any:
        code = grpc.StatusCode.UNKNOWN
        try:
            response = yield from self._call.__await__()
            code = grpc.StatusCode.OK
            return response
        except grpc.aio.AioRpcError as exc:
            code = exc.code()
            raise
        except asyncio.CancelledError:
            code = grpc.StatusCode.CANCELLED
            raise
        finally:
            _end_span(self._span, code)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._call, name)


class _ContextCallable:
    """One method of a `ContextChannel`: sends the context along and traces the call."""

    __slots__ = ("_inner", "_name", "_unary")

    def __init__(self, inner: Any, method: Any, *, unary_response: bool) -> None:
        self._inner = inner
        self._name = _method_name(method)
        self._unary = unary_response

    def __call__(self, request: Any = None, *, timeout: float | None = None, metadata: Any = None,
                 credentials: grpc.CallCredentials | None = None, wait_for_ready: bool | None = None,
                 compression: grpc.Compression | None = None) -> Any:
        span = _start_span(self._name)
        try:
            call = self._inner(request, timeout=timeout, metadata=_outgoing_metadata(metadata, span),
                               credentials=credentials, wait_for_ready=wait_for_ready, compression=compression)
        except BaseException:
            _end_span(span, grpc.StatusCode.UNKNOWN)
            raise
        if self._unary:
            return _TracedUnaryCall(call, span)
        call.add_done_callback(lambda done: _end_stream_span(span, done))
        return call


def _end_stream_span(span: trace.Span, call: Any) -> None:
    # aio calls report their code through a coroutine; it is ready now, so read it in a task.
    async def finish() -> None:
        code = grpc.StatusCode.UNKNOWN
        try:
            code = await call.code()
        finally:
            _end_span(span, code)

    task = asyncio.get_running_loop().create_task(finish())
    _pending.add(task)
    task.add_done_callback(_pending.discard)


_pending: set[asyncio.Task[None]] = set()


class ContextChannel(grpc.aio.Channel):
    """A grpc.aio channel whose calls carry the current RequestContext as x-atelier-* metadata
    and the W3C traceparent of a CLIENT span of their own (metadata passed explicitly wins).

    What client interceptors would do, without them: grpc.aio runs an intercepted call through a
    task and wrappers of its own (~60 µs of CPU more per unary call). Generated stubs only ask a
    channel for its four kinds of callables; the rest is the inner channel's."""

    def __init__(self, inner: grpc.aio.Channel) -> None:
        self._inner = inner

    def unary_unary(self, method: str, request_serializer: Any = None, response_deserializer: Any = None,
                    _registered_method: bool | None = False) -> Any:
        inner = self._inner.unary_unary(method, request_serializer, response_deserializer, _registered_method)
        return _ContextCallable(inner, method, unary_response=True)

    def unary_stream(self, method: str, request_serializer: Any = None, response_deserializer: Any = None,
                     _registered_method: bool | None = False) -> Any:
        inner = self._inner.unary_stream(method, request_serializer, response_deserializer, _registered_method)
        return _ContextCallable(inner, method, unary_response=False)

    def stream_unary(self, method: str, request_serializer: Any = None, response_deserializer: Any = None,
                     _registered_method: bool | None = False) -> Any:
        inner = self._inner.stream_unary(method, request_serializer, response_deserializer, _registered_method)
        return _ContextCallable(inner, method, unary_response=True)

    def stream_stream(self, method: str, request_serializer: Any = None, response_deserializer: Any = None,
                      _registered_method: bool | None = False) -> Any:
        inner = self._inner.stream_stream(method, request_serializer, response_deserializer, _registered_method)
        return _ContextCallable(inner, method, unary_response=False)

    async def __aenter__(self) -> ContextChannel:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._inner.close(None)

    async def close(self, grace: float | None = None) -> None:
        await self._inner.close(grace)

    def get_state(self, try_to_connect: bool = False) -> grpc.ChannelConnectivity:
        return self._inner.get_state(try_to_connect)

    async def wait_for_state_change(self, last_observed_state: grpc.ChannelConnectivity) -> None:
        await self._inner.wait_for_state_change(last_observed_state)

    async def channel_ready(self) -> None:
        await self._inner.channel_ready()


_channels: dict[str, tuple[asyncio.AbstractEventLoop, grpc.aio.Channel]] = {}


def new_channel(addr: str) -> ContextChannel:
    """An uncached channel with Atelier's context, tracing and options (close it yourself)."""
    return ContextChannel(grpc.aio.insecure_channel(addr, options=CHANNEL_OPTIONS))


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
