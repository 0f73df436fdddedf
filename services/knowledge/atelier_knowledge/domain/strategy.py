"""Chunk and parsing strategies: the API's ChunkStrategy message <-> stored JSON <-> ChunkRules.

A document keeps the strategy it was created with (as JSON), so a re-delivered or re-driven
index event chunks it exactly as the user asked at the time.

Chunks must fit the dataset's embedder (`ChunkLimit`: MiniLM reads 256 word pieces, so its
chunks are at most 169 cl100k tokens): automatic chunking takes min(800, limit); a custom
`max_tokens` above the limit is refused with a 400 that names the embedder and the largest size
that fits (Coze lowers it silently; a user should know why their chunks are smaller than asked).
At index time (a document stored before its dataset moved to an embedder that reads less) the
size is lowered to the limit.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from google.protobuf.json_format import MessageToDict, ParseDict

from atelier_common.errors import InvalidArgument
from atelier_knowledge.chunking import ChunkRules, InvalidChunkRules, validate_rules
from atelier_knowledge.chunking.rules import MIN_TOKENS
from atelier_knowledge.domain.enums import ChunkType
from atelier_proto import knowledge_pb2 as kpb

DEFAULT_MAX_TOKENS = 800
DEFAULT_OVERLAP = 10


@dataclass(frozen=True)
class ChunkLimit:
    """The longest chunk (cl100k tokens) the dataset's embedder reads whole."""

    max_tokens: int
    embedder: str  # its model id
    reads: str  # what it reads, in its own units: "254 word pieces"


def to_json(msg: kpb.ChunkStrategy | kpb.ParsingStrategy) -> dict[str, Any]:
    return MessageToDict(msg, preserving_proto_field_name=True, use_integers_for_enums=True)


def chunk_strategy_from_json(data: dict[str, Any] | None) -> kpb.ChunkStrategy:
    return ParseDict(data or {}, kpb.ChunkStrategy(), ignore_unknown_fields=True)


def parsing_strategy_from_json(data: dict[str, Any] | None) -> kpb.ParsingStrategy:
    return ParseDict(data or {}, kpb.ParsingStrategy(), ignore_unknown_fields=True)


def rules_from_strategy(strategy: kpb.ChunkStrategy | None, limit: ChunkLimit | None = None) -> ChunkRules:
    """ChunkRules for a strategy; absent fields take API.md's defaults (auto: 800 tokens, 10% overlap),
    and no chunk is longer than `limit` allows."""
    rules = _requested_rules(strategy)
    if limit is not None and rules.max_tokens > limit.max_tokens:
        rules = replace(rules, max_tokens=max(MIN_TOKENS, limit.max_tokens))
    return rules


def _requested_rules(strategy: kpb.ChunkStrategy | None) -> ChunkRules:
    if strategy is None or not strategy.HasField("chunk_type") or strategy.chunk_type == ChunkType.DEFAULT:
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


def validated_rules(strategy: kpb.ChunkStrategy | None, limit: ChunkLimit | None = None) -> ChunkRules:
    """rules_from_strategy, with a 400 naming the field when a value is out of range or a custom
    size is more than the dataset's embedder reads."""
    rules = _requested_rules(strategy)
    try:
        validate_rules(rules)
    except InvalidChunkRules as exc:
        raise InvalidArgument(f"chunk_strategy.{exc}") from None
    asked = strategy is not None and strategy.HasField("max_tokens") and rules.chunk_type != ChunkType.DEFAULT
    if limit is not None and asked and rules.max_tokens > limit.max_tokens:
        raise InvalidArgument(
            f"chunk_strategy.max_tokens {rules.max_tokens} is more than the dataset's embedder {limit.embedder} "
            f"reads ({limit.reads}, about {limit.max_tokens} tokens): use at most {limit.max_tokens}, or "
            f"automatic chunking (chunk_type 0), which fits it")
    return rules_from_strategy(strategy, limit)
