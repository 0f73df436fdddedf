"""A node's own batch mode (`inputs.batch`), run by the engine as Coze runs it: once per
element of its input lists (zipped, at most batchSize), concurrentSize at a time, its inputs that
refer to itself reading the current element and index, its output `outputList` the list of each
run's outputs; a failing run follows the node's error policy."""

from __future__ import annotations

import asyncio
import json
import textwrap
from typing import Any

import pytest

from atelier_common.ai.models import ModelRegistry, load_models
from atelier_devstack.canvas_builders import chain, edge, entry, exit_, lit, node, out, param, ref
from atelier_devstack.stack_fixtures import write_stub_models
from atelier_proto.enums import NodeType
from atelier_workflow.clients import CHAT_MODELS
from atelier_workflow.clients.chat import RegistryChatModels
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.plan import Plan, compile_plan
from atelier_workflow.engine import (
    BaseObserver,
    Engine,
    NodeError,
    NodeOutput,
    RunContext,
    RunStatus,
    default_registry,
    full_registry,
)

TEXT, CODE, PLUGIN, LLM = 15, 5, 4, 3
STRINGS = {"type": "string"}


def plan(nodes: list[dict[str, Any]], edges: list[dict[str, Any]]) -> Plan:
    return compile_plan(parse_canvas({"nodes": nodes, "edges": edges}))


def batch(lists: list[dict[str, Any]], size: int = 0, concurrency: int = 0) -> dict[str, Any]:
    return {"batch": {"batchEnable": True, "batchSize": size, "concurrentSize": concurrency, "inputLists": lists}}


def output_list(*fields: dict[str, Any]) -> dict[str, Any]:
    return {"name": "outputList", "type": "list", "schema": {"type": "object", "schema": list(fields)}}


def list_ref(block_id: str, name: str = "outputList", element: dict | None = None) -> dict[str, Any]:
    return ref(block_id, name, "list", schema=element or {"type": "object", "schema": []})


class Items(BaseObserver):
    """Which runs of which node the observer heard of: (node, scope owner, iteration)."""

    def __init__(self) -> None:
        self.finished: list[tuple[str, str | None, int | None]] = []

    def node_finished(self, event):
        scope = event.scope
        self.finished.append((event.node_id, scope.owner_id if scope else None, scope.iteration if scope else None))


class Slow:
    """A Plugin executor: sleeps, fails on the inputs it is told to, counts who ran at once."""

    def __init__(self, delay: float = 0.0, fail_on: tuple[str, ...] = ()) -> None:
        self.delay, self.fail_on = delay, fail_on
        self.active = self.peak = 0
        self.seen: list[str] = []

    async def __call__(self, node, inputs, ctx) -> NodeOutput:
        self.active += 1
        self.peak = max(self.peak, self.active)
        try:
            await asyncio.sleep(self.delay)
        finally:
            self.active -= 1
        self.seen.append(inputs["x"])
        if inputs["x"] in self.fail_on:
            raise NodeError(f"cannot handle {inputs['x']}", "probe_failure")
        return NodeOutput({"value": f"<{inputs['x']}>"})


def engine_with(probe: Slow) -> Engine:
    registry = default_registry()
    registry.register(NodeType.Plugin, probe)
    return Engine(registry)


def text_canvas(size: int = 0) -> Plan:
    """A TextProcessor in batch mode over two zipped lists: "<index>: <greeting> <name>"."""
    text = node("text", TEXT, {
        "method": "concat",
        "inputParameters": [param("name", ref("text", "name")), param("greeting", ref("text", "greeting")),
                            param("i", ref("text", "index", "integer"))],
        "concatParams": [param("concatResult", lit("{{i}}: {{greeting}} {{name}}")),
                         param("arrayItemConcatChar", lit(", "))],
        **batch([param("name", ref("100001", "names", "list", schema=STRINGS)),
                 param("greeting", ref("100001", "greetings", "list", schema=STRINGS))], size=size)},
        [output_list(out("output"))])
    return plan([entry(out("names", "list", schema=STRINGS), out("greetings", "list", schema=STRINGS)), text,
                 exit_(param("lines", list_ref("text")))],
                chain("100001", "text", "900001"))


async def test_a_text_node_in_batch_mode_runs_once_per_zipped_item() -> None:
    observer = Items()
    result = await Engine().run(text_canvas(), {"names": ["Ada", "Bob", "Cy"], "greetings": ["hi", "hey"]},
                                observer=observer)
    assert result.status == RunStatus.SUCCEEDED, result.error
    # the shorter list decides: two runs, each output an element of outputList
    assert result.output == {"lines": [{"output": "0: hi Ada"}, {"output": "1: hey Bob"}]}
    ran = [item for item in observer.finished if item[0] == "text"]
    assert sorted(ran[:2]) == [("text", "text", 0), ("text", "text", 1)]  # each run, scoped by its index
    assert ran[2] == ("text", None, None)  # then the node itself


async def test_batch_size_caps_the_runs() -> None:
    result = await Engine().run(text_canvas(size=2), {"names": list("abcde"), "greetings": list("vwxyz")})
    assert result.output == {"lines": [{"output": "0: v a"}, {"output": "1: w b"}]}
    result = await Engine().run(text_canvas(), {"names": [], "greetings": ["hi"]})
    assert result.status == RunStatus.SUCCEEDED and result.output == {"lines": []}


SQUARE = textwrap.dedent("""
    async def main(args):
        n = args.params["n"]
        return {"square": n * n, "label": f"#{args.params['i']}"}
""")


async def test_a_code_node_in_batch_mode_runs_its_code_per_item_in_the_sandbox() -> None:
    code = node("code", CODE, {
        "code": SQUARE, "language": 3,
        "inputParameters": [param("n", ref("code", "n", "integer")), param("i", ref("code", "index", "integer"))],
        **batch([param("n", ref("100001", "numbers", "list", schema={"type": "integer"}))], concurrency=2)},
        [output_list(out("square", "integer"), out("label"))])
    canvas = plan([entry(out("numbers", "list", schema={"type": "integer"})), code,
                   exit_(param("squares", list_ref("code")))], chain("100001", "code", "900001"))
    result = await Engine().run(canvas, {"numbers": [3, 4, 5]})
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"squares": [{"square": 9, "label": "#0"}, {"square": 16, "label": "#1"},
                                         {"square": 25, "label": "#2"}]}


def plugin_canvas(concurrency: int = 0, error: dict | None = None, branch: bool = False) -> Plan:
    plugin = node("plug", PLUGIN, {"inputParameters": [param("x", ref("plug", "item"))], **(error or {}),
                                   **batch([param("item", ref("100001", "items", "list", schema=STRINGS))],
                                           concurrency=concurrency)},
                  [output_list(out("value"))])
    exit_params = [param("values", list_ref("plug"))]
    if error:
        exit_params += [param("ok", ref("plug", "isSuccess", "boolean")),
                        param("error", ref("plug", "errorBody", "object",
                                           schema=[out("errorMessage"), out("errorCode")]))]
    if not branch:
        return plan([entry(out("items", "list", schema=STRINGS)), plugin, exit_(*exit_params)],
                    chain("100001", "plug", "900001"))
    failed = node("failed", TEXT, {"method": "concat", "inputParameters": [param("m", ref("plug", "errorBody.errorMessage"))],
                                   "concatParams": [param("concatResult", lit("failed: {{m}}"))]}, [out("output")])
    fine = node("fine", TEXT, {"method": "concat", "inputParameters": [],
                               "concatParams": [param("concatResult", lit("all fine"))]}, [out("output")])
    agg = node("agg", 32, {"mergeGroups": [{"name": "say", "variables": [ref("failed", "output"), ref("fine", "output")]}]},
               [out("say")])
    return plan([entry(out("items", "list", schema=STRINGS)), plugin, failed, fine, agg,
                 exit_(*exit_params, param("say", ref("agg", "say")))],
                [edge("100001", "plug"), edge("plug", "fine", "default"), edge("plug", "failed", "branch_error"),
                 edge("fine", "agg"), edge("failed", "agg"), edge("agg", "900001")])


def on_error(process_type: int, data: str = "") -> dict[str, Any]:
    return {"settingOnError": {"processType": process_type, "dataOnErr": data, "switch": bool(data)}}


async def test_a_plugin_node_in_batch_mode_runs_its_items_concurrently_up_to_its_limit() -> None:
    probe = Slow(delay=0.05)
    result = await engine_with(probe).run(plugin_canvas(concurrency=2), {"items": list("abcde")})
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"values": [{"value": f"<{c}>"} for c in "abcde"]}  # in item order
    assert probe.peak == 2 and sorted(probe.seen) == list("abcde")


async def test_a_failing_item_fails_the_node_when_its_policy_is_throw() -> None:
    probe = Slow(fail_on=("c",))
    result = await engine_with(probe).run(plugin_canvas(concurrency=1), {"items": list("abcde")})
    assert result.status == RunStatus.FAILED
    assert result.error.node_id == "plug" and "cannot handle c" in result.error.message


async def test_a_failing_item_returns_the_default_data_for_that_item() -> None:
    data = json.dumps({"outputList": [{"value": "fallback"}]})  # as Coze's editor writes it: the whole node's
    probe = Slow(fail_on=("b",))
    result = await engine_with(probe).run(plugin_canvas(error=on_error(2, data)), {"items": list("abc")})
    assert result.status == RunStatus.SUCCEEDED, result.error
    values = result.output["values"]
    assert values[0] == {"value": "<a>", "isSuccess": True, "errorBody": None}
    assert values[1] == {"value": "fallback", "isSuccess": False,
                         "errorBody": {"errorMessage": "cannot handle b", "errorCode": "probe_failure"}}
    assert values[2]["value"] == "<c>"
    assert result.output["ok"] is False
    assert result.output["error"] == {"errorMessage": "cannot handle b", "errorCode": "probe_failure"}

    result = await engine_with(Slow()).run(plugin_canvas(error=on_error(2, data)), {"items": list("ab")})
    assert result.output["ok"] is True and result.output["error"] is None


async def test_a_failing_item_takes_the_exception_branch_once_every_item_ran() -> None:
    probe = Slow(fail_on=("b",))
    result = await engine_with(probe).run(plugin_canvas(error=on_error(3), branch=True), {"items": list("abc")})
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output["say"] == "failed: cannot handle b"
    assert sorted(probe.seen) == list("abc")
    assert [v.get("isSuccess") for v in result.output["values"]] == [True, False, True]

    result = await engine_with(Slow()).run(plugin_canvas(error=on_error(3), branch=True), {"items": list("ab")})
    assert result.output["say"] == "all fine"


# ------------------------------------------------------------------ an LLM node, against the scripted model


@pytest.fixture
def chat(tmp_path, openai_stub, stub, monkeypatch) -> dict[str, Any]:
    monkeypatch.setenv("ATELIER_TEST_MODEL_KEY", "test")
    models = ModelRegistry(load_models(write_stub_models(tmp_path, openai_stub.base_url)))
    stub.record_requests(True)
    return {CHAT_MODELS: RegistryChatModels(models, timeout_s=10)}


async def test_an_llm_node_in_batch_mode_asks_the_model_once_per_item(chat, stub) -> None:
    llm_params = [param("modelType", lit("1001", "integer")), param("temperature", lit("0", "float")),
                  param("prompt", lit("Translate: {{word}}")), param("systemPrompt", lit("")),
                  param("responseFormat", lit("0", "integer"))]
    llm = node("llm", LLM, {"inputParameters": [param("word", ref("llm", "word"))], "llmParam": llm_params,
                            **batch([param("word", ref("100001", "words", "list", schema=STRINGS))], concurrency=1)},
               [output_list(out("output"))])
    canvas = plan([entry(out("words", "list", schema=STRINGS)), llm,
                   exit_(param("translations", list_ref("llm")))], chain("100001", "llm", "900001"))
    stub.script({"content": "chat"}, {"content": "chien"})
    result = await Engine(full_registry()).run(canvas, {"words": ["cat", "dog"]}, context=RunContext(services=chat))
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"translations": [{"output": "chat"}, {"output": "chien"}]}
    prompts = [r["json"]["messages"][-1]["content"] for r in stub.requests("/v1/chat/completions")[-2:]]
    assert prompts == ["Translate: cat", "Translate: dog"]
    assert result.usage.input_tokens > 0  # every run's tokens count
