"""Process configuration, read from ATELIER_* environment variables and an optional .env file.

Every service and tool reads the same Settings class so one .env configures a whole stack.
Each service's gRPC address is used both to listen (by that service) and to dial (by others).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from atelier_common.readme_blocks import readme_cli, with_block

SERVICE_NAMES: tuple[str, ...] = ("agent", "conversation", "knowledge", "indexer", "workflow", "plugin")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ATELIER_", env_file=".env", extra="ignore")

    env: str = Field("dev", description="Deployment name shown in logs and traces (dev, ci, prod).")
    log_level: str = Field("INFO", description="Root log level.")

    database_url: str = Field(
        "postgresql://postgres@127.0.0.1:5432/atelier", description="Postgres DSN; each service owns one schema in it."
    )
    db_pool_min: int = Field(1, description="Minimum asyncpg pool size per process.")
    db_pool_max: int = Field(10, description="Maximum asyncpg pool size per process.")
    db_pool_idle_s: float = Field(300.0, gt=0, description="Seconds an unused pooled connection stays open before it is closed (the pool shrinks back towards db_pool_min): lower frees Postgres connections of quiet processes sooner.")
    redis_url: str = Field("redis://127.0.0.1:6379/0", description="Redis URL (id leases, caches).")
    kafka_bootstrap: str = Field("127.0.0.1:9092", description="Kafka-compatible bootstrap servers, comma separated.")
    milvus_uri: str = Field("http://127.0.0.1:19530", description="Milvus gRPC endpoint.")
    elasticsearch_url: str = Field("", description="Elasticsearch URL; empty means full text uses Milvus BM25.")

    storage_backend: str = Field("local", description="Object storage: 'local' (a directory) or 's3'.")
    storage_dir: Path = Field(Path(".run/storage"), description="Root directory of the local object storage.")
    s3_endpoint_url: str = Field("", description="S3 endpoint URL (MinIO); empty uses AWS.")
    s3_bucket: str = Field("atelier", description="S3 bucket.")
    s3_region: str = Field("us-east-1", description="S3 region.")
    s3_access_key: str = Field("", description="S3 access key id.")
    s3_secret_key: str = Field("", description="S3 secret access key.")

    otlp_endpoint: str = Field("", description="OTLP gRPC endpoint for traces and metrics; empty disables export.")

    grpc_host: str = Field(
        "127.0.0.1", description="Interface services bind gRPC on; 0.0.0.0 in containers (services trust caller metadata)."
    )
    gateway_host: str = Field("127.0.0.1", description="Gateway HTTP bind host.")
    gateway_port: int = Field(8080, description="Gateway HTTP port.")
    public_url: str = Field(
        "", description="Base URL clients reach the gateway at (in signed file URLs); empty means http://<gateway host>:<gateway port>."
    )
    url_signing_key: str = Field(
        "", description="Secret that signs the expiring file URLs of local storage (HMAC-SHA256); the same in every service and the gateway. `make dev` generates one."
    )
    grpc_deadline_s: float = Field(30.0, description="Default deadline the gateway sets on unary gRPC calls.")
    stream_deadline_s: float = Field(600.0, description="Default deadline for server-streaming calls.")
    console_dir: Path = Field(Path("web/dist"), description="The web console's build (`make web`), served by the gateway at /; when absent, / says how to build it.")
    max_body_bytes: int = Field(1_048_576, description="Largest JSON request body the gateway accepts.")
    bootstrap_token_file: str = Field(
        "", description="If set, the gateway creates an admin user, space and token on first start and writes the token here."
    )
    run_dir: Path = Field(Path(".run"), description="Local stack run directory (pids, logs, data) used by `make dev`.")
    max_upload_bytes: int = Field(100 * 1024 * 1024, description="Largest file the multipart upload route accepts (413 above).")
    shutdown_grace_s: float = Field(10.0, description="Seconds in-flight RPCs get to finish on SIGTERM.")
    upload_lease_s: float = Field(600.0, description="How long a stored upload may wait for the document that refers to it (a writer killed in between leaves it for the sweep to remove); longer than any upload's RPC deadline.")

    # Embeddings: recorded per dataset at creation, so later queries use the same model and dimension.
    embedding_provider: str = Field("", description="Embedding provider: 'openai' (any OpenAI-compatible /embeddings) or 'local' (sentence-transformers); empty means 'openai' when a base URL or API key is set, else 'local' (all-MiniLM-L6-v2, offline).")
    embedding_base_url: str = Field("", description="Base URL of the OpenAI-compatible embedding API; empty means https://api.openai.com/v1.")
    embedding_api_key: str = Field("", description="API key of the embedding API.")
    embedding_model: str = Field("", description="Embedding model name; empty means the provider's default (openai: text-embedding-3-small, local: all-MiniLM-L6-v2). Local: a sentence-transformers model name or path.")
    embedding_max_input_tokens: int = Field(0, description="Tokens the configured embedding model reads (its own tokenizer); 0 means known from the model (chunks are sized to fit).")
    embedding_tokenizer: str = Field("", description="The tokenizer of the configured embedding model, when the model is served elsewhere (an OpenAI-compatible API) but its tokenizer is on this machine: a local sentence-transformers model name or directory (e.g. all-MiniLM-L6-v2 for a server running MiniLM), or a tokenizer.json file. Chunks are then measured in it exactly, not in cl100k with a margin; empty means a local model's own tokenizer, cl100k for others.")
    embedding_dimensions: int = Field(0, description="Requested embedding dimension; 0 means the model's own.")
    embedding_batch_size: int = Field(64, description="Texts per embedding request.")
    embedding_concurrency: int = Field(4, description="Embedding requests in flight per process.")
    embedding_max_retries: int = Field(5, description="Retries of an embedding request on 429/5xx/timeouts, with exponential backoff.")
    embedding_timeout_s: float = Field(60.0, description="Timeout of one embedding request.")
    embedding_local_workers: int = Field(1, description="Indexing with a local embedding model: forward passes run at once, each on its own copy of the model and its share of the cores (torch threads = cores / workers); 0 means one per core. 1 (the default): one pass at a time, spread over every core, the faster on a quiet machine; more help where other processes take the indexer's cores.")

    # The builtin scenario model (image captions, query rewrite, NL2SQL) when no other is configured.
    llm_base_url: str = Field("https://api.openai.com/v1", description="Base URL of the builtin OpenAI-compatible chat model.")
    llm_api_key: str = Field("", description="API key of the builtin chat model.")
    llm_model: str = Field("gpt-4o-mini", description="Builtin chat model name.")
    caption_model: str = Field("", description="Multimodal model for image captions; empty means the builtin chat model.")
    llm_timeout_s: float = Field(60.0, description="Timeout of one chat-model call.")

    # Retrieval.
    rerank_provider: str = Field("", description="Reranker: '' (none: fusion order), 'http' (a Jina/Cohere-style /rerank API) or 'local' (sentence-transformers cross-encoder).")
    rerank_base_url: str = Field("", description="Base URL of the /rerank API.")
    rerank_api_key: str = Field("", description="API key of the /rerank API.")
    rerank_model: str = Field("jina-reranker-v2-base-multilingual", description="Reranker model name (local: a cross-encoder name or path).")
    rerank_timeout_s: float = Field(10.0, description="Timeout of one rerank call.")
    retrieval_channel_timeout_s: float = Field(5.0, description="Each retrieval channel (vector, full text, NL2SQL, rewrite) answers within this or is reported as failed.")
    retrieval_feedback: bool = Field(False, description="Pseudo-relevance feedback: the vector and full-text channels search a second time with the query moved towards the first pass's best passages (RM3 expansion, Rocchio on the query vector): about +3% nDCG@10 on Cranfield for 2-3x the retrieve time, hence off by default.")
    retrieval_neighbours: int = Field(3, ge=0, le=20, description="Hybrid retrieval: each candidate's fused score is averaged with those of its most similar candidates (by stored vector), this many; 0 turns it off. About +5% nDCG@10 on Cranfield for the vectors the dense search returns with its hits.")
    retrieval_neighbour_weight: float = Field(1.0, ge=0.0, le=10.0, description="Weight of the neighbours' mean score against a candidate's own (1.0: equal).")
    retrieval_kept_slices: int = Field(50_000, ge=0, description="Retrieval on Milvus: the knowledge process keeps each searched dataset's BM25 index (the whole dataset's statistics: Milvus Lite keeps them per segment and scores in Python) and stored vectors (what neighbour smoothing compares, then not returned by the dense search) for up to this many slices in all: about 1.2 KB each plus 4 bytes per vector dimension (2.7 KB with MiniLM), ~10 KB each while a dataset is read; larger datasets stay in Milvus; 0 turns it off.")
    query_embedding_cache_ttl_s: int = Field(86_400, description="How long query embeddings stay cached in Redis.")

    # Stream processors (the indexer, workflow workers): atelier_common.kafka.processor.
    stream_concurrency: int = Field(16, description="Events one stream processor handles at once (events with the same key always one after another).")
    stream_max_attempts: int = Field(5, description="Attempts at an event whose handler fails before it is parked in `<topic>.dlq`.")
    stream_backoff_base_s: float = Field(0.5, description="First retry delay cap of a failed event; doubles per attempt (full jitter: the delay is uniform below the cap).")
    stream_backoff_cap_s: float = Field(10.0, description="Largest retry delay of a failed event.")
    stream_shutdown_grace_s: float = Field(8.0, description="On shutdown or when partitions move to another member, how long running events get to finish before they are cancelled (and redelivered).")

    # Ingestion (indexer).
    index_batch_size: int = Field(128, description="Slices persisted and embedded per batch while indexing a document.")
    index_max_attempts: int = Field(5, description="Attempts at a transient indexing failure before the event goes to the DLQ.")
    indexer_concurrency: int = Field(
        32, description="Documents one indexer process works on at once (many small documents fill embedding batches)."
    )
    reconcile_interval_s: float = Field(5.0, description="How often the reconciler looks for documents stuck queued or chunking.")
    reconcile_stuck_after_s: float = Field(20.0, description="A document queued or chunking this long with no sign of life is re-driven. Each reconciler pass first heartbeats the documents the indexer holds (keep the interval well below this), and queued documents behind a backlog still being consumed are not stuck.")
    processed_events_retention_s: float = Field(7 * 86_400.0, description="How long the indexer remembers handled event ids (longer than the knowledge topic keeps events).")
    milvus_hnsw_m: int = Field(16, description="HNSW M of new vector indexes.")
    milvus_hnsw_ef_construction: int = Field(200, description="HNSW efConstruction of new vector indexes.")

    # Outbound HTTP a user can aim (web-page documents, URLs to extract; plugins, workflow HTTP nodes): the SSRF guard.
    outbound_allowlist: str = Field("", description="Comma-separated CIDRs, IP addresses or host names (`*.corp.example` for subdomains) that outbound fetches may reach although they are loopback, private or link-local (intranet use). A cloud metadata address must be listed exactly.")
    outbound_max_bytes: int = Field(10 * 1024 * 1024, description="Largest response body one outbound fetch reads.")
    outbound_timeout_s: float = Field(20.0, description="Time cap of one outbound fetch: DNS, redirects and body.")
    outbound_max_redirects: int = Field(5, description="Redirects one outbound fetch follows (each target is checked again).")
    mcp_stdio_commands: str = Field("", description="Comma-separated commands that MCP plugins may start as stdio servers, spelled exactly as a plugin's config names them (`/usr/local/bin/mcp-server-git, uvx`); empty means no stdio MCP servers. Only list programs that are safe with any arguments (not shells or interpreters).")
    mcp_timeout_s: float = Field(30.0, description="Default deadline of one MCP server operation (connect, initialize, list tools or call one).")
    mcp_max_response_bytes: int = Field(4 * 1024 * 1024, gt=0, description="Largest message an MCP server reached over HTTP may answer with (one JSON response, or one event of a streamed answer); a larger one fails the operation.")
    web_refresh_interval_s: float = Field(60.0, description="How often knowledge looks for web-page documents due for their automatic refresh (update_type 1, every update_interval hours).")

    # Workflow code nodes: user Python in a sandboxed child process (README: "Workflow code nodes: the sandbox").
    code_sandbox_optional_layers: str = Field("", description="Comma-separated sandbox layers (namespaces, landlock, seccomp, audit_hook) that may be missing on this host, accepting a weaker sandbox; empty means every layer is required and code nodes fail with an error naming the missing one.")
    code_timeout_s: float = Field(10.0, gt=0, description="Wall-time limit of one code node run (the process group is killed past it).")
    code_cpu_time_s: int = Field(5, gt=0, description="CPU-time limit (seconds) of one code node run.")
    code_memory_mb: int = Field(256, gt=0, description="Address-space limit (MiB) of the interpreter running a code node.")
    code_max_output_bytes: int = Field(65_536, gt=0, description="Largest stdout, and stderr, a code node run may print (past it the run fails).")

    # Plugins (services/plugin): tool calls and stored secrets.
    secret_key: str = Field(
        "", description="Secret that encrypts stored credentials (plugin API keys, OAuth client secrets and tokens) and signs OAuth states; the same in every plugin process, never changed once secrets are stored. The plugin service refuses to start without it; `make dev` generates one."
    )
    plugin_call_timeout_s: float = Field(15.0, description="Time cap of one plugin tool call (connect, redirects, body; each attempt).")
    plugin_max_response_bytes: int = Field(1_048_576, description="Largest response body a plugin tool call reads (a bigger one fails the call).")
    plugin_retries: int = Field(2, description="Extra attempts of a plugin tool call with an idempotent method (GET, HEAD, OPTIONS, PUT, DELETE) after a connection error, 429, 502, 503 or 504, with exponential backoff.")
    plugin_retry_backoff_s: float = Field(0.2, description="First backoff before retrying a plugin tool call; doubles per attempt.")
    plugin_oauth_state_ttl_s: float = Field(600.0, description="How long an OAuth authorization link of a plugin stays usable.")

    # Workflows (services/workflow).
    workflow_max_canvas_bytes: int = Field(786_432, gt=0, description="Largest canvas (Coze canvas JSON, UTF-8 bytes) a workflow draft may hold; a bigger save is refused with 413. The whole request must also fit ATELIER_MAX_BODY_BYTES.")
    workflow_lease_s: float = Field(15.0, gt=0, description="How long the process executing a workflow run holds it without renewing; a run whose holder stopped renewing (a killed worker) is taken over from its checkpoint once this lapses.")
    workflow_heartbeat_s: float = Field(1.0, gt=0, description="How often a run's holder renews its lease and looks for a cancel request (keep it well below workflow_lease_s).")
    workflow_reconcile_interval_s: float = Field(2.0, gt=0, description="How often the workflow service looks for runs whose lease lapsed: async runs are re-driven through Kafka, sync and stream runs (their caller is gone) end failed.")
    workflow_worker_concurrency: int = Field(16, gt=0, description="Async workflow runs one workflow worker executes at once.")
    workflow_worker_fetch_wait_ms: int = Field(10, gt=0, description="Longest a workflow worker's fetch waits for new run requests (brokers such as Tansu answer a long poll only at this deadline): lower starts runs sooner, at the price of more idle fetches.")
    workflow_sync_timeout_s: float = Field(600.0, gt=0, description="A sync or stream run (/v1/workflow/run, stream_run) is cancelled past this.")

    # Agents and chat.
    model_config_dir: Path = Field(Path("config/models"), description="Directory of model YAML files (id, name, base_url, api_key_env, model, capabilities, max_context) agents choose from.")
    agent_max_iterations: int = Field(5, description="Model calls one agent turn may make in its tool (ReAct) loop.")
    agent_tool_timeout_s: float = Field(30.0, description="Timeout of one tool call in an agent turn.")
    agent_retrieval_timeout_s: float = Field(10.0, description="Knowledge retrieval for an agent turn answers within this or the answer proceeds without knowledge.")
    agent_default_history_rounds: int = Field(3, description="Chat rounds sent to the model when an agent sets no short_memory_policy.history_round.")
    chat_run_timeout_s: float = Field(600.0, description="Longest a chat run may stream before it is failed.")
    answer_delta_pace_ms: float = Field(30.0, ge=0, description="An agent's answer streams in messages at most this far apart after its first delta (the deltas arriving meanwhile go out as one; 0: each as it comes). Every message costs each hop (agent, conversation, gateway, client) its own work, whatever its size: at 30 ms a reader sees ~33 updates a second, and 32 concurrent chats cost the stack a fraction of the CPU.")

    agent_addr: str = Field("127.0.0.1:50051", description="agent service gRPC address.")
    conversation_addr: str = Field("127.0.0.1:50052", description="conversation service gRPC address.")
    knowledge_addr: str = Field("127.0.0.1:50053", description="knowledge service gRPC address.")
    workflow_addr: str = Field("127.0.0.1:50054", description="workflow service gRPC address.")
    plugin_addr: str = Field("127.0.0.1:50055", description="plugin service gRPC address.")
    workflow_worker_addr: str = Field("127.0.0.1:50057", description="workflow worker gRPC address (health only).")
    indexer_addr: str = Field("127.0.0.1:50056", description="indexer gRPC address (health, and text extraction / table inspection for other services).")

    def service_addr(self, service: str) -> str:
        """The host:port a service listens on and is dialled at."""
        return str(getattr(self, f"{service}_addr"))

    def listen_port(self, service: str) -> int:
        if service == "gateway":  # HTTP, configured as host + port rather than one address
            return self.gateway_port
        return int(self.service_addr(service).rsplit(":", 1)[1])

    def public_base_url(self) -> str:
        """Where clients reach the gateway: public_url, else the gateway's own address (a wildcard
        bind host becomes 127.0.0.1, which a browser on the same machine can open)."""
        if self.public_url:
            return self.public_url.rstrip("/")
        host = self.gateway_host if self.gateway_host not in ("", "0.0.0.0", "::") else "127.0.0.1"
        return f"http://{f'[{host}]' if ':' in host else host}:{self.gateway_port}"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()


def settings_table() -> str:
    """The README's configuration table, generated from the fields above so the two never drift."""
    rows = ["| Variable | Default | Meaning |", "| --- | --- | --- |"]
    for name, field in Settings.model_fields.items():
        default = field.default if field.default not in ("", None) else "(empty)"
        rows.append(f"| `ATELIER_{name.upper()}` | `{default}` | {field.description} |")
    return "\n".join(rows)


def with_settings_table(readme: str) -> str:
    """README text with the generated table placed between its markers."""
    return with_block(readme, "settings-table", settings_table())


if __name__ == "__main__":
    readme_cli("settings-table", settings_table())
