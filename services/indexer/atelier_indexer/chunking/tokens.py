"""What the chunker measures chunks in: a `TokenCounter` counts a text's tokens and cuts a text at
token boundaries.

`CL100K` (tiktoken's cl100k_base, atelier_common.tokens) is the default: it is what OpenAI's
embedders read. `TokenizerCounter` wraps a Hugging Face `tokenizers` tokenizer (a local
sentence-transformers model's own, e.g. MiniLM's word pieces), so a chunk fills exactly what that
model reads. Special tokens ([CLS], [SEP]) are never counted: embedders' limits exclude them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from atelier_common.tokens import count_tokens, encoding

if TYPE_CHECKING:
    from tokenizers import Tokenizer

__all__ = ["CL100K", "Cl100kCounter", "TokenCounter", "TokenizerCounter", "count_tokens", "split_by_tokens"]


class TokenCounter(Protocol):
    @property
    def unit(self) -> str:
        """What one token is called in messages: "cl100k tokens", "word pieces"."""
        ...

    def count(self, text: str) -> int: ...

    def split(self, text: str, budget: int) -> list[str]:
        """Text cut into pieces of at most `budget` tokens each, at token boundaries."""
        ...


class Cl100kCounter:
    unit = "cl100k tokens"

    def count(self, text: str) -> int:
        return count_tokens(text)

    def split(self, text: str, budget: int) -> list[str]:
        enc = encoding()
        ids = enc.encode_ordinary(text)
        if len(ids) <= budget:
            return [text]
        _, starts = enc.decode_with_offsets(ids)
        return _split_at(text, starts, budget, self.count)


CL100K = Cl100kCounter()


class TokenizerCounter:
    """A Hugging Face tokenizer loaded with truncation and padding off (atelier_common.ai.model_tokenizer)."""

    def __init__(self, tokenizer: Tokenizer, unit: str = "tokens") -> None:
        self._tokenizer = tokenizer
        self.unit = unit

    def count(self, text: str) -> int:
        if not text:
            return 0
        return len(self._tokenizer.encode(text, add_special_tokens=False).ids)

    def split(self, text: str, budget: int) -> list[str]:
        offsets = self._tokenizer.encode(text, add_special_tokens=False).offsets
        if len(offsets) <= budget:
            return [text]
        return _split_at(text, [start for start, _ in offsets], budget, self.count)


def split_by_tokens(text: str, budget: int, counter: TokenCounter = CL100K) -> list[str]:
    """Last resort for one huge word (a URL, base64...): pieces of at most `budget` tokens."""
    return counter.split(text, budget)


def _split_at(text: str, starts: Sequence[int], budget: int, count: Callable[[str], int]) -> list[str]:
    """Cut before every `budget`-th token (`starts`: each token's first character)."""
    cuts = sorted({starts[i] for i in range(budget, len(starts), budget)} - {0})
    pieces, start = [], 0
    for cut in [*cuts, len(text)]:
        if cut > start:
            pieces.append(text[start:cut])
            start = cut
    out: list[str] = []
    for piece in pieces:
        # Re-tokenizing a slice can differ at its edges (a cut word piece starts a new word, a cut
        # multi-byte token): re-cut the rare piece that no longer fits.
        out.extend([piece] if count(piece) <= budget else _split_chars(piece, budget, count))
    return out


def _split_chars(text: str, budget: int, count: Callable[[str], int]) -> list[str]:
    """Longest prefixes that fit, found by binary search on the length (a few counts per piece)."""
    out = []
    while text:
        lo, hi = 1, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if count(text[:mid]) <= budget:
                lo = mid
            else:
                hi = mid - 1
        out.append(text[:lo])
        text = text[lo:]
    return out
