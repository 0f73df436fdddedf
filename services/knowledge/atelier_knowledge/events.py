"""Knowledge events written through the outbox (topic `knowledge`, keyed by document id so one
document's events stay in order on one partition; dataset-wide events are keyed by dataset id)."""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg
from google.protobuf.message import Message

from atelier_common.kafka import outbox
from atelier_proto import events_pb2 as epb

TOPIC = "knowledge"


def event_type(event: Message) -> str:
    return type(event).DESCRIPTOR.name


async def publish(conn: asyncpg.Connection, key: int, event: Message) -> str:
    return await outbox.enqueue(conn, topic=TOPIC, key=str(key), event_type=event_type(event), payload=event)


async def index_document(conn: asyncpg.Connection, *, dataset_id: int, document_id: int) -> str:
    return await publish(conn, document_id, epb.IndexDocument(dataset_id=dataset_id, document_id=document_id))


async def index_slice(conn: asyncpg.Connection, *, dataset_id: int, document_id: int, slice_id: int) -> str:
    event = epb.IndexSlice(dataset_id=dataset_id, document_id=document_id, slice_id=slice_id)
    return await publish(conn, document_id, event)


async def delete_data(conn: asyncpg.Connection, *, dataset_id: int, document_ids: Sequence[int] = (),
                      slice_ids: Sequence[int] = (), key: int | None = None) -> str:
    event = epb.DeleteKnowledgeData(dataset_id=dataset_id, document_ids=list(document_ids), slice_ids=list(slice_ids))
    return await publish(conn, key if key is not None else (document_ids[0] if len(document_ids) == 1 else dataset_id), event)
