"""The internal named-conversation RPCs (workflow conversation nodes): one conversation per name for
a user in a bot or an app, made once however many runs ask at the same time; services only."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import grpc
import pytest

from atelier_common.auth import RequestContext, internal_context, use_context
from atelier_common.errors import AtelierError, InvalidArgument, PermissionDenied, from_rpc_error
from atelier_common.grpc.client import channel
from atelier_devstack.api_client import AtelierClient
from atelier_devstack.stack_fixtures import KnowledgeStack
from atelier_proto import conversation_pb2 as cpb
from atelier_proto import conversation_pb2_grpc

ADMIN_USER_ID = 1


def stub(stack: KnowledgeStack) -> conversation_pb2_grpc.ConversationServiceStub:
    return conversation_pb2_grpc.ConversationServiceStub(channel(stack.env["ATELIER_CONVERSATION_ADDR"]))


async def named(stack: KnowledgeStack, name: str, *, create: bool = False, as_internal: bool = True,
                **scope: Any) -> cpb.GetNamedConversationResponse:
    fields = {"space_id": int(stack.space_id), "user_id": ADMIN_USER_ID, **scope}
    request = cpb.GetNamedConversationRequest(scope=cpb.ConversationScope(**fields), name=name, create=create)
    context: Callable[[], Any] = internal_context if as_internal else (
        lambda: use_context(RequestContext(user_id=ADMIN_USER_ID, space_ids=frozenset({int(stack.space_id)}))))
    try:
        with context():
            return await stub(stack).GetNamedConversation(request, timeout=10)
    except grpc.aio.AioRpcError as exc:
        raise from_rpc_error(exc) from None


async def test_many_runs_asking_at_once_make_one_conversation(chat_stack: KnowledgeStack, client: AtelierClient,
                                                              new_bot) -> None:
    bot = int(await new_bot())
    replies = await asyncio.gather(*(named(chat_stack, "orders", create=True, bot_id=bot) for _ in range(8)))
    assert len({r.data.id for r in replies}) == 1
    assert sorted(r.created for r in replies) == [False] * 7 + [True]
    shown = await client.call(f"/v1/conversation/retrieve?conversation_id={replies[0].data.id}", method="GET")
    assert shown["data"]["name"] == "orders" and shown["data"]["bot_id"] == str(bot)
    # without create, a name nobody made is simply absent
    assert not (await named(chat_stack, "other", bot_id=bot)).HasField("data")


async def test_a_conversation_named_through_the_openapi_is_found_by_name(chat_stack: KnowledgeStack,
                                                                         client: AtelierClient, new_bot) -> None:
    bot = await new_bot()
    made = (await client.call("/v1/conversation/create", {"bot_id": bot, "name": "support"}))["data"]
    found = await named(chat_stack, "support", bot_id=int(bot))
    assert found.data.id == int(made["id"]) and not found.created
    with internal_context():
        listed = await stub(chat_stack).ListNamedConversations(cpb.ListNamedConversationsRequest(
            scope=cpb.ConversationScope(space_id=int(chat_stack.space_id), user_id=ADMIN_USER_ID, bot_id=int(bot))))
    assert [c.name for c in listed.data] == ["support"]


async def test_what_the_named_rpcs_refuse(chat_stack: KnowledgeStack, new_bot) -> None:
    bot = int(await new_bot())
    with pytest.raises(PermissionDenied, match="services only"):  # a user's call, as the gateway would make
        await named(chat_stack, "orders", create=True, as_internal=False, bot_id=bot)
    with pytest.raises(InvalidArgument, match="exactly one of bot_id and app_id"):
        await named(chat_stack, "orders", bot_id=bot, app_id=5)
    with pytest.raises(InvalidArgument, match="exactly one of bot_id and app_id"):
        await named(chat_stack, "orders")
    with pytest.raises(InvalidArgument, match="must not be empty"):
        await named(chat_stack, "  ", create=True, bot_id=bot)
    with pytest.raises(AtelierError, match="not found"):  # a bot must be in the scope's space
        await named(chat_stack, "orders", create=True, bot_id=bot, space_id=int(chat_stack.space_id) + 99_999)
