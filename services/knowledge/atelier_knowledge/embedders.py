"""The embedder a dataset is bound to, as the rest of the knowledge context needs it: the chunk
size it reads whole (users' sizes are checked against it), and where its vectors live (the
dataset's current search index)."""

from __future__ import annotations

from atelier_common.ai import ChunkLimit, EmbeddingError, chunk_limit
from atelier_common.errors import Internal
from atelier_common.settings import Settings
from atelier_knowledge.domain.entities import Dataset


def dataset_chunk_limit(embedding_model: str, settings: Settings) -> ChunkLimit | None:
    """The chunk limit of a dataset's embedder (its `embedding_model`)."""
    try:
        return chunk_limit(embedding_model, settings)
    except EmbeddingError as exc:  # the declared tokenizer cannot be loaded: the server's configuration, named
        raise Internal(f"the dataset's embedder {embedding_model} cannot size chunks: {exc}") from None


def index_key(dataset: Dataset) -> int:
    """The search-store key of the dataset's current index (collection `kb_<key>`): the dataset id
    until an embedder switch moves it to a new index."""
    return dataset.index_id or dataset.id
