"""The x-atelier-sent-empty metadata entry: written by the gateway, read by a service's handler."""

from __future__ import annotations

import grpc
from grpc_health.v1 import health_pb2

from atelier_common.grpc.server import start_server
from atelier_common.sent_empty import SENT_EMPTY_KEY, sent_empty, to_metadata


def test_paths_travel_as_one_entry_and_read_back_under_a_field() -> None:
    md = to_metadata({"bot_info.workflow_info_list", "bot_info.plugin_info_list", "tags"})
    assert len(md) == 1 and md[0][0] == SENT_EMPTY_KEY
    assert sent_empty(md) == {"bot_info.workflow_info_list", "bot_info.plugin_info_list", "tags"}
    assert sent_empty(md, under="bot_info") == {"workflow_info_list", "plugin_info_list"}
    assert sent_empty(dict(md), under="bot") == frozenset()  # a prefix of a name is not its parent
    assert to_metadata([]) == [] and sent_empty(None) == frozenset() and sent_empty([]) == frozenset()


async def test_a_handler_reads_the_entry_from_its_servicer_context() -> None:
    seen: list[frozenset[str]] = []

    async def check(request: health_pb2.HealthCheckRequest, context: grpc.aio.ServicerContext):
        seen.append(sent_empty(context, under="bot_info"))
        return health_pb2.HealthCheckResponse(status=health_pb2.HealthCheckResponse.SERVING)

    def register(server: grpc.aio.Server) -> None:
        handler = grpc.unary_unary_rpc_method_handler(
            check, request_deserializer=health_pb2.HealthCheckRequest.FromString,
            response_serializer=health_pb2.HealthCheckResponse.SerializeToString)
        server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler("test.Probe", {"Check": handler})])

    server = await start_server(0, register, host="127.0.0.1")
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{server.port}") as channel:
            call = channel.unary_unary("/test.Probe/Check",
                                       request_serializer=health_pb2.HealthCheckRequest.SerializeToString,
                                       response_deserializer=health_pb2.HealthCheckResponse.FromString)
            await call(health_pb2.HealthCheckRequest(), metadata=to_metadata(["bot_info.variable_list"]))
            await call(health_pb2.HealthCheckRequest())
    finally:
        await server.stop(0)
    assert seen == [frozenset({"variable_list"}), frozenset()]
