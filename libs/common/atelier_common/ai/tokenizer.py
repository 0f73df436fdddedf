"""A local embedding model's own tokenizer, for measuring text exactly as the model will read it.

A sentence-transformers model directory (the bundled all-MiniLM-L6-v2 included) carries its
tokenizer as `tokenizer.json`; the `tokenizers` library loads it without torch or transformers, in
milliseconds, and counts thousands of texts per second. A model served by an OpenAI-compatible API
has no tokenizer here unless the operator names one (ATELIER_EMBEDDING_TOKENIZER: the server runs
MiniLM, so chunks are measured in MiniLM's tokenizer); otherwise `model_tokenizer` returns None and
callers fall back to cl100k with a margin.
"""

from __future__ import annotations

import functools
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from atelier_common.ai.embedding import EmbeddingError, embedding_config, parse_model_id, resolve_local_model
from atelier_common.settings import Settings

if TYPE_CHECKING:
    from tokenizers import Tokenizer

_lock = threading.Lock()


def model_tokenizer(model_id: str, settings: Settings | None = None) -> Tokenizer | None:
    """The tokenizer of the model behind `model_id`: the one `settings` declare for the configured
    embedder (ATELIER_EMBEDDING_TOKENIZER), else a local model's own; None for a remote model with
    none declared, a local model with no tokenizer.json on disk, or `tokenizers` not installed
    (atelier-common[local-embeddings]). A declared tokenizer that cannot be loaded is an error:
    falling back would size chunks in another tokenizer than the one the operator named."""
    provider, model, _ = parse_model_id(model_id)
    declared = _declared_tokenizer(provider, model, settings)
    if declared:
        tokenizer = _tokenizer_at(declared)
        if tokenizer is None:
            raise EmbeddingError(
                f"ATELIER_EMBEDDING_TOKENIZER={declared!r}: no loadable tokenizer.json there (a local "
                "sentence-transformers model name or directory, or a tokenizer.json file; needs `tokenizers`)",
                permanent=True)
        return tokenizer
    return _tokenizer_at(model) if provider == "local" else None


def _declared_tokenizer(provider: str, model: str, settings: Settings | None) -> str:
    """ATELIER_EMBEDDING_TOKENIZER, when `provider:model` is the configured embedder (a dataset
    recorded with another embedder keeps that one's tokenizer)."""
    if settings is None or not settings.embedding_tokenizer.strip():
        return ""
    declared = settings.embedding_tokenizer.strip()
    configured = embedding_config(settings)
    return declared if (configured.provider, configured.model) == (provider, model) else ""


def _tokenizer_at(name: str) -> Tokenizer | None:
    """The tokenizer of a local model (name or directory), or a tokenizer.json file itself."""
    path = Path(resolve_local_model(name))
    if not path.is_file():
        path = path / "tokenizer.json"
    if not path.is_file():
        return None
    with _lock:  # one load per file, even when several threads chunk at once
        return _load(str(path.resolve()))


@functools.cache
def _load(path: str) -> Tokenizer | None:
    try:
        from tokenizers import Tokenizer
    except ImportError:
        return None
    try:
        tokenizer = Tokenizer.from_file(path)
    except Exception:  # noqa: BLE001 - an unreadable file means "no exact tokenizer", not a failure
        return None
    # The saved file carries the model's inference settings (MiniLM's: truncate and pad to 128):
    # counting needs every token of the text, and no padding.
    tokenizer.no_truncation()
    tokenizer.no_padding()
    return tokenizer


def is_word_piece(tokenizer: Tokenizer) -> bool:
    return type(tokenizer.model).__name__ == "WordPiece"
