"""gRPC servicer of the conversation service.

RPCs not overridden here answer UNIMPLEMENTED (the generated base class does that), which the
gateway renders as HTTP 501 {"code","msg"}.
"""

from __future__ import annotations

from atelier_common.service import ServiceDeps
from atelier_proto import conversation_pb2_grpc


class ConversationService(conversation_pb2_grpc.ConversationServiceServicer):
    def __init__(self, deps: ServiceDeps) -> None:
        self.deps = deps
