"""Gateway test rig: a real Postgres schema, a real Redis (the id generator), a real grpc.aio server
implementing a few RPCs of the generated knowledge and conversation servicers, and the gateway app
driven through httpx."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import asyncpg
import grpc
import httpx
import pytest
from grpc_health.v1 import health, health_pb2_grpc

from atelier_common import errors
from atelier_common.ids import IdGenerator
from atelier_common.redis import create_redis
from atelier_common.settings import Settings
from atelier_devstack.ports import free_port
from atelier_gateway.app import GatewayDeps, create_app
from atelier_gateway.auth.authenticator import issue_token
from atelier_gateway.auth.store import AuthStore
from atelier_gateway.main import MIGRATIONS_DIR, SCHEMA
from atelier_proto import (
    conversation_pb2,
    conversation_pb2_grpc,
    knowledge_pb2,
    knowledge_pb2_grpc,
    plugin_pb2,
    plugin_pb2_grpc,
    workflow_pb2,
    workflow_pb2_grpc,
)


class Knowledge(knowledge_pb2_grpc.KnowledgeServiceServicer):
    """CreateDataset behaves by the dataset name; every other RPC stays UNIMPLEMENTED."""

    def __init__(self) -> None:
        self.seen: list[dict[str, str]] = []
        self.uploads: list[knowledge_pb2.CreateDocumentFromUploadRequest] = []

    async def CreateDataset(self, request, context):
        self.seen.append({k: v for k, v in context.invocation_metadata() if isinstance(v, str)})
        name = request.name
        if name.startswith("raise:"):
            cls = getattr(errors, name.split(":", 1)[1])
            await context.abort_with_status(
                errors.to_grpc_status(cls(f"{cls.__name__} says no", code=cls.http_status * 1000 + 7))
            )
        if name.startswith("status:"):
            await context.abort(grpc.StatusCode[name.split(":", 1)[1]], "raw detail from 10.0.0.1:50053")
        if name == "slow":
            await asyncio.sleep(3)
        return knowledge_pb2.CreateDatasetResponse(dataset_id=request.space_id * 1_000_000_000_000 + len(name))

    async def CreateDocumentFromUpload(self, request, context):
        self.uploads.append(request)
        if request.dataset_id == 404:
            await context.abort_with_status(errors.to_grpc_status(errors.NotFound("dataset 404 not found")))
        info = knowledge_pb2.DocumentInfo(
            name=request.file_name, tos_uri=request.tos_uri, dataset_id=request.dataset_id, size=request.size
        )
        return knowledge_pb2.CreateDocumentFromUploadResponse(document_info=info)


class Conversation(conversation_pb2_grpc.ConversationServiceServicer):
    def __init__(self) -> None:
        self.cancelled = asyncio.Event()

    async def AgentRun(self, request, context):
        E = conversation_pb2.AgentRunEvent
        yield E(event="message", data=json.dumps({"n": 1, "query": request.query}))
        yield E(event="message", data="line one\nline two")
        if request.query == "fail":
            await context.abort_with_status(errors.to_grpc_status(errors.NotFound("conversation vanished")))
        if request.query == "endless":
            try:
                while True:
                    await asyncio.sleep(0.05)
                    yield E(event="message", data="tick")
            except asyncio.CancelledError:
                self.cancelled.set()
                raise
        yield E(event="done", data="")

    async def ChatV3(self, request, context):
        E = conversation_pb2.ChatEvent
        chat = {"id": "7", "conversation_id": "8", "bot_id": str(request.bot_id), "status": "created"}
        if not request.stream:  # like the conversation service: the chat at once, the run goes on
            if request.user_id == "broken":
                yield E(event="error", data=json.dumps({"code": 4029, "msg": "quota used up"}))
                return
            yield E(event="chat", data=json.dumps({**chat, "status": "in_progress"}))
            await asyncio.sleep(3)  # a service that is slow to end its stream does not hold the answer
            return
        yield E(event="conversation.chat.created", data=json.dumps(chat))
        yield E(event="conversation.message.delta", data=json.dumps({"content": "hel"}))
        if request.user_id == "broken":
            yield E(event="error", data=json.dumps({"code": 4029, "msg": "quota used up"}))
            return
        yield E(event="conversation.chat.completed", data=json.dumps({**chat, "status": "completed"}))
        yield E(event="done", data='"[DONE]"')


class Workflow(workflow_pb2_grpc.WorkflowServiceServicer):
    async def OpenAPIStreamRunFlow(self, request, context):
        E = workflow_pb2.WorkflowStreamEvent
        yield E(id="0", event="Message", data=json.dumps({"content": "hi"}))
        yield E(event="Done", data="{}")  # no id: no id line


class Plugin(plugin_pb2_grpc.PluginServiceServicer):
    """The OAuth callback (a route answering a browser, api.page), behaving by the code."""

    async def OauthAuthorizationCode(self, request, context):
        R = plugin_pb2.OauthAuthorizationCodeResponse
        if request.code == "refused":
            await context.abort_with_status(errors.to_grpc_status(errors.InvalidArgument(
                f"field 'state': <{request.state}> expired")))
        if request.code in ("back", "scripted"):
            url = "https://app.example/chat?x=1" if request.code == "back" else "javascript:alert(1)"
            return R(return_url=url, title="ignored", message="ignored")
        return R(title="Plugin authorized", message="You authorized <Weather> & may go back.")


@dataclass
class Rig:
    settings: Settings
    pool: Any
    knowledge: Knowledge
    conversation: Conversation
    token: str
    user_id: int
    space_id: int
    other_space_id: int
    other_token: str
    down_port: int
    redis: Any
    ids: IdGenerator

    def app(self, **overrides: Any):  # type: ignore[no-untyped-def]
        settings = self.settings.model_copy(update=overrides.pop("settings", {}))
        overrides.setdefault("redis", self.redis)
        overrides.setdefault("ids", self.ids)
        return create_app(GatewayDeps(settings=settings, pool=self.pool, **overrides))

    def client(self, app=None, token: str | None = "default") -> httpx.AsyncClient:  # type: ignore[no-untyped-def]
        headers = {}
        if token == "default":
            token = self.token
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app or self.app()), base_url="http://gw", headers=headers, timeout=10
        )


async def _migrate(dsn: str) -> None:
    try:
        from atelier_common.db.migrations import apply_migrations
    except ImportError:  # common-core's runner not there yet: apply the same SQL by hand
        conn = await asyncpg.connect(dsn)
        try:
            await conn.execute(f"CREATE SCHEMA IF NOT EXISTS {SCHEMA}")
            if await conn.fetchval("SELECT to_regclass($1)", f"{SCHEMA}.users") is None:
                await conn.execute(f"SET search_path TO {SCHEMA}; " + (MIGRATIONS_DIR / "0001_gateway.sql").read_text())
        finally:
            await conn.close()
        return
    await apply_migrations(dsn, SCHEMA, [MIGRATIONS_DIR])


async def _pool(dsn: str) -> Any:
    try:
        from atelier_common.db.pool import create_pool
    except ImportError:
        return await asyncpg.create_pool(dsn, min_size=1, max_size=5, server_settings={"search_path": SCHEMA})
    return await create_pool(dsn, min_size=1, max_size=5, schema=SCHEMA)


@pytest.fixture(scope="session")
async def rig(database_url: str, redis_url: str) -> AsyncIterator[Rig]:
    await _migrate(database_url)
    pool = await _pool(database_url)
    store = AuthStore(pool)
    user_id, _ = await store.ensure_user("gw-tester")
    (space_id,) = await store.user_space_ids(user_id)
    token, _ = await issue_token(store, user_id, "tests")
    other_id, _ = await store.ensure_user("gw-other")
    (other_space,) = await store.user_space_ids(other_id)
    other_token, _ = await issue_token(store, other_id, "other")

    server = grpc.aio.server()
    knowledge, conversation = Knowledge(), Conversation()
    knowledge_pb2_grpc.add_KnowledgeServiceServicer_to_server(knowledge, server)
    conversation_pb2_grpc.add_ConversationServiceServicer_to_server(conversation, server)
    workflow_pb2_grpc.add_WorkflowServiceServicer_to_server(Workflow(), server)
    plugin_pb2_grpc.add_PluginServiceServicer_to_server(Plugin(), server)  # dialled by the tests that say so
    health_pb2_grpc.add_HealthServicer_to_server(health.aio.HealthServicer(), server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    addr = f"127.0.0.1:{port}"
    down_port = free_port()  # nothing listens here: "the service is down"
    settings = Settings(
        database_url=database_url,
        knowledge_addr=addr,
        conversation_addr=addr,
        agent_addr=addr,
        workflow_addr=addr,
        indexer_addr=addr,
        plugin_addr=f"127.0.0.1:{down_port}",
        grpc_deadline_s=5.0,
        max_body_bytes=4096,
        redis_url=redis_url,
        url_signing_key="gateway-tests-secret",
        public_url="http://gw",
    )
    redis = create_redis(redis_url)
    ids = IdGenerator(redis, namespace="gateway-tests")
    await ids.start()
    yield Rig(settings, pool, knowledge, conversation, token, user_id, space_id, other_space, other_token, down_port,
              redis, ids)
    await ids.stop()
    await redis.aclose()
    await server.stop(0)
    await pool.close()
