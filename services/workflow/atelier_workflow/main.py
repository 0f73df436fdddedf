"""Wiring of the workflow service: `python -m atelier_workflow`."""

from __future__ import annotations

from pathlib import Path

import grpc

from atelier_common.service import ServiceDeps, ServiceSpec, deps_only, grpc_listener, run
from atelier_proto import workflow_pb2, workflow_pb2_grpc
from atelier_workflow.api import WorkflowService


def register(server: grpc.aio.Server, deps: ServiceDeps) -> None:
    workflow_pb2_grpc.add_WorkflowServiceServicer_to_server(WorkflowService(deps), server)


SPEC = ServiceSpec(
    name="workflow",
    schema="workflow",
    migrations_dir=Path(__file__).parent / "migrations",
    lifespan=deps_only,
    listen=grpc_listener(register, [workflow_pb2.DESCRIPTOR.services_by_name["WorkflowService"].full_name]),
)


def main() -> None:
    run(SPEC)
