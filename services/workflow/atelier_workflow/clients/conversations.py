"""The conversation service as chatflow runs use it: its internal StartWorkflowChat and
FinishWorkflowChat RPCs, which keep a turn's messages and chat in the conversation.

The caller was authorized for the workflow's space before the turn starts; the calls are made as
a system caller naming that space and the caller (the conversation must be in that space)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import grpc

from atelier_common.auth import internal_context
from atelier_common.errors import from_rpc_error
from atelier_common.grpc.client import channel
from atelier_proto import conversation_pb2 as cpb
from atelier_proto import conversation_pb2_grpc
from atelier_proto.enums import ChatStatus, ContentType


@dataclass(frozen=True)
class Answer:
    """An assistant message of the turn: the id its events carried, its content."""

    id: int
    content: str
    content_type: ContentType = ContentType.Text


@dataclass(frozen=True)
class TurnEnd:
    status: ChatStatus  # completed | failed | requires_action
    answers: Sequence[Answer] = ()
    input_tokens: int = 0
    output_tokens: int = 0
    error: tuple[int, str] | None = None  # (code, msg) of a failed turn


@dataclass
class ConversationTurns:
    addr: str
    timeout_s: float = 10.0
    _stub: conversation_pb2_grpc.ConversationServiceStub | None = field(default=None, repr=False)

    @property
    def stub(self) -> conversation_pb2_grpc.ConversationServiceStub:
        if self._stub is None:
            self._stub = conversation_pb2_grpc.ConversationServiceStub(channel(self.addr))
        return self._stub

    async def start(self, request: cpb.StartWorkflowChatRequest) -> cpb.StartWorkflowChatResponse:
        """AtelierError from the conversation service (e.g. NotFound for a conversation of another space)."""
        try:
            with internal_context():
                return await self.stub.StartWorkflowChat(request, timeout=self.timeout_s)
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc) from None

    async def finish(self, conversation_id: int, chat_id: int, end: TurnEnd) -> cpb.FinishWorkflowChatResponse:
        """Stores the turn's answers and ends its chat."""
        request = cpb.FinishWorkflowChatRequest(
            conversation_id=conversation_id, chat_id=chat_id, status=str(end.status),
            answers=[cpb.WorkflowChatAnswer(id=a.id, content=a.content, content_type=str(a.content_type))
                     for a in end.answers],
            input_tokens=end.input_tokens, output_tokens=end.output_tokens)
        if end.error is not None:
            request.last_error.CopyFrom(cpb.LastError(code=end.error[0], msg=end.error[1]))
        try:
            with internal_context():
                return await self.stub.FinishWorkflowChat(request, timeout=self.timeout_s)
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc) from None
