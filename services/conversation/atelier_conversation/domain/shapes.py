"""Entities -> the wire shapes of idl/conversation.thrift (Coze's field names). Pure: no I/O.

Storage keeps the IDL's enum spellings
(`cancelled`); the public OpenAPI shapes rendered here use Coze's (`canceled`)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from atelier_conversation.domain.entities import Chat, Conversation, Message
from atelier_proto import conversation_pb2 as cpb
from atelier_proto.enums import ChatStatus, MessageStatus


def seconds(value: datetime | None) -> int:
    return int(value.timestamp()) if value is not None else 0


def conversation(row: Conversation) -> cpb.ConversationData:
    return cpb.ConversationData(id=row.id, created_at=seconds(row.created_at), meta_data=dict(row.meta_data),
                                creator_id=row.creator_id, connector_id=row.connector_id,
                                last_section_id=row.section_id, name=row.name, bot_id=row.bot_id)


# Stored chat status -> the spelling of Coze's public OpenAPI (and cozepy's ChatStatus).
PUBLIC_STATUS = {ChatStatus.Cancelled: "canceled"}


def public_status(status: str) -> str:
    return PUBLIC_STATUS.get(status, status)


def required_action(tool_calls: list[Mapping[str, str]]) -> cpb.RequiredAction:
    calls = [cpb.InterruptPlugin(id=c["id"], type="function",
                                 function_call=cpb.InterruptFunction(name=c["name"], arguments=c["arguments"]),
                                 authorization_url=c.get("authorization_url") or None)
             for c in tool_calls]
    return cpb.RequiredAction(type="submit_tool_outputs", submit_tool_outputs=cpb.SubmitToolOutputs(tool_calls=calls))


def chat(row: Chat) -> cpb.ChatV3ChatDetail:
    detail = cpb.ChatV3ChatDetail(id=row.id, conversation_id=row.conversation_id, bot_id=row.bot_id,
                                  created_at=seconds(row.created_at), status=public_status(row.status),
                                  meta_data=dict(row.meta_data), section_id=row.section_id)
    if row.completed_at is not None:
        detail.completed_at = seconds(row.completed_at)
    if row.failed_at is not None:
        detail.failed_at = seconds(row.failed_at)
    if row.last_error_msg is not None:
        detail.last_error.CopyFrom(cpb.LastError(code=row.last_error_code or 0, msg=row.last_error_msg))
    if row.status == ChatStatus.RequiresAction and row.required_action:
        detail.required_action.CopyFrom(required_action(row.required_action))
    if row.status in (ChatStatus.Completed, ChatStatus.Failed, ChatStatus.Cancelled, ChatStatus.RequiresAction):
        detail.usage.CopyFrom(cpb.Usage(input_count=row.input_tokens, output_count=row.output_tokens,
                                        token_count=row.input_tokens + row.output_tokens))
    return detail


def sources(row: Message) -> list[cpb.MessageSource]:
    """The passages an answer cites (stored as the agent's citations event gave them)."""
    out = []
    for s in row.sources:
        out.append(cpb.MessageSource(
            id=str(s.get("id", "")), dataset_id=_int(s.get("dataset_id")), dataset_name=str(s.get("dataset_name", "")),
            document_id=_int(s.get("document_id")), document_name=str(s.get("document_name", "")),
            slice_id=_int(s.get("slice_id")), snippet=str(s.get("snippet", "")), url=str(s.get("url", "")),
            score=float(s.get("score") or 0.0)))
    return out


def _int(value: Any) -> int:
    return int(value) if str(value or "").isdigit() else 0


def _message_fields(row: Message) -> dict[str, Any]:
    """Fields the OpenAPI message shapes share."""
    fields = {"id": row.id, "conversation_id": row.conversation_id, "bot_id": row.bot_id,
              "role": row.role, "type": row.type, "content": row.content,
              "content_type": row.content_type, "chat_id": row.chat_id or 0, "section_id": row.section_id,
              "created_at": seconds(row.created_at), "updated_at": seconds(row.updated_at)}
    if row.reasoning_content:
        fields["reasoning_content"] = row.reasoning_content
    if row.sources:
        fields["sources"] = sources(row)
    return fields


def v3_message(row: Message) -> cpb.ChatV3MessageDetail:
    meta = dict(row.meta_data)
    if row.status == MessageStatus.Broken:
        meta.setdefault("partial", "true")
    return cpb.ChatV3MessageDetail(meta_data=meta, **_message_fields(row))


def open_message(row: Message) -> cpb.OpenMessageApi:
    return cpb.OpenMessageApi(meta_data=dict(row.meta_data), **_message_fields(row))


def console_message(row: Message) -> cpb.ChatMessage:
    msg = cpb.ChatMessage(
        role=row.role, type=row.type, content=row.content, content_type=row.content_type,
        message_id=row.id, reply_id=row.reply_id or 0, section_id=row.section_id, status=row.status,
        content_time=int(row.created_at.timestamp() * 1000), message_index=row.id,
        extra_info=cpb.ExtraInfo(call_id=row.call_id, tool_name=row.name))
    if row.broken_pos is not None:
        msg.broken_pos = row.broken_pos
    if row.reasoning_content:
        msg.reasoning_content = row.reasoning_content
    if row.sources:
        msg.sources.extend(sources(row))
    return msg
