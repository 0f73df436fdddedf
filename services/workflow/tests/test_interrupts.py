"""Runs that stop to ask the user (QuestionAnswer, InputReceiver) and carry on with the answer:
what the user is asked, where the answer leads, and that nothing already done runs again."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from atelier_devstack.canvas_builders import chain, concat, edge, entry, exit_, lit, node, out, param, ref
from atelier_proto.enums import InterruptType, NodeType
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.plan import Plan, compile_plan
from atelier_workflow.domain.progress import Checkpoint
from atelier_workflow.engine import (
    Engine,
    InvalidResume,
    NodeOutput,
    ResumeAnswer,
    RunResult,
    RunStatus,
    default_registry,
)

PLUGIN, QUESTION, INPUT_RECEIVER, LOOP = 4, 18, 30, 21


def plan(nodes: list[dict[str, Any]], edges: list[dict[str, Any]]) -> Plan:
    return compile_plan(parse_canvas({"nodes": nodes, "edges": edges}))


class CountingPlugin:
    """A Plugin-node executor that counts its runs; a node named in `delays` takes that long."""

    def __init__(self, **delays: float) -> None:
        self.delays = delays
        self.calls: dict[str, int] = {}

    async def __call__(self, node, inputs, ctx) -> NodeOutput:
        self.calls[node.id] = self.calls.get(node.id, 0) + 1
        await asyncio.sleep(self.delays.get(node.id, 0.0))
        return NodeOutput({"value": f"{node.id} done"})


def engine(plugin: CountingPlugin) -> Engine:
    registry = default_registry()
    registry.register(NodeType.Plugin, plugin)
    return Engine(registry)


def plugin_node(id_: str) -> dict[str, Any]:
    return node(id_, PLUGIN, {"inputParameters": [param("x", lit("1"))]}, [out("value")])


def question(id_: str, text: str, *params: dict[str, Any], **settings: Any) -> dict[str, Any]:
    outputs = ([out("optionId"), out("optionContent")] if settings.get("answer_type") == "option"
               else [out("USER_RESPONSE")])
    return node(id_, QUESTION, {"inputParameters": list(params), "question": text,
                                "answer_type": "text", **settings}, outputs, title=f"Ask {id_}")


def restarted(result: RunResult) -> Checkpoint:
    """The checkpoint as a process that restarted reads it back from storage."""
    return Checkpoint.from_json(json.loads(json.dumps(result.checkpoint.to_json())))


def messages(result: RunResult) -> list[dict[str, Any]]:
    return json.loads(result.interrupt.data)["messages"]


# ------------------------------------------------------------------ free-text questions


def greeting_canvas() -> Plan:
    return plan([entry(out("name")), plugin_node("lookup"),
                 question("qa", "Hi {{name}}, which city?", param("name", ref("100001", "name"))),
                 concat("reply", "{{name}} lives in {{city}}", param("name", ref("100001", "name")),
                        param("city", ref("qa", "USER_RESPONSE"))),
                 exit_(param("reply", ref("reply", "output")))],
                chain("100001", "lookup", "qa", "reply", "900001"))


async def test_a_question_stops_the_run_and_the_answer_finishes_it_without_rerunning_earlier_nodes() -> None:
    plugin = CountingPlugin()
    canvas = greeting_canvas()
    first = await engine(plugin).run(canvas, {"name": "Ada"})
    assert first.status == RunStatus.INTERRUPTED
    assert (first.interrupt.node_id, first.interrupt.type, first.interrupt.node_title) == (
        "qa", InterruptType.Question, "Ask qa")
    assert messages(first) == [{"type": "question", "content_type": "text", "content": "Hi Ada, which city?",
                                "id": "qa_0"}]
    assert first.output == {} and "reply" not in first.checkpoint.completed

    done = await engine(plugin).run(canvas, {"name": "Ada"}, resume=restarted(first),
                                    resume_answer=ResumeAnswer("qa", "Paris"))
    assert done.status == RunStatus.SUCCEEDED, done.error
    assert done.output == {"reply": "Ada lives in Paris"}
    assert plugin.calls == {"lookup": 1}  # the node before the question ran once, not again on resume
    assert done.checkpoint.interrupted == {}


async def test_resuming_without_the_answer_asks_the_same_question_again() -> None:
    first = await Engine().run(greeting_canvas_without_plugin(), {"name": "Bo"})
    again = await Engine().run(greeting_canvas_without_plugin(), {"name": "Bo"}, resume=restarted(first))
    assert again.status == RunStatus.INTERRUPTED
    assert again.interrupt == first.interrupt


def greeting_canvas_without_plugin() -> Plan:
    return plan([entry(out("name")),
                 question("qa", "Hi {{name}}, which city?", param("name", ref("100001", "name"))),
                 exit_(param("city", ref("qa", "USER_RESPONSE")))],
                chain("100001", "qa", "900001"))


async def test_an_answer_for_a_node_that_is_not_waiting_is_refused_by_name() -> None:
    first = await Engine().run(greeting_canvas_without_plugin(), {"name": "Bo"})
    with pytest.raises(InvalidResume, match="not waiting for an answer from node 900001; nodes waiting: qa"):
        await Engine().run(greeting_canvas_without_plugin(), {}, resume=first.checkpoint,
                           resume_answer=ResumeAnswer("900001", "x"))


async def test_extracting_fields_from_an_answer_fails_clearly_without_asking() -> None:
    canvas = plan([entry(), question("qa", "Your order?", extra_output=True, limit=3),
                   exit_(param("r", ref("qa", "USER_RESPONSE")))], chain("100001", "qa", "900001"))
    result = await Engine().run(canvas, {})
    assert result.status == RunStatus.FAILED and result.interrupt is None
    assert result.error.code == "node_unavailable" and "needs an LLM" in result.error.message


# ------------------------------------------------------------------ option questions


def colour_canvas(**settings: Any) -> Plan:
    settings = {"answer_type": "option", "option_type": "static",
                "options": [{"name": "Red"}, {"name": "{{shade}} blue"}], **settings}
    return plan([entry(out("shade")),
                 question("qa", "Pick a colour", param("shade", ref("100001", "shade")), **settings),
                 concat("red", "warm {{c}}", param("c", ref("qa", "optionContent"))),
                 concat("blue", "cool {{c}}", param("c", ref("qa", "optionContent"))),
                 concat("other", "{{id}}: {{c}}", param("id", ref("qa", "optionId")),
                        param("c", ref("qa", "optionContent"))),
                 node("agg", 32, {"mergeGroups": [{"name": "verdict", "variables": [
                     ref("red", "output"), ref("blue", "output"), ref("other", "output")]}]}, [out("verdict")]),
                 exit_(param("verdict", ref("agg", "verdict")), param("id", ref("qa", "optionId")))],
                [edge("100001", "qa"), edge("qa", "red", "branch_0"), edge("qa", "blue", "branch_1"),
                 edge("qa", "other", "default"), edge("red", "agg"), edge("blue", "agg"), edge("other", "agg"),
                 edge("agg", "900001")])


async def test_an_option_question_lists_its_options_and_the_answer_picks_the_branch() -> None:
    canvas = colour_canvas()
    first = await Engine().run(canvas, {"shade": "navy"})
    assert first.status == RunStatus.INTERRUPTED
    assert messages(first) == [{"type": "question", "content_type": "option", "id": "qa_0", "content": {
        "options": [{"name": "Red"}, {"name": "navy blue"}], "question": "Pick a colour"}}]

    blue = await Engine().run(canvas, {"shade": "navy"}, resume=restarted(first),
                              resume_answer=ResumeAnswer("qa", "navy blue"))
    assert blue.status == RunStatus.SUCCEEDED, blue.error
    assert blue.output == {"verdict": "cool navy blue", "id": "B"}
    assert "red" not in blue.checkpoint.completed and "other" not in blue.checkpoint.completed

    other = await Engine().run(canvas, {"shade": "navy"}, resume=restarted(first),
                               resume_answer=ResumeAnswer("qa", "green, please"))
    assert other.output == {"verdict": "other: green, please", "id": "other"}


async def test_dynamic_options_come_from_a_list_and_an_empty_list_fails() -> None:
    settings = {"option_type": "dynamic", "options": [],
                "dynamic_option": ref("100001", "choices", "list", schema={"type": "string"})}
    canvas = plan([entry(out("choices", "list", schema={"type": "string"})),
                   question("qa", "Which one?", answer_type="option", **settings),
                   exit_(param("id", ref("qa", "optionId")), param("picked", ref("qa", "optionContent")))],
                  [edge("100001", "qa"), edge("qa", "900001", "branch_0"), edge("qa", "900001", "default")])
    first = await Engine().run(canvas, {"choices": ["tea", "coffee"]})
    assert messages(first)[0]["content"]["options"] == [{"name": "tea"}, {"name": "coffee"}]
    done = await Engine().run(canvas, {"choices": ["tea", "coffee"]}, resume=restarted(first),
                              resume_answer=ResumeAnswer("qa", "coffee"))
    assert done.output == {"id": "B", "picked": "coffee"}

    empty = await Engine().run(canvas, {"choices": []})
    assert empty.status == RunStatus.FAILED and "dynamic options are empty" in empty.error.message


# ------------------------------------------------------------------ parallel branches


async def test_a_parallel_branch_finishes_before_the_run_reports_the_question_and_is_not_rerun() -> None:
    plugin = CountingPlugin(slow=0.3, fast=0.05)
    canvas = plan([entry(), question("qa", "Go on?"), plugin_node("slow"), plugin_node("fast"), plugin_node("after_fast"),
                   exit_(param("answer", ref("qa", "USER_RESPONSE")), param("slow", ref("slow", "value")),
                         param("after", ref("after_fast", "value")))],
                  [edge("100001", "qa"), edge("100001", "slow"), edge("100001", "fast"), edge("fast", "after_fast"),
                   edge("qa", "900001"), edge("slow", "900001"), edge("after_fast", "900001")])
    first = await engine(plugin).run(canvas, {})
    assert first.status == RunStatus.INTERRUPTED and first.interrupt.node_id == "qa"
    assert first.checkpoint.outputs["slow"] == {"value": "slow done"}  # it finished before the run stopped
    assert "fast" in first.checkpoint.completed
    assert plugin.calls == {"slow": 1, "fast": 1}  # nothing new started once the question was asked

    done = await engine(plugin).run(canvas, {}, resume=restarted(first), resume_answer=ResumeAnswer("qa", "yes"))
    assert done.output == {"answer": "yes", "slow": "slow done", "after": "after_fast done"}
    assert plugin.calls == {"slow": 1, "fast": 1, "after_fast": 1}


async def test_two_questions_asked_at_once_are_answered_one_after_the_other() -> None:
    canvas = plan([entry(), question("q1", "First?"), question("q2", "Second?"),
                   exit_(param("a", ref("q1", "USER_RESPONSE")), param("b", ref("q2", "USER_RESPONSE")))],
                  [edge("100001", "q1"), edge("100001", "q2"), edge("q1", "900001"), edge("q2", "900001")])
    first = await Engine().run(canvas, {})
    assert first.status == RunStatus.INTERRUPTED
    assert set(first.checkpoint.interrupted) == {"q1", "q2"}
    asked = first.interrupt.node_id
    later = "q2" if asked == "q1" else "q1"

    second = await Engine().run(canvas, {}, resume=restarted(first), resume_answer=ResumeAnswer(asked, "one"))
    assert second.status == RunStatus.INTERRUPTED and second.interrupt.node_id == later
    assert set(second.checkpoint.interrupted) == {later}

    done = await Engine().run(canvas, {}, resume=restarted(second), resume_answer=ResumeAnswer(later, "two"))
    assert done.status == RunStatus.SUCCEEDED
    assert done.output == {"a": "one" if asked == "q1" else "two", "b": "two" if asked == "q1" else "one"}


async def test_a_question_inside_a_loop_fails_the_loop_instead_of_waiting() -> None:
    body = question("inner", "Again?")
    loop = node("loop", LOOP, {"loopType": "count", "loopCount": lit(2, "integer"), "inputParameters": []},
                [param("answers", ref("inner", "USER_RESPONSE", "list", schema={"type": "string"}))],
                blocks=[body], edges=[edge("loop", "inner", "loop-function-inline-output"), edge("inner", "loop")])
    canvas = plan([entry(), loop, exit_(param("answers", ref("loop", "answers", "list", schema={"type": "string"})))],
                  chain("100001", "loop", "900001"))
    result = await Engine().run(canvas, {})
    assert result.status == RunStatus.FAILED and result.interrupt is None
    assert "cannot wait for the user inside a Loop or Batch body" in result.error.message


# ------------------------------------------------------------------ forms


def form_canvas() -> Plan:
    receiver = node("form", INPUT_RECEIVER, {"inputParameters": []},
                    [out("name", required=True), out("age", "integer"), out("tags", "list", schema={"type": "string"})],
                    title="Your details")
    return plan([entry(), receiver,
                 exit_(param("name", ref("form", "name")), param("age", ref("form", "age", "integer")),
                       param("tags", ref("form", "tags", "list", schema={"type": "string"})))],
                chain("100001", "form", "900001"))


async def test_a_form_asks_for_its_fields_and_takes_the_submitted_values_as_typed_outputs() -> None:
    canvas = form_canvas()
    first = await Engine().run(canvas, {})
    assert first.status == RunStatus.INTERRUPTED
    assert (first.interrupt.type, first.interrupt.node_type) == (InterruptType.Input, NodeType.InputReceiver)
    data = json.loads(first.interrupt.data)
    assert data["content_type"] == "form_schema"
    assert [(f["name"], f["type"], f.get("required", False)) for f in json.loads(data["content"])] == [
        ("name", "string", True), ("age", "integer", False), ("tags", "list", False)]

    answer = json.dumps({"name": "Ada", "age": "36", "tags": '["math"]', "extra": 1})
    done = await Engine().run(canvas, {}, resume=restarted(first), resume_answer=ResumeAnswer("form", answer))
    assert done.status == RunStatus.SUCCEEDED, done.error
    assert done.output == {"name": "Ada", "age": 36, "tags": ["math"]}


async def test_a_form_answer_that_does_not_fit_names_the_problem() -> None:
    first = await Engine().run(form_canvas(), {})
    for answer, problem in (("not json", "not JSON"), ('{"age": 3}', "missing the required field name"),
                            ('{"name": "A", "age": "old"}', "field age")):
        result = await Engine().run(form_canvas(), {}, resume=restarted(first),
                                    resume_answer=ResumeAnswer("form", answer))
        assert result.status == RunStatus.FAILED and problem in result.error.message, answer
