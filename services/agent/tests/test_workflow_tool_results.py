"""The pure parts of workflows as an agent's tools: how a run's end reads for the model and the user
(a result, a direct answer, a question), and a checkpoint waiting for a workflow's question."""

from __future__ import annotations

import json

import pytest

from atelier_agent.domain.entities import BotConfig, Checkpoint, PendingCall
from atelier_agent.runtime.workflows import output, question_text, workflow_ids
from atelier_common.errors import InvalidArgument
from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import WorkflowToolOutcome


def interrupt(type_: int, data: dict) -> wpb.WorkflowToolInterrupt:
    return wpb.WorkflowToolInterrupt(event_id="9/1", type=type_, data=json.dumps(data), node_title="Ask")


def test_a_question_reads_as_its_text_and_options_or_forms_as_their_json() -> None:
    text = {"messages": [{"type": "question", "content_type": "text", "content": "Which city?"}]}
    assert question_text(interrupt(2, text)) == ("Which city?", "text")
    option = {"messages": [{"type": "question", "content_type": "option",
                            "content": {"question": "Pick", "options": [{"name": "A"}]}}]}
    card, content_type = question_text(interrupt(2, option))
    assert json.loads(card)["content"]["question"] == "Pick" and content_type == "card"
    form = {"content_type": "form_schema", "content": "[]"}
    card, content_type = question_text(interrupt(5, form))
    assert json.loads(card) == form and content_type == "card"


def test_a_run_reads_as_a_result_a_direct_answer_or_a_question() -> None:
    done = output(5, "forecast", wpb.RunWorkflowToolResponse(execute_id=9, outcome=WorkflowToolOutcome.Succeeded,
                                                             output='{"f": "sunny"}'))
    assert (done.text, done.ok, done.answer_directly, done.question) == ('{"f": "sunny"}', True, False, None)
    assert done.record["output"] == {"f": "sunny"} and done.record["execute_id"] == "9"

    direct = output(5, "forecast", wpb.RunWorkflowToolResponse(
        execute_id=9, outcome=WorkflowToolOutcome.Succeeded, output='{"f": "sunny"}', answer="Sunny!",
        return_directly=True))
    assert (direct.text, direct.answer_directly) == ("Sunny!", True)

    asked = output(5, "forecast", wpb.RunWorkflowToolResponse(
        execute_id=9, outcome=WorkflowToolOutcome.Interrupted,
        interrupt=interrupt(2, {"messages": [{"content_type": "text", "content": "Which city?"}]})))
    assert asked.text == "Which city?" and not asked.ok
    call = PendingCall("c1", "forecast", "{}", **asked.question)
    assert call.awaits_answer and call.execute_id == 9 and call.workflow_id == 5 and call.interrupt_type == 2
    assert call.question_content_type == "text"

    failed = output(5, "forecast", wpb.RunWorkflowToolResponse(execute_id=9, outcome=WorkflowToolOutcome.Failed,
                                                               error_msg="node X failed"))
    assert not failed.ok and "node X failed" in failed.text


def test_bound_workflow_ids() -> None:
    cfg = BotConfig({"workflow_info_list": [{"workflow_id": "12"}, {"workflow_id": 12}, {"workflow_id": ""},
                                            {"workflow_id": "x"}, {"workflow_id": "7"}]})
    assert workflow_ids(cfg) == [12, 7]


def waiting() -> Checkpoint:
    calls = [{"id": "a", "type": "function", "function": {"name": "clock", "arguments": "{}"}},
             {"id": "q", "type": "function", "function": {"name": "ask", "arguments": "{}"}}]
    return Checkpoint(messages=[{"role": "assistant", "content": None, "tool_calls": calls}], iteration=1, model_id=7,
                      pending=[PendingCall("a", "clock", "{}"),
                               PendingCall("q", "ask", "{}", workflow_id=5, execute_id=9, question="Which city?")])


def test_a_workflow_question_is_answered_by_its_calls_output_or_by_the_next_message() -> None:
    state = Checkpoint.from_state(waiting().to_state())
    assert state == waiting() and [p.id for p in state.questions] == ["q"]
    # the client-side call gets its output as a tool message; the question's output is its answer
    assert state.resumed([("a", "09:00"), ("q", "Paris")])[-1] == {"role": "tool", "tool_call_id": "a",
                                                                    "content": "09:00"}
    assert state.answers([("a", "09:00"), ("q", "Paris")]) == {"q": "Paris"}
    assert state.resumed([("a", "09:00")])[-1]["tool_call_id"] == "a"
    assert state.answers([], "Lyon") == {"q": "Lyon"}
    with pytest.raises(InvalidArgument):
        state.resumed([("q", "Paris")])  # the client-side call still needs its output
