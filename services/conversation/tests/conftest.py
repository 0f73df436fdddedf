"""A gateway client per test and published agents on the suite's scripted model."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack


@pytest.fixture
async def client(chat_stack: KnowledgeStack, stub: OpenAIStub) -> AsyncIterator[AtelierClient]:
    async with chat_stack.client() as api:
        yield api


@pytest.fixture
def new_bot(client: AtelierClient):  # noqa: ANN201 - a factory: await new_bot(publish=True, **bot_info)
    async def make(*, publish: bool = True, **bot_info: Any) -> str:
        created = await client.call("/api/draftbot/create", {"space_id": client.space_id,
                                                             "name": f"bot-{uuid.uuid4().hex[:8]}"})
        bot_id = created["data"]["bot_id"]
        await client.call("/api/playground_api/draftbot/update_draft_bot_info",
                          {"bot_info": {"bot_id": bot_id, "model_info": {"model_id": STUB_MODEL_ID}, **bot_info}})
        if publish:
            await client.call("/api/draftbot/publish", {"space_id": client.space_id, "bot_id": bot_id})
        return bot_id

    return make
