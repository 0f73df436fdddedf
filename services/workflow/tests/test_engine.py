"""The workflow engine running canvases in process: control flow, concurrency, loops, batches,
code through the sandbox, error policies, conversion, the Exit's text, resume and cancellation.

Nodes whose timing a test controls are Plugin nodes run by a probe executor registered for the
test: the registry is how executors are added, and the probe records what the engine did."""

from __future__ import annotations

import asyncio
import textwrap
import time
from typing import Any

import pytest

from atelier_devstack.canvas_builders import chain, concat, edge, entry, exit_, lit, node, out, param, ref
from atelier_proto.enums import NodeType
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.plan import Plan, compile_plan
from atelier_workflow.domain.progress import Checkpoint
from atelier_workflow.engine import (
    BaseObserver,
    Engine,
    NodeError,
    NodeOutput,
    RunContext,
    RunStatus,
    default_registry,
)

PLUGIN = 4

# ------------------------------------------------------------------ canvases built in code


def plan(nodes: list[dict[str, Any]], edges: list[dict[str, Any]]) -> Plan:
    return compile_plan(parse_canvas({"nodes": nodes, "edges": edges}))


def on_error(process_type: int, *, retries: int = 0, timeout_ms: int = 0, data: str = "") -> dict[str, Any]:
    return {"settingOnError": {"processType": process_type, "retryTimes": retries, "timeoutMs": timeout_ms,
                               "dataOnErr": data, "switch": bool(data)}}

# ------------------------------------------------------------------ observing the engine


class Recorder(BaseObserver):
    def __init__(self) -> None:
        self.events: list[tuple[str, str]] = []
        self.checkpoints: list[dict] = []
        self.messages: list[str] = []

    def node_started(self, event):
        self.events.append(("started", event.node_id))

    def node_finished(self, event):
        self.events.append(("finished", event.node_id))

    def node_failed(self, event):
        self.events.append(("failed", event.node_id))

    def node_skipped(self, event):
        self.events.append(("skipped", event.node_id))

    def message(self, event):
        self.messages.append(event.text)

    def checkpoint(self, checkpoint):
        self.checkpoints.append(checkpoint.to_json())

    def ran(self, node_id: str) -> bool:
        return ("started", node_id) in self.events


class Probe:
    """A Plugin-node executor: sleeps `delay` seconds, fails its first `failures` attempts,
    and records when each node ran and how many ran at once."""

    def __init__(self, delay: float = 0.0, failures: int = 0) -> None:
        self.delay, self.failures = delay, failures
        self.calls: dict[str, int] = {}
        self.spans: dict[str, tuple[float, float]] = {}
        self.active = self.peak = 0
        self.cancelled: list[str] = []

    async def __call__(self, node, inputs, ctx) -> NodeOutput:
        self.calls[node.id] = self.calls.get(node.id, 0) + 1
        self.active += 1
        self.peak = max(self.peak, self.active)
        start = time.perf_counter()
        try:
            await asyncio.sleep(self.delay)
        except asyncio.CancelledError:
            self.cancelled.append(node.id)
            raise
        finally:
            self.active -= 1
        self.spans[node.id] = (start, time.perf_counter())
        if self.calls[node.id] <= self.failures:
            raise NodeError(f"attempt {self.calls[node.id]} failed", "probe_failure")
        return NodeOutput({"value": f"{node.id}:{inputs.get('x')}"})


def engine_with(probe: Probe) -> Engine:
    registry = default_registry()
    registry.register(NodeType.Plugin, probe)
    return Engine(registry)


def probe_node(id_: str, x: dict | None = None, **inputs: Any) -> dict:
    return node(id_, PLUGIN, {"inputParameters": [param("x", x or lit("1"))], **inputs}, [out("value")])


def selector_canvas() -> Any:
    branch = {"condition": {"logic": 2, "conditions": [
        {"operator": 13, "left": {"input": ref("100001", "n", "integer")}, "right": {"input": lit(5, "integer")}},
        {"operator": 7, "left": {"input": ref("100001", "tag")}, "right": {"input": lit("vip")}}]}}
    return plan(
        [entry(out("n", "integer", required=True), out("tag")),
         node("200", 8, {"branches": [branch]}),
         concat("big", "big {{n}}", param("n", ref("100001", "n", "integer"))),
         concat("small", "small {{n}}", param("n", ref("100001", "n", "integer"))),
         node("agg", 32, {"mergeGroups": [{"name": "label", "variables": [ref("big", "output"), ref("small", "output")]}]},
              [out("label")]),
         exit_(param("label", ref("agg", "label")))],
        [edge("100001", "200"), edge("200", "big", "true"), edge("200", "small", "false"),
         edge("big", "agg"), edge("small", "agg"), edge("agg", "900001")])


async def test_a_selector_runs_the_chosen_branch_and_skips_the_other() -> None:
    recorder = Recorder()
    result = await Engine().run(selector_canvas(), {"n": "7", "tag": "a vip customer"}, observer=recorder)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"label": "big 7"}
    assert ("skipped", "small") in recorder.events and not recorder.ran("small")

    result = await Engine().run(selector_canvas(), {"n": 7, "tag": "regular"}, observer=(recorder := Recorder()))
    assert result.output == {"label": "small 7"}
    assert ("skipped", "big") in recorder.events and not recorder.ran("big")


async def test_independent_branches_run_at_the_same_time() -> None:
    probe = Probe(delay=0.3)
    canvas = plan([entry(), probe_node("a"), probe_node("b"), probe_node("c"),
                   exit_(param("a", ref("a", "value")), param("b", ref("b", "value")), param("c", ref("c", "value")))],
                  [edge("100001", n) for n in "abc"] + [edge(n, "900001") for n in "abc"])
    started = time.perf_counter()
    result = await engine_with(probe).run(canvas, {})
    assert result.status == RunStatus.SUCCEEDED
    assert time.perf_counter() - started < 0.6  # three 0.3 s nodes in sequence would take 0.9 s
    assert probe.peak == 3
    assert result.output == {"a": "a:1", "b": "b:1", "c": "c:1"}


async def test_a_loop_stops_at_its_break_and_gathers_what_ran(canvases) -> None:
    canvas = compile_plan(parse_canvas(canvases.load("loop_with_break")))
    result = await Engine().run(canvas, {"lines": ["a", "b", "c", "d"], "limit": 2})
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"cleaned": ["- a", "- b"], "last": "- b"}
    result = await Engine().run(canvas, {"lines": ["x", "y"]})  # limit defaults to 5: no break
    assert result.output == {"cleaned": ["- x", "- y"], "last": "- y"}


def batch_canvas(concurrency: int, size: int) -> Any:
    body = probe_node("inner", ref("batch", "item"))
    batch = node("batch", 28, {"batchSize": lit(str(size), "integer"), "concurrentSize": lit(str(concurrency), "integer"),
                               "inputParameters": [param("item", ref("100001", "items", "list", schema={"type": "string"}))]},
                 [param("results", ref("inner", "value", "list", schema={"type": "string"}))],
                 blocks=[body], edges=[edge("batch", "inner", "batch-function-inline-output"), edge("inner", "batch")])
    return plan([entry(out("items", "list", schema={"type": "string"})), batch,
                 exit_(param("results", ref("batch", "results", "list", schema={"type": "string"})))],
                chain("100001", "batch", "900001"))


async def test_a_batch_runs_its_items_concurrently_up_to_its_limit() -> None:
    probe = Probe(delay=0.05)
    result = await engine_with(probe).run(batch_canvas(2, 5), {"items": list("abcdefg")})
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"results": [f"inner:{c}" for c in "abcde"]}  # batchSize caps it at 5, in order
    assert probe.peak == 2


CODE = textwrap.dedent("""
    async def main(args):
        return {"total": args.params["a"] + args.params["b"], "note": "sum"}
""")


def code_canvas(code: str, **error: Any) -> Any:
    return plan([entry(out("a", "integer"), out("b", "integer")),
                 node("code", 5, {"code": code, "language": 3, **error,
                                  "inputParameters": [param("a", ref("100001", "a", "integer")),
                                                      param("b", ref("100001", "b", "integer"))]},
                      [out("total", "integer"), out("note")]),
                 exit_(param("total", ref("code", "total", "integer")))],
                chain("100001", "code", "900001"))


async def test_a_code_node_runs_in_the_sandbox() -> None:
    result = await Engine().run(code_canvas(CODE), {"a": 2, "b": "40"})
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"total": 42}


async def test_a_failing_code_node_fails_the_run_naming_it() -> None:
    result = await Engine().run(code_canvas("async def main(args):\n    raise ValueError('bad row')\n"), {"a": 1, "b": 1})
    assert result.status == RunStatus.FAILED
    assert result.error.node_id == "code" and "bad row" in result.error.message
    assert result.error.code == "user_exception"


async def test_the_exception_branch_carries_the_error_body() -> None:
    failing = "async def main(args):\n    raise ValueError('no such user')\n"
    canvas = plan([entry(out("a", "integer"), out("b", "integer")),
                   node("code", 5, {"code": failing, "language": 3, **on_error(3),
                                    "inputParameters": [param("a", ref("100001", "a", "integer"))]}, [out("total", "integer")]),
                   concat("ok", "fine"),
                   concat("sorry", "failed: {{e.errorMessage}}", param("e", ref("code", "errorBody", "object"))),
                   node("agg", 32, {"mergeGroups": [{"name": "text", "variables": [ref("ok", "output"), ref("sorry", "output")]}]},
                        [out("text")]),
                   exit_(param("text", ref("agg", "text")), param("ok", ref("code", "isSuccess", "boolean")))],
                  [edge("100001", "code"), edge("code", "ok", "default"), edge("code", "sorry", "branch_error"),
                   edge("ok", "agg"), edge("sorry", "agg"), edge("agg", "900001")])
    recorder = Recorder()
    result = await Engine().run(canvas, {"a": 1}, observer=recorder)
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output["ok"] is False
    assert result.output["text"].startswith("failed: ") and "no such user" in result.output["text"]
    assert ("skipped", "ok") in recorder.events


async def test_default_data_replaces_the_output_of_a_failed_node() -> None:
    probe = Probe(failures=99)
    canvas = plan([entry(), probe_node("p", **on_error(2, data='{"value": "fallback"}')),
                   exit_(param("v", ref("p", "value")), param("ok", ref("p", "isSuccess", "boolean")))],
                  chain("100001", "p", "900001"))
    result = await engine_with(probe).run(canvas, {})
    assert result.output == {"v": "fallback", "ok": False}


async def test_retries_run_the_node_again_until_it_succeeds() -> None:
    probe = Probe(failures=2)
    recorder = Recorder()
    canvas = plan([entry(), probe_node("p", **on_error(1, retries=2)), exit_(param("v", ref("p", "value")))],
                  chain("100001", "p", "900001"))
    result = await engine_with(probe).run(canvas, {}, observer=recorder)
    assert result.status == RunStatus.SUCCEEDED and result.output == {"v": "p:1"}
    assert probe.calls["p"] == 3 and recorder.events.count(("failed", "p")) == 2

    probe = Probe(failures=3)  # one failure more than the retries allow
    result = await engine_with(probe).run(canvas, {})
    assert result.status == RunStatus.FAILED and probe.calls["p"] == 3 and "attempt 3 failed" in result.error.message


async def test_a_node_past_its_time_limit_fails() -> None:
    probe = Probe(delay=5)
    canvas = plan([entry(), probe_node("p", **on_error(1, timeout_ms=100)), exit_(param("v", ref("p", "value")))],
                  chain("100001", "p", "900001"))
    started = time.perf_counter()
    result = await engine_with(probe).run(canvas, {})
    assert time.perf_counter() - started < 1
    assert result.status == RunStatus.FAILED and result.error.code == "timeout"
    assert probe.cancelled == ["p"]


async def test_inputs_are_converted_to_their_declared_types() -> None:
    canvas = plan([entry(out("n"), out("flag"), out("items")),
                   exit_(param("n", ref("100001", "n", "integer")), param("f", ref("100001", "flag", "boolean")),
                         param("items", ref("100001", "items", "list", schema={"type": "integer"})),
                         param("text", ref("100001", "items", "string")))],
                  chain("100001", "900001"))
    result = await Engine().run(canvas, {"n": "42", "flag": "true", "items": "[1, \"2\"]"})
    assert result.output == {"n": 42, "f": True, "items": [1, 2], "text": "[1, \"2\"]"}
    result = await Engine().run(canvas, {"n": "forty-two"})
    assert result.status == RunStatus.FAILED
    assert "n:" in result.error.message and "not a valid integer" in result.error.message


async def test_the_exit_returns_text_rendered_from_its_template() -> None:
    canvas = plan([entry(out("name"), out("order", "object")),
                   exit_(param("name", ref("100001", "name")), param("order", ref("100001", "order", "object")),
                         text="Hi {{name}}, order {{order.id}} has {{order.items[1]}}; {{order}} {{nothing.here}}")],
                  chain("100001", "900001"))
    recorder = Recorder()
    result = await Engine().run(canvas, {"name": "Ada", "order": {"id": 7, "items": ["tea", "cake"]}}, observer=recorder)
    expected = 'Hi Ada, order 7 has cake; {"id":7,"items":["tea","cake"]} {{nothing.here}}'
    assert result.answer == expected and recorder.messages == [expected]


async def test_a_resumed_run_does_not_run_completed_nodes_again() -> None:
    probe = Probe()
    canvas = plan([entry(), probe_node("a"), probe_node("b", ref("a", "value")), exit_(param("v", ref("b", "value")))],
                  chain("100001", "a", "b", "900001"))
    recorder = Recorder()
    first = await engine_with(probe).run(canvas, {}, observer=recorder)
    after_a = next(c for c in recorder.checkpoints if "a" in c["completed"] and "b" not in c["completed"])
    probe.calls.clear()
    resumed = await engine_with(probe).run(canvas, {}, resume=Checkpoint.from_json(after_a))
    assert resumed.output == first.output == {"v": "b:a:1"}
    assert probe.calls == {"b": 1}


async def test_cancelling_the_run_cancels_its_running_nodes() -> None:
    probe = Probe(delay=10)
    canvas = plan([entry(), probe_node("a"), probe_node("b"), probe_node("after", ref("a", "value")),
                   exit_(param("v", ref("after", "value")))],
                  [edge("100001", "a"), edge("100001", "b"), edge("a", "after"), edge("b", "after"), edge("after", "900001")])
    recorder = Recorder()
    task = asyncio.create_task(engine_with(probe).run(canvas, {}, observer=recorder))
    await asyncio.sleep(0.1)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert sorted(probe.cancelled) == ["a", "b"]
    assert not recorder.ran("after")


async def test_a_node_needing_another_service_fails_naming_its_type() -> None:
    canvas = plan([entry(), node("llm", 3, {"inputParameters": [param("q", lit("hi"))]}, [out("output")]),
                   exit_(param("v", ref("llm", "output")))], chain("100001", "llm", "900001"))
    result = await Engine().run(canvas, {})
    assert result.status == RunStatus.FAILED
    assert result.error.code == "node_unavailable" and "LLM nodes cannot run yet" in result.error.message


async def test_json_nodes_round_trip_a_value() -> None:
    canvas = plan([entry(out("order", "object")),
                   node("ser", 58, {"inputParameters": [param("input", ref("100001", "order", "object"))]}, [out("output")]),
                   node("de", 59, {"inputParameters": [param("input", ref("ser", "output"))]}, [out("output", "object")]),
                   exit_(param("text", ref("ser", "output")), param("back", ref("de", "output", "object")))],
                  chain("100001", "ser", "de", "900001"))
    result = await Engine().run(canvas, {"order": {"id": 7, "name": "tea"}}, context=RunContext(run_id="r1"))
    assert result.output == {"text": '{"id":7,"name":"tea"}', "back": {"id": 7, "name": "tea"}}
