"""Pure pieces: token rules, path conversion, the generated route table as the gateway sees it."""

from __future__ import annotations

import json

import pytest

from atelier_common.settings import Settings
from atelier_gateway.app import Gateway, GatewayDeps
from atelier_gateway.domain.paths import path_params, to_starlette_path
from atelier_gateway.domain.tokens import (
    display_prefix,
    expire_at_for,
    generate_token,
    hash_token,
    is_expired,
    parse_bearer,
)
from atelier_gateway.routing import IN_PROCESS_SERVICES, RouteTableError, load_routes, parse_routes
from atelier_gateway.upload import object_key

NOW = 1_800_000_000


def test_tokens_are_random_and_hashed() -> None:
    a, b = generate_token(), generate_token()
    assert a != b and a.startswith("pat_") and len(a) > 40
    assert hash_token(a) == hash_token(a) != hash_token(b) and len(hash_token(a)) == 64
    assert a.startswith(display_prefix(a)) and len(display_prefix(a)) < len(a)


@pytest.mark.parametrize(
    ("expire_at", "duration", "expected"),
    [
        (None, None, None),
        (None, "permanent", None),
        (None, "30", NOW + 30 * 86_400),
        (NOW + 10, "30", NOW + 10),
        (-1, "30", None),
    ],
)
def test_expiry_rules(expire_at, duration, expected) -> None:
    assert expire_at_for(NOW, expire_at, duration) == expected


@pytest.mark.parametrize(("expire_at", "duration"), [(None, "0"), (None, "366"), (None, "soon"), (NOW - 1, None)])
def test_expiry_rejects(expire_at, duration) -> None:
    with pytest.raises(ValueError):
        expire_at_for(NOW, expire_at, duration)


def test_is_expired_and_bearer() -> None:
    assert is_expired(NOW - 1, NOW) and not is_expired(None, NOW) and not is_expired(NOW + 1, NOW)
    assert parse_bearer("Bearer abc") == "abc" and parse_bearer("bearer  abc ") == "abc"
    assert parse_bearer("Basic abc") is None and parse_bearer("Bearer") is None and parse_bearer(None) is None


def test_paths() -> None:
    assert to_starlette_path("/v1/datasets/:dataset_id/images") == "/v1/datasets/{dataset_id}/images"
    assert path_params("/v1/a/:x/b/:y") == ["x", "y"]


def test_upload_keys_are_safe() -> None:
    key = object_key("12", "a b.txt")
    assert key.startswith("uploads/12/") and key.endswith("/a_b.txt") and ".." not in key
    assert object_key("../x", "f").startswith("uploads/0/")


def test_generated_route_table_is_servable() -> None:
    table = load_routes()
    settings = Settings()
    gateway = Gateway(GatewayDeps(settings=settings, pool=None, routes=table))
    seen = set()
    for r in table.routes:
        assert (r.method, r.path) not in seen, f"duplicate route {r.method} {r.path}"
        seen.add((r.method, r.path))
        assert set(path_params(r.path)) <= set(r.request_cls.DESCRIPTOR.fields_by_name), r.path
        if r.service in IN_PROCESS_SERVICES:
            assert callable(gateway.in_process.handler(r.service, r.rpc)), f"{r.service} RPC {r.rpc} has no handler"
        else:
            assert settings.service_addr(r.service), r.service
    assert any(r.stream for r in table.routes)
    assert any(not r.auth for r in table.routes)
    uploads = {r.path: r.upload for r in table.routes if r.upload is not None}
    assert set(uploads) == {"/api/knowledge/document/upload", "/api/knowledge/review/upload", "/v1/files/upload"}
    assert uploads["/api/knowledge/document/upload"].fields["key"] == "tos_uri"
    assert uploads["/api/knowledge/review/upload"].fields["key"] == "tos_uri"
    assert uploads["/v1/files/upload"].fields["content"] == "content"


def test_behaviour_comes_from_the_idl_annotations() -> None:
    """Streaming answers, JSON answers, SSE shape and space checks are what the IDL declares."""
    routes = {(r.method, r.path): r for r in load_routes().routes}
    chat = routes[("POST", "/v3/chat")]
    assert chat.stream is not None and chat.stream.switch == "stream"  # api.stream_switch
    assert (chat.stream.sse.event, chat.stream.sse.data, chat.stream.sse.id) == ("event", "data", None)
    assert routes[("POST", "/v3/chat/submit_tool_outputs")].stream.switch == "stream"
    console = routes[("POST", "/api/conversation/chat")]
    assert console.stream is not None and console.stream.switch is None  # always streams
    workflow = routes[("POST", "/v1/workflow/stream_run")].stream
    assert workflow is not None and workflow.sse.id == "id"
    assert routes[("POST", "/api/knowledge/create")].space_fields == ("space_id",)
    assert routes[("GET", "/v1/bots")].space_fields == ("workspace_id",)
    pat = routes[("POST", "/api/permission_api/pat/create_personal_access_token_and_permission")]
    assert pat.space_fields == ("space_ids",)


def _table(**route_over) -> str:
    route = {
        "method": "GET", "path": "/x/:id", "service": "permission",
        "grpc_service": "atelier.permission.PermissionService", "rpc": "GetPersonalAccessTokenAndPermission",
        "request": "atelier.permission.GetPersonalAccessTokenAndPermissionRequest",
        "response": "atelier.permission.GetPersonalAccessTokenAndPermissionResponse",
        "module": "atelier_proto.permission_pb2", "auth": False, "category": "pat", "openapi": False,
        "space_fields": [], "stream": None, "upload": None, "page": None,
    }  # fmt: skip
    route.update(route_over)
    return json.dumps({"generated": "test", "version": 2, "routes": [{k: v for k, v in route.items() if v != "DROP"}]})


def test_route_table_reads_what_the_compiler_writes() -> None:
    (r,) = parse_routes(_table()).routes
    assert (r.method, r.service, r.rpc, r.auth, r.stream, r.upload) == (
        "GET", "permission", "GetPersonalAccessTokenAndPermission", False, None, None
    )  # fmt: skip
    assert r.request_cls.DESCRIPTOR.name == "GetPersonalAccessTokenAndPermissionRequest"


@pytest.mark.parametrize(
    ("over", "says"),
    [
        ({"method": "DROP", "http_method": "GET"}, "routes.0.method: Field required"),  # no other spellings
        ({"verb": "GET"}, "routes.0.verb: Extra inputs are not permitted"),
        ({"auth": "false"}, "routes.0.auth: Input should be a valid boolean"),  # no coercion
        ({"space_fields": "space_id"}, "routes.0.space_fields: Input should be a valid array"),
        ({"stream": {"sse": None}}, "routes.0.stream.switch: Field required"),
        ({"rpc": "Nope"}, "GET /x/:id: atelier_proto.permission_pb2 has no RPC"),
        ({"request": "atelier.permission.Other"}, "table says atelier.permission.Other"),
        ({"space_fields": ["name"]}, "has no suitable field 'name'"),  # a space field holds int64 ids
        ({"stream": {"sse": None, "switch": None}}, "streaming differs between the table and the stubs"),
        ({"page": {"redirect": "nope", "title": None, "text": "name"}}, "has no suitable field 'nope'"),
    ],
)
def test_route_table_is_strict(over, says) -> None:
    with pytest.raises(RouteTableError) as e:
        parse_routes(_table(**over))
    assert says in str(e.value)


def test_route_table_version_is_checked() -> None:
    doc = json.loads(_table())
    doc["version"] = 1
    with pytest.raises(RouteTableError, match="format version 1, this reader knows 2"):
        parse_routes(json.dumps(doc))
