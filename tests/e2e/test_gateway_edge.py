"""The gateway process in a running stack (knowledge + indexer + gateway), driven as users would:
the official Coze SDK (cozepy, sync, over real HTTP) for files, workspaces and the current user;
a browser-style fetch (no token) of the signed image URL the knowledge service hands out."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
import pytest

from atelier_devstack import sample_files
from atelier_devstack.stack_fixtures import KnowledgeStack

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]


def _sdk(stack: KnowledgeStack, token: str | None = None):  # type: ignore[no-untyped-def]
    from cozepy import Coze, TokenAuth

    return Coze(auth=TokenAuth(token or stack.token), base_url=stack.gateway_url)


def test_files_workspaces_and_me_through_cozepy(knowledge_stack: KnowledgeStack, tmp_path: Path) -> None:
    from cozepy import CozeAPIError

    coze = _sdk(knowledge_stack)
    # the README's first step: find the space to work in
    workspaces = list(coze.workspaces.list())
    mine = [w for w in workspaces if w.id == knowledge_stack.space_id]
    assert mine and mine[0].role_type == "owner" and mine[0].workspace_type == "personal"
    assert coze.users.me().user_name == "admin"

    path = tmp_path / "brief.txt"
    path.write_text("the quarterly numbers\n")
    uploaded = coze.files.upload(file=path)
    assert uploaded.id.isdigit() and uploaded.bytes == path.stat().st_size and uploaded.file_name == "brief.txt"
    assert coze.files.retrieve(file_id=uploaded.id).created_at == uploaded.created_at

    with pytest.raises(CozeAPIError) as err:
        coze.files.retrieve(file_id="1")
    assert err.value.code == 404
    assert re.fullmatch(r"[0-9a-f]{32}", err.value.logid or ""), "errors carry the request's log id"


async def test_signed_image_urls_open_without_a_token(knowledge_stack: KnowledgeStack) -> None:
    png = sample_files.png(color=(10, 200, 30))
    async with knowledge_stack.client() as api:
        dataset_id = await api.create_dataset(f"signed-{uuid.uuid4().hex[:6]}", format_type=2)
        info = await api.upload(dataset_id, "green.png", png, caption="a green square")
        await api.wait_documents([info["document_id"]])
        photos = await api.call("/api/knowledge/photo/list", {"dataset_id": dataset_id, "space_id": api.space_id})
    [photo] = photos["photo_infos"]
    url = photo["url"]
    assert url.startswith(f"{knowledge_stack.gateway_url}/storage/"), url  # never a file:// path
    async with httpx.AsyncClient(trust_env=False, timeout=10) as browser:  # no Authorization header
        opened = await browser.get(url)
        assert opened.status_code == 200 and opened.content == png
        assert opened.headers["content-type"] == "image/png"
        parts = urlsplit(url)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        longer = {**query, "expires": str(int(query["expires"]) + 86_400)}
        tampered = await browser.get(f"{parts.scheme}://{parts.netloc}{parts.path}?{urlencode(longer)}")
        assert tampered.status_code == 403
