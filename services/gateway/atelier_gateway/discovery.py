"""Coze OpenAPI discovery, served in-process (permission.thrift): `GET /v1/workspaces` (the spaces
a token reaches, so a client finds its space_id in one call) and `GET /v1/users/me`."""

from __future__ import annotations

from google.protobuf.message import Message

from atelier_common import paging
from atelier_common.errors import NotFound
from atelier_gateway.auth.authenticator import Principal
from atelier_gateway.auth.store import AuthStore, Membership
from atelier_gateway.in_process import new_message

DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 50


def _page(req: Message) -> paging.Page:
    return paging.page(req.page_num if req.HasField("page_num") else None,
                       req.page_size if req.HasField("page_size") else None,
                       default_size=DEFAULT_PAGE_SIZE, max_size=MAX_PAGE_SIZE,
                       number_field="page_num", size_field="page_size")


def _fill_workspace(target: Message, space: Membership) -> None:
    target.id = space.space_id
    target.name = space.name
    target.icon_url = ""
    target.role_type = space.role if space.role in ("owner", "admin") else "member"
    target.workspace_type = "personal" if space.personal else "team"
    target.enterprise_id = ""
    target.owner_uid = space.owner_id
    target.joined_status = "joined"


class DiscoveryHandler:
    def __init__(self, store: AuthStore) -> None:
        self.store = store

    async def ListWorkspaces(self, req: Message, who: Principal) -> Message:
        page = _page(req)
        spaces, total = await self.store.memberships(
            who.ctx.user_id, sorted(who.ctx.space_ids), offset=page.offset, limit=page.size
        )
        resp = new_message(req, "ListWorkspacesResponse")
        resp.data.SetInParent()
        for space in spaces:
            _fill_workspace(resp.data.workspaces.add(), space)
        resp.data.total_count = total
        return resp

    async def GetCurrentUser(self, req: Message, who: Principal) -> Message:
        user = await self.store.user(who.ctx.user_id)
        if user is None:  # deleted while its token was cached
            raise NotFound(f"user {who.ctx.user_id} not found")
        resp = new_message(req, "GetCurrentUserResponse")
        resp.data.user_id = user.id
        resp.data.user_name = user.name
        resp.data.nick_name = user.name
        resp.data.avatar_url = ""
        return resp
