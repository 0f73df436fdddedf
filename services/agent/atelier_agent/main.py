"""Wiring of the agent service: `python -m atelier_agent`.

Loads the model configuration files once at start (a bad file stops the service with a message
naming it) and keeps one HTTP client per model for the runtime; keeps published configurations as chats run them
(run_configs), listening for bot changes."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import grpc

from atelier_agent.api import AgentService
from atelier_agent.models import ModelRegistry, load_models
from atelier_agent.run_configs import TOPIC, RunConfigs
from atelier_common.db.change_listener import ChangeListener
from atelier_common.service import ServiceDeps, ServiceSpec, grpc_listener, run
from atelier_proto import agent_pb2, agent_pb2_grpc


@dataclass(frozen=True)
class AgentState:
    deps: ServiceDeps
    models: ModelRegistry
    configs: RunConfigs  # published configurations as chats run them, dropped when a bot changes


@contextlib.asynccontextmanager
async def lifespan(deps: ServiceDeps) -> AsyncIterator[AgentState]:
    models = ModelRegistry(load_models(Path(deps.settings.model_config_dir)))
    configs = RunConfigs()
    listener = ChangeListener(deps.pool, TOPIC, configs)
    await listener.start()
    try:
        yield AgentState(deps, models, configs)
    finally:
        await listener.stop()  # before the pool closes: it holds one of its connections
        await models.aclose()


def register(server: grpc.aio.Server, state: AgentState) -> None:
    agent_pb2_grpc.add_AgentServiceServicer_to_server(AgentService(state.deps, state.models, state.configs), server)


SPEC = ServiceSpec(
    name="agent",
    schema="agent",
    migrations_dir=Path(__file__).parent / "migrations",
    lifespan=lifespan,
    listen=grpc_listener(register, [agent_pb2.DESCRIPTOR.services_by_name["AgentService"].full_name]),
)


def main() -> None:
    run(SPEC)
