"""Table datasets' schema endpoints: preview a file's sheets/columns, validate a file against the
dataset's schema. The file is read by the indexer (InspectTable: parsing is its job)."""

from __future__ import annotations

from atelier_common.auth import require_space
from atelier_common.errors import InvalidArgument
from atelier_common.service import ServiceDeps
from atelier_knowledge import access, indexer, uploads
from atelier_knowledge.domain.file_types import file_type_of
from atelier_knowledge.store import tables
from atelier_proto import indexer_pb2 as ipb
from atelier_proto import knowledge_pb2 as kpb

PREVIEW_ROWS = 20


async def _inspect_source(deps: ServiceDeps, source: kpb.SourceInfo, space_id: int | None,
                          sheet: kpb.TableSheet | None, preview_rows: int) -> ipb.InspectTableResponse:
    if source.HasField("custom_content") and source.custom_content:
        return await indexer.inspect_table(deps.settings, file_type="json", content=source.custom_content, sheet=sheet,
                                           preview_rows=preview_rows)
    if not source.tos_uri:
        raise InvalidArgument("source_file needs tos_uri or custom_content")
    if space_id is not None:
        await uploads.require(deps, source.tos_uri, space_id, "source_file.tos_uri")
    return await indexer.inspect_table(deps.settings, file_type=file_type_of(source.tos_uri, source.file_type),
                                       tos_uri=source.tos_uri, sheet=sheet, preview_rows=preview_rows)


def _stored_sheet(table_sheet: dict | None) -> kpb.TableSheet | None:
    if not table_sheet:
        return None
    return kpb.TableSheet(sheet_id=table_sheet.get("sheet_id", 0), header_line_idx=table_sheet.get("header_line_idx", 0),
                          start_line_idx=table_sheet.get("start_line_idx", 1))


async def get_schema(deps: ServiceDeps, req: kpb.GetTableSchemaRequest) -> kpb.GetTableSchemaResponse:
    sheet = req.table_sheet if req.HasField("table_sheet") else None
    preview_rows = 0 if req.table_data_type == kpb.TABLE_DATA_TYPE_ONLY_SCHEMA else PREVIEW_ROWS
    if req.HasField("source_file"):
        space_id = req.space_id if req.HasField("space_id") else None
        if space_id is not None:
            require_space(space_id)
        found = await _inspect_source(deps, req.source_file, space_id, sheet, preview_rows)
    elif req.HasField("document_id"):
        doc = await access.document(deps.pool, req.document_id)
        columns = await tables.get_columns(deps.pool, doc.dataset_id)
        if columns is not None and req.table_data_type == kpb.TABLE_DATA_TYPE_ONLY_SCHEMA:
            return kpb.GetTableSchemaResponse(table_meta=[c.to_proto() for c in columns])
        found = await indexer.inspect_table(deps.settings, file_type=doc.file_type, tos_uri=doc.tos_uri,
                                            sheet=sheet or _stored_sheet(doc.table_sheet), preview_rows=preview_rows)
    else:
        raise InvalidArgument("source_file or document_id is required")
    resp = kpb.GetTableSchemaResponse(sheet_list=found.sheets)
    if req.table_data_type != kpb.TABLE_DATA_TYPE_ONLY_PREVIEW:
        resp.table_meta.extend(found.columns)
    if req.table_data_type != kpb.TABLE_DATA_TYPE_ONLY_SCHEMA:
        resp.preview_data.extend(found.preview)
    return resp


async def validate(deps: ServiceDeps, req: kpb.ValidateTableSchemaRequest) -> dict[str, str]:
    """column name -> problem ("" when the column is fine); a top-level problem goes under "_"."""
    doc = await access.document(deps.pool, req.document_id)
    columns = await tables.get_columns(deps.pool, doc.dataset_id)
    if columns is None:
        raise InvalidArgument(f"dataset {doc.dataset_id} has no table schema yet")
    if not req.HasField("source_file"):
        raise InvalidArgument("source_file is required")
    found = await _inspect_source(deps, req.source_file, doc.space_id,
                                  req.table_sheet if req.HasField("table_sheet") else None, preview_rows=0)
    names = [c.column_name for c in found.columns]
    result = {c.column_name: "" for c in columns}
    for name in result:
        if name not in names:
            result[name] = "missing from the file"
    for name in names:
        if name not in result:
            result[name] = "not in the table schema"
    return result
