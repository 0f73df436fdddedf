"""Engine overhead per node of a workflow run: Atelier's engine against LangGraph, in the same
process, on the same graphs of no-op nodes.

  chain    Entry -> 100 no-op nodes one after another -> Exit
  fanout   Entry -> 100 no-op nodes side by side -> Exit

Atelier: a Coze canvas compiled once (compile_plan), each run `Engine.run` driven to its end by
one event loop kept for the whole bench (run_until_complete, as a worker would run it); the
no-op nodes are Plugin nodes whose executor, registered for the bench, returns at once; an
observer hears every event (started / finished / checkpoint), as storage would. LangGraph: a
StateGraph of 100 nodes returning {} with the same edges, compiled once, run by `invoke`.
us/node = median run time / 100; the goal is at most 100 us/node, and below LangGraph's.

Then async runs through the whole stack (benchmarks/workflow_runs.py): throughput with 1 and 2
workflow workers, and test_run -> first node start.

Prints one JSON line per figure on stdout; progress goes to stderr. Options: --nodes N, --runs N,
--async-runs N (0 skips the stack part), --first-node-samples N;
e.g. `make bench-workflow BENCH_ARGS="--runs 50 --async-runs 100"`."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any, TypedDict

from atelier_proto.enums import NodeType
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.plan import Plan, compile_plan
from atelier_workflow.engine import BaseObserver, Engine, NodeOutput, RunStatus, default_registry
from benchmarks.figures import emit

BENCH = "workflow"
GOAL_US = 100.0


def _node(node_id: str, type_: int, inputs: dict[str, Any] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"nodeMeta": {"title": node_id}, "outputs": []}
    if inputs is not None:
        data["inputs"] = inputs
    return {"id": node_id, "type": str(type_), "data": data}


def canvas(shape: str, count: int) -> Plan:
    middle = [f"n{i}" for i in range(count)]
    nodes = [_node("100001", NodeType.Entry)] + [_node(n, NodeType.Plugin, {"inputParameters": []}) for n in middle]
    nodes.append(_node("900001", NodeType.Exit, {"terminatePlan": "returnVariables", "inputParameters": []}))
    if shape == "chain":
        order = ["100001", *middle, "900001"]
        pairs = list(zip(order, order[1:], strict=False))
    else:
        pairs = [("100001", n) for n in middle] + [(n, "900001") for n in middle]
    edges = [{"sourceNodeID": a, "targetNodeID": b, "sourcePortID": ""} for a, b in pairs]
    return compile_plan(parse_canvas({"nodes": nodes, "edges": edges}))


async def _no_op(node, inputs, ctx) -> NodeOutput:
    return NodeOutput({})


class _Counting(BaseObserver):
    """Hears every event as storage would, keeping only a count."""

    def __init__(self) -> None:
        self.events = 0

    def node_started(self, event) -> None:
        self.events += 1

    def node_finished(self, event) -> None:
        self.events += 1

    def checkpoint(self, checkpoint) -> None:
        self.events += 1


def atelier_runner(shape: str, count: int) -> Callable[[], None]:
    registry = default_registry()
    registry.register(NodeType.Plugin, _no_op)
    engine, plan = Engine(registry), canvas(shape, count)
    loop = asyncio.new_event_loop()

    def run() -> None:
        result = loop.run_until_complete(engine.run(plan, {}, observer=_Counting()))
        if result.status != RunStatus.SUCCEEDED:
            raise RuntimeError(f"the bench run failed: {result.error}")

    return run


class _State(TypedDict, total=False):
    done: int


def langgraph_runner(shape: str, count: int) -> Callable[[], None]:
    from langgraph.graph import END, START, StateGraph

    graph = StateGraph(_State)
    middle = [f"n{i}" for i in range(count)]
    for name in middle:
        graph.add_node(name, lambda state: {})
    if shape == "chain":
        order = [START, *middle, END]
        for a, b in zip(order, order[1:], strict=False):
            graph.add_edge(a, b)
    else:
        for name in middle:
            graph.add_edge(START, name)
            graph.add_edge(name, END)
    compiled = graph.compile()
    return lambda: compiled.invoke({})


def median_us_per_node(run: Callable[[], None], runs: int, count: int) -> float:
    for _ in range(max(3, runs // 10)):  # warm up
        run()
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return statistics.median(times) / count * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=100)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--async-runs", type=int, default=600, help="async runs per throughput figure (0: skip the stack part)")
    parser.add_argument("--first-node-samples", type=int, default=40)
    args = parser.parse_args()
    for shape in ("chain", "fanout"):
        print(f"{shape}: {args.runs} runs of {args.nodes} nodes, Atelier then LangGraph", file=sys.stderr)
        ours = median_us_per_node(atelier_runner(shape, args.nodes), args.runs, args.nodes)
        theirs = median_us_per_node(langgraph_runner(shape, args.nodes), args.runs, args.nodes)
        emit(BENCH, f"{shape}_atelier_us_per_node", ours, "us", nodes=args.nodes, goal=GOAL_US,
             meets_goal=ours <= GOAL_US)
        emit(BENCH, f"{shape}_langgraph_us_per_node", theirs, "us", nodes=args.nodes)
        emit(BENCH, f"{shape}_langgraph_over_atelier", theirs / ours, "x", faster_than_langgraph=ours < theirs)
    if args.async_runs:
        from benchmarks.workflow_runs import measure

        asyncio.run(measure(BENCH, nodes=20, runs=args.async_runs, samples=args.first_node_samples))


if __name__ == "__main__":
    main()
