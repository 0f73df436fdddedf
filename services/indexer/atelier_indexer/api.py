"""gRPC servicer of the indexer: parsing offered to the other services (internal RPCs)."""

from __future__ import annotations

from atelier_common.outbound import Fetcher
from atelier_common.service import ServiceDeps
from atelier_indexer import extraction, table_files
from atelier_proto import indexer_pb2 as ipb
from atelier_proto import indexer_pb2_grpc


class IndexerService(indexer_pb2_grpc.IndexerServiceServicer):
    def __init__(self, deps: ServiceDeps, fetcher: Fetcher) -> None:
        self.deps = deps
        self.fetcher = fetcher  # the process's guarded client (IndexerContext's)

    async def ExtractText(self, req: ipb.ExtractTextRequest, context) -> ipb.ExtractTextResponse:
        return await extraction.extract_text(self.deps, self.fetcher, req)

    async def InspectTable(self, req: ipb.InspectTableRequest, context) -> ipb.InspectTableResponse:
        return await table_files.inspect_table(self.deps, req)
