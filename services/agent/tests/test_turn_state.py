"""The pure parts of client-side tools and attachments: a checkpoint resumed with outputs, and the
share of the model's context attached files get."""

from __future__ import annotations

import pytest

from atelier_agent.domain.config import client_tool_definitions, tool_parameters
from atelier_agent.domain.entities import BotConfig, Checkpoint, PendingCall
from atelier_agent.runtime.attachments import EXTRACT_MAX_CHARS, MIN_FILE_CHARS, chars_per_file, file_text_block
from atelier_common.errors import InvalidArgument


def checkpoint() -> Checkpoint:
    calls = [{"id": "a", "type": "function", "function": {"name": "clock", "arguments": "{}"}},
             {"id": "b", "type": "function", "function": {"name": "gps", "arguments": "{}"}}]
    return Checkpoint(messages=[{"role": "user", "content": "where and when?"},
                                {"role": "assistant", "content": None, "tool_calls": calls}],
                      pending=[PendingCall("a", "clock", "{}"), PendingCall("b", "gps", "{}")], iteration=1, model_id=7)


def test_a_checkpoint_survives_its_stored_form_and_takes_outputs_in_the_calls_order():
    state = Checkpoint.from_state(checkpoint().to_state())
    assert state == checkpoint()
    resumed = state.resumed([("b", "Lyon"), ("a", "09:00")])
    assert resumed[-2:] == [{"role": "tool", "tool_call_id": "a", "content": "09:00"},
                            {"role": "tool", "tool_call_id": "b", "content": "Lyon"}]


@pytest.mark.parametrize("outputs", [[("a", "x")], [("a", "x"), ("b", "y"), ("c", "z")], [("a", "x"), ("a", "y")]])
def test_outputs_must_answer_exactly_the_pending_calls(outputs):
    with pytest.raises(InvalidArgument):
        checkpoint().resumed(outputs)


def test_calls_waiting_for_authorization_need_no_output_and_are_not_answered_by_one():
    base = checkpoint()
    state = Checkpoint.from_state(Checkpoint(
        messages=base.messages, iteration=1, model_id=7,
        pending=[PendingCall("a", "clock", "{}"),
                 PendingCall("b", "gps", "{}", authorization_url="https://idp/authorize?x", plugin_name="Maps")],
    ).to_state())
    assert [p.id for p in state.authorizing] == ["b"] and state.authorizing[0].plugin_name == "Maps"
    # only the client-side call is answered; an output given for the waiting call is not used
    for outputs in ([("a", "09:00")], [("a", "09:00"), ("b", "made up")]):
        assert state.resumed(outputs)[-1] == {"role": "tool", "tool_call_id": "a", "content": "09:00"}
        assert len(state.resumed(outputs)) == len(base.messages) + 1
    with pytest.raises(InvalidArgument, match="a"):
        state.resumed([("b", "made up")])


def test_client_tools_become_function_definitions():
    tools = client_tool_definitions(BotConfig({"client_tool_list": [
        {"name": "gps", "description": "where the device is"},
        {"name": "bad", "parameters": "{broken"}]}))  # a stored draft that no longer parses is skipped
    assert tools == {"gps": {"type": "function", "function": {
        "name": "gps", "description": "where the device is", "parameters": {"type": "object", "properties": {}}}}}
    with pytest.raises(ValueError, match="object"):
        tool_parameters('{"type": "array"}')


def test_attached_files_share_part_of_the_context():
    assert chars_per_file(8192, 1) == 12288 and chars_per_file(8192, 4) == 3072
    assert chars_per_file(1_000_000, 1) == EXTRACT_MAX_CHARS and chars_per_file(600, 3) == MIN_FILE_CHARS
    assert file_text_block("a.txt", " hello \n", True, 100) == (
        "[Attached file: a.txt]\nhello\n[The file is longer: only its first 100 characters are shown.]")
