"""Server-streaming RPC -> text/event-stream, as the route's IDL annotations say.

Each stream message is one SSE event made of the response fields marked api.sse (the route's
`stream.sse`): the `event` field names it ("message" when empty or undeclared), the `data` field
is written verbatim, the `id` field (when declared and set) is the `id:` line. A response with no
api.sse fields is sent as events named "message" whose data is the message JSON. An error before
the first message becomes an ordinary HTTP error response; an error mid-stream becomes an `error`
event with {code, msg} and the stream ends. When the client disconnects, Starlette cancels the
body iterator and the gRPC call is cancelled with it.

A request whose api.stream_switch field (the route's `stream.switch`, e.g. /v3/chat's `stream`)
is false or absent gets a JSON answer instead: the service decides what it is and sends it as a
single event (json_answer).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import grpc
from google.protobuf.message import Message
from starlette.responses import JSONResponse, StreamingResponse

from atelier_common.errors import Internal, class_for_http, from_rpc_error
from atelier_gateway.routing import Sse, Stream
from atelier_gateway.transcoding import to_dict

SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no", "Connection": "keep-alive"}


def format_event(event: str, data: str, event_id: str = "") -> bytes:
    """One SSE frame; multi-line data becomes several data: lines (the SSE spec joins them back)."""
    lines = [f"id: {event_id}"] if event_id else []
    lines += [f"event: {event}"] + [f"data: {line}" for line in data.split("\n")]
    return ("\n".join(lines) + "\n\n").encode()


def _text(msg: Message, field: str | None) -> str:
    return getattr(msg, field) if field is not None else ""


def encode_message(msg: Message, sse: Sse | None) -> bytes:
    if sse is None:
        return format_event("message", json.dumps(to_dict(msg), ensure_ascii=False))
    return format_event(_text(msg, sse.event) or "message", _text(msg, sse.data), _text(msg, sse.id))


def _error_event(err: Any) -> bytes:
    return format_event("error", json.dumps(err.to_dict(), ensure_ascii=False))


async def sse_response(call: grpc.aio.UnaryStreamCall, sse: Sse | None) -> StreamingResponse:
    """Reads the first message here so that early failures (UNIMPLEMENTED, UNAVAILABLE, bad
    argument) are real HTTP errors; raises grpc.RpcError for those."""
    try:
        first = await call.read()
    except BaseException:
        call.cancel()
        raise

    async def body() -> AsyncIterator[bytes]:
        try:
            msg = first
            while msg is not grpc.aio.EOF:
                yield encode_message(msg, sse)
                try:
                    msg = await call.read()
                except grpc.RpcError as e:
                    yield _error_event(from_rpc_error(e))
                    return
        finally:
            call.cancel()  # no-op when finished; stops the server's work when the client left

    return StreamingResponse(body(), media_type="text/event-stream", headers=SSE_HEADERS)


def wants_json(request: Message, stream: Stream) -> bool:
    """The request asked not to stream: its api.stream_switch field is false or absent (Coze's
    default for /v3/chat)."""
    return stream.switch is not None and not getattr(request, stream.switch)


async def json_answer(call: grpc.aio.UnaryStreamCall, sse: Sse) -> JSONResponse:
    """The answer of a stream that was asked not to stream: the service sends one event whose data
    is the answer's `data` (for /v3/chat the chat, still in progress: the service goes on working
    without us) and ends. Answered as soon as that event arrives, so no HTTP request waits for a
    whole chat. An `error` event becomes the HTTP error it describes; failures of the call raise
    grpc.RpcError."""
    try:
        msg = await call.read()
    finally:
        call.cancel()  # no-op once the service ended the stream
    if msg is grpc.aio.EOF:
        raise Internal("the service answered nothing")
    data = _text(msg, sse.data)
    if _text(msg, sse.event) == "error":
        try:
            err = json.loads(data)
            code, text = int(err.get("code", 500)), str(err.get("msg", ""))
        except (ValueError, AttributeError):
            raise Internal() from None
        cls = class_for_http(code) if 400 <= code < 600 else Internal
        raise cls(text or None, code)
    try:
        answer = json.loads(data) if data else None
    except ValueError:
        raise Internal("the service answered malformed JSON") from None
    return JSONResponse({"code": 0, "msg": "", "data": answer})
