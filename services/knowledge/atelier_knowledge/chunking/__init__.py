"""Chunking parsed documents into token-bounded slices (Coze's auto / custom / by-level strategies)."""

from __future__ import annotations

from atelier_knowledge.chunking.rules import ChunkRules, InvalidChunkRules, validate_rules
from atelier_knowledge.chunking.splitter import Chunk, chunk_document
from atelier_knowledge.chunking.tokens import count_tokens

__all__ = ["Chunk", "ChunkRules", "InvalidChunkRules", "chunk_document", "count_tokens", "validate_rules"]
