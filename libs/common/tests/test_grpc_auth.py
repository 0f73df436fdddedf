"""RequestContext <-> gRPC metadata and the access checks (the wire round trip is in test_grpc_server.py)."""

import grpc
import pytest

from atelier_common import auth
from atelier_common.auth import (
    RequestContext,
    from_metadata,
    internal_context,
    require_space,
    require_user,
    require_visible,
    to_metadata,
    use_context,
)
from atelier_common.errors import NotFound, PermissionDenied, Unauthenticated


def test_metadata_round_trip() -> None:
    ctx = RequestContext(user_id=12, space_ids=frozenset({30, 4}))
    md = to_metadata(ctx)
    assert md == [("x-atelier-user-id", "12"), ("x-atelier-space-ids", "4,30")]
    assert from_metadata(md) == ctx
    assert from_metadata(grpc.aio.Metadata(*md)) == ctx
    assert from_metadata(dict(md)) == ctx
    assert to_metadata(RequestContext()) == []
    assert from_metadata(None) == RequestContext()
    assert from_metadata([("x-atelier-internal", "1")]) == RequestContext(internal=True)


def test_outgoing_metadata_uses_the_current_context() -> None:
    assert auth.outgoing_metadata() == []
    with use_context(RequestContext(user_id=1, space_ids=frozenset({2}))):
        assert auth.outgoing_metadata() == [("x-atelier-user-id", "1"), ("x-atelier-space-ids", "2")]
    assert auth.current_context() == RequestContext()


@pytest.mark.parametrize("md", [[("x-atelier-user-id", "abc")], [("x-atelier-space-ids", "1,x")]])
def test_malformed_metadata_is_unauthenticated(md) -> None:
    with pytest.raises(Unauthenticated):
        from_metadata(md)


def test_require_user_and_space() -> None:
    with pytest.raises(Unauthenticated):
        require_user()
    with pytest.raises(Unauthenticated):
        require_space(1)
    with use_context(RequestContext(user_id=9, space_ids=frozenset({1}))):
        assert require_user() == 9
        require_space(1)
        with pytest.raises(PermissionDenied, match="space 2 is not yours"):
            require_space(2)
    with internal_context():
        require_space(2)  # system calls pass space checks
        with pytest.raises(Unauthenticated):
            require_user()  # but are not a user


def test_a_resource_in_another_space_is_not_found_like_an_unknown_one() -> None:
    with pytest.raises(Unauthenticated):
        require_visible(1, "bot 5 not found")
    with use_context(RequestContext(user_id=9, space_ids=frozenset({1}))):
        require_visible(1, "bot 5 not found")
        with pytest.raises(NotFound, match="^bot 5 not found$"):
            require_visible(2, "bot 5 not found")
    with internal_context():
        require_visible(2, "bot 5 not found")


def test_set_and_reset_context_tokens() -> None:
    token = auth.set_context(RequestContext(user_id=3))
    try:
        assert auth.current_context().user_id == 3
    finally:
        auth.reset_context(token)
    assert auth.current_context().user_id == 0
