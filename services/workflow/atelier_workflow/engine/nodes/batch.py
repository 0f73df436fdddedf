"""Batch: runs its body once per element of its list inputs (as many as the shortest list, at
most `batchSize`, 100 when unset), `concurrentSize` iterations at a time (10 when unset), as
Coze's nodes/batch. Its outputs gather a body node's field from every iteration, in order
(None where the node did not run). A resumed run (`ctx.progress`) does not run the iterations
it completed again."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from atelier_proto.enums import NodeType
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.domain.progress import IterationProgress
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput
from atelier_workflow.engine.nodes.iteration import gather, iteration_values, list_inputs

DEFAULT_BATCH_SIZE = 100
DEFAULT_CONCURRENCY = 10


def _positive(ctx: NodeContext, place: str, default: int) -> int:
    value = ctx.setting(place, 0)
    if not isinstance(value, int) or value < 0:
        raise NodeError(f"{place} must be a whole number of 0 or more, not {value!r}", "invalid_input")
    return value or default


async def batch(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    if node.body is None:
        raise NodeError("the batch has no body", "invalid_setting")
    lists = list_inputs(node, inputs)
    total = min(min((len(items) for items in lists.values()), default=0), _positive(ctx, "batchSize", DEFAULT_BATCH_SIZE))
    gate = asyncio.Semaphore(_positive(ctx, "concurrentSize", DEFAULT_CONCURRENCY))
    body = node.body

    progress = ctx.progress or IterationProgress()

    async def one(index: int) -> Mapping[str, Any]:
        done = progress.done.get(index)
        if done is not None:  # a resumed run: this iteration completed before
            return done
        async with gate:
            return (await ctx.run_body(body, iteration_values(inputs, lists, index), index)).outputs

    try:
        async with asyncio.TaskGroup() as group:
            tasks = [group.create_task(one(index)) for index in range(total)]
    except BaseExceptionGroup as failed:  # the first iteration that failed fails the batch
        first = failed.exceptions[0]
        raise first if isinstance(first, Exception) else failed from None
    return NodeOutput(gather(node, [task.result() for task in tasks], {}, keep_missing=True))


EXECUTORS = {NodeType.Batch: batch}
