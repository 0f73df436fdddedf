"""Atelier through the official Coze Python SDK (cozepy 0.20.0), as a Coze user's existing code
would drive it: `Coze(auth=TokenAuth(pat), base_url=<gateway>)` and nothing else. Every call the
issue names — workspaces, users, files, bots, chat (stream, create + poll, cancel,
submit_tool_outputs), conversations and messages, variables, datasets, documents (file and web
page), images — against the real stack (gateway, agent, conversation, knowledge, indexer; the
suite's OpenAI-compatible server as the model)."""

from __future__ import annotations

import base64
import json
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
from cozepy import (
    BotKnowledge,
    BotModelInfo,
    BotOnboardingInfo,
    BotPromptInfo,
    BotSuggestReplyInfo,
    ChatEventType,
    ChatStatus,
    Coze,
    CozeAPIError,
    DocumentBase,
    DocumentFormatType,
    DocumentSourceInfo,
    Message,
    MessageContentType,
    MessageRole,
    SuggestReplyMode,
    SyncHTTPClient,
    TokenAuth,
    ToolOutput,
    VariableValue,
)

from atelier_devstack import sample_files
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.pytest_plugin import run_sync
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack
from atelier_devstack.web_server import LocalWebServer

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]

T = TypeVar("T")
CHAT = "/v1/chat/completions"
PROCESSING, READY = 0, 1

MANUAL_PAGES = [
    "Aurora K2 kettle. Fill between the MIN and MAX marks before boiling.",
    "Descaling: once a month boil equal parts water and white vinegar, leave it for an hour, rinse three times.",
]
WEB_PAGE = """<!doctype html><html><head><title>Aurora warranty terms</title></head><body>
<nav><a href="/">Home</a> | <a href="/shop">Shop</a></nav><article><h1>Warranty</h1>
<p>The Aurora K2 kettle carries a two-year warranty from the date of purchase. Keep the receipt:
repairs under warranty need it. Damage from descaling with abrasive cleaners is not covered.</p>
</article><footer>Cookie settings</footer></body></html>"""


def name(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:6]}"


@pytest.fixture
def coze(chat_stack: KnowledgeStack) -> Iterator[Coze]:
    http = SyncHTTPClient(trust_env=False)
    yield Coze(auth=TokenAuth(chat_stack.token), base_url=chat_stack.gateway_url, http_client=http)
    http.close()


@pytest.fixture
def space(coze: Coze, chat_stack: KnowledgeStack) -> str:
    """The README's first step: a user finds their space with one call."""
    workspaces = list(coze.workspaces.list())
    assert workspaces[0].id == chat_stack.space_id and workspaces[0].workspace_type == "personal"
    return workspaces[0].id


def until(read: Callable[[], T], done: Callable[[T], bool], timeout_s: float = 60.0) -> T:
    deadline = time.monotonic() + timeout_s
    while True:
        value = read()
        if done(value):
            return value
        assert time.monotonic() < deadline, f"still {value!r}"
        time.sleep(0.2)


def question(text: str) -> list[Message]:
    return [Message.build_user_question_text(text)]


def published_bot(coze: Coze, space: str, **fields: Any) -> str:
    bot = coze.bots.create(space_id=space, name=name("bot"), model_info_config=BotModelInfo(model_id=STUB_MODEL_ID),
                           **fields)
    coze.bots.publish(bot_id=bot.bot_id)
    return bot.bot_id


def console(stack: KnowledgeStack, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """One console (/api) call, for what Coze's public OpenAPI has no call for."""
    async def call() -> dict[str, Any]:
        async with stack.client() as api:
            return await api.call(path, body)
    return run_sync(call())


def opened(url: str) -> bytes:
    """What a browser gets for a URL the API handed out (no token)."""
    assert url.startswith("http"), url  # never a file:// path of the server
    reply = httpx.get(url, trust_env=False, timeout=10)
    reply.raise_for_status()
    return reply.content


# ------------------------------------------------------------------ discovery and files


def test_users_workspaces_and_files(coze: Coze, space: str, tmp_path: Path) -> None:
    assert coze.users.me().user_name == "admin"
    path = tmp_path / "notes.txt"
    path.write_text("meeting notes\n")
    uploaded = coze.files.upload(file=path)
    assert uploaded.file_name == "notes.txt" and uploaded.bytes == path.stat().st_size
    assert coze.files.retrieve(file_id=uploaded.id).id == uploaded.id
    with pytest.raises(CozeAPIError) as missing:
        coze.files.retrieve(file_id="1")
    assert missing.value.code == 404 and missing.value.logid  # the error names its trace


# ------------------------------------------------------------------ the SDK README's example


def test_readme_chat_stream(coze: Coze, space: str, stub: OpenAIStub) -> None:
    bot_id = published_bot(coze, space, prompt_info=BotPromptInfo(prompt="You are a kettle expert."))
    stub.script({"content": "Boil water and vinegar.", "chunk_size_chars": 5, "tokens_per_s": 50})
    printed, last = [], None
    for event in coze.chat.stream(bot_id=bot_id, user_id="user-1", additional_messages=question("How to descale?")):
        if event.event == ChatEventType.CONVERSATION_MESSAGE_DELTA:
            printed.append(event.message.content)
        last = event
    assert "".join(printed) == "Boil water and vinegar." and len(printed) > 1
    assert last.event == ChatEventType.CONVERSATION_CHAT_COMPLETED  # `done` ended the stream quietly
    assert last.chat.status == ChatStatus.COMPLETED and last.chat.usage.output_count > 0
    assert stub.requests(CHAT)[-1]["json"]["messages"][0]["content"].find("kettle expert") >= 0


# ------------------------------------------------------------------ bots and variables


def test_bots_from_create_to_list(coze: Coze, space: str, stub: OpenAIStub, tmp_path: Path) -> None:
    icon = tmp_path / "icon.png"
    icon.write_bytes(sample_files.png(color=(20, 90, 200)))
    icon_id = coze.files.upload(file=icon).id
    bot = coze.bots.create(
        space_id=space, name=name("helper"), description="Answers kettle questions", icon_file_id=icon_id,
        prompt_info=BotPromptInfo(prompt="Be brief."),
        onboarding_info=BotOnboardingInfo(prologue="Hi!", suggested_questions=["How to descale?"]),
        suggest_reply_info=BotSuggestReplyInfo(reply_mode=SuggestReplyMode.DISABLE),
        model_info_config=BotModelInfo(model_id=STUB_MODEL_ID, temperature=0.2))
    coze.bots.update(bot_id=bot.bot_id, prompt_info=BotPromptInfo(prompt="Be very brief."))
    with pytest.raises(CozeAPIError) as unpublished:
        coze.bots.retrieve(bot_id=bot.bot_id)
    assert unpublished.value.code == 404
    coze.bots.publish(bot_id=bot.bot_id)

    online = coze.bots.retrieve(bot_id=bot.bot_id)
    assert online.prompt_info.prompt == "Be very brief." and online.description == "Answers kettle questions"
    assert online.onboarding_info.suggested_questions == ["How to descale?"]
    assert online.suggest_reply_info.reply_mode == SuggestReplyMode.DISABLE
    assert online.model_info.model_id == STUB_MODEL_ID
    assert opened(online.icon_url) == icon.read_bytes()
    assert coze.bots.retrieve(bot_id=bot.bot_id, use_api_version=2).bot_id == bot.bot_id

    assert bot.bot_id in {b.bot_id for b in coze.bots.list(space_id=space)}
    assert bot.bot_id in {b.bot_id for b in coze.bots.list(space_id=space, use_api_version=2)}

    with pytest.raises(CozeAPIError) as bad:
        coze.bots.update(bot_id=bot.bot_id, model_info_config=BotModelInfo(model_id="999999"))
    assert bad.value.code == 400 and "model" in bad.value.msg


def test_variables_set_by_api_reach_the_persona(coze: Coze, space: str, chat_stack: KnowledgeStack,
                                                stub: OpenAIStub) -> None:
    bot_id = coze.bots.create(space_id=space, name=name("memo"),
                              model_info_config=BotModelInfo(model_id=STUB_MODEL_ID),
                              prompt_info=BotPromptInfo(prompt="The user's city is {{city}}.")).bot_id
    console(chat_stack, "/api/playground_api/draftbot/update_draft_bot_info", {"bot_info": {
        "bot_id": bot_id, "variable_list": [{"key": "city", "description": "home city", "default_value": ""}]}})
    coze.bots.publish(bot_id=bot_id)
    coze.variables.update(bot_id=bot_id, connector_uid="user-7", data=[VariableValue(keyword="city", value="Lyon")])
    values = coze.variables.retrieve(bot_id=bot_id, connector_uid="user-7", keywords=["city"])
    assert [(v.keyword, v.value) for v in values] == [("city", "Lyon")]
    stub.script({"content": "ok"})
    coze.chat.create_and_poll(bot_id=bot_id, user_id="user-7", additional_messages=question("where do I live?"))
    assert "Lyon" in stub.requests(CHAT)[-1]["json"]["messages"][0]["content"]


# ------------------------------------------------------------------ chat: poll, cancel, tools


def test_create_poll_and_cancel(coze: Coze, space: str, stub: OpenAIStub) -> None:
    bot_id = published_bot(coze, space)
    stub.script({"content": "Polled answer."})
    created = coze.chat.create(bot_id=bot_id, user_id="user-1", additional_messages=question("hi"))
    assert created.status == ChatStatus.IN_PROGRESS  # at once, as Coze answers; the client polls
    first = until(lambda: coze.chat.retrieve(conversation_id=created.conversation_id, chat_id=created.id),
                  lambda c: c.status != ChatStatus.IN_PROGRESS)
    assert first.status == ChatStatus.COMPLETED
    assert [m.content for m in coze.chat.messages.list(conversation_id=created.conversation_id, chat_id=created.id)
            if m.type == "answer"] == ["Polled answer."]
    stub.script({"content": "Second answer."})
    polled = coze.chat.create_and_poll(bot_id=bot_id, user_id="user-1", conversation_id=created.conversation_id,
                                       additional_messages=question("again"))
    assert polled.chat.status == ChatStatus.COMPLETED and polled.chat.usage.token_count > 0
    assert [m.content for m in polled.messages if m.type == "answer"] == ["Second answer."]

    stub.script({"content": "word " * 300, "tokens_per_s": 30, "chunk_size_chars": 5})
    slow = coze.chat.create(bot_id=bot_id, user_id="user-1", additional_messages=question("talk a lot"))
    time.sleep(0.5)
    assert coze.chat.cancel(conversation_id=slow.conversation_id, chat_id=slow.id).status == ChatStatus.CANCELED
    assert coze.chat.retrieve(conversation_id=slow.conversation_id, chat_id=slow.id).status == ChatStatus.CANCELED


def test_client_tools_with_submit_tool_outputs(coze: Coze, space: str, chat_stack: KnowledgeStack,
                                               stub: OpenAIStub) -> None:
    bot_id = coze.bots.create(space_id=space, name=name("tools"),
                              model_info_config=BotModelInfo(model_id=STUB_MODEL_ID)).bot_id
    tool = {"name": "battery_level", "description": "Battery level of the user's phone",
            "parameters": json.dumps({"type": "object", "properties": {}})}
    console(chat_stack, "/api/playground_api/draftbot/update_draft_bot_info",
            {"bot_info": {"bot_id": bot_id, "client_tool_list": [tool]}})
    coze.bots.publish(bot_id=bot_id)
    stub.script({"tool_calls": [{"name": "battery_level", "arguments": {}}]}, {"content": "At 80%."},
                {"tool_calls": [{"name": "battery_level", "arguments": {}}]}, {"content": "Now 79%."})

    events = list(coze.chat.stream(bot_id=bot_id, user_id="user-1", additional_messages=question("battery?")))
    assert events[-1].event == ChatEventType.CONVERSATION_CHAT_REQUIRES_ACTION
    waiting = events[-1].chat
    [call] = waiting.required_action.submit_tool_outputs.tool_calls
    assert call.function.name == "battery_level"
    resumed = list(coze.chat.submit_tool_outputs(conversation_id=waiting.conversation_id, chat_id=waiting.id,
                                                 tool_outputs=[ToolOutput(tool_call_id=call.id, output="80%")],
                                                 stream=True))
    assert resumed[-1].chat.status == ChatStatus.COMPLETED
    assert "".join(e.message.content for e in resumed if e.event == ChatEventType.CONVERSATION_MESSAGE_DELTA) == "At 80%."

    polled = coze.chat.create_and_poll(bot_id=bot_id, user_id="user-1", conversation_id=waiting.conversation_id,
                                       additional_messages=question("and now?"))
    assert polled.chat.status == ChatStatus.REQUIRES_ACTION
    [call] = polled.chat.required_action.submit_tool_outputs.tool_calls
    with pytest.raises(CozeAPIError) as wrong:
        coze.chat.submit_tool_outputs(conversation_id=polled.chat.conversation_id, chat_id=polled.chat.id,
                                      tool_outputs=[ToolOutput(tool_call_id="nope", output="1")], stream=False)
    assert wrong.value.code == 400 and "nope" in wrong.value.msg
    accepted = coze.chat.submit_tool_outputs(conversation_id=polled.chat.conversation_id, chat_id=polled.chat.id,
                                             tool_outputs=[ToolOutput(tool_call_id=call.id, output="79%")],
                                             stream=False)
    assert accepted.status == ChatStatus.IN_PROGRESS
    done = until(lambda: coze.chat.retrieve(conversation_id=accepted.conversation_id, chat_id=accepted.id),
                 lambda c: c.status != ChatStatus.IN_PROGRESS)
    assert done.status == ChatStatus.COMPLETED


# ------------------------------------------------------------------ conversations and messages


def test_conversations_and_messages(coze: Coze, space: str, stub: OpenAIStub) -> None:
    bot_id = published_bot(coze, space)
    conversation = coze.conversations.create(bot_id=bot_id, meta_data={"origin": "sdk"})
    cid = conversation.id
    assert coze.conversations.retrieve(conversation_id=cid).meta_data == {"origin": "sdk"}
    assert cid in {c.id for c in coze.conversations.list(bot_id=bot_id)}

    said = coze.conversations.messages.create(conversation_id=cid, role=MessageRole.USER, content="I am Ada.",
                                              content_type=MessageContentType.TEXT)
    coze.conversations.messages.update(conversation_id=cid, message_id=said.id, content="I am Ada Lovelace.")
    assert coze.conversations.messages.retrieve(conversation_id=cid, message_id=said.id).content == "I am Ada Lovelace."
    extra = coze.conversations.messages.create(conversation_id=cid, role=MessageRole.ASSISTANT, content="Noted.",
                                               content_type=MessageContentType.TEXT)
    coze.conversations.messages.delete(conversation_id=cid, message_id=extra.id)
    assert [m.content for m in coze.conversations.messages.list(conversation_id=cid)] == ["I am Ada Lovelace."]

    stub.script({"content": "You are Ada."})
    coze.chat.create_and_poll(bot_id=bot_id, user_id="user-1", conversation_id=cid,
                              additional_messages=question("who am I?"))
    assert [m["content"] for m in stub.requests(CHAT)[-1]["json"]["messages"][1:]] == ["I am Ada Lovelace.", "who am I?"]
    assert len(list(coze.conversations.messages.list(conversation_id=cid))) >= 3

    stub.script({"content": "Off the record."})
    private = coze.chat.create_and_poll(bot_id=bot_id, user_id="user-1", conversation_id=cid, auto_save_history=False,
                                        additional_messages=question("a private question"))
    assert [m.content for m in private.messages if m.type == "answer"] == ["Off the record."]  # readable by chat
    assert "Off the record." not in [m.content for m in coze.conversations.messages.list(conversation_id=cid)]

    coze.conversations.clear(conversation_id=cid)
    assert list(coze.conversations.messages.list(conversation_id=cid)) == []  # cleared means gone from the list
    stub.script({"content": "Hello, stranger."})
    coze.chat.create_and_poll(bot_id=bot_id, user_id="user-1", conversation_id=cid, additional_messages=question("hi"))
    assert [m["content"] for m in stub.requests(CHAT)[-1]["json"]["messages"][1:]] == ["hi"]  # and from the context


# ------------------------------------------------------------------ knowledge


def test_knowledge_from_files_and_web_pages_to_a_chat(coze: Coze, space: str, stub: OpenAIStub,
                                                      tmp_path: Path) -> None:
    icon = tmp_path / "books.png"
    icon.write_bytes(sample_files.png(color=(200, 150, 20)))
    dataset_id = coze.datasets.create(name=name("manuals"), space_id=space, format_type=DocumentFormatType.DOCUMENT,
                                      description="product manuals", icon_file_id=coze.files.upload(file=icon).id
                                      ).dataset_id
    listed = [d for d in coze.datasets.list(space_id=space, name="manuals") if d.dataset_id == dataset_id]
    assert listed and opened(listed[0].icon_url) == icon.read_bytes()

    pdf = base64.b64encode(sample_files.pdf(MANUAL_PAGES)).decode()
    notes = tmp_path / "notes.md"
    notes.write_text("# Filter\n\nRinse the limescale filter under the tap every week.\n")
    with LocalWebServer() as web:
        created = coze.datasets.documents.create(dataset_id=dataset_id, document_bases=[
            DocumentBase(name="manual.pdf", source_info=DocumentSourceInfo(file_base64=pdf, file_type="pdf")),
            DocumentBase(name="", source_info=DocumentSourceInfo.build_web_page(web.page("/warranty", WEB_PAGE))),
            DocumentBase(name="notes.md", source_info=DocumentSourceInfo.build_file_id(coze.files.upload(file=notes).id)),
        ])
        ids = [d.document_id for d in created]
        progress = until(lambda: coze.datasets.process(dataset_id=dataset_id, document_ids=ids),
                         lambda ps: all(p.status != PROCESSING for p in ps))
    assert [p.status for p in progress] == [READY] * 3, [(p.document_name, p.status_descript) for p in progress]
    documents = {d.document_id: d for d in coze.datasets.documents.list(dataset_id=dataset_id)}
    assert documents[ids[1]].name == "Aurora warranty terms"  # a web page is named after its title
    assert documents[ids[0]].slice_count >= 1 and documents[ids[2]].char_count > 0
    coze.datasets.documents.update(document_id=ids[2], document_name="filter.md")
    coze.datasets.documents.delete(document_ids=[ids[2]])
    assert {d.name for d in coze.datasets.documents.list(dataset_id=dataset_id)} == {"manual.pdf",
                                                                                    "Aurora warranty terms"}

    bot_id = coze.bots.create(space_id=space, name=name("kb"), model_info_config=BotModelInfo(model_id=STUB_MODEL_ID)
                              ).bot_id
    coze.bots.update(bot_id=bot_id, knowledge=BotKnowledge(dataset_ids=[dataset_id], auto_call=True,
                                                           search_strategy=1))
    coze.bots.publish(bot_id=bot_id)
    stub.script({"content": "Two years."})
    polled = coze.chat.create_and_poll(bot_id=bot_id, user_id="user-1",
                                       additional_messages=question("How long is the kettle warranty?"))
    assert polled.chat.status == ChatStatus.COMPLETED
    assert "two-year warranty" in stub.requests(CHAT)[-1]["json"]["messages"][0]["content"]  # the page, recalled

    coze.datasets.update(dataset_id=dataset_id, name=name("renamed"))
    coze.datasets.delete(dataset_id=dataset_id)
    assert not [d for d in coze.datasets.list(space_id=space) if d.dataset_id == dataset_id]


def test_image_datasets(coze: Coze, space: str, tmp_path: Path) -> None:
    dataset_id = coze.datasets.create(name=name("photos"), space_id=space, format_type=DocumentFormatType.IMAGE
                                      ).dataset_id
    png = sample_files.png(color=(0, 160, 60))
    [doc] = coze.datasets.documents.create(dataset_id=dataset_id, document_bases=[DocumentBase(
        name="green.png", source_info=DocumentSourceInfo(file_base64=base64.b64encode(png).decode(), file_type="png"))])
    until(lambda: coze.datasets.process(dataset_id=dataset_id, document_ids=[doc.document_id]),
          lambda ps: ps[0].status != PROCESSING)
    coze.datasets.images.update(dataset_id=dataset_id, document_id=doc.document_id, caption="a green square")
    [photo] = list(coze.datasets.images.list(dataset_id=dataset_id, keyword="green"))
    assert photo.caption == "a green square" and opened(photo.url) == png
    assert list(coze.datasets.images.list(dataset_id=dataset_id, keyword="purple")) == []
