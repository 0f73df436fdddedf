"""Model clients: text embeddings (OpenAI-compatible or local sentence-transformers) and the builtin chat model."""

from atelier_common.ai.batching import BatchingEmbedder
from atelier_common.ai.chat import (
    DEFAULT_CAPTION_PROMPT,
    ChatModel,
    LLMError,
    create_caption_model,
    create_chat_model,
)
from atelier_common.ai.chunk_limit import ChunkLimit, chunk_limit
from atelier_common.ai.embedding import (
    PROVIDERS,
    Embedder,
    EmbeddingConfig,
    EmbeddingError,
    InputLimit,
    LocalEmbedder,
    OpenAIEmbedder,
    chunk_token_budget,
    create_embedder,
    embedding_config,
    input_limit,
    make_model_id,
    parse_model_id,
    resolve_local_model,
)
from atelier_common.ai.rerank import Reranker, RerankError, create_reranker
from atelier_common.ai.tokenizer import model_tokenizer

__all__ = [
    "DEFAULT_CAPTION_PROMPT",
    "PROVIDERS",
    "BatchingEmbedder",
    "ChatModel",
    "ChunkLimit",
    "Embedder",
    "EmbeddingConfig",
    "EmbeddingError",
    "InputLimit",
    "LLMError",
    "LocalEmbedder",
    "OpenAIEmbedder",
    "RerankError",
    "Reranker",
    "create_caption_model",
    "chunk_limit",
    "chunk_token_budget",
    "create_chat_model",
    "create_embedder",
    "embedding_config",
    "input_limit",
    "create_reranker",
    "make_model_id",
    "model_tokenizer",
    "parse_model_id",
    "resolve_local_model",
]
