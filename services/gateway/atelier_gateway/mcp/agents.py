"""Published agents as MCP tools, over the owner services' gRPC (the gateway reads no one's tables).

Listing: the caller's bots published to the API (`AgentService.OpenListPublishedBots`, what
GET /v1/space/published_bots_list answers), in every workspace the caller chose. Calling: one
`/v3/chat` run (`ConversationService.ChatV3`, streamed, as the caller, as end user
str(user id)), awaited to its end within settings.stream_deadline_s. The agent is looked up among
the published ones first, so one unpublished or not the caller's fails at once, naming it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import grpc

from atelier_common.errors import from_rpc_error
from atelier_gateway.forwarding import Forwarder
from atelier_gateway.mcp.chat_reply import INPUT_SCHEMA, OUTPUT_SCHEMA, ChatReply, chat_arguments
from atelier_gateway.mcp.naming import id_in_name, tool_name
from atelier_gateway.mcp.tools import Caller, Tool, ToolFailed, ToolResult
from atelier_proto import agent_pb2 as apb
from atelier_proto import agent_pb2_grpc, conversation_pb2_grpc
from atelier_proto import conversation_pb2 as cpb

PAGE_SIZE = 100  # the largest page OpenListPublishedBots serves
FALLBACK_NAME = "agent"  # the slug of a name with no ASCII letters or digits


@dataclass(frozen=True)
class PublishedAgent:
    space_id: int
    bot_id: int
    name: str
    description: str

    @property
    def tool(self) -> Tool:
        return Tool(
            name=tool_name(self.name, self.bot_id, fallback=FALLBACK_NAME),
            title=self.name,
            description=self.description.strip() or f"Ask the agent {self.name!r}.",
            input_schema=INPUT_SCHEMA,
            output_schema=OUTPUT_SCHEMA,
        )


class AgentTools:
    def __init__(self, forwarder: Forwarder) -> None:
        self.forwarder = forwarder
        self.settings = forwarder.settings

    def claims(self, name: str) -> bool:
        return id_in_name(name) is not None

    def input_schema(self, name: str) -> Mapping[str, Any] | None:
        return INPUT_SCHEMA if self.claims(name) else None

    async def list_tools(self, caller: Caller) -> list[Tool]:
        return [agent.tool for agent in await self.published(caller)]

    async def call_tool(self, caller: Caller, name: str, arguments: Mapping[str, Any]) -> ToolResult:
        args = chat_arguments(arguments)
        bot_id = id_in_name(name)
        agent = next((a for a in await self.published(caller) if a.bot_id == bot_id), None)
        if agent is None:
            raise ToolFailed(f"agent {bot_id} is not a published agent in your workspaces "
                             "(it was unpublished, or it is not yours); list the tools again")
        request = cpb.ChatV3Request(
            bot_id=agent.bot_id, space_id=agent.space_id, user_id=str(caller.ctx.user_id), stream=True,
            additional_messages=[cpb.EnterMessage(role="user", content=args.query, content_type="text")])
        if args.conversation_id is not None:
            request.conversation_id = args.conversation_id
        reply = await self._chat(caller, request)
        if reply.outcome == "requires_action":  # nothing will ever submit the outputs: end the run
            await self._cancel(caller, reply)
        return reply.result()

    # ------------------------------------------------------------------ gRPC

    def _metadata(self, caller: Caller) -> list[tuple[str, str]]:
        return self.forwarder.metadata(caller.ctx, caller.traceparent)

    async def published(self, caller: Caller) -> list[PublishedAgent]:
        """The caller's published agents, workspace by workspace (each latest publish first)."""
        per_space = await asyncio.gather(*(self._published_in(caller, space) for space in caller.space_ids))
        return [agent for agents in per_space for agent in agents]

    async def _published_in(self, caller: Caller, space_id: int) -> list[PublishedAgent]:
        stub = agent_pb2_grpc.AgentServiceStub(self.forwarder.channel_factory(self.settings.agent_addr))
        found: list[PublishedAgent] = []
        page = 1
        while True:
            reply = await stub.OpenListPublishedBots(
                apb.OpenListPublishedBotsRequest(space_id=space_id, page_index=page, page_size=PAGE_SIZE),
                timeout=self.settings.grpc_deadline_s, metadata=self._metadata(caller))
            bots = reply.data.space_bots
            found.extend(PublishedAgent(space_id, b.bot_id, b.bot_name, b.description) for b in bots)
            if not bots or len(found) >= reply.data.total:
                return found
            page += 1

    async def _chat(self, caller: Caller, request: cpb.ChatV3Request) -> ChatReply:
        stub = conversation_pb2_grpc.ConversationServiceStub(
            self.forwarder.channel_factory(self.settings.conversation_addr))
        reply = ChatReply()
        bound = self.settings.stream_deadline_s
        try:
            async for event in stub.ChatV3(request, timeout=bound, metadata=self._metadata(caller)):
                reply.feed(event.event, event.data)
        except grpc.RpcError as exc:
            if exc.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
                raise ToolFailed(f"the agent gave no answer within {bound:g} s; its run was cancelled "
                                 f"(conversation_id {reply.conversation_id or '-'})") from None
            raise ToolFailed(from_rpc_error(exc).msg) from None
        return reply

    async def _cancel(self, caller: Caller, reply: ChatReply) -> None:
        stub = conversation_pb2_grpc.ConversationServiceStub(
            self.forwarder.channel_factory(self.settings.conversation_addr))
        with contextlib.suppress(grpc.RpcError, ValueError):  # the result says why it stopped either way
            await stub.CancelChatApi(
                cpb.CancelChatApiRequest(chat_id=int(reply.chat_id), conversation_id=int(reply.conversation_id)),
                timeout=self.settings.grpc_deadline_s, metadata=self._metadata(caller))
