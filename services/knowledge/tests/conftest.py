"""Shared helpers of the knowledge tests that drive the stack: a client per test."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import KnowledgeStack


@pytest.fixture
async def client(knowledge_stack: KnowledgeStack, openai_stub: OpenAIStub) -> AsyncIterator[AtelierClient]:
    openai_stub.reset()
    async with knowledge_stack.client() as api:
        yield api
    openai_stub.reset()
