"""gRPC servicer of the knowledge service.

RPCs not overridden here answer UNIMPLEMENTED (the generated base class does that), which the
gateway renders as HTTP 501 {"code","msg"}.
"""

from __future__ import annotations

from atelier_common.service import ServiceDeps
from atelier_proto import knowledge_pb2_grpc


class KnowledgeService(knowledge_pb2_grpc.KnowledgeServiceServicer):
    def __init__(self, deps: ServiceDeps) -> None:
        self.deps = deps
