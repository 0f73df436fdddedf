"""The gRPC server bootstrap and interceptors, exercised through a real grpc.aio server and client.

The IDL has no test service, so the server registers a generic handler whose methods take and
return raw bytes (no serializers).
"""

from __future__ import annotations

import asyncio
import json
import logging

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import NonRecordingSpan, SpanContext, SpanKind, StatusCode, TraceFlags

from atelier_common import auth, telemetry
from atelier_common.auth import RequestContext, internal_context, use_context
from atelier_common.errors import (
    ERROR_CLASSES,
    AtelierError,
    Internal,
    NotFound,
    PermissionDenied,
    Unauthenticated,
    Unimplemented,
    from_rpc_error,
)
from atelier_common.grpc import channel, new_channel, start_server

SERVICE = "atelier.test.Probe"
ERRORS = {cls.__name__: cls for cls in ERROR_CLASSES}
SECRET = "db password is hunter2"


async def raise_error(request: bytes, context) -> bytes:
    name, code, msg = json.loads(request)
    raise ERRORS[name](msg, code)


async def crash(request: bytes, context) -> bytes:
    raise RuntimeError(SECRET)


async def whoami(request: bytes, context) -> bytes:
    ctx = auth.current_context()
    return json.dumps({"user": ctx.user_id, "spaces": sorted(ctx.space_ids), "internal": ctx.internal}).encode()


async def open_space(request: bytes, context) -> bytes:
    auth.require_space(int(request))
    return b"ok"


async def trace_id(request: bytes, context) -> bytes:
    return format(trace.get_current_span().get_span_context().trace_id, "032x").encode()


async def slow(request: bytes, context) -> bytes:
    await asyncio.sleep(float(request))
    return b"done"


HANGING: dict[str, asyncio.Event] = {}  # per Hang call (its request): set once it started, and once cancelled


async def hang(request: bytes, context) -> bytes:
    HANGING[f"{request.decode()}:started"].set()
    try:
        await asyncio.sleep(60)
    except asyncio.CancelledError:
        HANGING[f"{request.decode()}:cancelled"].set()
        raise
    return b"done"


def not_written(request: bytes, context) -> bytes:
    # What a generated servicer base class does for an RPC the service has not implemented.
    context.set_code(grpc.StatusCode.UNIMPLEMENTED)
    context.set_details("Method not implemented!")
    raise NotImplementedError("Method not implemented!")


async def stream_then_not_found(request: bytes, context):
    yield b"one"
    yield b"two"
    raise NotFound("page 3 is gone")


async def stream_then_crash(request: bytes, context):
    yield b"one"
    raise RuntimeError(SECRET)


async def write_then_denied(request: bytes, context) -> None:
    # The context.write() style of server streaming.
    await context.write(b"one")
    auth.require_space(int(request))
    await context.write(b"two")


def register(server: grpc.aio.Server) -> None:
    unary = {
        "Raise": raise_error,
        "Crash": crash,
        "WhoAmI": whoami,
        "OpenSpace": open_space,
        "TraceId": trace_id,
        "Slow": slow,
        "Hang": hang,
        "NotWritten": not_written,
    }
    streams = {
        "StreamNotFound": stream_then_not_found,
        "StreamCrash": stream_then_crash,
        "WriteDenied": write_then_denied,
    }
    handlers = {name: grpc.unary_unary_rpc_method_handler(fn) for name, fn in unary.items()}
    handlers |= {name: grpc.unary_stream_rpc_method_handler(fn) for name, fn in streams.items()}
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, handlers),))


@pytest.fixture(scope="module")
async def probe_server():
    server = await start_server(0, register, service_names=[SERVICE], host="127.0.0.1", slow_call_s=0.2)
    yield server
    await server.stop(0)


@pytest.fixture
async def addr(probe_server) -> str:
    return f"127.0.0.1:{probe_server.port}"


async def call(addr: str, method: str, request: bytes = b"", **kwargs) -> bytes:
    return await channel(addr).unary_unary(f"/{SERVICE}/{method}")(request, timeout=10, **kwargs)


async def stream(addr: str, method: str, request: bytes = b"") -> tuple[list[bytes], grpc.aio.AioRpcError | None]:
    got: list[bytes] = []
    try:
        async for reply in channel(addr).unary_stream(f"/{SERVICE}/{method}")(request, timeout=10):
            got.append(reply)
    except grpc.aio.AioRpcError as e:
        return got, e
    return got, None


@pytest.mark.parametrize("cls", ERROR_CLASSES, ids=lambda c: c.__name__)
async def test_error_round_trip_through_a_real_server(addr: str, cls: type[AtelierError]) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await call(addr, "Raise", json.dumps([cls.__name__, None, f"{cls.__name__} happened: ünïcode"]).encode())
    assert info.value.code() == cls.grpc_status
    back = from_rpc_error(info.value)
    assert type(back) is cls
    assert (back.code, back.msg) == (cls.http_status, f"{cls.__name__} happened: ünïcode")


async def test_application_code_survives_the_wire(addr: str) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await call(addr, "Raise", json.dumps(["NotFound", 404001, "dataset 7 not found"]).encode())
    back = from_rpc_error(info.value)
    assert (type(back), back.code, back.msg) == (NotFound, 404001, "dataset 7 not found")


async def test_unexpected_exception_is_internal_without_leaking(addr: str, caplog) -> None:
    with caplog.at_level(logging.ERROR, logger="atelier.grpc"), pytest.raises(grpc.aio.AioRpcError) as info:
        await call(addr, "Crash")
    assert info.value.code() == grpc.StatusCode.INTERNAL
    assert info.value.details() == "internal error"
    assert all(
        SECRET.encode() not in (v if isinstance(v, bytes) else v.encode()) for _, v in info.value.trailing_metadata()
    )
    back = from_rpc_error(info.value)
    assert type(back) is Internal and back.msg == "internal error"
    # The server logged the real cause for the operator.
    assert any(r.exc_info and SECRET in str(r.exc_info[1]) for r in caplog.records)


async def test_unwritten_rpc_answers_unimplemented(addr: str) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await call(addr, "NotWritten")
    assert info.value.code() == grpc.StatusCode.UNIMPLEMENTED
    assert type(from_rpc_error(info.value)) is Unimplemented


async def test_auth_context_travels_from_client_contextvar_to_handler(addr: str) -> None:
    with use_context(RequestContext(user_id=42, space_ids=frozenset({7, 3}))):
        got = json.loads(await call(addr, "WhoAmI"))
    assert got == {"user": 42, "spaces": [3, 7], "internal": False}
    # Outside the block the caller is anonymous again, and so is the next call.
    assert json.loads(await call(addr, "WhoAmI")) == {"user": 0, "spaces": [], "internal": False}
    with internal_context():
        assert json.loads(await call(addr, "WhoAmI"))["internal"] is True


async def test_explicit_metadata_wins_over_the_contextvar(addr: str) -> None:
    with use_context(RequestContext(user_id=42, space_ids=frozenset({7}))):
        got = json.loads(await call(addr, "WhoAmI", metadata=(("x-atelier-user-id", "5"),)))
    assert got["user"] == 5 and got["spaces"] == [7]


async def test_require_space(addr: str) -> None:
    with use_context(RequestContext(user_id=42, space_ids=frozenset({7}))):
        assert await call(addr, "OpenSpace", b"7") == b"ok"
        with pytest.raises(grpc.aio.AioRpcError) as info:
            await call(addr, "OpenSpace", b"9")
    denied = from_rpc_error(info.value)
    assert info.value.code() == grpc.StatusCode.PERMISSION_DENIED
    assert (type(denied), denied.msg) == (PermissionDenied, "space 9 is not yours")
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await call(addr, "OpenSpace", b"7")  # anonymous
    assert type(from_rpc_error(info.value)) is Unauthenticated
    with internal_context():
        assert await call(addr, "OpenSpace", b"9") == b"ok"


async def test_malformed_context_metadata_is_unauthenticated(addr: str) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await call(addr, "WhoAmI", metadata=(("x-atelier-user-id", "robert'); drop table"),))
    assert info.value.code() == grpc.StatusCode.UNAUTHENTICATED


async def test_server_streaming_error_mid_stream(addr: str) -> None:
    got, err = await stream(addr, "StreamNotFound")
    assert got == [b"one", b"two"]
    assert err is not None and err.code() == grpc.StatusCode.NOT_FOUND
    back = from_rpc_error(err)
    assert (type(back), back.msg) == (NotFound, "page 3 is gone")

    got, err = await stream(addr, "StreamCrash")
    assert got == [b"one"]
    assert err is not None and err.code() == grpc.StatusCode.INTERNAL and err.details() == "internal error"


async def test_write_style_streaming_handler_sees_context_and_maps_errors(addr: str) -> None:
    with use_context(RequestContext(user_id=1, space_ids=frozenset({5}))):
        assert await stream(addr, "WriteDenied", b"5") == ([b"one", b"two"], None)
        got, err = await stream(addr, "WriteDenied", b"6")
    assert got == [b"one"]
    assert err is not None and type(from_rpc_error(err)) is PermissionDenied


async def test_traceparent_joins_the_callers_trace(addr: str) -> None:
    parent = SpanContext(
        trace_id=0x0AF7651916CD43DD8448EB211C80319C,
        span_id=0xB7AD6B7169203331,
        is_remote=False,
        trace_flags=TraceFlags(TraceFlags.SAMPLED),
    )
    token = otel_context.attach(trace.set_span_in_context(NonRecordingSpan(parent)))
    try:
        got = await call(addr, "TraceId")
    finally:
        otel_context.detach(token)
    assert got == b"0af7651916cd43dd8448eb211c80319c"


async def test_each_call_has_a_client_span_parent_of_the_server_span_with_the_final_status(addr: str) -> None:
    telemetry.setup_telemetry("grpc-test")  # once per process; records spans without an exporter
    provider = trace.get_tracer_provider()
    assert isinstance(provider, TracerProvider)
    exporter = InMemorySpanExporter()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    try:
        await call(addr, "WhoAmI")
        with pytest.raises(grpc.aio.AioRpcError):
            await call(addr, "Raise", json.dumps(["NotFound", None, "dataset 7 not found"]).encode())
        got, error = await stream(addr, "StreamNotFound")
        assert got == [b"one", b"two"] and error is not None
        await asyncio.sleep(0.1)  # a stream's client span ends in a task of its own once the call is done
    finally:
        exporter.shutdown()
    spans = exporter.get_finished_spans()
    for method, code in (("WhoAmI", grpc.StatusCode.OK), ("Raise", grpc.StatusCode.NOT_FOUND),
                         ("StreamNotFound", grpc.StatusCode.NOT_FOUND)):
        named = [s for s in spans if s.name == f"{SERVICE}/{method}"]
        [client] = [s for s in named if s.kind == SpanKind.CLIENT]
        [server] = [s for s in named if s.kind == SpanKind.SERVER]
        assert server.parent is not None and server.parent.span_id == client.context.span_id
        assert server.context.trace_id == client.context.trace_id
        assert client.attributes["rpc.grpc.status_code"] == server.attributes["rpc.grpc.status_code"] == code.value[0]
        assert client.status.status_code == (StatusCode.UNSET if code == grpc.StatusCode.OK else StatusCode.ERROR)


async def test_slow_unary_call_is_logged(addr: str, caplog) -> None:
    with caplog.at_level(logging.WARNING, logger="atelier.grpc"):
        assert await call(addr, "Slow", b"0.3") == b"done"
    assert any("slow rpc" in r.getMessage() and "/Slow" in r.getMessage() for r in caplog.records)


async def test_call_past_its_deadline_is_deadline_exceeded(addr: str) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await channel(addr).unary_unary(f"/{SERVICE}/Slow")(b"2", timeout=0.2)
    assert info.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED


async def test_a_unary_call_its_caller_gives_up_on_is_cancelled_on_the_server(addr: str) -> None:
    for what in ("started", "cancelled"):
        HANGING[f"one:{what}"] = asyncio.Event()
    waiting = asyncio.create_task(call(addr, "Hang", b"one"))
    await asyncio.wait_for(HANGING["one:started"].wait(), 10)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    await asyncio.wait_for(HANGING["one:cancelled"].wait(), 10)


async def test_reflection_lists_services(addr: str) -> None:
    stub = reflection_pb2_grpc.ServerReflectionStub(channel(addr))
    replies = stub.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(list_services="")]))
    async for reply in replies:
        names = {s.name for s in reply.list_services_response.service}
        break
    assert {SERVICE, "grpc.health.v1.Health"} <= names


async def health_of(ch: grpc.aio.Channel, service: str = "") -> int:
    reply = await health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(service=service), timeout=5)
    return reply.status


async def test_health_follows_ready_check_then_not_serving_on_shutdown() -> None:
    ready = asyncio.Event()

    async def ready_check() -> bool:
        return ready.is_set()

    server = await start_server(
        0, register, service_names=[SERVICE], ready_check=ready_check, host="127.0.0.1", check_interval_s=0.05
    )
    ch = new_channel(f"127.0.0.1:{server.port}")
    try:
        assert await health_of(ch) == health_pb2.HealthCheckResponse.NOT_SERVING
        assert await health_of(ch, SERVICE) == health_pb2.HealthCheckResponse.NOT_SERVING
        ready.set()  # the background check picks it up
        watch = health_pb2_grpc.HealthStub(ch).Watch(health_pb2.HealthCheckRequest(service=SERVICE))
        seen = []
        async for reply in watch:
            seen.append(reply.status)
            if reply.status == health_pb2.HealthCheckResponse.SERVING:
                break
        assert await health_of(ch) == health_pb2.HealthCheckResponse.SERVING
        # An in-flight call started before stop() still completes within the grace period.
        inflight = asyncio.ensure_future(ch.unary_unary(f"/{SERVICE}/Slow")(b"0.5", timeout=10))
        await asyncio.sleep(0.1)
        stopping = asyncio.ensure_future(server.stop(5))
        async for reply in watch:
            seen.append(reply.status)
            if reply.status == health_pb2.HealthCheckResponse.NOT_SERVING:
                break
        watch.cancel()
        assert seen[-1] == health_pb2.HealthCheckResponse.NOT_SERVING
        assert await inflight == b"done"
        await stopping
        with pytest.raises(grpc.aio.AioRpcError):
            await health_of(ch)
    finally:
        await ch.close()
        await server.stop(0)


async def test_failing_ready_check_means_not_serving() -> None:
    async def broken() -> bool:
        raise ConnectionError("redis down")

    server = await start_server(0, register, service_names=[SERVICE], ready_check=broken, host="127.0.0.1")
    ch = new_channel(f"127.0.0.1:{server.port}")
    try:
        assert server.ready is False
        assert await health_of(ch) == health_pb2.HealthCheckResponse.NOT_SERVING
    finally:
        await ch.close()
        await server.stop(0)
