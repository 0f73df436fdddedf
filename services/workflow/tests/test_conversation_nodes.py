"""Conversation and message nodes run by the engine against the real conversation service (the
chat stack: agent, conversation... over gRPC), for a run's user within a bot or an app; what they
did is checked through the gateway's OpenAPI, as a user would see it."""

from __future__ import annotations

import itertools
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.canvas_builders import chain, entry, exit_, out, param, ref
from atelier_devstack.conversation_canvas import (
    CLEAR_HISTORY,
    CONVERSATION_HISTORY,
    CREATE_CONVERSATION,
    CREATE_MESSAGE,
    DELETE_CONVERSATION,
    DELETE_MESSAGE,
    EDIT_MESSAGE,
    LIST_CONVERSATIONS,
    MESSAGE_LIST,
    OUTPUTS,
    UPDATE_CONVERSATION,
    conversation_node,
)
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack
from atelier_workflow.clients import CONVERSATIONS
from atelier_workflow.clients.named_conversations import GrpcConversations
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.plan import compile_plan
from atelier_workflow.engine import Engine, RunContext, RunResult, RunStatus
from atelier_workflow.engine.registry import data_registry

ADMIN_USER_ID = 1
_app_ids = itertools.count(7_000_000_000 + uuid.uuid4().int % 1_000_000_000)


@pytest.fixture
async def client(chat_stack: KnowledgeStack) -> AsyncIterator[AtelierClient]:
    async with chat_stack.client() as api:
        yield api


async def new_bot(client: AtelierClient) -> int:
    bot_id = (await client.call("/api/draftbot/create", {"space_id": client.space_id,
                                                         "name": f"conv-{uuid.uuid4().hex[:8]}"}))["data"]["bot_id"]
    await client.call("/api/playground_api/draftbot/update_draft_bot_info", {
        "bot_info": {"bot_id": bot_id, "model_info": {"model_id": STUB_MODEL_ID}}, "space_id": client.space_id})
    return int(bot_id)


def conversations(stack: KnowledgeStack, *, user_id: int = ADMIN_USER_ID, bot_id: int = 0,
                  app_id: int = 0, conversation_id: int = 0) -> RunContext:
    client = GrpcConversations(stack.env["ATELIER_CONVERSATION_ADDR"], space_id=int(stack.space_id),
                               user_id=user_id, bot_id=bot_id, app_id=app_id, conversation_id=conversation_id)
    return RunContext(services={CONVERSATIONS: client})


async def run(context: RunContext, *nodes: dict[str, Any]) -> RunResult:
    """Start -> the nodes in order -> End returning every output of every node as `<id>.<name>`."""
    returned = [param(f"{n['id']}_{o['name']}", ref(n["id"], o["name"], o["type"]))
                for n in nodes for o in OUTPUTS[int(n["type"])]]
    doc = {"nodes": [entry(out("name")), *nodes, exit_(*returned)],
           "edges": chain("100001", *(n["id"] for n in nodes), "900001")}
    return await Engine(data_registry()).run(compile_plan(parse_canvas(doc)), {}, context=context)


async def outputs(context: RunContext, *nodes: dict[str, Any]) -> dict[str, Any]:
    result = await run(context, *nodes)
    assert result.status == RunStatus.SUCCEEDED, result.error
    return result.output


async def failure(context: RunContext, *nodes: dict[str, Any]) -> tuple[str, str]:
    result = await run(context, *nodes)
    assert result.status == RunStatus.FAILED, result.output
    return result.error.node_id, result.error.message


async def open_messages(client: AtelierClient, conversation_id: str) -> list[tuple[str, str]]:
    """The conversation's messages through the OpenAPI, oldest first: (role, content)."""
    reply = await client.call(f"/v1/conversation/message/list?conversation_id={conversation_id}", {"order": "asc"})
    return [(m["role"], m["content"]) for m in reply["data"]]


async def test_a_conversation_lives_through_its_nodes(chat_stack, client) -> None:
    ctx = conversations(chat_stack, bot_id=await new_bot(client))
    made = await outputs(ctx, conversation_node("c1", CREATE_CONVERSATION, conversationName="orders"))
    assert made["c1_isSuccess"] is True and made["c1_isExisted"] is False
    orders = made["c1_conversationId"]
    again = await outputs(ctx, conversation_node("c1", CREATE_CONVERSATION, conversationName="orders"))
    assert again["c1_conversationId"] == orders and again["c1_isExisted"] is True

    added = await outputs(ctx, conversation_node("m1", CREATE_MESSAGE, conversationName="orders", role="user",
                                                 content="two teas"),
                          conversation_node("m2", CREATE_MESSAGE, conversationName="orders", role="assistant",
                                            content="coming up"),
                          conversation_node("m3", CREATE_MESSAGE, conversationName="orders", role="user",
                                            content="and a cake"))
    assert added["m1_isSuccess"] is True
    assert added["m1_message"]["role"] == "user" and added["m1_message"]["content"] == "two teas"
    assert added["m1_message"]["contentType"] == "text" and added["m1_message"]["messageId"].isdigit()
    assert await open_messages(client, orders) == [("user", "two teas"), ("assistant", "coming up"),
                                                   ("user", "and a cake")]

    first, last = added["m1_message"]["messageId"], added["m3_message"]["messageId"]
    edited = await outputs(ctx, conversation_node("e1", EDIT_MESSAGE, conversationName="orders", messageId=first,
                                                  newContent="three teas"),
                           conversation_node("l1", MESSAGE_LIST, conversationName="orders", limit=2))
    assert edited["e1_isSuccess"] is True
    assert [(m["role"], m["content"]) for m in edited["l1_messageList"]] == [("user", "and a cake"),
                                                                            ("assistant", "coming up")]
    assert edited["l1_hasMore"] is True and edited["l1_firstId"] == last
    older = await outputs(ctx, conversation_node("l1", MESSAGE_LIST, conversationName="orders",
                                                 beforeId=edited["l1_lastId"]))
    assert [m["content"] for m in older["l1_messageList"]] == ["three teas"] and older["l1_hasMore"] is False

    history = await outputs(ctx, conversation_node("h1", CONVERSATION_HISTORY, conversationName="orders", rounds=1),
                            conversation_node("h2", CONVERSATION_HISTORY, conversationName="orders", rounds=5))
    assert history["h1_messageList"] == [{"role": "user", "content": "and a cake"}]
    assert history["h2_messageList"] == [{"role": "user", "content": "three teas"},
                                         {"role": "assistant", "content": "coming up"},
                                         {"role": "user", "content": "and a cake"}]

    gone = await outputs(ctx, conversation_node("d1", DELETE_MESSAGE, conversationName="orders", messageId=last))
    assert gone["d1_isSuccess"] is True
    assert await open_messages(client, orders) == [("user", "three teas"), ("assistant", "coming up")]

    cleared = await outputs(ctx, conversation_node("x1", CLEAR_HISTORY, conversationName="orders"),
                            conversation_node("l1", MESSAGE_LIST, conversationName="orders"))
    assert cleared["x1_isSuccess"] is True and cleared["l1_messageList"] == []
    assert await open_messages(client, orders) == []

    renamed = await outputs(ctx, conversation_node("u1", UPDATE_CONVERSATION, conversationName="orders",
                                                   newConversationName="archive"),
                            conversation_node("s1", LIST_CONVERSATIONS))
    assert renamed["u1_isSuccess"] is True and renamed["u1_conversationId"] == orders
    assert renamed["s1_conversationList"] == [{"conversationName": "Default", "conversationId": "0"},
                                              {"conversationName": "archive", "conversationId": orders}]
    retrieved = await client.call(f"/v1/conversation/retrieve?conversation_id={orders}", method="GET")
    assert retrieved["data"]["name"] == "archive"

    deleted = await outputs(ctx, conversation_node("r1", DELETE_CONVERSATION, conversationName="archive"),
                            conversation_node("s1", LIST_CONVERSATIONS))
    assert deleted["r1_isSuccess"] is True
    assert deleted["s1_conversationList"] == [{"conversationName": "Default", "conversationId": "0"}]
    await expect_gone(client, orders)


async def expect_gone(client: AtelierClient, conversation_id: str) -> None:
    await expect_error(client.call(f"/v1/conversation/retrieve?conversation_id={conversation_id}", method="GET"),
                       404, conversation_id)


async def test_history_reads_back_over_pages_until_it_has_the_rounds(chat_stack, client) -> None:
    ctx = conversations(chat_stack, bot_id=await new_bot(client))
    orders = (await outputs(ctx, conversation_node("c", CREATE_CONVERSATION, conversationName="long")))["c_conversationId"]
    for i in range(30):  # 60 messages: more than one page of 50
        for role, text in (("user", f"q{i}"), ("assistant", f"a{i}")):
            await client.call(f"/v1/conversation/message/create?conversation_id={orders}",
                              {"role": role, "content": text, "content_type": "text"})
    found = await outputs(ctx, conversation_node("h", CONVERSATION_HISTORY, conversationName="long", rounds=28),
                          conversation_node("all", CONVERSATION_HISTORY, conversationName="long", rounds=100))
    assert [m["content"] for m in found["h_messageList"]] == [f"{k}{i}" for i in range(2, 30) for k in "qa"]
    assert len(found["all_messageList"]) == 60 and found["all_messageList"][0] == {"role": "user", "content": "q0"}


async def test_renaming_answers_whether_it_could(chat_stack, client) -> None:
    ctx = conversations(chat_stack, bot_id=await new_bot(client))
    made = await outputs(ctx, conversation_node("a", CREATE_CONVERSATION, conversationName="one"),
                         conversation_node("b", CREATE_CONVERSATION, conversationName="two"))
    taken = await outputs(ctx, conversation_node("u", UPDATE_CONVERSATION, conversationName="one",
                                                 newConversationName="two"))
    assert taken == {"u_isSuccess": False, "u_isExisted": True, "u_conversationId": made["b_conversationId"]}
    missing = await outputs(ctx, conversation_node("u", UPDATE_CONVERSATION, conversationName="nope",
                                                   newConversationName="three"))
    assert missing == {"u_isSuccess": False, "u_isExisted": False, "u_conversationId": "0"}


async def test_the_default_conversation_is_made_on_first_message_and_kept(chat_stack, client) -> None:
    ctx = conversations(chat_stack, bot_id=await new_bot(client))
    added = await outputs(ctx, conversation_node("m", CREATE_MESSAGE, conversationName="Default", role="user",
                                                 content="hello"),
                          conversation_node("s", LIST_CONVERSATIONS))
    default_id = added["s_conversationList"][0]["conversationId"]
    assert added["m_isSuccess"] is True and added["s_conversationList"][0]["conversationName"] == "Default"
    assert default_id != "0" and await open_messages(client, default_id) == [("user", "hello")]
    node_id, message = await failure(ctx, conversation_node("r", DELETE_CONVERSATION, conversationName="Default"))
    assert node_id == "r" and "Default conversation cannot be deleted" in message
    _, message = await failure(ctx, conversation_node("u", UPDATE_CONVERSATION, conversationName="Default",
                                                      newConversationName="other"))
    assert "cannot be renamed" in message


async def test_a_chatflows_default_is_the_conversation_it_answers_in(chat_stack, client) -> None:
    bot = await new_bot(client)
    chat = (await client.call("/v1/conversation/create", {"bot_id": str(bot)}))["data"]["id"]
    ctx = conversations(chat_stack, bot_id=bot, conversation_id=int(chat))
    added = await outputs(ctx, conversation_node("m", CREATE_MESSAGE, conversationName="Default", role="assistant",
                                                 content="noted"),
                          conversation_node("c", CREATE_CONVERSATION, conversationName="side"),
                          conversation_node("s", LIST_CONVERSATIONS))
    assert added["m_isSuccess"] is True and await open_messages(client, chat) == [("assistant", "noted")]
    assert added["s_conversationList"] == [{"conversationName": "Default", "conversationId": chat},
                                           {"conversationName": "side", "conversationId": added["c_conversationId"]}]
    _, message = await failure(ctx, conversation_node("r", DELETE_CONVERSATION, conversationName="Default"))
    assert "cannot be deleted" in message


async def test_unknown_conversations(chat_stack, client) -> None:
    ctx = conversations(chat_stack, bot_id=await new_bot(client))
    node_id, message = await failure(ctx, conversation_node("r", DELETE_CONVERSATION, conversationName="nope"))
    assert node_id == "r" and "does not exist: 'nope'" in message
    _, message = await failure(ctx, conversation_node("h", CONVERSATION_HISTORY, conversationName="nope", rounds=2))
    assert "does not exist: 'nope'" in message
    # as in Coze: the message nodes and Clear answer isSuccess false, MessageList an empty page
    quiet = await outputs(ctx, conversation_node("m", CREATE_MESSAGE, conversationName="nope", role="user",
                                                 content="hi"),
                          conversation_node("e", EDIT_MESSAGE, conversationName="nope", messageId="1",
                                            newContent="x"),
                          conversation_node("d", DELETE_MESSAGE, conversationName="nope", messageId="1"),
                          conversation_node("x", CLEAR_HISTORY, conversationName="nope"),
                          conversation_node("l", MESSAGE_LIST, conversationName="nope"))
    assert [quiet[f"{n}_isSuccess"] for n in "medx"] == [False] * 4
    assert quiet["m_message"]["messageId"] == "0"
    assert quiet["l_messageList"] == [] and quiet["l_hasMore"] is False
    # bad inputs name the problem
    _, message = await failure(ctx, conversation_node("m", CREATE_MESSAGE, conversationName="nope", role="system",
                                                      content="hi"))
    assert "role must be user or assistant" in message
    _, message = await failure(ctx, conversation_node("l", MESSAGE_LIST, conversationName="nope", beforeId="1",
                                                      afterId="2"))
    assert "beforeId and afterId cannot be set at the same time" in message
    _, message = await failure(ctx, conversation_node("e", EDIT_MESSAGE, conversationName="nope",
                                                      messageId="abc", newContent="x"))
    assert "messageId must be a message id" in message


async def test_a_run_never_reaches_another_users_conversations(chat_stack, client) -> None:
    bot = await new_bot(client)
    mine, theirs = conversations(chat_stack, bot_id=bot), conversations(chat_stack, user_id=424242, bot_id=bot)
    their_message = (await outputs(theirs, conversation_node("c", CREATE_CONVERSATION, conversationName="orders"),
                                   conversation_node("m", CREATE_MESSAGE, conversationName="orders", role="user",
                                                     content="secret")))
    their_id = their_message["m_message"]["messageId"]
    # the same name is another conversation for this user: theirs is neither listed nor found
    seen = await outputs(mine, conversation_node("s", LIST_CONVERSATIONS),
                         conversation_node("l", MESSAGE_LIST, conversationName="orders"))
    assert [c["conversationName"] for c in seen["s_conversationList"]] == ["Default"]
    assert seen["l_messageList"] == []
    made = await outputs(mine, conversation_node("c", CREATE_CONVERSATION, conversationName="orders"))
    assert made["c_isExisted"] is False and made["c_conversationId"] != their_message["c_conversationId"]
    # their message cannot be edited nor deleted through my conversation of that name
    node_id, message = await failure(mine, conversation_node("e", EDIT_MESSAGE, conversationName="orders",
                                                             messageId=their_id, newContent="leaked"))
    assert node_id == "e" and f"message {their_id} not found" in message
    _, message = await failure(mine, conversation_node("d", DELETE_MESSAGE, conversationName="orders",
                                                       messageId=their_id))
    assert f"message {their_id} not found" in message
    still = await outputs(theirs, conversation_node("l", MESSAGE_LIST, conversationName="orders"))
    assert [m["content"] for m in still["l_messageList"]] == ["secret"]


async def test_an_apps_conversations_are_apart_from_a_bots(chat_stack, client) -> None:
    bot, app = await new_bot(client), next(_app_ids)
    in_bot = await outputs(conversations(chat_stack, bot_id=bot),
                           conversation_node("c", CREATE_CONVERSATION, conversationName="shared name"))
    in_app = await outputs(conversations(chat_stack, app_id=app),
                           conversation_node("c", CREATE_CONVERSATION, conversationName="shared name"),
                           conversation_node("m", CREATE_MESSAGE, conversationName="shared name", role="assistant",
                                             content="welcome"),
                           conversation_node("s", LIST_CONVERSATIONS))
    assert in_app["c_isExisted"] is False and in_app["c_conversationId"] != in_bot["c_conversationId"]
    assert in_app["s_conversationList"][1] == {"conversationName": "shared name",
                                               "conversationId": in_app["c_conversationId"]}
    assert await open_messages(client, in_app["c_conversationId"]) == [("assistant", "welcome")]


async def test_a_bot_of_another_space_has_no_conversations_here(chat_stack, client) -> None:
    other_space = GrpcConversations(chat_stack.env["ATELIER_CONVERSATION_ADDR"], space_id=int(chat_stack.space_id) + 99_999,
                                    user_id=ADMIN_USER_ID, bot_id=await new_bot(client))
    node_id, message = await failure(RunContext(services={CONVERSATIONS: other_space}),
                                     conversation_node("c", CREATE_CONVERSATION, conversationName="orders"))
    assert node_id == "c" and "not found in space" in message


async def test_a_run_of_no_bot_nor_app_has_no_conversations() -> None:
    node_id, message = await failure(RunContext(), conversation_node("c", CREATE_CONVERSATION, conversationName="x"))
    assert node_id == "c" and "bot or app" in message
