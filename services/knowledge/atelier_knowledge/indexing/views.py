"""Rows -> the messages the indexer works from."""

from __future__ import annotations

import asyncpg

from atelier_knowledge.domain.strategy import chunk_strategy_from_json, parsing_strategy_from_json
from atelier_knowledge.embedders import index_key
from atelier_knowledge.store import embedder_switches, tables
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import FormatType

Conn = asyncpg.Connection | asyncpg.Pool


async def dataset(conn: Conn, row: asyncpg.Record) -> kpb.IndexingDataset:
    """Where the dataset's slices go: its index, a running switch's, every index it had."""
    dataset_id = row["id"]
    msg = kpb.IndexingDataset(
        dataset_id=dataset_id, space_id=row["space_id"], live=row["deleted_at"] is None,
        format_type=row["format_type"], embedding_model=row["embedding_model"],
        embedding_dimension=row["embedding_dimension"], index_key=index_key(row),
    )
    running = await embedder_switches.running(conn, dataset_id)
    if running is not None:
        msg.running_switch.CopyFrom(kpb.IndexingSwitch(switch_id=running.id, to_model=running.to_model,
                                                       dimension=running.dimension,
                                                       last_document=running.last_document))
    keys = [index_key(row), dataset_id, *await embedder_switches.all_ids(conn, dataset_id)]
    msg.all_index_keys.extend(dict.fromkeys(keys))
    if row["format_type"] == FormatType.Table:
        msg.columns.extend(c.to_proto() for c in await tables.get_columns(conn, dataset_id) or [])
    return msg


def document(row: asyncpg.Record) -> kpb.IndexingDocument:
    msg = kpb.IndexingDocument(
        document_id=row["id"], dataset_id=row["dataset_id"], space_id=row["space_id"], name=row["name"],
        file_type=row["file_type"], source_type=row["source_type"], tos_uri=row["tos_uri"], size=row["size"],
        web_url=row["web_url"], content_hash=row["content_hash"], caption=row["caption"],
        chunk_strategy=chunk_strategy_from_json(row["chunk_strategy"]),
        parsing_strategy=parsing_strategy_from_json(row["parsing_strategy"]),
    )
    sheet = row["table_sheet"] or {}
    if any(k in sheet for k in ("sheet_id", "header_line_idx", "start_line_idx")):
        msg.table_sheet.CopyFrom(kpb.TableSheet(sheet_id=int(sheet.get("sheet_id", 0)),
                                                header_line_idx=int(sheet.get("header_line_idx", 0)),
                                                start_line_idx=int(sheet.get("start_line_idx", 0) or 0)))
    for meta in sheet.get("table_meta") or []:
        column = kpb.TableColumn(column_name=str(meta.get("column_name", "")),
                                 is_semantic=bool(meta.get("is_semantic", False)),
                                 sequence=int(meta.get("sequence", 0)), desc=str(meta.get("desc", "")))
        if meta.get("column_type"):
            column.column_type = int(meta["column_type"])
        msg.table_meta.append(column)
    return msg
