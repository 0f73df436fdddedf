"""A gateway client per test, published agents on the suite's scripted model, a stranger: another
user with two spaces of their own (for 404 on others' resources and on a space_id that does not
match the resource), and uploaded files (written to the stack's object storage as uploads are)."""

from __future__ import annotations

import secrets
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from atelier_common.files import FileStore
from atelier_common.storage import LocalStorage
from atelier_devstack.api_client import AtelierClient
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack, new_user

NewBot = Callable[..., Awaitable[str]]


@pytest.fixture
async def client(chat_stack: KnowledgeStack, stub: OpenAIStub) -> AsyncIterator[AtelierClient]:
    async with chat_stack.client() as api:
        yield api


async def make_bot(api: AtelierClient, *, publish: bool = True, space_id: str | None = None, **bot_info: Any) -> str:
    space = space_id or api.space_id
    created = await api.call("/api/draftbot/create", {"space_id": space, "name": f"bot-{uuid.uuid4().hex[:8]}"})
    bot_id = created["data"]["bot_id"]
    await api.call("/api/playground_api/draftbot/update_draft_bot_info",
                   {"bot_info": {"bot_id": bot_id, "model_info": {"model_id": STUB_MODEL_ID}, **bot_info}})
    if publish:
        await api.call("/api/draftbot/publish", {"space_id": space, "bot_id": bot_id})
    return bot_id


@pytest.fixture
def new_bot(client: AtelierClient) -> NewBot:
    """A factory: await new_bot(publish=True, **bot_info) -> bot id in the admin's space."""
    async def make(*, publish: bool = True, **bot_info: Any) -> str:
        return await make_bot(client, publish=publish, **bot_info)

    return make


@dataclass
class Stranger:
    api: AtelierClient  # its space_id is the stranger's first space
    other_space_id: str  # a second space of the stranger's

    async def new_bot(self, **bot_info: Any) -> str:
        return await make_bot(self.api, **bot_info)


@pytest.fixture
async def stranger(chat_stack: KnowledgeStack) -> AsyncIterator[Stranger]:
    token, spaces = await new_user(chat_stack.env["ATELIER_DATABASE_URL"], ("Stranger A", "Stranger B"))
    async with AtelierClient(chat_stack.gateway_url, token, spaces[0]) as api:
        yield Stranger(api, spaces[1])


@dataclass
class Files:
    """Uploaded files in the stack's object storage, by default the test client's (the admin's)."""
    store: FileStore
    admin_id: int

    async def add(self, file_name: str, data: bytes, *, owner_id: int | None = None, content_type: str = "") -> str:
        file_id = secrets.randbelow(10**15) + 10**15
        await self.store.save(file_id=file_id, file_name=file_name, data=data, content_type=content_type,
                              creator_id=self.admin_id if owner_id is None else owner_id)
        return str(file_id)


@pytest.fixture
async def files(chat_stack: KnowledgeStack) -> Files:
    conn = await asyncpg.connect(chat_stack.env["ATELIER_DATABASE_URL"])
    try:
        admin_id = await conn.fetchval("SELECT id FROM gateway.users WHERE name = 'admin'")
    finally:
        await conn.close()
    return Files(FileStore(LocalStorage(Path(chat_stack.env["ATELIER_STORAGE_DIR"]))), admin_id)
