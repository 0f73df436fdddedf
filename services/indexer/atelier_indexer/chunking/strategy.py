"""A document's ChunkStrategy (as knowledge stored it) -> the chunker's ChunkRules.

Absent fields take API.md's defaults (auto: 800 tokens, 10% overlap); no chunk is longer than
the dataset's embedder reads: a document stored before its dataset moved to an embedder that
reads less is cut to the new limit at index time.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from atelier_common.ai import ChunkLimit
from atelier_indexer.chunking.rules import MIN_TOKENS, ChunkRules
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import ChunkType

DEFAULT_MAX_TOKENS = 800
DEFAULT_OVERLAP = 10


def rules_from_strategy(strategy: kpb.ChunkStrategy | None, limit: ChunkLimit | None = None) -> ChunkRules:
    rules = _requested_rules(strategy)
    if limit is not None and rules.max_tokens > limit.max_tokens:
        rules = replace(rules, max_tokens=max(MIN_TOKENS, limit.max_tokens))
    return rules


def _requested_rules(strategy: kpb.ChunkStrategy | None) -> ChunkRules:
    if strategy is None or not strategy.HasField("chunk_type") or strategy.chunk_type == ChunkType.DefaultChunk:
        return ChunkRules.auto()
    kwargs: dict[str, Any] = {
        "chunk_type": int(strategy.chunk_type),
        "max_tokens": strategy.max_tokens if strategy.HasField("max_tokens") else DEFAULT_MAX_TOKENS,
        "overlap": strategy.overlap if strategy.HasField("overlap") else DEFAULT_OVERLAP,
        "remove_extra_spaces": strategy.remove_extra_spaces,
        "remove_urls_emails": strategy.remove_urls_emails,
    }
    if strategy.HasField("separator"):
        kwargs["separator"] = strategy.separator
    if strategy.HasField("max_level"):
        kwargs["max_level"] = strategy.max_level
    if strategy.HasField("save_title"):
        kwargs["save_title"] = strategy.save_title
    return ChunkRules(**kwargs)
