"""The conversation context's entities, as the store returns them (the columns of migrations/*.sql).

Frozen: a change is a new value (`dataclasses.replace`), written through the store. Statuses, roles,
types and content types are the IDL's string enums (atelier_proto.enums, stored as their
spellings); `shapes` maps them to the public ones where Coze's differ."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from datetime import datetime
from enum import Enum
from typing import Any, Self, get_type_hints

from atelier_proto.enums import ChatStatus, ContentType, MessageRole, MessageStatus, MessageType


@functools.cache
def _enum_fields(cls: type) -> tuple[tuple[str, type[Enum]], ...]:
    """The fields typed with an enum (columns hold their values)."""
    return tuple((name, hint) for name, hint in get_type_hints(cls).items()
                 if isinstance(hint, type) and issubclass(hint, Enum))


class _FromRecord:
    @classmethod
    def one(cls, record: Mapping[str, Any] | None) -> Self:
        """From a row with (at least) the entity's columns; enum columns become their enum."""
        if record is None:
            raise LookupError(f"no {cls.__name__.lower()} row")
        values = {f.name: record[f.name] for f in fields(cls)}
        for name, enum in _enum_fields(cls):
            if values[name] is not None:
                values[name] = enum(values[name])
        return cls(**values)  # type: ignore[arg-type]

    @classmethod
    def maybe(cls, record: Mapping[str, Any] | None) -> Self | None:
        return None if record is None else cls.one(record)

    @classmethod
    def many(cls, records: Iterable[Mapping[str, Any]]) -> list[Self]:
        return [cls.one(r) for r in records]


@dataclass(frozen=True)
class Conversation(_FromRecord):
    id: int
    space_id: int  # the bot's space
    bot_id: int
    creator_id: int  # the authenticated caller who created it
    connector_id: int
    section_id: int  # the current section: the model's context window
    name: str = ""
    meta_data: dict[str, str] = field(default_factory=dict)
    created_at: datetime | None = None  # None while planned (not written yet)
    updated_at: datetime | None = None
    app_id: int = 0  # an app's conversation (workflow conversation nodes); bot_id is 0 then


@dataclass(frozen=True)
class Chat(_FromRecord):
    id: int
    conversation_id: int
    section_id: int
    bot_id: int
    user_id: str  # the end user
    question_id: int | None
    status: ChatStatus
    input_tokens: int
    output_tokens: int
    last_error_code: int | None
    last_error_msg: str | None
    meta_data: dict[str, str]
    created_at: datetime
    updated_at: datetime
    completed_at: datetime | None
    failed_at: datetime | None
    required_action: list[dict[str, str]] | None  # while requires_action: [{"id", "name", "arguments"}]
    draft_mode: bool
    save_history: bool
    trace_id: str = ""  # the request that started the run ('' before trace ids were kept)


@dataclass(frozen=True)
class Message(_FromRecord):
    id: int
    conversation_id: int
    section_id: int
    chat_id: int | None  # None for messages added without a run
    bot_id: int
    role: MessageRole
    type: MessageType
    content: str
    content_type: ContentType
    status: MessageStatus  # broken: a partial answer
    broken_pos: int | None
    reply_id: int | None  # the question this message answers
    call_id: str
    name: str
    reasoning_content: str
    meta_data: dict[str, str]
    created_at: datetime
    updated_at: datetime
    in_conversation: bool  # false: a message of a chat with auto_save_history=false
    # answer: the knowledge passages it cites, as the agent's citations event gave them
    sources: list[dict[str, Any]] = field(default_factory=list)
