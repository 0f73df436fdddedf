"""Chunk and parsing strategies as knowledge keeps them: the API's ChunkStrategy message <-> stored
JSON, and the checks a user's strategy passes when a document is created, resegmented or previewed.

A document keeps the strategy it was created with (as JSON), so a re-delivered or re-driven
index event chunks it exactly as the user asked at the time. The indexer turns it into its
chunker's rules; these checks work on the message alone (knowledge does not cut chunks).

`max_tokens` counts the tokens of the dataset's embedder, as its own tokenizer counts them when
that tokenizer is on this machine (a local model: MiniLM's word pieces), else cl100k (OpenAI's
models; and any model served by an API, whose limit in its own tokenizer is turned into cl100k
with a margin). A user sizing chunks thinks "how much of my text does the model read per
chunk?": counting in the model's own units makes the answer exact, and the largest size that fits
is simply what the model reads (MiniLM: 254, without [CLS]/[SEP]).

Chunks must fit the dataset's embedder (`ChunkLimit`): automatic chunking takes min(800, limit);
a custom `max_tokens` above the limit is refused with a 400 that names the embedder and the
largest size that fits, in the same units (Coze lowers it silently; a user should know why their
chunks are smaller than asked). At index time (a document stored before its dataset moved to an
embedder that reads less) the indexer lowers the size to the limit.
"""

from __future__ import annotations

from typing import Any

from google.protobuf.json_format import MessageToDict, ParseDict

from atelier_common.ai import ChunkLimit
from atelier_common.errors import InvalidArgument
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import ChunkType

# What the API accepts (Coze's bounds); absent values take the defaults.
MIN_TOKENS, MAX_TOKENS, DEFAULT_MAX_TOKENS = 50, 5000, 800
MAX_OVERLAP, DEFAULT_OVERLAP = 90, 10
MIN_LEVEL, MAX_LEVEL = 1, 6


def to_json(msg: kpb.ChunkStrategy | kpb.ParsingStrategy) -> dict[str, Any]:
    return MessageToDict(msg, preserving_proto_field_name=True, use_integers_for_enums=True)


def chunk_strategy_from_json(data: dict[str, Any] | None) -> kpb.ChunkStrategy:
    return ParseDict(data or {}, kpb.ChunkStrategy(), ignore_unknown_fields=True)


def parsing_strategy_from_json(data: dict[str, Any] | None) -> kpb.ParsingStrategy:
    return ParseDict(data or {}, kpb.ParsingStrategy(), ignore_unknown_fields=True)


def _invalid(field: str, message: str) -> InvalidArgument:
    return InvalidArgument(f"chunk_strategy.{field} {message}")


def validate_strategy(strategy: kpb.ChunkStrategy | None, limit: ChunkLimit | None = None) -> None:
    """A 400 naming the field when a value is out of range, or when a custom size is more than the
    dataset's embedder reads. Automatic chunking (absent or chunk_type 0) takes no values."""
    if strategy is None or not strategy.HasField("chunk_type") or strategy.chunk_type == ChunkType.DefaultChunk:
        return
    if strategy.chunk_type not in (ChunkType.CustomChunk, ChunkType.LevelChunk):
        raise _invalid("chunk_type", "must be 0 (auto), 1 (custom) or 2 (by heading level)")
    max_tokens = strategy.max_tokens if strategy.HasField("max_tokens") else DEFAULT_MAX_TOKENS
    if not MIN_TOKENS <= max_tokens <= MAX_TOKENS:
        raise _invalid("max_tokens", f"must be between {MIN_TOKENS} and {MAX_TOKENS}")
    overlap = strategy.overlap if strategy.HasField("overlap") else DEFAULT_OVERLAP
    if not 0 <= overlap <= MAX_OVERLAP:
        raise _invalid("overlap", f"must be between 0 and {MAX_OVERLAP} (percent)")
    if strategy.HasField("max_level") and not MIN_LEVEL <= strategy.max_level <= MAX_LEVEL:
        raise _invalid("max_level", f"must be between {MIN_LEVEL} and {MAX_LEVEL}")
    if strategy.chunk_type == ChunkType.CustomChunk and strategy.HasField("separator") and not strategy.separator:
        raise _invalid("separator", "must not be empty for custom chunking")
    if limit is not None and strategy.HasField("max_tokens") and max_tokens > limit.max_tokens:
        raise InvalidArgument(
            f"chunk_strategy.max_tokens {max_tokens} is more than the dataset's embedder {limit.embedder} "
            f"reads ({limit.reads}; max_tokens counts {limit.unit} for it): use at most {limit.max_tokens}, "
            f"or automatic chunking (chunk_type 0), which fits it")
