"""Calls the owner service of a route over gRPC with generic multicallables (no per-service stubs).

Metadata: the caller's user id and space ids (atelier_common.auth.to_metadata), the W3C
traceparent, and the paths of the list/map fields the body sent empty (atelier_common.sent_empty).
Unary calls get settings.grpc_deadline_s, streams settings.stream_deadline_s.
Failures propagate as grpc.RpcError; the error handlers map them with from_rpc_error.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import grpc
from google.protobuf.message import Message

from atelier_common import sent_empty
from atelier_common.auth import RequestContext, to_metadata
from atelier_common.settings import Settings
from atelier_gateway.routing import Route

log = logging.getLogger("atelier.gateway.forwarding")

ChannelFactory = Callable[[str], grpc.aio.Channel]


def default_channel_factory() -> ChannelFactory:
    try:
        from atelier_common.grpc.client import channel
    except ImportError:  # pragma: no cover - only while atelier_common is incomplete
        log.warning("atelier_common.grpc.client unavailable; using plain channels without interceptors")
        return _plain_channel
    return channel


_plain: dict[str, tuple[asyncio.AbstractEventLoop, grpc.aio.Channel]] = {}


def _plain_channel(addr: str) -> grpc.aio.Channel:
    loop = asyncio.get_running_loop()
    cached = _plain.get(addr)
    if cached is None or cached[0] is not loop:
        cached = (loop, grpc.aio.insecure_channel(addr))
        _plain[addr] = cached
    return cached[1]


def _trace_metadata(traceparent: str | None) -> list[tuple[str, str]]:
    carrier: dict[str, str] = {}
    try:
        from atelier_common import telemetry

        telemetry.inject(carrier)
    except Exception:  # noqa: BLE001 - tracing must never fail a request
        carrier = {}
    if "traceparent" not in carrier and traceparent:
        carrier["traceparent"] = traceparent  # no local span: pass the client's trace on unchanged
    return [(k, v) for k, v in carrier.items() if k in ("traceparent", "tracestate")]


class Forwarder:
    def __init__(self, settings: Settings, channel_factory: ChannelFactory | None = None) -> None:
        self.settings = settings
        self.channel_factory = channel_factory or default_channel_factory()
        self._callables: dict[tuple[str, str], tuple[grpc.aio.Channel, Any]] = {}

    def _channel(self, route: Route) -> grpc.aio.Channel:
        return self.channel_factory(self.settings.service_addr(route.service))

    def _callable(self, route: Route, kind: str) -> Any:
        """The route's multicallable (kind: unary_unary | unary_stream) on its channel, made once per
        channel rather than per request."""
        ch = self._channel(route)
        key = (route.grpc_path, kind)
        cached = self._callables.get(key)
        if cached is None or cached[0] is not ch:
            made = getattr(ch, kind)(route.grpc_path, request_serializer=route.request_cls.SerializeToString,
                                     response_deserializer=route.response_cls.FromString)
            cached = self._callables[key] = (ch, made)
        return cached[1]

    def metadata(
        self, ctx: RequestContext, traceparent: str | None, empty_paths: frozenset[str] = frozenset()
    ) -> list[tuple[str, str]]:
        return to_metadata(ctx) + _trace_metadata(traceparent) + sent_empty.to_metadata(empty_paths)

    async def unary(
        self,
        route: Route,
        request: Message,
        ctx: RequestContext,
        traceparent: str | None = None,
        empty_paths: frozenset[str] = frozenset(),
    ) -> Message:
        call = self._callable(route, "unary_unary")
        return await call(
            request, timeout=self.settings.grpc_deadline_s, metadata=self.metadata(ctx, traceparent, empty_paths)
        )

    def stream(
        self,
        route: Route,
        request: Message,
        ctx: RequestContext,
        traceparent: str | None = None,
        empty_paths: frozenset[str] = frozenset(),
    ) -> grpc.aio.UnaryStreamCall:
        call = self._callable(route, "unary_stream")
        return call(
            request, timeout=self.settings.stream_deadline_s, metadata=self.metadata(ctx, traceparent, empty_paths)
        )
