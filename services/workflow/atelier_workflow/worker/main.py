"""Wiring of a workflow worker: `python -m atelier_workflow.worker`.

It consumes the `workflow` topic on the common stream processor (consumer group
`atelier-workflow-workers`, events of one run in order, up to `workflow_worker_concurrency` runs
at once) and executes each requested run (handler.py). It works on the workflow schema: it is
the workflow service's other process kind, not another service. Its gRPC port serves health only.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import AsyncIterator

import grpc

from atelier_common.kafka.handling import HandlerManaged
from atelier_common.kafka.ledger import ProcessedEvents
from atelier_common.kafka.processor import ProcessorConfig, StreamProcessor
from atelier_common.kafka.producer import EventProducer
from atelier_common.kafka.topics import TOPICS
from atelier_common.service import ServiceDeps, ServiceSpec, grpc_listener, run
from atelier_workflow.main import SPEC as SERVICE_SPEC
from atelier_workflow.runs.executing import Runner
from atelier_workflow.runs.starting import TOPIC
from atelier_workflow.worker.handler import RunRequests

GROUP_ID = "atelier-workflow-workers"


@contextlib.asynccontextmanager
async def lifespan(deps: ServiceDeps) -> AsyncIterator[Runner]:
    runner = Runner.for_process(deps, "workflow-worker")
    handler = RunRequests(runner, ProcessedEvents(GROUP_ID))
    config = dataclasses.replace(ProcessorConfig.from_settings(
        deps.settings, group_id=GROUP_ID, topics=[spec for spec in TOPICS if spec.name == TOPIC],
        concurrency=deps.settings.workflow_worker_concurrency),
        fetch_max_wait_ms=deps.settings.workflow_worker_fetch_wait_ms)
    async with contextlib.AsyncExitStack() as stack:
        stack.push_async_callback(runner.aclose)
        dlq = EventProducer(deps.settings.kafka_bootstrap)
        await dlq.start()
        stack.push_async_callback(dlq.stop)
        processor = StreamProcessor(config, HandlerManaged(handler.handle), producer=dlq)
        await processor.start()
        stack.push_async_callback(processor.stop)
        yield runner


def register(server: grpc.aio.Server, runner: Runner) -> None:
    """Health and reflection only (added by the listener)."""


SPEC = ServiceSpec(
    name="workflow_worker",
    schema=SERVICE_SPEC.schema,
    migrations_dir=SERVICE_SPEC.migrations_dir,
    extra_migration_dirs=SERVICE_SPEC.extra_migration_dirs,
    lifespan=lifespan,
    listen=grpc_listener(register, []),
)


def main() -> None:
    run(SPEC)
