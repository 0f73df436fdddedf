"""Entities -> the messages the indexer works from."""

from __future__ import annotations

import asyncpg

from atelier_knowledge.domain.entities import Dataset, Document
from atelier_knowledge.domain.strategy import chunk_strategy_from_json, parsing_strategy_from_json
from atelier_knowledge.embedders import index_key
from atelier_knowledge.store import embedder_switches, tables
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import EmbedderSwitchStatus, FormatType

Conn = asyncpg.Connection | asyncpg.Pool


async def dataset(conn: Conn, ds: Dataset) -> kpb.IndexingDataset:
    """Where the dataset's slices go: its index, a running switch's, every index it had."""
    dataset_id = ds.id
    msg = kpb.IndexingDataset(
        dataset_id=dataset_id, space_id=ds.space_id, live=ds.live,
        format_type=ds.format_type, embedding_model=ds.embedding_model,
        embedding_dimension=ds.embedding_dimension, index_key=index_key(ds),
    )
    switches = await embedder_switches.of_dataset(conn, dataset_id)  # one query: read for every document
    running = next((s for s in switches if s.status == EmbedderSwitchStatus.Running), None)
    if running is not None:
        msg.running_switch.CopyFrom(kpb.IndexingSwitch(switch_id=running.id, to_model=running.to_model,
                                                       dimension=running.dimension,
                                                       last_document=running.last_document))
    keys = [index_key(ds), dataset_id, *(s.id for s in switches)]
    msg.all_index_keys.extend(dict.fromkeys(keys))
    if ds.format_type == FormatType.Table:
        msg.columns.extend(c.to_proto() for c in await tables.get_columns(conn, dataset_id) or [])
    return msg


def document(doc: Document) -> kpb.IndexingDocument:
    msg = kpb.IndexingDocument(
        document_id=doc.id, dataset_id=doc.dataset_id, space_id=doc.space_id, name=doc.name,
        file_type=doc.file_type, source_type=doc.source_type, tos_uri=doc.tos_uri, size=doc.size,
        web_url=doc.web_url, content_hash=doc.content_hash, caption=doc.caption,
        chunk_strategy=chunk_strategy_from_json(doc.chunk_strategy),
        parsing_strategy=parsing_strategy_from_json(doc.parsing_strategy),
    )
    sheet = doc.table_sheet or {}
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
