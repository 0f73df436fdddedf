"""Personal access tokens served in-process: create -> use -> list -> get/update -> delete -> 401,
plus the first-start bootstrap file and the store's hashing."""

from __future__ import annotations

import asyncio
import os
import stat

import pytest

from atelier_gateway.auth.authenticator import Authenticator, issue_token
from atelier_gateway.auth.bootstrap import bootstrap_token_file
from atelier_gateway.auth.store import AuthStore
from atelier_gateway.domain.tokens import hash_token

pytestmark = pytest.mark.timeout(60)

PAT = "/api/permission_api/pat"


async def test_pat_lifecycle(rig) -> None:
    app = rig.app()
    async with rig.client(app) as c:
        r = await c.post(
            f"{PAT}/create_personal_access_token_and_permission", json={"name": "ci", "duration_day": "30"}
        )
        assert r.status_code == 200, r.text
        data = r.json()["data"]
        token, token_id = data["token"], data["personal_access_token"]["id"]
        assert isinstance(token_id, str) and token.startswith("pat_")
        assert data["personal_access_token"]["name"] == "ci"
        assert data["personal_access_token"]["expire_at"] > data["personal_access_token"]["created_at"]

        # the secret is stored only as its hash
        row = await rig.pool.fetchrow(
            "SELECT token_hash, token_prefix FROM personal_access_tokens WHERE id = $1", int(token_id)
        )
        assert row["token_hash"] == hash_token(token) and token.startswith(row["token_prefix"])

    async with rig.client(app, token=token) as c:  # the new token works
        listed = await c.get(f"{PAT}/list_personal_access_tokens", params={"page": 1, "size": 50})
        assert listed.status_code == 200, listed.text
        items = listed.json()["data"]["personal_access_tokens"]
        assert token_id in [t["id"] for t in items]
        assert all(t["creator_id"] == str(rig.user_id) for t in items)
        assert "token" not in items[0]

        got = await c.get(f"{PAT}/get_personal_access_token_and_permission", params={"id": token_id})
        assert got.status_code == 200 and got.json()["data"]["personal_access_token"]["last_used_at"] > 0

        upd = await c.post(f"{PAT}/update_personal_access_token_and_permission", json={"id": token_id, "name": "ci-2"})
        assert upd.json() == {"code": 0, "msg": ""}

        deleted = await c.post(f"{PAT}/delete_personal_access_token_and_permission", json={"id": token_id})
        assert deleted.json() == {"code": 0, "msg": ""}

        after = await c.get(f"{PAT}/list_personal_access_tokens")
        assert after.status_code == 401
        assert after.json()["code"] == 401


async def test_pat_other_users_tokens_are_invisible(rig) -> None:
    async with rig.client() as c:
        mine = (await c.post(f"{PAT}/create_personal_access_token_and_permission", json={"name": "mine"})).json()
    token_id = mine["data"]["personal_access_token"]["id"]
    assert mine["data"]["personal_access_token"]["expire_at"] == -1  # permanent by default
    async with rig.client(token=rig.other_token) as c:
        listed = (await c.get(f"{PAT}/list_personal_access_tokens")).json()
        assert token_id not in [t["id"] for t in listed["data"]["personal_access_tokens"]]
        got = await c.get(f"{PAT}/get_personal_access_token_and_permission", params={"id": token_id})
        assert got.status_code == 404
        gone = await c.post(f"{PAT}/delete_personal_access_token_and_permission", json={"id": token_id})
        assert gone.status_code == 404


async def test_pat_validation(rig) -> None:
    async with rig.client() as c:
        r = await c.post(f"{PAT}/create_personal_access_token_and_permission", json={"duration_day": "30"})
        assert r.status_code == 400 and "name" in r.json()["msg"]
        r = await c.post(
            f"{PAT}/create_personal_access_token_and_permission", json={"name": "x", "duration_day": "999"}
        )
        assert r.status_code == 400 and "duration_day" in r.json()["msg"]
        r = await c.post(
            f"{PAT}/create_personal_access_token_and_permission",
            json={"name": "x", "space_ids": [str(rig.other_space_id)]},
        )
        assert r.status_code == 403


async def test_pat_limited_to_a_space_and_expired_tokens(rig) -> None:
    store = AuthStore(rig.pool)
    extra_space = await store.create_space("team", rig.user_id)
    async with rig.client() as c:
        r = await c.post(
            f"{PAT}/create_personal_access_token_and_permission",
            json={"name": "scoped", "space_ids": [str(extra_space)]},
        )
    scoped = r.json()["data"]["token"]
    async with rig.client(token=scoped) as c:
        ok = await c.post("/api/knowledge/create", json={"name": "a", "space_id": str(extra_space), "format_type": 0})
        denied = await c.post(
            "/api/knowledge/create", json={"name": "a", "space_id": str(rig.space_id), "format_type": 0}
        )
    assert ok.status_code == 200 and denied.status_code == 403

    r_id = int(r.json()["data"]["personal_access_token"]["id"])
    await rig.pool.execute("UPDATE personal_access_tokens SET expire_at = 1 WHERE id = $1", r_id)
    async with rig.client(rig.app(), token=scoped) as c:  # fresh app: no cached principal
        expired = await c.post(
            "/api/knowledge/create", json={"name": "a", "space_id": str(extra_space), "format_type": 0}
        )
    assert expired.status_code == 401 and "expired" in expired.json()["msg"]


async def test_bootstrap_token_file(rig, tmp_path) -> None:
    target = tmp_path / "secrets" / "token"
    assert await bootstrap_token_file(AuthStore(rig.pool), target) is True
    token = target.read_text().strip()
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o600
    assert await bootstrap_token_file(AuthStore(rig.pool), target) is False  # kept on restart
    assert target.read_text().strip() == token
    async with rig.client(token=token) as c:
        r = await c.get(f"{PAT}/list_personal_access_tokens")
    assert r.status_code == 200
    assert r.json()["data"]["personal_access_tokens"][0]["creator_name"] == "admin"


async def test_token_list_paging_out_of_range_is_a_400(rig) -> None:
    async with rig.client(rig.app()) as c:
        for params, field in (({"page": "9223372036854775806", "size": 10}, "page"), ({"page": -1}, "page"),
                              ({"size": 101}, "size"), ({"page": 1, "size": -3}, "size")):
            r = await c.get(f"{PAT}/list_personal_access_tokens", params=params)
            assert r.status_code == 400, (params, r.text)
            assert r.json()["code"] == 400 and f"'{field}'" in r.json()["msg"]
        # Absent or zero fields mean the defaults.
        for params in ({}, {"page": 0, "size": 0}):
            r = await c.get(f"{PAT}/list_personal_access_tokens", params=params)
            assert r.status_code == 200, r.text


async def test_a_burst_of_requests_reads_the_token_once(rig) -> None:
    """Requests arriving together with a token not kept (a burst of chats once its entry expired)
    share one load of it."""
    class CountingStore(AuthStore):
        reads = 0

        async def token_by_hash(self, token_hash: str):  # type: ignore[no-untyped-def]
            self.reads += 1
            return await super().token_by_hash(token_hash)

    store = CountingStore(rig.pool)
    token, _row = await issue_token(store, rig.user_id, "burst")
    auth = Authenticator(store)
    principals = await asyncio.gather(*(auth.authenticate(f"Bearer {token}") for _ in range(20)))
    assert store.reads == 1
    assert {p.ctx.user_id for p in principals} == {rig.user_id}
    with pytest.raises(Exception, match="invalid token"):  # an unknown token still fails, every caller
        await asyncio.gather(*(auth.authenticate("Bearer pat_unknown") for _ in range(3)))
