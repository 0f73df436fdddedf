"""Node executors, by node type.

An executor is `async def execute(node: PlanNode, inputs: dict, ctx: NodeContext) -> NodeOutput`:
`inputs` are the node's named inputs, resolved and converted to their declared types; it raises
`NodeError` (model.py) when the node fails. Each node family is one module of `engine.nodes`
exposing `EXECUTORS: {NodeType: executor}`; `default_registry()` gathers them. A node type with
no executor fails with `NodeUnavailable` naming it. Adding one (an LLM node, say) is one module
and one line in `default_registry`, or `registry.register(NodeType.LLM, execute)` at wiring time.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from atelier_proto.enums import NodeType
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeOutput, NodeUnavailable

NodeExecutor = Callable[[PlanNode, dict[str, Any], NodeContext], Awaitable[NodeOutput]]


async def unavailable(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    raise NodeUnavailable(node.type)


class ExecutorRegistry:
    def __init__(self, executors: Mapping[NodeType, NodeExecutor] | None = None) -> None:
        self._executors: dict[NodeType, NodeExecutor] = dict(executors or {})

    def register(self, node_type: NodeType, executor: NodeExecutor) -> None:
        self._executors[node_type] = executor

    def get(self, node_type: NodeType) -> NodeExecutor:
        return self._executors.get(node_type, unavailable)

    def copy(self) -> ExecutorRegistry:
        return ExecutorRegistry(self._executors)

    def __contains__(self, node_type: NodeType) -> bool:
        return node_type in self._executors


def default_registry() -> ExecutorRegistry:
    """Every node type this engine runs by itself (no other service needed)."""
    from atelier_workflow.engine.nodes import (
        aggregator,
        batch,
        code,
        emitter,
        entry_exit,
        json_nodes,
        loop,
        selector,
        text,
        user_input,
    )

    registry = ExecutorRegistry()
    for module in (entry_exit, selector, text, aggregator, json_nodes, loop, batch, code, emitter, user_input):
        for node_type, executor in module.EXECUTORS.items():
            registry.register(node_type, executor)
    return registry


def data_registry(registry: ExecutorRegistry | None = None) -> ExecutorRegistry:
    """`registry` (default: `default_registry()`) plus the nodes that read and write the user's
    data through other services (variables, conversations...): they take their clients from
    `RunContext.services` and fail with NodeUnavailable naming what is missing."""
    from atelier_workflow.engine.nodes import conversation, database, variables

    registry = registry or default_registry()
    for module in (variables, database, conversation):
        for node_type, executor in module.EXECUTORS.items():
            registry.register(node_type, executor)
    return registry


def full_registry() -> ExecutorRegistry:
    """default_registry plus the nodes that call out (LLM, IntentDetector, HTTPRequester, Plugin,
    SubWorkflow) and the data nodes (data_registry). They take their clients from `RunContext.services` (keys: atelier_workflow.clients;
    `WorkflowClients.run_services(...)` builds them); a run without one fails that node saying so."""
    from atelier_workflow.engine.nodes import http, intent, knowledge, llm, plugin, subworkflow

    registry = data_registry()
    for module in (intent, http, plugin, knowledge):
        for node_type, executor in module.EXECUTORS.items():
            registry.register(node_type, executor)
    for needing in (subworkflow, llm):  # sub-workflows (an LLM's workflow tools) run with every executor
        for node_type, make in needing.EXECUTORS_NEEDING_REGISTRY.items():
            registry.register(node_type, make(registry))
    return registry
