"""Wiring of the plugin service: `python -m atelier_plugin`.

Refuses to start without ATELIER_SECRET_KEY (stored credentials are encrypted with it)."""

from __future__ import annotations

from pathlib import Path

import grpc

from atelier_common.service import ServiceSpec, grpc_listener, run
from atelier_plugin.api import PluginService
from atelier_plugin.state import PluginState, lifespan
from atelier_proto import plugin_pb2, plugin_pb2_grpc


def register(server: grpc.aio.Server, state: PluginState) -> None:
    plugin_pb2_grpc.add_PluginServiceServicer_to_server(PluginService(state), server)


SPEC = ServiceSpec(
    name="plugin",
    schema="plugin",
    migrations_dir=Path(__file__).parent / "migrations",
    lifespan=lifespan,
    listen=grpc_listener(register, [plugin_pb2.DESCRIPTOR.services_by_name["PluginService"].full_name]),
)


def main() -> None:
    run(SPEC)
