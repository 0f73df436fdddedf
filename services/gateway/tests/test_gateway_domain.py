"""Pure pieces: token rules, path conversion, the generated route table as the gateway sees it."""

from __future__ import annotations

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
from atelier_gateway.routing import IN_PROCESS_SERVICES, load_routes, parse_routes
from atelier_gateway.upload import object_key, safe_name

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
    assert safe_name("../../etc/passwd") == "passwd"
    assert safe_name("C:\\\\Users\\\\me\\\\my report.pdf") == "my_report.pdf"
    assert safe_name("..") == "file"
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
        if r.upload is not None:
            fields = r.request_cls.DESCRIPTOR.fields_by_name
            assert all(name in fields for _, name in r.upload.fields), r.path
    assert any(r.stream for r in table.routes)
    assert any(not r.auth for r in table.routes)
    uploads = {r.path: r.upload for r in table.routes if r.upload is not None}
    assert set(uploads) == {"/api/knowledge/document/upload", "/v1/files/upload"}
    assert uploads["/api/knowledge/document/upload"].field("key") == "tos_uri"
    assert uploads["/v1/files/upload"].field("content") == "content"


def test_route_table_key_spellings() -> None:
    table = parse_routes(
        [
            {
                "http_method": "get",
                "http_path": "/x/:id",
                "grpc_path": "/atelier.permission.PermissionService/GetPersonalAccessTokenAndPermission",
                "auth": "false",
            }
        ]
    )
    (r,) = table.routes
    assert (r.method, r.service, r.rpc, r.auth, r.stream) == (
        "GET",
        "permission",
        "GetPersonalAccessTokenAndPermission",
        False,
        False,
    )
    assert r.request_cls.DESCRIPTOR.name == "GetPersonalAccessTokenAndPermissionRequest"
