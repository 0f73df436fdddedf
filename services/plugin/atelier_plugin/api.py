"""gRPC servicer of the plugin service.

RPCs not overridden here answer UNIMPLEMENTED (the generated base class does that), which the
gateway renders as HTTP 501 {"code","msg"}.
"""

from __future__ import annotations

from atelier_common.service import ServiceDeps
from atelier_proto import plugin_pb2_grpc


class PluginService(plugin_pb2_grpc.PluginServiceServicer):
    def __init__(self, deps: ServiceDeps) -> None:
        self.deps = deps
