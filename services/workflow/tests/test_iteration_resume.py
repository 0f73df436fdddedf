"""Runs interrupted inside a Loop, a Batch or a node in batch mode and resumed from their last
checkpoint: completed iterations and the completed nodes of the running iteration are not run
again, and the run ends as an uninterrupted one does (loop variables included).

Side effects are counted by a Plugin-node executor registered for the test: each call that
completes counts once; the call the test interrupts never completes."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

import pytest

from atelier_devstack.canvas_builders import chain, concat, edge, entry, exit_, lit, node, out, param, ref
from atelier_proto.enums import NodeType
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.plan import Plan, compile_plan
from atelier_workflow.domain.progress import Checkpoint
from atelier_workflow.engine import BaseObserver, Engine, NodeError, NodeOutput, RunStatus, default_registry

PLUGIN, LOOP, BATCH, ASSIGN = 4, 21, 28, 20
STRINGS = {"type": "string"}


def plan(nodes: list[dict[str, Any]], edges: list[dict[str, Any]]) -> Plan:
    return compile_plan(parse_canvas({"nodes": nodes, "edges": edges}))


class Checkpoints(BaseObserver):
    def __init__(self) -> None:
        self.last: dict | None = None

    def checkpoint(self, checkpoint):
        self.last = json.loads(json.dumps(checkpoint.to_json()))  # what storage keeps: JSON


class SideEffects:
    """A Plugin executor counting its completed calls by (node, input); call number `stop_at`
    (1-based, over the whole run) hangs until the run is cancelled."""

    def __init__(self, stop_at: int | None = None, delay: float = 0.0) -> None:
        self.stop_at, self.delay = stop_at, delay
        self.started = 0
        self.done: Counter[tuple[str, str]] = Counter()
        self.hanging = asyncio.Event()

    async def __call__(self, node, inputs, ctx) -> NodeOutput:
        self.started += 1
        if self.started == self.stop_at:
            self.hanging.set()
            await asyncio.sleep(3600)
        await asyncio.sleep(self.delay)
        self.done[(node.id, inputs["x"])] += 1
        return NodeOutput({"value": f"{node.id}({inputs['x']})"})


def engine_with(effects: SideEffects) -> Engine:
    registry = default_registry()
    registry.register(NodeType.Plugin, effects)
    return Engine(registry)


def effect(id_: str, x: dict) -> dict:
    return node(id_, PLUGIN, {"inputParameters": [param("x", x)]}, [out("value")])


async def interrupted(canvas: Plan, inputs: dict, stop_at: int, delay: float = 0.0) -> tuple[dict, SideEffects]:
    """Run until call `stop_at` hangs (and what else runs has settled), cancel the run: its last
    checkpoint and the side effects so far."""
    effects, observer = SideEffects(stop_at, delay), Checkpoints()
    task = asyncio.create_task(engine_with(effects).run(canvas, inputs, observer=observer))
    await asyncio.wait_for(effects.hanging.wait(), 5)
    await asyncio.sleep(0.2)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert observer.last is not None
    return observer.last, effects


async def resumed(canvas: Plan, inputs: dict, checkpoint: dict, effects: SideEffects):
    """Resume on a fresh engine, counting into the same side effects."""
    again = SideEffects()
    again.done = effects.done
    return await engine_with(again).run(canvas, inputs, resume=Checkpoint.from_json(checkpoint))


# ------------------------------------------------------------------ a Loop with a variable


def loop_canvas(**loop_inputs: Any) -> Plan:
    """Per item: first(item); join = acc + first's value; acc := join; second(join). Outputs the
    firsts and acc as it ended."""
    body = [effect("first", ref("loop", "item")),
            concat("join", "{{acc}}{{v}}", param("acc", ref("loop", "acc")), param("v", ref("first", "value"))),
            node("set", ASSIGN, {"inputParameters": [{"left": ref("loop", "acc"), "right": ref("join", "output")}]}),
            effect("second", ref("join", "output"))]
    loop = node("loop", LOOP, {"loopType": "array",
                               "inputParameters": [param("item", ref("100001", "items", "list", schema=STRINGS))],
                               "variableParameters": [param("acc", lit(""))], **loop_inputs},
                [param("firsts", ref("first", "value", "list", schema=STRINGS)),
                 param("seconds", ref("second", "value", "list", schema=STRINGS)),
                 param("acc", ref("loop", "acc"))],
                blocks=body, edges=[edge("loop", "first", "loop-function-inline-output"),
                                    *chain("first", "join", "set", "second"), edge("second", "loop")])
    return plan([entry(out("items", "list", schema=STRINGS)), loop,
                 exit_(param("firsts", ref("loop", "firsts", "list", schema=STRINGS)),
                       param("seconds", ref("loop", "seconds", "list", schema=STRINGS)),
                       param("acc", ref("loop", "acc")))],
                chain("100001", "loop", "900001"))


ITEMS = {"items": ["a", "b", "c"]}


@pytest.mark.parametrize("stop_at", range(1, 7))  # each of the six inner calls in turn
async def test_a_loop_resumed_mid_iteration_runs_no_completed_inner_node_again(stop_at: int) -> None:
    canvas = loop_canvas()
    expected = await engine_with(SideEffects()).run(canvas, ITEMS)
    assert expected.status == RunStatus.SUCCEEDED, expected.error
    assert expected.output["acc"] == "first(a)first(b)first(c)"

    checkpoint, effects = await interrupted(canvas, ITEMS, stop_at)
    assert sum(effects.done.values()) == stop_at - 1
    if stop_at > 1:
        assert checkpoint["progress"]["loop"]["done"] or checkpoint["progress"]["loop"]["running"]
    if stop_at == 4:  # iteration 0 done: kept are the fields the loop gathers, not the whole body
        assert checkpoint["progress"]["loop"]["done"] == {
            "0": {"first": {"value": "first(a)"}, "second": {"value": "second(first(a))"}}}
        assert set(checkpoint["progress"]["loop"]["running"]["1"]["completed"]) == {"first", "join", "set"}
    result = await resumed(canvas, ITEMS, checkpoint, effects)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == expected.output  # the loop variable carried over the interruption
    assert set(effects.done.values()) == {1} and len(effects.done) == 6  # every inner call happened once


async def test_the_checkpoint_after_the_loop_forgets_its_iterations() -> None:
    observer = Checkpoints()
    result = await engine_with(SideEffects()).run(loop_canvas(), ITEMS, observer=observer)
    assert result.status == RunStatus.SUCCEEDED
    assert "loop" in observer.last["completed"] and "progress" not in observer.last


class FailsOnce(SideEffects):
    """Fails the first call with input "b"."""

    async def __call__(self, node, inputs, ctx) -> NodeOutput:
        if inputs["x"] == "b" and not self.hanging.is_set():
            self.hanging.set()
            raise NodeError("b is not ready yet", "flaky")
        return await super().__call__(node, inputs, ctx)


async def test_a_loop_tried_again_after_a_failure_starts_over() -> None:
    effects = FailsOnce()
    registry = default_registry()
    registry.register(NodeType.Plugin, effects)
    canvas = loop_canvas(settingOnError={"processType": 1, "retryTimes": 1})
    result = await Engine(registry).run(canvas, ITEMS)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output["acc"] == "first(a)first(b)first(c)"  # not first(a) twice: its variables start over
    assert effects.done[("first", "a")] == 2 and effects.done[("first", "c")] == 1


# ------------------------------------------------------------------ a loop that breaks


def breaking_canvas() -> Plan:
    """Per item: work(item); stop once index reaches 1 (Break), else note(item)."""
    branch = {"condition": {"logic": 2, "conditions": [
        {"operator": 14, "left": {"input": ref("loop", "index", "integer")}, "right": {"input": lit(1, "integer")}}]}}
    body = [effect("work", ref("loop", "item")), node("enough", 8, {"branches": [branch]}),
            node("stop", 19), effect("note", ref("loop", "item"))]
    loop = node("loop", LOOP, {"loopType": "array",
                               "inputParameters": [param("item", ref("100001", "items", "list", schema=STRINGS))]},
                [param("worked", ref("work", "value", "list", schema=STRINGS))],
                blocks=body, edges=[edge("loop", "work", "loop-function-inline-output"), edge("work", "enough"),
                                    edge("enough", "stop", "true"), edge("enough", "note", "false"),
                                    edge("note", "loop")])
    return plan([entry(out("items", "list", schema=STRINGS)), loop,
                 exit_(param("worked", ref("loop", "worked", "list", schema=STRINGS)))],
                chain("100001", "loop", "900001"))


async def test_a_loop_resumed_after_its_break_stops_where_it_broke() -> None:
    canvas = breaking_canvas()
    inputs = {"items": ["a", "b", "c", "d"]}
    expected = await engine_with(SideEffects()).run(canvas, inputs)
    assert expected.output == {"worked": ["work(a)", "work(b)"]}
    # calls: work(a), note(a), work(b) [Break], then hang right after the loop: there is no call
    # after the loop, so interrupt on work(b) instead and on the call after note(a)
    for stop_at in (2, 3):
        checkpoint, effects = await interrupted(canvas, inputs, stop_at)
        result = await resumed(canvas, inputs, checkpoint, effects)
        assert result.output == expected.output
        assert set(effects.done.values()) == {1} and ("work", "c") not in effects.done


# ------------------------------------------------------------------ a Batch


def batch_canvas() -> Plan:
    body = [effect("inner", ref("batch", "item"))]
    batch = node("batch", BATCH, {"batchSize": lit("10", "integer"), "concurrentSize": lit("2", "integer"),
                                  "inputParameters": [param("item", ref("100001", "items", "list", schema=STRINGS))]},
                 [param("results", ref("inner", "value", "list", schema=STRINGS))],
                 blocks=body, edges=[edge("batch", "inner", "batch-function-inline-output"), edge("inner", "batch")])
    return plan([entry(out("items", "list", schema=STRINGS)), batch,
                 exit_(param("results", ref("batch", "results", "list", schema=STRINGS)))],
                chain("100001", "batch", "900001"))


def batch_mode_canvas() -> Plan:
    plugin = node("plug", PLUGIN, {"inputParameters": [param("x", ref("plug", "item"))],
                                   "batch": {"batchEnable": True, "batchSize": 10, "concurrentSize": 2,
                                             "inputLists": [param("item", ref("100001", "items", "list",
                                                                              schema=STRINGS))]}},
                  [{"name": "outputList", "type": "list", "schema": {"type": "object", "schema": [out("value")]}}])
    return plan([entry(out("items", "list", schema=STRINGS)), plugin,
                 exit_(param("results", ref("plug", "outputList", "list", schema={"type": "object", "schema": []})))],
                chain("100001", "plug", "900001"))


@pytest.mark.parametrize("make", [batch_canvas, batch_mode_canvas], ids=["batch", "batch_mode"])
async def test_a_batch_resumed_mid_way_runs_no_completed_item_again(make) -> None:
    canvas, inputs = make(), {"items": list("abcdef")}
    expected = await engine_with(SideEffects()).run(canvas, inputs)
    assert expected.status == RunStatus.SUCCEEDED, expected.error
    # two at a time: the fourth call hangs while the others go on around it
    checkpoint, effects = await interrupted(canvas, inputs, stop_at=4, delay=0.01)
    assert sum(effects.done.values()) == 5  # every item but the hanging one
    result = await resumed(canvas, inputs, checkpoint, effects)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == expected.output
    assert set(effects.done.values()) == {1} and len(effects.done) == 6
