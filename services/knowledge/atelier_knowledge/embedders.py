"""The embedder a dataset is bound to, as the rest of the knowledge context needs it: the chunk
size it reads whole, and where its vectors live (the dataset's current search index)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from atelier_common.ai import chunk_token_budget, input_limit
from atelier_common.settings import Settings
from atelier_knowledge.domain.strategy import ChunkLimit


def chunk_limit(model_id: str, settings: Settings) -> ChunkLimit | None:
    """None when the model's input limit is unknown (an unlisted model behind an OpenAI-compatible
    API with no ATELIER_EMBEDDING_MAX_INPUT_TOKENS): the chunk rules' own bounds apply."""
    limit = input_limit(model_id, settings)
    budget = chunk_token_budget(limit)
    if limit is None or budget is None:
        return None
    unit = "tokens" if limit.cl100k else "word pieces"
    return ChunkLimit(max_tokens=budget, embedder=model_id, reads=f"{limit.tokens} {unit}")


def dataset_chunk_limit(dataset: Mapping[str, Any], settings: Settings) -> ChunkLimit | None:
    return chunk_limit(dataset["embedding_model"], settings)


def index_key(dataset: Mapping[str, Any]) -> int:
    """The search-store key of the dataset's current index (collection `kb_<key>`): the dataset id
    until an embedder switch moves it to a new index."""
    return int(dataset.get("index_id") or dataset["id"])
