"""The console's run log: a space's chat runs, filtered and paged newest first, and one run's whole
record (its messages, usage, timings, error, trace id)."""

from __future__ import annotations

from datetime import datetime

from atelier_common import paging
from atelier_common.auth import require_space
from atelier_common.errors import InvalidArgument, NotFound
from atelier_common.service import ServiceDeps
from atelier_conversation.domain import shapes
from atelier_conversation.domain.entities import Chat
from atelier_conversation.store import chats, conversations, messages
from atelier_proto import conversation_pb2 as cpb
from atelier_proto.enums import ChatStatus

DEFAULT_LIMIT = 20
MAX_LIMIT = 100
QUERY_CHARS = 200  # the list shows the question's start


def _ms(value: datetime | None) -> int:
    return int(value.timestamp() * 1000) if value is not None else 0


def record(row: Chat, query: str) -> cpb.RunRecord:
    finished = row.failed_at or (row.completed_at if row.status != ChatStatus.RequiresAction else None)
    out = cpb.RunRecord(
        id=row.id, conversation_id=row.conversation_id, bot_id=row.bot_id, user_id=row.user_id,
        status=row.status, created_at=_ms(row.created_at), finished_at=_ms(finished),
        latency_ms=_ms(finished) - _ms(row.created_at) if finished else 0,
        usage=cpb.Usage(input_count=row.input_tokens, output_count=row.output_tokens,
                        token_count=row.input_tokens + row.output_tokens),
        trace_id=row.trace_id, draft_mode=row.draft_mode, query=query[:QUERY_CHARS])
    if row.last_error_msg is not None:
        out.last_error.CopyFrom(cpb.LastError(code=row.last_error_code or 0, msg=row.last_error_msg))
    return out


def _bound(req: cpb.ListRunRecordsRequest, name: str) -> datetime | None:
    return paging.unix_time(getattr(req, name) if req.HasField(name) else None, name)


async def list_(deps: ServiceDeps, req: cpb.ListRunRecordsRequest) -> cpb.ListRunRecordsResponse:
    require_space(req.space_id)
    limit = paging.rows(req.limit if req.HasField("limit") else None, default=DEFAULT_LIMIT, max_value=MAX_LIMIT)
    status = req.status or None
    if status is not None and status not in {s.value for s in ChatStatus}:
        raise InvalidArgument(f"status {status!r} is none of {', '.join(s.value for s in ChatStatus)}")
    rows = await chats.in_space(
        deps.pool, req.space_id, bot_id=req.bot_id or None, status=status, user_id=req.user_id or None,
        conversation_id=req.conversation_id or None, since=_bound(req, "start_time"), until=_bound(req, "end_time"),
        before_id=paging.id_cursor(req.cursor), limit=limit + 1)
    more = len(rows) > limit
    rows = rows[:limit]
    return cpb.ListRunRecordsResponse(data=[record(row, query) for row, query in rows], has_more=more,
                                      next_cursor=str(rows[-1][0].id) if more else "")


async def get(deps: ServiceDeps, req: cpb.GetRunRecordRequest) -> cpb.GetRunRecordResponse:
    require_space(req.space_id)
    row = await chats.get(deps.pool, req.chat_id)
    conv = await conversations.get(deps.pool, row.conversation_id) if row else None
    if row is None or conv is None or conv.space_id != req.space_id:
        raise NotFound(f"chat run {req.chat_id} not found in space {req.space_id}")
    rows = await messages.of_chat(deps.pool, row.id, include_question=True)
    question = next((m.content for m in rows if m.id == row.question_id), "")
    return cpb.GetRunRecordResponse(data=record(row, question), messages=[shapes.console_message(m) for m in rows])
