"""Every service boots as its own process, owns its schema, answers health, and is reachable
through the gateway: unimplemented RPCs come back as HTTP 501 {"code","msg"}."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from importlib import import_module
from importlib.resources import files
from pathlib import Path
from typing import Any

import asyncpg
import grpc
import httpx
import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from atelier_devstack.services import ServiceProcess, start_service
from atelier_proto import annotations_pb2, route_table

pytestmark = pytest.mark.e2e

BACKENDS = ("agent", "conversation", "knowledge", "workflow", "plugin")
ALL_SERVICES = (*BACKENDS, "indexer")
IMPLEMENTED = ("knowledge", "agent", "conversation", "plugin")  # every RPC served: no 501 left to check


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


def _sample(field: FieldDescriptor, space_id: str) -> Any:
    if field.GetOptions().Extensions[annotations_pb2.space]:
        return space_id
    if field.message_type is not None:
        return _minimal_body(field.message_type, space_id)
    if field.type == FieldDescriptor.TYPE_STRING:
        return "x"
    if field.type == FieldDescriptor.TYPE_BOOL:
        return True
    if field.type == FieldDescriptor.TYPE_ENUM:
        return field.enum_type.values[-1].number
    if field.type in (FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT):
        return 1.0
    return "1"  # integers; i64 travel as strings


def _minimal_body(message: Descriptor, space_id: str) -> dict[str, Any]:
    """The smallest JSON that satisfies the message's required fields (recursively)."""
    body: dict[str, Any] = {}
    for field in message.fields:
        options = field.GetOptions()
        if not options.Extensions[annotations_pb2.required]:
            continue
        key = options.Extensions[annotations_pb2.body] or field.name
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            body[key] = {}
        elif field.is_repeated:
            body[key] = [_sample(field, space_id)]
        else:
            body[key] = _sample(field, space_id)
    return body


def _served(route: route_table.Route) -> bool:
    """Whether the owner's servicer (`atelier_<service>.api`) implements the route's RPC, rather than
    the generated base class answering UNIMPLEMENTED."""
    name = route.grpc_service.rsplit(".", 1)[1]
    base = getattr(import_module(f"{route.module}_grpc"), f"{name}Servicer")
    servicer = getattr(import_module(f"atelier_{route.service}.api"), name)
    return getattr(servicer, route.rpc) is not getattr(base, route.rpc)


def _one_route_per_service() -> dict[str, route_table.Route]:
    chosen: dict[str, route_table.Route] = {}
    for route in _routes():
        if route.service in BACKENDS and route.stream is None and route.method == "POST" and ":" not in route.path:
            if route.service in IMPLEMENTED or _served(route):
                continue
            chosen.setdefault(route.service, route)
    return chosen


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


async def test_unimplemented_rpcs_answer_501_through_the_gateway(stack: dict[str, Any]) -> None:
    gateway: ServiceProcess = stack["procs"]["gateway"]
    headers = {"Authorization": f"Bearer {stack['token']}"}
    conn = await asyncpg.connect(stack["env"]["ATELIER_DATABASE_URL"])
    try:
        # A space of the bootstrap admin (the token's owner); other tests may have made other users.
        space_id = str(
            await conn.fetchval(
                "SELECT min(m.space_id) FROM gateway.space_members m JOIN gateway.users u ON u.id = m.user_id"
                " WHERE u.name = 'admin'"
            )
        )
    finally:
        await conn.close()
    async with httpx.AsyncClient(base_url=gateway.url, headers=headers, trust_env=False, timeout=10) as client:
        for service, route in _one_route_per_service().items():
            module = import_module(route.module)
            request_cls = getattr(module, route.request.rsplit(".", 1)[1])
            reply = await client.post(route.path, json=_minimal_body(request_cls.DESCRIPTOR, space_id))
            assert reply.status_code == 501, (service, route.path, reply.text)
            body = reply.json()
            assert set(body) == {"code", "msg"} and body["code"] != 0 and body["msg"], body


def test_requests_without_a_token_are_refused(stack: dict[str, Any]) -> None:
    gateway: ServiceProcess = stack["procs"]["gateway"]
    reply = httpx.post(f"{gateway.url}/api/knowledge/list", json={}, timeout=10, trust_env=False)
    assert reply.status_code == 401 and set(reply.json()) == {"code", "msg"}


def test_sigterm_stops_each_service_cleanly(stack: dict[str, Any]) -> None:
    # Runs last in this module: a graceful stop exits 0 within the grace period.
    for name, proc in stack["procs"].items():
        assert proc.stop() == 0, f"{name} exit code; log tail:\n{proc.logs()}"


def test_route_table_covers_every_backend() -> None:
    # Every backend that still has unimplemented RPCs is probed.
    assert set(_one_route_per_service()) == set(BACKENDS) - set(IMPLEMENTED)
    assert Path(files("atelier_proto").joinpath("openapi.json")).exists()
