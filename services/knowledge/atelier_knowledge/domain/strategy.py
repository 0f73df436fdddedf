"""Chunk and parsing strategies: the API's ChunkStrategy message <-> stored JSON <-> ChunkRules.

A document keeps the strategy it was created with (as JSON), so a re-delivered or re-driven
index event chunks it exactly as the user asked at the time.
"""

from __future__ import annotations

from typing import Any

from google.protobuf.json_format import MessageToDict, ParseDict

from atelier_common.errors import InvalidArgument
from atelier_knowledge.chunking import ChunkRules, InvalidChunkRules, validate_rules
from atelier_knowledge.domain.enums import ChunkType
from atelier_proto import knowledge_pb2 as kpb

DEFAULT_MAX_TOKENS = 800
DEFAULT_OVERLAP = 10


def to_json(msg: kpb.ChunkStrategy | kpb.ParsingStrategy) -> dict[str, Any]:
    return MessageToDict(msg, preserving_proto_field_name=True, use_integers_for_enums=True)


def chunk_strategy_from_json(data: dict[str, Any] | None) -> kpb.ChunkStrategy:
    return ParseDict(data or {}, kpb.ChunkStrategy(), ignore_unknown_fields=True)


def parsing_strategy_from_json(data: dict[str, Any] | None) -> kpb.ParsingStrategy:
    return ParseDict(data or {}, kpb.ParsingStrategy(), ignore_unknown_fields=True)


def rules_from_strategy(strategy: kpb.ChunkStrategy | None) -> ChunkRules:
    """ChunkRules for a strategy; absent fields take API.md's defaults (auto: 800 tokens, 10% overlap)."""
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


def validated_rules(strategy: kpb.ChunkStrategy | None) -> ChunkRules:
    """rules_from_strategy, with a 400 naming the field when a value is out of range."""
    rules = rules_from_strategy(strategy)
    try:
        validate_rules(rules)
    except InvalidChunkRules as exc:
        raise InvalidArgument(f"chunk_strategy.{exc}") from None
    return rules
