"""Knowledge's calls to the indexer, which owns parsing: reading a table file's sheets, columns and
first rows for the table schema endpoints (after knowledge checked the caller's access)."""

from __future__ import annotations

from atelier_common.auth import internal_context
from atelier_common.errors import rpc_errors
from atelier_common.grpc.client import channel
from atelier_common.settings import Settings
from atelier_proto import indexer_pb2 as ipb
from atelier_proto import indexer_pb2_grpc
from atelier_proto import knowledge_pb2 as kpb


async def inspect_table(settings: Settings, *, file_type: str, tos_uri: str = "", content: str | None = None,
                        sheet: kpb.TableSheet | None = None, preview_rows: int = 0) -> ipb.InspectTableResponse:
    request = ipb.InspectTableRequest(tos_uri=tos_uri, file_type=file_type, preview_rows=preview_rows)
    if content is not None:
        request.content = content
    if sheet is not None:
        request.table_sheet.CopyFrom(sheet)
    stub = indexer_pb2_grpc.IndexerServiceStub(channel(settings.indexer_addr))
    with internal_context(), rpc_errors():
        return await stub.InspectTable(request, timeout=settings.grpc_deadline_s)
