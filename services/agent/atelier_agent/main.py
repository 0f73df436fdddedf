"""Wiring of the agent service: `python -m atelier_agent`.

Loads the model configuration files once at start (a bad file stops the service with a message
naming it) and keeps one HTTP client per model for the runtime."""

from __future__ import annotations

from pathlib import Path

import grpc

from atelier_agent.api import AgentService
from atelier_agent.models import ModelRegistry, load_models
from atelier_common.service import ServiceDeps, ServiceSpec, run
from atelier_proto import agent_pb2, agent_pb2_grpc

_registries: dict[int, ModelRegistry] = {}


def register(server: grpc.aio.Server, deps: ServiceDeps) -> None:
    models = _registries[id(deps)] = ModelRegistry(load_models(Path(deps.settings.model_config_dir)))
    agent_pb2_grpc.add_AgentServiceServicer_to_server(AgentService(deps, models), server)


async def stop(deps: ServiceDeps) -> None:
    models = _registries.pop(id(deps), None)
    if models is not None:
        await models.aclose()


SPEC = ServiceSpec(
    name="agent",
    schema="agent",
    migrations_dir=Path(__file__).parent / "migrations",
    register=register,
    grpc_service_names=[agent_pb2.DESCRIPTOR.services_by_name["AgentService"].full_name],
    on_stop=stop,
)


def main() -> None:
    run(SPEC)
