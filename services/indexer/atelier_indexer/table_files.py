"""InspectTable (internal): a table file's sheets, its columns with inferred types and its first
rows, for knowledge's table schema endpoints (parsing is the indexer's job)."""

from __future__ import annotations

import asyncio

from atelier_common.auth import require_internal
from atelier_common.errors import InvalidArgument, NotFound
from atelier_common.service import ServiceDeps
from atelier_common.storage import ObjectNotFound
from atelier_indexer.domain.table_rows import infer_columns
from atelier_indexer.parsing import ParseError, list_sheets, parse_table
from atelier_proto import base_pb2
from atelier_proto import indexer_pb2 as ipb
from atelier_proto import knowledge_pb2 as kpb

MAX_PREVIEW_ROWS = 1000


async def inspect_table(deps: ServiceDeps, req: ipb.InspectTableRequest) -> ipb.InspectTableResponse:
    require_internal()
    if not 0 <= req.preview_rows <= MAX_PREVIEW_ROWS:
        raise InvalidArgument(f"preview_rows must be between 0 and {MAX_PREVIEW_ROWS}")
    if req.HasField("content"):
        data, file_type = req.content.encode(), req.file_type or "json"
    elif req.tos_uri:
        try:
            data, file_type = await deps.storage.get(req.tos_uri), req.file_type
        except ObjectNotFound:
            raise NotFound(f"source_file.tos_uri '{req.tos_uri}' does not exist") from None
    else:
        raise InvalidArgument("tos_uri or content is required")
    sheet = req.table_sheet if req.HasField("table_sheet") else None

    def parse() -> ipb.InspectTableResponse:
        table = parse_table(data, file_type, sheet_index=sheet.sheet_id if sheet else 0,
                            header_line=sheet.header_line_idx if sheet else 0,
                            start_line=sheet.start_line_idx if sheet and sheet.start_line_idx else 1)
        reply = ipb.InspectTableResponse()
        for s in list_sheets(data, file_type):
            reply.sheets.append(kpb.DocTableSheet(id=s.index, sheet_name=s.name, total_row=s.total_rows))
        for i, col in enumerate(infer_columns(table.columns, table.rows)):
            reply.columns.append(kpb.TableColumn(id=i, column_name=col.column_name, is_semantic=col.is_semantic,
                                                 sequence=i, column_type=col.column_type, desc=""))
        for row in table.rows[:req.preview_rows]:
            reply.preview.append(base_pb2.StringMap(values=dict(zip(table.columns, row, strict=True))))
        return reply

    try:
        return await asyncio.to_thread(parse)
    except ParseError as exc:
        raise InvalidArgument(exc.reason) from None
