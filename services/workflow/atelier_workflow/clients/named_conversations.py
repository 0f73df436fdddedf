"""The conversation service as the conversation and message nodes use it, bound to one run.

A run acts for its user within its bot or app: conversations are found by name among that user's
conversations of that bot or app (the internal GetNamedConversation / ListNamedConversations),
and every other call takes the id found so, so a run never reaches another user's conversation.
Messages are checked by the service to belong to the conversation named. The calls are made as
a system caller (no user request is around in a worker), with the run's space and user named.

"Default" is the bot's or app's default conversation; for a run that answers in a conversation (a
chatflow's, `conversation_id`: the caller checked it is the user's) it is that conversation.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import grpc

from atelier_common.auth import internal_context
from atelier_common.errors import from_rpc_error
from atelier_common.grpc.client import channel
from atelier_proto import conversation_pb2 as cpb
from atelier_proto import conversation_pb2_grpc

T = TypeVar("T")
DEFAULT_CONVERSATION = "Default"


@dataclass(frozen=True)
class NamedConversation:
    id: int
    name: str


@dataclass(frozen=True)
class StoredMessage:
    id: int
    role: str  # user | assistant
    type: str  # question | answer | ...
    content: str
    content_type: str  # text | object_string


@dataclass(frozen=True)
class MessagePage:
    messages: list[StoredMessage]
    has_more: bool
    first_id: int
    last_id: int


class Conversations(Protocol):
    """The run's user's conversations in the run's bot or app. Failures raise AtelierError
    (NotFound for an id the service does not find in the conversation named...)."""

    async def find(self, name: str, *, create: bool = False) -> tuple[NamedConversation | None, bool]:
        """(the conversation named so, whether this call created it); (None, False) when absent."""
        ...

    async def named(self) -> list[NamedConversation]: ...

    async def rename(self, conversation_id: int, name: str) -> None: ...

    async def delete(self, conversation_id: int) -> None: ...

    async def clear(self, conversation_id: int) -> None: ...

    async def messages(self, conversation_id: int, *, limit: int, before_id: int = 0, after_id: int = 0,
                       newest_first: bool = True) -> MessagePage:
        """The current section's messages (a cleared history is gone)."""
        ...

    async def add_message(self, conversation_id: int, role: str, content: str) -> StoredMessage: ...

    async def edit_message(self, conversation_id: int, message_id: int, content: str) -> None: ...

    async def delete_message(self, conversation_id: int, message_id: int) -> None: ...


def _message(m: cpb.OpenMessageApi) -> StoredMessage:
    return StoredMessage(id=m.id, role=m.role, type=m.type, content=m.content, content_type=m.content_type)


class GrpcConversations:
    def __init__(self, addr: str, *, space_id: int, user_id: int, bot_id: int = 0, app_id: int = 0,
                 conversation_id: int = 0, timeout_s: float = 10.0) -> None:
        if bool(bot_id) == bool(app_id):
            raise ValueError("conversations belong to exactly one bot or app")
        self.current = NamedConversation(conversation_id, DEFAULT_CONVERSATION) if conversation_id else None
        self._stub = conversation_pb2_grpc.ConversationServiceStub(channel(addr))
        self.space_id, self.timeout_s = space_id, timeout_s
        self._scope = cpb.ConversationScope(space_id=space_id, user_id=user_id, bot_id=bot_id or None,
                                            app_id=app_id or None)

    async def _call(self, method: Callable[..., Awaitable[T]], request: Any) -> T:
        try:
            with internal_context():
                return await method(request, timeout=self.timeout_s)
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc) from None

    async def find(self, name: str, *, create: bool = False) -> tuple[NamedConversation | None, bool]:
        if name == DEFAULT_CONVERSATION and self.current is not None:
            return self.current, False
        reply = await self._call(self._stub.GetNamedConversation,
                                 cpb.GetNamedConversationRequest(scope=self._scope, name=name, create=create))
        if not reply.HasField("data"):
            return None, False
        return NamedConversation(reply.data.id, reply.data.name), reply.created

    async def named(self) -> list[NamedConversation]:
        reply = await self._call(self._stub.ListNamedConversations,
                                 cpb.ListNamedConversationsRequest(scope=self._scope))
        found = [NamedConversation(c.id, c.name) for c in reply.data]
        if self.current is None:
            return found
        return [self.current, *(c for c in found if c.name != DEFAULT_CONVERSATION)]

    async def rename(self, conversation_id: int, name: str) -> None:
        await self._call(self._stub.UpdateConversationApi, cpb.UpdateConversationApiRequest(
            conversation_id=conversation_id, name=name, space_id=self.space_id))

    async def delete(self, conversation_id: int) -> None:
        await self._call(self._stub.DeleteConversationApi, cpb.DeleteConversationApiRequest(
            conversation_id=conversation_id, space_id=self.space_id))

    async def clear(self, conversation_id: int) -> None:
        await self._call(self._stub.ClearConversationHistory, cpb.ClearConversationHistoryRequest(
            conversation_id=conversation_id, space_id=self.space_id))

    async def messages(self, conversation_id: int, *, limit: int, before_id: int = 0, after_id: int = 0,
                       newest_first: bool = True) -> MessagePage:
        request = cpb.ListMessageApiRequest(conversation_id=conversation_id, limit=limit,
                                            order="desc" if newest_first else "asc", space_id=self.space_id,
                                            before_id=before_id or None, after_id=after_id or None)
        reply = await self._call(self._stub.GetApiMessageList, request)
        return MessagePage([_message(m) for m in reply.data], reply.has_more, reply.first_id, reply.last_id)

    async def add_message(self, conversation_id: int, role: str, content: str) -> StoredMessage:
        return _message((await self._call(self._stub.CreateMessageApi, cpb.CreateMessageApiRequest(
            conversation_id=conversation_id, role=role, content=content, content_type="text",
            space_id=self.space_id))).data)

    async def edit_message(self, conversation_id: int, message_id: int, content: str) -> None:
        await self._call(self._stub.ModifyMessageApi, cpb.ModifyMessageApiRequest(
            conversation_id=conversation_id, message_id=message_id, content=content, space_id=self.space_id))

    async def delete_message(self, conversation_id: int, message_id: int) -> None:
        await self._call(self._stub.DeleteMessageApi, cpb.DeleteMessageApiRequest(
            conversation_id=conversation_id, message_id=message_id, space_id=self.space_id))
