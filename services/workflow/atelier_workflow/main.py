"""Wiring of the workflow service: `python -m atelier_workflow`.

Besides its RPCs it runs the outbox relay of the workflow schema (async run requests reach the
workers' topic as soon as their transaction commits) and the run reconciler (runs/reconciler.py).
Workflow workers (`python -m atelier_workflow.worker`) execute the async runs.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import grpc

from atelier_common.kafka import MIGRATIONS_DIR as KAFKA_MIGRATIONS
from atelier_common.kafka.relay import schema_relay
from atelier_common.service import ServiceDeps, ServiceSpec, grpc_listener, run
from atelier_proto import workflow_pb2, workflow_pb2_grpc
from atelier_workflow.api import WorkflowService
from atelier_workflow.runs.executing import Runner
from atelier_workflow.runs.reconciler import run_reconciler

SCHEMA = "workflow"


@contextlib.asynccontextmanager
async def lifespan(deps: ServiceDeps) -> AsyncIterator[Runner]:
    async with contextlib.AsyncExitStack() as stack:
        await stack.enter_async_context(schema_relay(deps.pool, SCHEMA, deps.settings.kafka_bootstrap))
        stop = asyncio.Event()
        reconciler = asyncio.create_task(run_reconciler(deps, stop), name="workflow-reconciler")
        stack.push_async_callback(asyncio.wait_for, reconciler, 10)
        stack.callback(stop.set)
        runner = Runner.for_process(deps, "workflow")
        stack.push_async_callback(runner.aclose)
        yield runner


def register(server: grpc.aio.Server, runner: Runner) -> None:
    workflow_pb2_grpc.add_WorkflowServiceServicer_to_server(WorkflowService(runner.deps, runner), server)


SPEC = ServiceSpec(
    name="workflow",
    schema=SCHEMA,
    migrations_dir=Path(__file__).parent / "migrations",
    extra_migration_dirs=(KAFKA_MIGRATIONS,),  # outbox (async run requests) + processed_events (workers)
    lifespan=lifespan,
    listen=grpc_listener(register, [workflow_pb2.DESCRIPTOR.services_by_name["WorkflowService"].full_name]),
)


def main() -> None:
    run(SPEC)
