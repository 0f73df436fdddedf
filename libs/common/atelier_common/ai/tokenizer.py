"""A local embedding model's own tokenizer, for measuring text exactly as the model will read it.

A sentence-transformers model directory (the bundled all-MiniLM-L6-v2 included) carries its
tokenizer as `tokenizer.json`; the `tokenizers` library loads it without torch or transformers, in
milliseconds, and counts thousands of texts per second. Remote models (an OpenAI-compatible API)
have no tokenizer here: `model_tokenizer` returns None and callers fall back to cl100k with a margin.
"""

from __future__ import annotations

import functools
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from atelier_common.ai.embedding import parse_model_id, resolve_local_model

if TYPE_CHECKING:
    from tokenizers import Tokenizer

_lock = threading.Lock()


def model_tokenizer(model_id: str) -> Tokenizer | None:
    """The tokenizer of the local model behind `model_id`, or None: a remote model, a model with no
    tokenizer.json on disk, or `tokenizers` not installed (atelier-common[local-embeddings])."""
    provider, model, _ = parse_model_id(model_id)
    if provider != "local":
        return None
    path = Path(resolve_local_model(model)) / "tokenizer.json"
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
