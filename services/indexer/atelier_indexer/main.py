"""Wiring of the indexer: `python -m atelier_indexer`.

The indexer serves no RPCs of its own; its gRPC port carries health and reflection so probes and
`make status` treat it like every other service.
"""

from __future__ import annotations

from pathlib import Path

import grpc

from atelier_common.kafka import MIGRATIONS_DIR as KAFKA_MIGRATIONS
from atelier_common.service import ServiceDeps, ServiceSpec, run


def register(server: grpc.aio.Server, deps: ServiceDeps) -> None:
    """No servicer yet: event consumers attach in on_start once the knowledge pipeline lands."""


SPEC = ServiceSpec(
    name="indexer",
    schema="indexer",
    migrations_dir=Path(__file__).parent / "migrations",
    extra_migration_dirs=(KAFKA_MIGRATIONS,),  # outbox + processed_events
    register=register,
    grpc_service_names=[],
)


def main() -> None:
    run(SPEC)
