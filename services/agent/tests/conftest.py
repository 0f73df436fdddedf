"""Shared helpers of the agent tests: a gateway client per test, agents made through the HTTP API,
and turns run through the agent's own StreamExecute RPC (what the conversation service calls)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import grpc
import pytest

from atelier_common.auth import RequestContext, to_metadata
from atelier_devstack.api_client import AtelierClient
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack
from atelier_proto import agent_pb2 as apb
from atelier_proto import agent_pb2_grpc


@pytest.fixture
async def client(chat_stack: KnowledgeStack, stub: OpenAIStub) -> AsyncIterator[AtelierClient]:
    async with chat_stack.client() as api:
        yield api


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


async def make_bot(client: AtelierClient, *, publish: bool = False, **bot_info: Any) -> str:
    """A new agent on the stub model with bot_info fields set (and published when asked)."""
    bot_id = (await client.call("/api/draftbot/create", {"space_id": client.space_id, "name": unique("bot")}))["data"]["bot_id"]
    info = {"bot_id": bot_id, "model_info": {"model_id": STUB_MODEL_ID}, **bot_info}
    await client.call("/api/playground_api/draftbot/update_draft_bot_info", {"bot_info": info, "space_id": client.space_id})
    if publish:
        await client.call("/api/draftbot/publish", {"space_id": client.space_id, "bot_id": bot_id})
    return bot_id


class Runner:
    """Runs agent turns over gRPC as the admin user of the stack."""

    def __init__(self, stack: KnowledgeStack) -> None:
        self.addr = stack.env["ATELIER_AGENT_ADDR"]
        self.space_id = int(stack.space_id)
        self.metadata = to_metadata(RequestContext(user_id=1, space_ids=frozenset({self.space_id})))

    async def run(self, bot_id: str, query: str, **fields: Any) -> list[apb.ExecuteEvent]:
        fields.setdefault("draft_mode", True)
        fields.setdefault("user_id", "end-user-1")
        req = apb.StreamExecuteRequest(bot_id=int(bot_id), query=query, content_type="text", **fields)
        async with grpc.aio.insecure_channel(self.addr) as channel:
            stub = agent_pb2_grpc.AgentServiceStub(channel)
            return [event async for event in stub.StreamExecute(req, metadata=self.metadata, timeout=60)]


    @staticmethod
    def answer(events: list[apb.ExecuteEvent]) -> str:
        return "".join(e.content for e in events if e.type == "answer")

    @staticmethod
    def types(events: list[apb.ExecuteEvent]) -> list[str]:
        """Event types with consecutive answer deltas collapsed into one."""
        out: list[str] = []
        for e in events:
            if not (e.type == "answer" and out and out[-1] == "answer"):
                out.append(e.type)
        return out


@pytest.fixture
def runner(chat_stack: KnowledgeStack) -> Runner:
    return Runner(chat_stack)


@pytest.fixture
def new_bot(client: AtelierClient):  # noqa: ANN201 - a factory: await new_bot(publish=..., **bot_info)
    async def make(*, publish: bool = False, **bot_info: Any) -> str:
        return await make_bot(client, publish=publish, **bot_info)

    return make
