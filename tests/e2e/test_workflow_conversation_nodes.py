"""Coze-format canvases with conversation and message nodes, published and run through the gateway
(/v1/workflow/run) for a bot or an app: the conversations and messages they make are the user's,
seen through the conversation OpenAPI; another user of the same space never reaches them."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.canvas_builders import ENTRY_ID, EXIT_ID, chain, entry, exit_, out, param, ref
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
    UPDATE_CONVERSATION,
    conversation_node,
)
from atelier_devstack.stack_fixtures import KnowledgeStack, new_user

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def stack(chat_stack: KnowledgeStack) -> KnowledgeStack:
    """The services a workflow with conversation nodes needs: workflow (and its worker), the
    conversation service, the agent service (bots), the gateway; users are made per test."""
    return chat_stack


@pytest.fixture
async def owner(stack: KnowledgeStack) -> AsyncIterator[AtelierClient]:
    token, spaces = await new_user(stack.env["ATELIER_DATABASE_URL"])
    async with AtelierClient(stack.gateway_url, token, spaces[0]) as api:
        yield api


@pytest.fixture
async def teammate(stack: KnowledgeStack, owner: AtelierClient) -> AsyncIterator[AtelierClient]:
    """Another user, made a member of the owner's space: sees its workflows and bots."""
    token, spaces = await new_user(stack.env["ATELIER_DATABASE_URL"])
    conn = await asyncpg.connect(stack.env["ATELIER_DATABASE_URL"])
    try:
        user_id = await conn.fetchval("SELECT user_id FROM gateway.space_members WHERE space_id = $1", int(spaces[0]))
        await conn.execute("INSERT INTO gateway.space_members (space_id, user_id, role) VALUES ($1, $2, 'member')",
                           int(owner.space_id), user_id)
    finally:
        await conn.close()
    async with AtelierClient(stack.gateway_url, token, owner.space_id) as api:
        yield api


async def new_bot(api: AtelierClient) -> str:
    reply = await api.call("/api/draftbot/create", {"space_id": api.space_id, "name": f"bot-{uuid.uuid4().hex[:8]}"})
    return reply["data"]["bot_id"]


async def published(api: AtelierClient, doc: dict[str, Any]) -> str:
    async def call(route: str, **body: Any) -> dict[str, Any]:
        return (await api.call(f"/api/workflow_api/{route}", {"space_id": api.space_id, **body}))["data"]

    workflow_id = (await call("create", name=f"conv_{uuid.uuid4().hex[:8]}", desc="conversation nodes"))["workflow_id"]
    commit = (await call("canvas", workflow_id=workflow_id))["vcs_data"]["submit_commit_id"]
    await call("save", workflow_id=workflow_id, schema=json.dumps(doc), submit_commit_id=commit)
    await call("publish", workflow_id=workflow_id, force=True)
    return workflow_id


def flow(starts: list[str], nodes: list[dict[str, Any]], returns: dict[str, tuple[str, str, str]]) -> dict[str, Any]:
    """Start(starts) -> nodes in order -> End(returns: name -> (node, output, type))."""
    return {"nodes": [entry(*(out(name) for name in starts)), *nodes,
                      exit_(*(param(name, ref(n, o, t)) for name, (n, o, t) in returns.items()))],
            "edges": chain(ENTRY_ID, *(n["id"] for n in nodes), EXIT_ID)}


def start(name: str) -> dict[str, Any]:
    return ref(ENTRY_ID, name)


# Start(name, question, answer): the conversation made, two messages, the first edited, then read back.
TALK = flow(["name", "question", "answer"], [
    conversation_node("110001", CREATE_CONVERSATION, "Open", conversationName=start("name")),
    conversation_node("110002", CREATE_MESSAGE, "Ask", conversationName=start("name"), role="user",
                      content=start("question")),
    conversation_node("110003", CREATE_MESSAGE, "Reply", conversationName=start("name"), role="assistant",
                      content=start("answer")),
    conversation_node("110004", EDIT_MESSAGE, "Fix the question", conversationName=start("name"),
                      messageId=ref("110002", "message.messageId"), newContent="three teas, please"),
    conversation_node("110005", MESSAGE_LIST, "Read", conversationName=start("name")),
    conversation_node("110006", CONVERSATION_HISTORY, "Recall", conversationName=start("name"), rounds=3),
    conversation_node("110007", LIST_CONVERSATIONS, "Conversations"),
], {"conversation": ("110001", "conversationId", "string"), "existed": ("110001", "isExisted", "boolean"),
    "question_id": ("110002", "message.messageId", "string"), "answer_id": ("110003", "message.messageId", "string"),
    "edited": ("110004", "isSuccess", "boolean"),
    "messages": ("110005", "messageList", "list"), "history": ("110006", "messageList", "list"),
    "conversations": ("110007", "conversationList", "list")})

# Start(name, new_name, message): the message deleted, the history cleared, renamed, deleted.
TIDY = flow(["name", "new_name", "message"], [
    conversation_node("120001", DELETE_MESSAGE, "Drop", conversationName=start("name"), messageId=start("message")),
    conversation_node("120002", MESSAGE_LIST, "Left", conversationName=start("name")),
    conversation_node("120003", CLEAR_HISTORY, "Clear", conversationName=start("name")),
    conversation_node("120004", UPDATE_CONVERSATION, "Rename", conversationName=start("name"),
                      newConversationName=start("new_name")),
    conversation_node("120005", DELETE_CONVERSATION, "Delete", conversationName=start("new_name")),
    conversation_node("120006", LIST_CONVERSATIONS, "Conversations"),
], {"dropped": ("120001", "isSuccess", "boolean"), "left": ("120002", "messageList", "list"),
    "cleared": ("120003", "isSuccess", "boolean"), "renamed": ("120004", "isSuccess", "boolean"),
    "deleted": ("120005", "isSuccess", "boolean"), "conversations": ("120006", "conversationList", "list")})

# Start(name, message): a conversation of the runner's by that name, then an edit of that message in it.
TAMPER = flow(["name", "message"], [
    conversation_node("130001", CREATE_CONVERSATION, "Open", conversationName=start("name")),
    conversation_node("130002", EDIT_MESSAGE, "Overwrite", conversationName=start("name"),
                      messageId=start("message"), newContent="leaked"),
], {"edited": ("130002", "isSuccess", "boolean")})


async def run(api: AtelierClient, workflow_id: str, scope: dict[str, str], **parameters: str) -> dict[str, Any]:
    reply = await api.call("/v1/workflow/run", {"workflow_id": workflow_id, "parameters": json.dumps(parameters),
                                                **scope})
    return json.loads(reply["data"])


async def messages(api: AtelierClient, conversation_id: str) -> list[tuple[str, str]]:
    reply = await api.call(f"/v1/conversation/message/list?conversation_id={conversation_id}", {"order": "asc"})
    return [(m["role"], m["content"]) for m in reply["data"]]


async def test_a_workflow_talks_in_a_named_conversation_then_tidies_it_away(owner: AtelierClient) -> None:
    bot = {"bot_id": await new_bot(owner)}
    talk, tidy = await published(owner, TALK), await published(owner, TIDY)

    said = await run(owner, talk, bot, name="orders", question="two teas", answer="coming up")
    orders = said["conversation"]
    assert said["existed"] is False and said["edited"] is True
    assert [(m["role"], m["content"]) for m in said["messages"]] == [("assistant", "coming up"),
                                                                    ("user", "three teas, please")]
    assert said["history"] == [{"role": "user", "content": "three teas, please"},
                               {"role": "assistant", "content": "coming up"}]
    assert said["conversations"] == [{"conversationName": "Default", "conversationId": "0"},
                                     {"conversationName": "orders", "conversationId": orders}]
    # the user sees it through the conversation OpenAPI: their conversation with the bot
    assert await messages(owner, orders) == [("user", "three teas, please"), ("assistant", "coming up")]
    shown = (await owner.call(f"/v1/conversation/retrieve?conversation_id={orders}", method="GET"))["data"]
    assert shown["name"] == "orders" and shown["bot_id"] == bot["bot_id"]

    again = await run(owner, talk, bot, name="orders", question="a cake", answer="sure")
    assert again["conversation"] == orders and again["existed"] is True
    assert len(await messages(owner, orders)) == 4

    tidied = await run(owner, tidy, bot, name="orders", new_name="old orders", message=said["answer_id"])
    assert tidied["dropped"] is True
    # (the second run's question was edited by its own Fix node)
    assert [m["content"] for m in tidied["left"]] == ["sure", "three teas, please", "three teas, please"]
    assert tidied["cleared"] is True and tidied["renamed"] is True and tidied["deleted"] is True
    assert tidied["conversations"] == [{"conversationName": "Default", "conversationId": "0"}]
    await expect_error(owner.call(f"/v1/conversation/retrieve?conversation_id={orders}", method="GET"), 404, orders)

    # tidying a conversation that is no more: Delete fails the run, naming it
    await expect_error(run(owner, tidy, bot, name="orders", new_name="old orders", message=said["answer_id"]),
                       422, "does not exist: 'old orders'")


async def test_an_apps_run_keeps_its_own_conversations(owner: AtelierClient) -> None:
    talk = await published(owner, TALK)
    bot = {"bot_id": await new_bot(owner)}
    in_bot = await run(owner, talk, bot, name="support", question="hi", answer="hello")
    in_app = await run(owner, talk, {"app_id": str(7_300_000_000 + uuid.uuid4().int % 10**9)},
                       name="support", question="hey", answer="hi there")
    assert in_app["existed"] is False and in_app["conversation"] != in_bot["conversation"]
    assert await messages(owner, in_app["conversation"]) == [("user", "three teas, please"),
                                                             ("assistant", "hi there")]
    # a run of neither bot nor app has no conversations: the first node says so
    await expect_error(run(owner, talk, {}, name="support", question="hi", answer="hello"), 422, "bot or app")


async def test_a_teammate_never_reaches_the_owners_conversation(owner: AtelierClient,
                                                                teammate: AtelierClient) -> None:
    bot = {"bot_id": await new_bot(owner)}
    talk, tamper = await published(owner, TALK), await published(owner, TAMPER)
    said = await run(owner, talk, bot, name="private", question="my question", answer="my answer")

    # the same workflow, bot and name, run by the teammate: a conversation of their own
    theirs = await run(teammate, talk, bot, name="private", question="q", answer="a")
    assert theirs["existed"] is False and theirs["conversation"] != said["conversation"]
    assert [c["conversationId"] for c in theirs["conversations"]] == ["0", theirs["conversation"]]
    # the owner's message is not in the teammate's conversation of that name: the edit fails
    await expect_error(run(teammate, tamper, bot, name="private", message=said["question_id"]),
                       422, f"message {said['question_id']} not found")
    assert await messages(owner, said["conversation"]) == [("user", "three teas, please"),
                                                           ("assistant", "my answer")]

