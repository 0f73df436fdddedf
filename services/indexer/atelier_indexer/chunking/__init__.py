"""Chunking parsed documents into token-bounded slices (Coze's auto / custom / by-level strategies)."""

from __future__ import annotations

from atelier_indexer.chunking.rules import ChunkRules
from atelier_indexer.chunking.sizing import ChunkSizing, chunk_sizing, token_counter
from atelier_indexer.chunking.splitter import Chunk, chunk_document
from atelier_indexer.chunking.strategy import rules_from_strategy
from atelier_indexer.chunking.tokens import CL100K, TokenCounter, TokenizerCounter, count_tokens

__all__ = [
    "CL100K",
    "Chunk",
    "ChunkRules",
    "ChunkSizing",
    "TokenCounter",
    "TokenizerCounter",
    "chunk_document",
    "chunk_sizing",
    "count_tokens",
    "rules_from_strategy",
    "token_counter",
]
