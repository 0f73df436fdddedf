"""The MCP endpoint's pure parts: tool names clients accept, a chat's events folded into a tool
result, arguments and workspace choice refused with a reason. (The endpoint itself runs against the
whole stack in tests/e2e/test_mcp_server.py.)"""

from __future__ import annotations

import json
import re

import pytest

from atelier_common.errors import InvalidArgument, PermissionDenied
from atelier_gateway.mcp.chat_reply import ChatArguments, ChatReply, chat_arguments
from atelier_gateway.mcp.endpoint import chosen_spaces
from atelier_gateway.mcp.naming import MAX_NAME_CHARS, id_in_name, tool_name
from atelier_gateway.mcp.tools import ToolFailed

CLIENT_RULE = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")  # the strictest rule MCP clients and model APIs apply
BIG_ID = 7_312_345_678_901_234_567


@pytest.mark.parametrize(("display", "expected"), [
    ("Kettle helper", "kettle_helper"),
    ("  Café crème! (v2) ", "cafe_creme_v2"),
    ("客服助手", "agent"),  # nothing ASCII left: the kind's word
    ("---", "agent"),
])
def test_tool_names_are_readable_and_carry_the_id(display: str, expected: str) -> None:
    name = tool_name(display, BIG_ID, fallback="agent")
    assert name == f"{expected}_{BIG_ID}"
    assert CLIENT_RULE.match(name) and id_in_name(name) == BIG_ID


def test_long_names_are_cut_in_the_words_never_in_the_id() -> None:
    name = tool_name("An agent with a very long name " * 5, BIG_ID, fallback="agent")
    assert len(name) <= MAX_NAME_CHARS and CLIENT_RULE.match(name)
    assert name.endswith(f"_{BIG_ID}") and "__" not in name and id_in_name(name) == BIG_ID


def test_kinds_never_claim_each_others_names() -> None:
    workflow = tool_name("Nightly report", 42, fallback="workflow", mark="wf")
    assert workflow == "nightly_report_wf42"
    assert id_in_name(workflow) is None and id_in_name(workflow, mark="wf") == 42
    assert id_in_name("report_2024_17") == 17  # digits in the words do not confuse the id
    for foreign in ("no-such-tool", "kettle", "kettle_", "_17", "Kettle_17", "kettle_17x"):
        assert id_in_name(foreign) is None, foreign


def test_arguments_are_checked_with_a_reason() -> None:
    assert chat_arguments({"query": "hi"}) == ChatArguments("hi")
    assert chat_arguments({"query": "hi", "conversation_id": "123"}) == ChatArguments("hi", 123)
    assert chat_arguments({"query": "hi", "conversation_id": ""}) == ChatArguments("hi")
    for arguments, named in (({}, "'query'"), ({"query": "  "}, "'query'"), ({"query": 3}, "'query'"),
                             ({"query": "hi", "conversation_id": 123}, "'conversation_id'"),
                             ({"query": "hi", "conversation_id": "12a"}, "'conversation_id'"),
                             ({"query": "hi", "stream": True}, "'stream'")):
        with pytest.raises(ToolFailed, match=named):
            chat_arguments(arguments)


def _chat(status: str, **extra: object) -> str:
    return json.dumps({"id": "11", "conversation_id": "22", "bot_id": "33", "status": status, **extra})


def _answer(content: str, type_: str = "answer") -> str:
    return json.dumps({"id": "44", "conversation_id": "22", "type": type_, "role": "assistant", "content": content})


def test_a_completed_chat_gives_its_answer_and_conversation() -> None:
    reply = ChatReply()
    for event, data in (("conversation.chat.created", _chat("created")),
                        ("conversation.message.delta", _answer("Desc")),
                        ("conversation.message.completed", _answer("{}", "function_call")),
                        ("conversation.message.completed", _answer("Descale monthly.")),
                        ("conversation.message.completed", _answer("Why monthly?", "follow_up")),
                        ("conversation.chat.completed", _chat("completed")),
                        ("done", '"[DONE]"')):
        reply.feed(event, data)
    result = reply.result()
    assert result.structured == {"answer": "Descale monthly.", "conversation_id": "22", "chat_id": "11"}
    assert result.texts[0] == "Descale monthly." and "22" in result.texts[1]


@pytest.mark.parametrize(("events", "reason"), [
    ([("conversation.chat.failed", _chat("failed", last_error={"code": 500, "msg": "model timed out"}))],
     "model timed out"),
    ([("error", json.dumps({"code": 404, "msg": "bot 33 is not published"}))], "bot 33 is not published"),
    ([("conversation.chat.requires_action", _chat("requires_action", required_action={
        "type": "submit_tool_outputs", "submit_tool_outputs": {"tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]}}))],
     "get_weather"),
    ([("conversation.chat.created", _chat("created")), ("done", '"[DONE]"')], "cancelled"),
])
def test_a_chat_without_an_answer_fails_with_its_reason(events: list[tuple[str, str]], reason: str) -> None:
    reply = ChatReply()
    for event, data in events:
        reply.feed(event, data)
    with pytest.raises(ToolFailed, match=reason):
        reply.result()


def test_workspaces_are_all_the_tokens_unless_narrowed() -> None:
    reachable = frozenset({1, 2, 3})
    assert chosen_spaces(reachable, []) == reachable
    assert chosen_spaces(reachable, ["2", "3"]) == {2, 3}
    with pytest.raises(PermissionDenied, match="workspace 4 is not yours"):
        chosen_spaces(reachable, ["4"])
    with pytest.raises(InvalidArgument, match="workspace_id"):
        chosen_spaces(reachable, ["two"])
