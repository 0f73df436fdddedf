"""The PermissionService of idl/permission.thrift, served in-process by the gateway.

Routes whose owner service is "permission" are dispatched here instead of over gRPC: one method
per RPC, taking the request message and the authenticated caller, returning the response
message. A user only ever sees and changes their own tokens; the secret is returned once, by
create, and only its sha256 is stored.
"""

from __future__ import annotations

from google.protobuf.message import Message

from atelier_common import names, paging
from atelier_common.errors import InvalidArgument, NotFound, PermissionDenied
from atelier_gateway.auth.authenticator import Authenticator, Principal, issue_token
from atelier_gateway.auth.store import AuthStore, TokenRow, now_s
from atelier_gateway.domain.tokens import NEVER, expire_at_for
from atelier_gateway.in_process import new_message as _new

DEFAULT_PAGE_SIZE = 10
MAX_PAGE_SIZE = 100


def _fill_token(target: Message, row: TokenRow, *, creator: bool = False) -> None:
    target.id = row.id
    target.name = row.name
    target.created_at = row.created_at
    target.updated_at = row.updated_at
    target.last_used_at = row.last_used_at or 0
    target.expire_at = row.expire_at if row.expire_at is not None else NEVER
    if creator:
        target.creator_name = row.user_name
        target.creator_id = row.user_id


class PermissionHandler:
    def __init__(self, store: AuthStore, authenticator: Authenticator) -> None:
        self.store = store
        self.authenticator = authenticator

    async def CreatePersonalAccessTokenAndPermission(self, req: Message, who: Principal) -> Message:
        name = names.display_name(req.name)
        try:
            expire_at = expire_at_for(
                now_s(),
                req.expire_at if req.HasField("expire_at") else None,
                req.duration_day if req.HasField("duration_day") else None,
            )
        except ValueError as e:
            raise InvalidArgument(str(e)) from None
        space_ids: list[int] | None = None
        if len(req.space_ids):
            space_ids = sorted(set(req.space_ids))
            foreign = [s for s in space_ids if s not in who.ctx.space_ids]
            if foreign:
                raise PermissionDenied(f"space {foreign[0]} is not yours")
        token, row = await issue_token(self.store, who.ctx.user_id, name, expire_at=expire_at, space_ids=space_ids)
        resp = _new(req, "CreatePersonalAccessTokenAndPermissionResponse")
        _fill_token(resp.data.personal_access_token, row)
        resp.data.token = token
        return resp

    async def ListPersonalAccessTokens(self, req: Message, who: Principal) -> Message:
        page = paging.page_or_default(req.page, req.size, default_size=DEFAULT_PAGE_SIZE, max_size=MAX_PAGE_SIZE)
        rows = await self.store.list_tokens(who.ctx.user_id, offset=page.offset, limit=page.size + 1)
        resp = _new(req, "ListPersonalAccessTokensResponse")
        resp.data.SetInParent()
        for row in rows[:page.size]:
            _fill_token(resp.data.personal_access_tokens.add(), row, creator=True)
        resp.data.has_more = len(rows) > page.size
        return resp

    async def GetPersonalAccessTokenAndPermission(self, req: Message, who: Principal) -> Message:
        row = await self.store.get_token(who.ctx.user_id, req.id)
        if row is None:
            raise NotFound(f"personal access token {req.id} not found")
        resp = _new(req, "GetPersonalAccessTokenAndPermissionResponse")
        _fill_token(resp.data.personal_access_token, row)
        return resp

    async def UpdatePersonalAccessTokenAndPermission(self, req: Message, who: Principal) -> Message:
        if req.HasField("name"):
            if not await self.store.rename_token(who.ctx.user_id, req.id, names.display_name(req.name)):
                raise NotFound(f"personal access token {req.id} not found")
        elif await self.store.get_token(who.ctx.user_id, req.id) is None:
            raise NotFound(f"personal access token {req.id} not found")
        return _new(req, "UpdatePersonalAccessTokenAndPermissionResponse")

    async def DeletePersonalAccessTokenAndPermission(self, req: Message, who: Principal) -> Message:
        token_hash = await self.store.delete_token(who.ctx.user_id, req.id)
        if token_hash is None:
            raise NotFound(f"personal access token {req.id} not found")
        self.authenticator.evict(token_hash)
        return _new(req, "DeletePersonalAccessTokenAndPermissionResponse")


__all__ = ["PermissionHandler"]
