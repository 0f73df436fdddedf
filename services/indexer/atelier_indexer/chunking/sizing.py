"""What a dataset's chunks are measured in and how long they may be, from its embedder: its own
tokenizer when it is on this machine (a local model, or a served model whose tokenizer
ATELIER_EMBEDDING_TOKENIZER names), else cl100k; the limit is the one knowledge
validates users' chunk sizes against (atelier_common.ai.chunk_limit)."""

from __future__ import annotations

from dataclasses import dataclass

from atelier_common.ai import ChunkLimit, chunk_limit, model_tokenizer
from atelier_common.ai.chunk_limit import tokenizer_unit
from atelier_common.settings import Settings
from atelier_indexer.chunking.tokens import CL100K, TokenCounter, TokenizerCounter


@dataclass(frozen=True)
class ChunkSizing:
    counter: TokenCounter  # what max_tokens and the limit count
    limit: ChunkLimit | None  # None: the embedder's input limit is unknown


def token_counter(model_id: str, settings: Settings | None = None) -> TokenCounter:
    """The embedder's own tokenizer when it is on this machine (a local model, or the one
    ATELIER_EMBEDDING_TOKENIZER declares for the configured embedder), else cl100k."""
    tokenizer = model_tokenizer(model_id, settings)
    if tokenizer is None:
        return CL100K
    return TokenizerCounter(tokenizer, tokenizer_unit(tokenizer))


def chunk_sizing(model_id: str, settings: Settings) -> ChunkSizing:
    return ChunkSizing(token_counter(model_id, settings), chunk_limit(model_id, settings))
