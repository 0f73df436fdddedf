"""GET /v1/workspaces and GET /v1/users/me: a new user finds their space id with one call."""

from __future__ import annotations

import uuid

import httpx
import pytest

from atelier_gateway.auth.authenticator import issue_token
from atelier_gateway.auth.store import AuthStore

pytestmark = pytest.mark.timeout(60)


async def _new_user(rig, name: str) -> tuple[int, str, int]:
    store = AuthStore(rig.pool)
    user_id, _ = await store.ensure_user(f"{name}-{uuid.uuid4().hex[:8]}")
    (personal,) = await store.user_space_ids(user_id)
    token, _ = await issue_token(store, user_id, "t")
    return user_id, token, personal


async def test_workspaces_list_the_callers_spaces_with_their_role(rig) -> None:
    store = AuthStore(rig.pool)
    user_id, token, personal = await _new_user(rig, "ws-user")
    owner_id, _, _ = await _new_user(rig, "ws-owner")
    team = await store.create_space("Research", owner_id)
    await store.add_member(team, user_id, "member")
    elsewhere = await store.create_space("Not mine", owner_id)
    async with rig.client(token=token) as c:
        r = await c.get("/v1/workspaces")
    assert r.status_code == 200, r.text
    data = r.json()["data"]
    assert data["total_count"] == 2
    assert data["workspaces"] == [
        {"id": str(personal), "name": "Personal", "icon_url": "", "role_type": "owner", "workspace_type": "personal",
         "enterprise_id": "", "description": "", "owner_uid": str(user_id), "joined_status": "joined"},
        {"id": str(team), "name": "Research", "icon_url": "", "role_type": "member", "workspace_type": "team",
         "enterprise_id": "", "description": "", "owner_uid": str(owner_id), "joined_status": "joined"},
    ]
    assert str(elsewhere) not in r.text

    async with rig.client(token=token) as c:
        page2 = (await c.get("/v1/workspaces", params={"page_num": 2, "page_size": 1})).json()["data"]
        past = (await c.get("/v1/workspaces", params={"page_num": 5, "page_size": 1})).json()["data"]
        for bad in ({"page_size": 0}, {"page_size": 51}, {"page_num": 0}, {"page_num": "x"}):
            wrong = await c.get("/v1/workspaces", params=bad)
            assert wrong.status_code == 400 and next(iter(bad)) in wrong.json()["msg"], bad
    assert [w["id"] for w in page2["workspaces"]] == [str(team)] and page2["total_count"] == 2
    assert past == {"workspaces": [], "total_count": 2}


async def test_a_token_limited_to_one_space_lists_only_that_one(rig) -> None:
    store = AuthStore(rig.pool)
    user_id, _, personal = await _new_user(rig, "ws-limited")
    team = await store.create_space("Team", user_id)
    token, _ = await issue_token(store, user_id, "limited", space_ids=[team])
    async with rig.client(token=token) as c:
        data = (await c.get("/v1/workspaces")).json()["data"]
    assert [(w["id"], w["role_type"], w["workspace_type"]) for w in data["workspaces"]] == [(str(team), "owner", "team")]
    assert data["total_count"] == 1 and str(personal) not in str(data)


async def test_users_me(rig) -> None:
    async with rig.client() as c:
        r = await c.get("/v1/users/me")
    assert r.status_code == 200
    assert r.json()["data"] == {"user_id": str(rig.user_id), "user_name": "gw-tester", "nick_name": "gw-tester",
                                "avatar_url": ""}
    async with rig.client(token=None) as anonymous:
        assert (await anonymous.get("/v1/users/me")).status_code == 401


async def test_through_cozepy(rig) -> None:
    from cozepy import AsyncCoze, AsyncHTTPClient, AsyncTokenAuth

    _, token, personal = await _new_user(rig, "sdk-user")
    coze = AsyncCoze(auth=AsyncTokenAuth(token), base_url="http://gw",
                     http_client=AsyncHTTPClient(transport=httpx.ASGITransport(app=rig.app())))
    page = await coze.workspaces.list()
    workspaces = [w async for w in page]
    assert [(w.id, w.role_type, w.workspace_type) for w in workspaces] == [(str(personal), "owner", "personal")]
    me = await coze.users.me()
    assert me.user_name.startswith("sdk-user-") and me.nick_name == me.user_name and me.user_id.isdigit()
