"""Every service boots as its own process, owns its schema, answers health, and is reachable
through the gateway; every route of the IDL is served by its service (none is left to the generated
base class, which answers UNIMPLEMENTED, rendered as HTTP 501: services/gateway/tests cover that)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from importlib import import_module
from importlib.resources import files
from typing import Any

import asyncpg
import grpc
import httpx
import pytest
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from atelier_devstack.services import ServiceProcess, start_service
from atelier_proto import route_table

pytestmark = pytest.mark.e2e

BACKENDS = ("agent", "conversation", "knowledge", "workflow", "plugin")
ALL_SERVICES = (*BACKENDS, "indexer")


@pytest.fixture(scope="module")
def stack(atelier_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    token_file = tmp_path_factory.mktemp("gw") / "admin_token"
    env = {**atelier_env, "ATELIER_BOOTSTRAP_TOKEN_FILE": str(token_file)}
    with ExitStack() as stack:
        procs = {name: stack.enter_context(start_service(name, env)) for name in ALL_SERVICES}
        procs["gateway"] = stack.enter_context(start_service("gateway", env, require_200=True))
        yield {"procs": procs, "token": token_file.read_text().strip(), "env": env}


def _routes() -> list[route_table.Route]:
    return route_table.loads(files("atelier_proto").joinpath("routes.json").read_text()).routes


def _served(route: route_table.Route) -> bool:
    """Whether the owner's servicer (`atelier_<service>.api`) implements the route's RPC, rather than
    the generated base class answering UNIMPLEMENTED."""
    name = route.grpc_service.rsplit(".", 1)[1]
    base = getattr(import_module(f"{route.module}_grpc"), f"{name}Servicer")
    servicer = getattr(import_module(f"atelier_{route.service}.api"), name)
    return getattr(servicer, route.rpc) is not getattr(base, route.rpc)


def test_every_service_is_healthy_and_the_gateway_is_ready(stack: dict[str, Any]) -> None:
    gateway: ServiceProcess = stack["procs"]["gateway"]
    reply = httpx.get(f"{gateway.url}/readyz", timeout=10, trust_env=False)
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["code"] == 0
    assert {"postgres", *BACKENDS, "indexer"} <= set(body["components"])


def test_services_expose_their_api_through_reflection(stack: dict[str, Any]) -> None:
    for name in BACKENDS:
        with grpc.insecure_channel(stack["procs"][name].addr) as channel:
            stub = reflection_pb2_grpc.ServerReflectionStub(channel)
            replies = stub.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(list_services="")]))
            services = {s.name for reply in replies for s in reply.list_services_response.service}
        assert f"atelier.{name}.{name.capitalize()}Service" in services


async def test_each_service_owns_its_schema(stack: dict[str, Any]) -> None:
    conn = await asyncpg.connect(stack["env"]["ATELIER_DATABASE_URL"])
    try:
        for name in (*ALL_SERVICES, "gateway"):
            assert await conn.fetchval(f"SELECT to_regclass('{name}.schema_migrations') IS NOT NULL"), name
        # Knowledge's events leave through its outbox; the indexer keeps only its dedupe records,
        # in a schema of its own (it reaches knowledge's tables through knowledge's RPCs).
        assert await conn.fetchval("SELECT to_regclass('knowledge.outbox') IS NOT NULL")
        assert await conn.fetchval("SELECT to_regclass('indexer.processed_events') IS NOT NULL")
    finally:
        await conn.close()


def test_every_route_is_served_by_its_service() -> None:
    routes = [r for r in _routes() if r.service in BACKENDS]
    assert {r.service for r in routes} == set(BACKENDS)
    assert [f"{r.service}: {r.path}" for r in routes if not _served(r)] == []


def test_requests_without_a_token_are_refused(stack: dict[str, Any]) -> None:
    gateway: ServiceProcess = stack["procs"]["gateway"]
    reply = httpx.post(f"{gateway.url}/api/knowledge/list", json={}, timeout=10, trust_env=False)
    assert reply.status_code == 401 and set(reply.json()) == {"code", "msg"}


def test_sigterm_stops_each_service_cleanly(stack: dict[str, Any]) -> None:
    # Runs last in this module: a graceful stop exits 0 within the grace period.
    for name, proc in stack["procs"].items():
        assert proc.stop() == 0, f"{name} exit code; log tail:\n{proc.logs()}"
