"""Shared helpers of the ingestion tests: a client per test, direct looks at the search stores."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from atelier_common.settings import Settings
from atelier_devstack.api_client import AtelierClient
from atelier_devstack.stack_fixtures import KnowledgeStack
from atelier_search import SearchStores, create_search_stores


@pytest.fixture
async def client(knowledge_stack: KnowledgeStack, openai_stub) -> AsyncIterator[AtelierClient]:  # noqa: ANN001
    openai_stub.reset()
    async with knowledge_stack.client() as api:
        yield api
    openai_stub.reset()


@pytest.fixture
async def stores(knowledge_stack: KnowledgeStack) -> AsyncIterator[SearchStores]:
    found = create_search_stores(Settings(milvus_uri=knowledge_stack.env["ATELIER_MILVUS_URI"]))
    yield found
    await found.aclose()


