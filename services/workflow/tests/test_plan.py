"""compile_plan and runs over plans: what is ready, what is skipped, bindings, bodies, checkpoints."""

from __future__ import annotations

import json
import time
from itertools import pairwise

import pytest

from atelier_proto.enums import ErrorProcessType, NodeType, VariableType
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.expressions import Constant, NodeRef, ObjectValue
from atelier_workflow.domain.plan import ControlEdge, Plan, compile_plan
from atelier_workflow.domain.progress import Checkpoint, RunState
from atelier_workflow.domain.validation import InvalidCanvasError


def plan_of(doc) -> Plan:
    return compile_plan(parse_canvas(doc))


def run(state: RunState, choices: dict[str, str | None]) -> list[tuple[str, ...]]:
    """Complete whatever is ready, wave after wave, choosing the given ports; the waves."""
    waves = []
    wave = state.ready()
    while wave:
        waves.append(wave)
        following: list[str] = []
        for node_id in wave:
            following += state.complete(node_id, choices.get(node_id)).ready
        wave = tuple(following)
    return waves


def test_invalid_canvases_do_not_compile(canvases):
    doc = canvases.load("support_triage")
    doc["edges"].append({"sourceNodeID": "147552", "targetNodeID": "131027"})
    with pytest.raises(InvalidCanvasError) as error:
        plan_of(doc)
    assert error.value.http_status == 400
    assert {issue.kind for issue in error.value.issues} == {"cycle"}
    assert "edge 131027 -> 162104 closes a cycle" in error.value.msg


def test_the_plan_of_an_llm_triage(canvases):
    plan = plan_of(canvases.load("support_triage"))

    assert (plan.entry_id, plan.exit_id) == ("100001", "900001")
    assert plan.layers == (("100001",), ("131027",), ("162104",), ("118430", "147552"), ("900001",))
    assert "190020" not in plan.nodes  # the comment
    selector = plan.node("162104")
    assert selector.type == NodeType.Selector and selector.ports == ("branch_0", "default")
    assert selector.successors == {"branch_0": ("118430",), "default": ("147552",)}
    assert plan.node("900001").predecessors == (ControlEdge("118430", None), ControlEdge("147552", None))
    condition = selector.settings[0]
    assert condition.path == "branches[0].condition.conditions[0].left.input"
    assert condition.value == NodeRef("131027", ("category",))
    assert selector.settings[1].value == Constant("refund", {"type": 1})
    llm = plan.node("131027")
    assert [(b.path, b.value) for b in llm.inputs] == [("question", NodeRef("100001", ("question",)))]
    assert llm.error_policy.action == ErrorProcessType.Throw and llm.error_policy.timeout_ms == 180000
    assert llm.outputs["confidence"].type == VariableType.Float
    assert plan.node("118430").reads == {"100001"}
    assert plan.node("900001").reads == {"118430", "147552", "131027"}
    with pytest.raises(TypeError):
        plan.nodes["118430"] = plan.node("147552")  # a plan serves every run: nothing changes it
    with pytest.raises(AttributeError):
        selector.ports = ()


def test_the_branch_not_taken_is_skipped(canvases):
    plan = plan_of(canvases.load("support_triage"))
    state = plan.start()
    assert state.ready() == ("100001",)
    state.complete("100001")
    state.complete("131027")
    step = state.complete("162104", "branch_0")  # a refund
    assert (step.ready, step.skipped) == (("118430",), ("147552",))
    step = state.complete("118430")
    assert step.ready == ("900001",)  # the Exit does not wait for the skipped branch
    assert not state.finished
    state.complete("900001")
    assert state.finished and state.skipped() == ("147552",)

    other = plan.start()
    assert run(other, {"162104": "default"}) == [("100001",), ("131027",), ("162104",), ("147552",), ("900001",)]
    assert other.skipped() == ("118430",)


def test_independent_branches_are_ready_together(canvases):
    plan = plan_of(canvases.load("parallel_research"))
    state = plan.start()
    state.complete("100001")
    assert state.ready() == ("125001", "125002")
    assert state.complete("125002").ready == ()  # the Exit waits for the other branch
    assert state.complete("125001").ready == ("900001",)
    context = plan.node("900001").inputs[2]
    assert isinstance(context.value, ObjectValue)
    assert [(f.path, f.value) for f in context.value.fields] == [
        ("topic", NodeRef("100001", ("topic",))), ("source", Constant("manuals and wiki", None))]


def test_an_exception_branch(canvases):
    plan = plan_of(canvases.load("exception_branch"))
    http = plan.node("110245")
    assert http.ports == ("default", "branch_error")
    policy = http.error_policy
    assert (policy.action, policy.timeout_ms, policy.max_retries) == (ErrorProcessType.ExceptionBranch, 30000, 2)
    assert policy.default_output == {"body": "", "statusCode": 0}
    assert [(b.path, b.value) for b in http.settings] == [("apiInfo.url", NodeRef("100001", ("query",)))]

    succeeded = plan.start()
    assert run(succeeded, {"110245": "default"}) == [("100001",), ("110245",), ("900001",)]
    assert succeeded.skipped() == ("173118",)

    failed = plan.start()
    assert run(failed, {"110245": "branch_error"}) == [("100001",), ("110245",), ("173118",), ("900001",)]
    assert failed.finished and failed.skipped() == ()


def test_a_loop_body_is_a_plan_of_its_own(canvases):
    plan = plan_of(canvases.load("loop_with_break"))
    loop = plan.node("174265")
    assert plan.layers == (("100001",), ("174265",), ("900001",))
    body = loop.body
    assert body.owner_id == "174265" and (body.entry_id, body.exit_id) == (None, None)
    assert list(body.nodes) == ["105811", "196553", "139008", "182977"]
    assert [(g.path, g.type.describe(), g.value) for g in loop.gathers] == [
        ("cleaned", "list<string>", NodeRef("139008", ("output",))),
        ("last_line", "string", NodeRef("174265", ("last",))),
    ]
    assert loop.outputs["cleaned"].describe() == "list<string>"
    assert [(s.path, s.value) for s in loop.settings] == [
        ("variableParameters[0].input", Constant("", {"type": 1})),
    ]

    iteration = body.start()
    assert iteration.ready() == ("105811",)
    assert run(iteration, {"105811": "default"}) == [("105811",), ("139008",), ("182977",)]
    assert iteration.finished and iteration.skipped() == ("196553",)

    last = body.start()
    assert run(last, {"105811": "branch_0"}) == [("105811",), ("196553",)]  # Break: the loop stops after it
    assert last.finished and last.skipped() == ("139008", "182977")
    assign = body.node("182977")
    assert [(s.path, s.value) for s in assign.settings] == [
        ("inputParameters[0].left", NodeRef("174265", ("last",))),
        ("inputParameters[0].right", NodeRef("139008", ("output",))),
    ]


def test_a_batch_body_and_its_settings(canvases):
    plan = plan_of(canvases.load("batch_translate"))
    batch = plan.node("152330")
    assert batch.type == NodeType.Batch
    assert [(s.path, s.value) for s in batch.settings] == [("batchSize", Constant(100, None)),
                                                           ("concurrentSize", Constant(3, None))]
    assert batch.body.start().ready() == ("120947",)
    assert batch.body.node("120947").reads == {"152330", "100001"}
    assert batch.gathers[0].value == NodeRef("120947", ("output",))


def test_a_node_in_batch_mode_reads_its_own_batch(canvases):
    doc = canvases.load("support_triage")
    llm = canvases.node(doc, "131027")["data"]["inputs"]
    llm["batch"] = {"batchEnable": True, "batchSize": 10, "concurrentSize": 2, "inputLists": [
        {"name": "item", "input": {"type": "list", "schema": {"type": "string"}, "value": {
            "type": "ref", "content": {"source": "block-output", "blockID": "100001", "name": "question"}}}}]}
    llm["inputParameters"][0]["input"]["value"]["content"] = {"source": "block-output", "blockID": "131027",
                                                              "name": "item"}
    node = plan_of(doc).node("131027")
    assert node.batch.concurrent_size == 2
    assert node.inputs[0].value == NodeRef("131027", ("item",))
    lists = next(s for s in node.settings if s.path == "batch.inputLists[0].input")
    assert lists.value == NodeRef("100001", ("question",))


def test_a_run_resumes_from_its_checkpoint(canvases):
    plan = plan_of(canvases.load("support_triage"))
    state = plan.start()
    state.complete("100001")
    state.complete("131027")
    state.complete("162104", "branch_0")
    outputs = {"100001": {"question": "my parcel"}, "131027": {"category": "refund", "confidence": 0.9}}
    saved = json.dumps(Checkpoint(state.completed, outputs).to_json())

    checkpoint = Checkpoint.from_json(json.loads(saved))
    resumed = plan.resume(checkpoint.completed)
    assert checkpoint.outputs["131027"]["category"] == "refund"
    assert resumed.ready() == ("118430",) and resumed.skipped() == ("147552",)
    assert resumed.completed == state.completed
    resumed.complete("118430")
    assert resumed.ready() == ("900001",)

    frontier = plan.frontier({"100001": None, "131027": None, "162104": "default", "147552": None})
    assert (frontier.ready, frontier.skipped, frontier.finished) == (("900001",), ("118430",), False)


def test_checkpoints_a_run_cannot_reach_are_refused(canvases):
    plan = plan_of(canvases.load("support_triage"))
    with pytest.raises(ValueError, match="node 162104 cannot complete: it is waiting"):
        plan.resume({"100001": None, "162104": "branch_0"})
    with pytest.raises(ValueError, match="not in this plan: 777"):
        plan.resume({"777": None})


def test_completing_checks_the_node_and_its_port(canvases):
    state = plan_of(canvases.load("support_triage")).start()
    with pytest.raises(ValueError, match="node 131027 cannot complete: it is waiting"):
        state.complete("131027")
    state.complete("100001")
    with pytest.raises(ValueError, match="node 100001 cannot complete: it is done"):
        state.complete("100001")
    with pytest.raises(ValueError, match="node 131027 has no port 'branch_0'; its ports: none"):
        state.complete("131027", "branch_0")
    state.complete("131027")
    with pytest.raises(ValueError, match="node 162104 has no port None; its ports: branch_0, default"):
        state.complete("162104")


def _chain(length: int) -> dict:
    """Entry -> length text nodes, each reading the one before -> Exit."""
    def text(node_id: str, source: str, field: str) -> dict:
        return {"id": node_id, "type": "15", "data": {
            "inputs": {"method": "concat", "inputParameters": [{"name": "previous", "input": {
                "type": "string", "value": {"type": "ref", "content": {"source": "block-output", "blockID": source,
                                                                        "name": field}}}}],
                       "concatParams": [{"name": "concatResult", "input": {
                           "type": "string", "value": {"type": "literal", "content": "{{previous}}."}}}]},
            "outputs": [{"type": "string", "name": "output"}]}}

    ids = [str(200000 + i) for i in range(length)]
    nodes = [{"id": "100001", "type": "1", "data": {"outputs": [{"type": "string", "name": "seed"}]}}]
    nodes += [text(node_id, ids[i - 1] if i else "100001", "output" if i else "seed") for i, node_id in enumerate(ids)]
    nodes.append({"id": "900001", "type": "2", "data": {"inputs": {"inputParameters": [
        {"name": "result", "input": {"type": "string", "value": {"type": "ref", "content": {
            "source": "block-output", "blockID": ids[-1], "name": "output"}}}}]}}})
    chain = ["100001", *ids, "900001"]
    return {"nodes": nodes, "edges": [{"sourceNodeID": a, "targetNodeID": b} for a, b in pairwise(chain)]}


def test_a_100_node_chain_costs_microseconds_per_node():
    plan = plan_of(_chain(98))
    assert len(plan.nodes) == 100 and len(plan.layers) == 100

    rounds, started = 50, time.perf_counter()
    for _ in range(rounds):
        state = plan.start()
        ready = state.ready()
        while ready:
            ready = state.complete(ready[0]).ready
        assert state.finished
    per_node = (time.perf_counter() - started) / (rounds * 100)
    assert per_node < 100e-6, f"{per_node * 1e6:.1f} us per node"
