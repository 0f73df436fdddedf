"""Wiring of the agent service: `python -m atelier_agent`."""

from __future__ import annotations

from pathlib import Path

import grpc

from atelier_agent.api import AgentService
from atelier_common.service import ServiceDeps, ServiceSpec, run
from atelier_proto import agent_pb2, agent_pb2_grpc


def register(server: grpc.aio.Server, deps: ServiceDeps) -> None:
    agent_pb2_grpc.add_AgentServiceServicer_to_server(AgentService(deps), server)


SPEC = ServiceSpec(
    name="agent",
    schema="agent",
    migrations_dir=Path(__file__).parent / "migrations",
    register=register,
    grpc_service_names=[agent_pb2.DESCRIPTOR.services_by_name["AgentService"].full_name],
)


def main() -> None:
    run(SPEC)
