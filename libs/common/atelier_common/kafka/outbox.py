"""Transactional outbox: record an event in the same transaction as the change it announces.

The event exists if and only if the transaction commits; the relay (relay.py) publishes it later.
"""

from __future__ import annotations

import json
import uuid

import asyncpg
from google.protobuf.message import Message

from atelier_common.telemetry import inject


def notify_channel(schema: str) -> str:
    return f"outbox_{schema}"


async def enqueue(
    conn: asyncpg.Connection,
    *,
    topic: str,
    key: bytes | str,
    event_type: str,
    payload: bytes | Message,
    event_id: str | None = None,
) -> str:
    """Insert an outbox row (call inside the caller's transaction); returns the event id."""
    if not conn.is_in_transaction():
        raise RuntimeError("outbox.enqueue must run inside the transaction that makes the change")
    event_id = event_id or uuid.uuid4().hex
    trace_context: dict[str, str] = {}
    inject(trace_context)
    data = payload.SerializeToString() if isinstance(payload, Message) else payload
    schema = await conn.fetchval("SELECT current_schema()")
    await conn.execute(
        "INSERT INTO outbox (event_id, topic, key, event_type, payload, headers) VALUES ($1, $2, $3, $4, $5, $6::jsonb)",
        event_id,
        topic,
        key.encode() if isinstance(key, str) else key,
        event_type,
        data,
        json.dumps(trace_context),
    )
    # Delivered only on commit, so the relay wakes exactly when there is something to send.
    await conn.execute("SELECT pg_notify($1, '')", notify_channel(schema))
    return event_id
