"""gRPC servicer of the conversation service: request messages in, feature functions called,
response messages out. Errors raised as AtelierError become gRPC statuses in the interceptor."""

from __future__ import annotations

from collections.abc import AsyncIterator

from atelier_common.sent_empty import sent_empty
from atelier_common.service import ServiceDeps
from atelier_conversation import access, conversations, named, run_records, workflow_chats
from atelier_conversation.chat import entry
from atelier_conversation.chat.runtime import ChatRuntime
from atelier_conversation.domain import shapes
from atelier_proto import conversation_pb2 as cpb
from atelier_proto import conversation_pb2_grpc


class ConversationService(conversation_pb2_grpc.ConversationServiceServicer):
    def __init__(self, deps: ServiceDeps, chats: ChatRuntime) -> None:
        self.deps = deps
        self.chats = chats

    # ------------------------------------------------------------------ chat

    async def ChatV3(self, req: cpb.ChatV3Request, context) -> AsyncIterator[cpb.ChatEvent]:
        async for event in entry.chat_v3(self.deps, self.chats, req):
            yield event

    async def SubmitToolOutputs(self, req: cpb.SubmitToolOutputsApiRequest, context) -> AsyncIterator[cpb.ChatEvent]:
        async for event in entry.submit_tool_outputs(self.deps, self.chats, req):
            yield event

    async def AgentRun(self, req: cpb.AgentRunRequest, context) -> AsyncIterator[cpb.AgentRunEvent]:
        async for event in entry.agent_run(self.deps, self.chats, req):
            yield event

    async def CancelChatApi(self, req: cpb.CancelChatApiRequest, context) -> cpb.CancelChatApiResponse:
        return cpb.CancelChatApiResponse(data=shapes.chat(await conversations.cancel_chat(self.deps, req)))

    async def RetrieveChatOpen(self, req: cpb.RetrieveChatOpenRequest, context) -> cpb.RetrieveChatOpenResponse:
        row = await access.chat(self.deps.pool, req.conversation_id, req.chat_id, space_id=req.space_id)
        return cpb.RetrieveChatOpenResponse(data=shapes.chat(row))

    async def ListChatMessageApi(self, req: cpb.ListChatMessageApiRequest, context) -> cpb.ListChatMessageApiResponse:
        rows = await conversations.chat_messages(self.deps, req)
        return cpb.ListChatMessageApiResponse(data=[shapes.v3_message(r) for r in rows])

    # ------------------------------------------------------------------ console

    async def ClearConversationCtx(self, req: cpb.ClearConversationCtxRequest, context
                                   ) -> cpb.ClearConversationCtxResponse:
        row = await conversations.new_section(self.deps, req.conversation_id, req.space_id)
        return cpb.ClearConversationCtxResponse(new_section_id=row.section_id)

    async def ClearConversationHistory(self, req: cpb.ClearConversationHistoryRequest, context
                                       ) -> cpb.ClearConversationHistoryResponse:
        row = await conversations.clear_history(self.deps, req.conversation_id, req.space_id)
        return cpb.ClearConversationHistoryResponse(new_section_id=row.section_id)

    async def GetMessageList(self, req: cpb.GetMessageListRequest, context) -> cpb.GetMessageListResponse:
        return await conversations.console_messages(self.deps, req)

    async def DeleteMessage(self, req: cpb.DeleteMessageRequest, context) -> cpb.DeleteMessageResponse:
        await conversations.delete_message(self.deps, req)
        return cpb.DeleteMessageResponse()

    async def BreakMessage(self, req: cpb.BreakMessageRequest, context) -> cpb.BreakMessageResponse:
        await conversations.break_message(self.deps, req)
        return cpb.BreakMessageResponse()

    async def ListRunRecords(self, req: cpb.ListRunRecordsRequest, context) -> cpb.ListRunRecordsResponse:
        return await run_records.list_(self.deps, req)

    async def GetRunRecord(self, req: cpb.GetRunRecordRequest, context) -> cpb.GetRunRecordResponse:
        return await run_records.get(self.deps, req)

    # ------------------------------------------------------------------ OpenAPI conversations

    async def CreateConversation(self, req: cpb.CreateConversationRequest, context) -> cpb.CreateConversationResponse:
        initial = conversations.entered(req.messages, "messages")
        row = await conversations.create(self.deps, req.bot_id, name=req.name, meta_data=dict(req.meta_data),
                                         connector_id=req.connector_id, initial=initial, space_id=req.space_id)
        return cpb.CreateConversationResponse(data=shapes.conversation(row))

    async def ListConversationsApi(self, req: cpb.ListConversationsApiRequest, context
                                   ) -> cpb.ListConversationsApiResponse:
        rows, more = await conversations.list_(self.deps, req)
        data = cpb.ListConversationData(conversations=[shapes.conversation(r) for r in rows], has_more=more)
        return cpb.ListConversationsApiResponse(data=data)

    async def UpdateConversationApi(self, req: cpb.UpdateConversationApiRequest, context
                                    ) -> cpb.UpdateConversationApiResponse:
        row = await conversations.rename(self.deps, req.conversation_id, req.name, req.space_id)
        return cpb.UpdateConversationApiResponse(data=shapes.conversation(row))

    async def DeleteConversationApi(self, req: cpb.DeleteConversationApiRequest, context
                                    ) -> cpb.DeleteConversationApiResponse:
        await conversations.delete(self.deps, req.conversation_id, req.space_id)
        return cpb.DeleteConversationApiResponse()

    async def ClearConversationApi(self, req: cpb.ClearConversationApiRequest, context) -> cpb.ClearConversationApiResponse:
        row = await conversations.new_section(self.deps, req.conversation_id, req.space_id)
        return cpb.ClearConversationApiResponse(data=cpb.Section(id=row.section_id, conversation_id=row.id))

    async def RetrieveConversationApi(self, req: cpb.RetrieveConversationApiRequest, context
                                      ) -> cpb.RetrieveConversationApiResponse:
        row = await access.conversation(self.deps.pool, req.conversation_id, space_id=req.space_id)
        return cpb.RetrieveConversationApiResponse(data=shapes.conversation(row))

    async def GetApiMessageList(self, req: cpb.ListMessageApiRequest, context) -> cpb.ListMessageApiResponse:
        return await conversations.open_messages(self.deps, req)

    async def CreateMessageApi(self, req: cpb.CreateMessageApiRequest, context) -> cpb.CreateMessageApiResponse:
        return cpb.CreateMessageApiResponse(data=shapes.open_message(await conversations.create_message(self.deps, req)))

    async def RetrieveMessageApi(self, req: cpb.RetrieveMessageApiRequest, context) -> cpb.RetrieveMessageApiResponse:
        row = await conversations.retrieve_message(self.deps, req)
        return cpb.RetrieveMessageApiResponse(data=shapes.open_message(row))

    async def ModifyMessageApi(self, req: cpb.ModifyMessageApiRequest, context) -> cpb.ModifyMessageApiResponse:
        row = await conversations.modify_message(self.deps, req, sent_empty(context))
        return cpb.ModifyMessageApiResponse(message=shapes.open_message(row))

    async def DeleteMessageApi(self, req: cpb.DeleteMessageApiRequest, context) -> cpb.DeleteMessageApiResponse:
        row = await conversations.delete_message_api(self.deps, req)
        return cpb.DeleteMessageApiResponse(data=shapes.open_message(row))

    # ------------------------------------------------------------------ internal: chatflow turns

    async def StartWorkflowChat(self, req: cpb.StartWorkflowChatRequest, context) -> cpb.StartWorkflowChatResponse:
        chat, question, history = await workflow_chats.start(self.deps, req)
        return cpb.StartWorkflowChatResponse(chat=shapes.chat(chat), question=shapes.v3_message(question),
                                             history=[shapes.v3_message(m) for m in history])

    async def FinishWorkflowChat(self, req: cpb.FinishWorkflowChatRequest, context) -> cpb.FinishWorkflowChatResponse:
        chat, answers = await workflow_chats.finish(self.deps, req)
        return cpb.FinishWorkflowChatResponse(chat=shapes.chat(chat), answers=[shapes.v3_message(m) for m in answers])

    # ------------------------------------------------------------------ named conversations (internal)

    async def GetNamedConversation(self, req: cpb.GetNamedConversationRequest, context
                                   ) -> cpb.GetNamedConversationResponse:
        row, created = await named.get(self.deps, named.Scope.of(req.scope), req.name, create=req.create)
        return cpb.GetNamedConversationResponse(data=shapes.conversation(row) if row else None, created=created)

    async def ListNamedConversations(self, req: cpb.ListNamedConversationsRequest, context
                                     ) -> cpb.ListNamedConversationsResponse:
        rows = await named.listed(self.deps, named.Scope.of(req.scope))
        return cpb.ListNamedConversationsResponse(data=[shapes.conversation(r) for r in rows])
