"""Who is calling: the request context that travels with every gRPC call.

The gateway authenticates the HTTP caller and sets a RequestContext; the gRPC client interceptor
(atelier_common.grpc.client) sends it as metadata; the server interceptor puts it back into a
contextvar for the handler, which checks access with `require_user()`, `require_space()` (a space the
request names) and `require_visible()` (a resource found by its id).

Trust model: only the gateway faces the outside, and it builds these metadata keys from its own
authentication, dropping any a client sent. Services are reachable only inside the cluster, so
they trust the metadata as given. That includes `x-atelier-internal: 1`, which system callers
(workers, reconcilers, the indexer) set through `internal_context()` to act without a user: it
passes every `require_space` check. A call without a user and without that flag is anonymous:
`require_user()` and `require_space()` raise Unauthenticated (401) for it, so a forgotten context
fails closed instead of silently reading someone's space.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Mapping
from contextvars import ContextVar, Token
from dataclasses import dataclass, field
from typing import Any

from atelier_common.errors import NotFound, PermissionDenied, Unauthenticated

USER_ID_KEY = "x-atelier-user-id"
SPACE_IDS_KEY = "x-atelier-space-ids"
INTERNAL_KEY = "x-atelier-internal"
CONTEXT_KEYS = (USER_ID_KEY, SPACE_IDS_KEY, INTERNAL_KEY)


@dataclass(frozen=True)
class RequestContext:
    user_id: int = 0
    space_ids: frozenset[int] = field(default_factory=frozenset)
    internal: bool = False

    @property
    def authenticated(self) -> bool:
        return self.user_id != 0

    def can_access(self, space_id: int) -> bool:
        return self.internal or space_id in self.space_ids


ANONYMOUS = RequestContext()
INTERNAL = RequestContext(internal=True)

_current: ContextVar[RequestContext] = ContextVar("atelier_request_context", default=ANONYMOUS)


def current_context() -> RequestContext:
    return _current.get()


def set_context(ctx: RequestContext) -> Token[RequestContext]:
    """Make ctx current; undo with `reset_context(token)`."""
    return _current.set(ctx)


def reset_context(token: Token[RequestContext]) -> None:
    _current.reset(token)


@contextlib.contextmanager
def use_context(ctx: RequestContext) -> Iterator[RequestContext]:
    token = _current.set(ctx)
    try:
        yield ctx
    finally:
        _current.reset(token)


def internal_context() -> contextlib.AbstractContextManager[RequestContext]:
    """`with internal_context(): await stub.X(...)` — a system call that bypasses space checks."""
    return use_context(INTERNAL)


def require_user() -> int:
    """The caller's user id; Unauthenticated when the call carries none."""
    ctx = _current.get()
    if not ctx.authenticated:
        raise Unauthenticated("authentication required")
    return ctx.user_id


def _sees(space_id: int) -> bool:
    """Whether the caller reaches space_id (internal calls reach every space); 401 when anonymous."""
    ctx = _current.get()
    if ctx.internal:
        return True
    if not ctx.authenticated:
        raise Unauthenticated("authentication required")
    return space_id in ctx.space_ids


def require_space(space_id: int) -> None:
    """PermissionDenied unless the caller is a member of space_id (internal calls always pass)."""
    if not _sees(space_id):
        raise PermissionDenied(f"space {space_id} is not yours")


def require_internal() -> None:
    """PermissionDenied unless a system caller (`internal_context()`) makes the call: for the
    internal RPCs only services dial, never on a user's behalf."""
    ctx = _current.get()
    if not ctx.internal:
        raise PermissionDenied("this call is for Atelier's services only")


def require_visible(space_id: int, not_found: str) -> None:
    """For a resource looked up by id: NotFound(not_found), the very answer an unknown id gets, unless
    the caller is a member of its space (internal calls always pass). A 403 here would tell anyone
    which ids exist in other spaces."""
    if not _sees(space_id):
        raise NotFound(not_found)


def to_metadata(ctx: RequestContext) -> list[tuple[str, str]]:
    """gRPC metadata pairs carrying ctx (empty for the anonymous context)."""
    md: list[tuple[str, str]] = []
    if ctx.user_id:
        md.append((USER_ID_KEY, str(ctx.user_id)))
    if ctx.space_ids:
        md.append((SPACE_IDS_KEY, ",".join(str(s) for s in sorted(ctx.space_ids))))
    if ctx.internal:
        md.append((INTERNAL_KEY, "1"))
    return md


def outgoing_metadata(ctx: RequestContext | None = None) -> list[tuple[str, str]]:
    """Metadata for an outgoing call: ctx, or the current context when omitted."""
    return to_metadata(ctx if ctx is not None else _current.get())


def _pairs(md: Mapping[str, Any] | Iterable[tuple[str, Any]] | None) -> Iterator[tuple[str, Any]]:
    if md is None:
        return iter(())
    if isinstance(md, Mapping):
        return iter(md.items())
    return iter(md)  # grpc.aio.Metadata and sequences of pairs


def from_metadata(md: Mapping[str, Any] | Iterable[tuple[str, Any]] | None) -> RequestContext:
    """The RequestContext in incoming metadata; Unauthenticated when the values are malformed."""
    values: dict[str, str] = {}
    for key, value in _pairs(md):
        key = key.lower()
        if key in CONTEXT_KEYS:
            values[key] = value.decode() if isinstance(value, bytes) else str(value)
    try:
        user_id = int(values.get(USER_ID_KEY, "0").strip() or 0)
        raw_spaces = values.get(SPACE_IDS_KEY, "")
        space_ids = frozenset(int(part) for part in raw_spaces.split(",") if part.strip())
    except ValueError:
        raise Unauthenticated("malformed request context metadata") from None
    internal = values.get(INTERNAL_KEY, "").strip().lower() in ("1", "true")
    return RequestContext(user_id=user_id, space_ids=space_ids, internal=internal)
