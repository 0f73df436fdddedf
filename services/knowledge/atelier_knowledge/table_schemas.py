"""Table datasets' schema endpoints: preview a file's sheets/columns, validate a file against the
dataset's schema."""

from __future__ import annotations

import asyncio

from atelier_common.errors import InvalidArgument, NotFound
from atelier_common.service import ServiceDeps
from atelier_knowledge import access
from atelier_knowledge.domain.file_types import file_type_of
from atelier_knowledge.domain.table_schema import SchemaMismatch, check_same_columns, infer_columns
from atelier_knowledge.parsing import ParseError, TableData, list_sheets, parse_table
from atelier_knowledge.store import tables
from atelier_proto import base_pb2
from atelier_proto import knowledge_pb2 as kpb

PREVIEW_ROWS = 20


async def _source_bytes(deps: ServiceDeps, source: kpb.SourceInfo, space_id: int | None) -> tuple[bytes, str]:
    if source.HasField("custom_content") and source.custom_content:
        return source.custom_content.encode(), "json"
    if not source.tos_uri:
        raise InvalidArgument("source_file needs tos_uri or custom_content")
    if space_id is not None and not source.tos_uri.startswith(f"uploads/{space_id}/"):
        raise InvalidArgument("source_file.tos_uri is not an upload of this space")
    from atelier_common.storage import ObjectNotFound

    try:
        data = await deps.storage.get(source.tos_uri)
    except ObjectNotFound:
        raise NotFound(f"source_file.tos_uri '{source.tos_uri}' does not exist") from None
    return data, file_type_of(source.tos_uri, source.file_type)


async def _parse(data: bytes, file_type: str, sheet: kpb.TableSheet | None) -> TableData:
    try:
        return await asyncio.to_thread(
            parse_table, data, file_type,
            sheet_index=sheet.sheet_id if sheet else 0,
            header_line=sheet.header_line_idx if sheet else 0,
            start_line=sheet.start_line_idx if sheet and sheet.start_line_idx else 1,
        )
    except ParseError as exc:
        raise InvalidArgument(exc.reason) from None


async def get_schema(deps: ServiceDeps, req: kpb.GetTableSchemaRequest) -> kpb.GetTableSchemaResponse:
    sheet = req.table_sheet if req.HasField("table_sheet") else None
    if req.HasField("source_file"):
        space_id = req.space_id if req.HasField("space_id") else None
        if space_id is not None:
            from atelier_common.auth import require_space

            require_space(space_id)
        data, file_type = await _source_bytes(deps, req.source_file, space_id)
    elif req.HasField("document_id"):
        doc = await access.document(deps.pool, req.document_id)
        data, file_type = await deps.storage.get(doc["tos_uri"]), doc["file_type"]
        if sheet is None and doc["table_sheet"]:
            ts = doc["table_sheet"]
            sheet = kpb.TableSheet(sheet_id=ts.get("sheet_id", 0), header_line_idx=ts.get("header_line_idx", 0),
                                   start_line_idx=ts.get("start_line_idx", 1))
        columns = await tables.get_columns(deps.pool, doc["dataset_id"])
        if columns is not None and req.table_data_type == kpb.TABLE_DATA_TYPE_ONLY_SCHEMA:
            return kpb.GetTableSchemaResponse(table_meta=[c.to_proto() for c in columns])
    else:
        raise InvalidArgument("source_file or document_id is required")
    table = await _parse(data, file_type, sheet)
    try:
        sheets = await asyncio.to_thread(list_sheets, data, file_type)
    except ParseError as exc:
        raise InvalidArgument(exc.reason) from None
    resp = kpb.GetTableSchemaResponse()
    for s in sheets:
        resp.sheet_list.append(kpb.DocTableSheet(id=s.index, sheet_name=s.name, total_row=s.total_rows))
    if req.table_data_type != kpb.TABLE_DATA_TYPE_ONLY_PREVIEW:
        for i, col in enumerate(infer_columns(table.columns, table.rows)):
            resp.table_meta.append(kpb.TableColumn(id=i, column_name=col["column_name"], is_semantic=col["is_semantic"],
                                                   sequence=i, column_type=col["column_type"], desc=""))
    if req.table_data_type != kpb.TABLE_DATA_TYPE_ONLY_SCHEMA:
        for row in table.rows[:PREVIEW_ROWS]:
            resp.preview_data.append(base_pb2.StringMap(values=dict(zip(table.columns, row, strict=True))))
    return resp


async def validate(deps: ServiceDeps, req: kpb.ValidateTableSchemaRequest) -> dict[str, str]:
    """column name -> problem ("" when the column is fine); a top-level problem goes under "_"."""
    doc = await access.document(deps.pool, req.document_id)
    columns = await tables.get_columns(deps.pool, doc["dataset_id"])
    if columns is None:
        raise InvalidArgument(f"dataset {doc['dataset_id']} has no table schema yet")
    if not req.HasField("source_file"):
        raise InvalidArgument("source_file is required")
    data, file_type = await _source_bytes(deps, req.source_file, doc["space_id"])
    table = await _parse(data, file_type, req.table_sheet if req.HasField("table_sheet") else None)
    result = {c.column_name: "" for c in columns}
    for name in result:
        if name not in table.columns:
            result[name] = "missing from the file"
    for name in table.columns:
        if name not in result:
            result[name] = "not in the table schema"
    try:
        check_same_columns(columns, table.columns)
    except SchemaMismatch:
        pass  # already itemised per column above
    return result
