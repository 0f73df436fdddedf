"""Token counting (atelier_common.tokens) and cutting text at token boundaries."""

from __future__ import annotations

from atelier_common.tokens import count_tokens, encoding

__all__ = ["count_tokens", "encoding", "split_by_tokens"]


def split_by_tokens(text: str, budget: int) -> list[str]:
    """Cut text into pieces of at most `budget` tokens, at token boundaries (last resort for one huge word)."""
    enc = encoding()
    ids = enc.encode_ordinary(text)
    if len(ids) <= budget:
        return [text]
    _, offsets = enc.decode_with_offsets(ids)
    cuts = sorted({offsets[i] for i in range(budget, len(ids), budget)} - {0})
    pieces, start = [], 0
    for cut in [*cuts, len(text)]:
        if cut > start:
            pieces.append(text[start:cut])
            start = cut
    out: list[str] = []
    for piece in pieces:
        # Re-tokenizing a slice can differ by a token at its edges: re-cut the rare piece that no longer fits.
        out.extend([piece] if count_tokens(piece) <= budget else _split_chars(piece, budget))
    return out


def _split_chars(text: str, budget: int) -> list[str]:
    """Longest prefixes that fit, found by binary search on the length (a few counts per piece)."""
    out = []
    while text:
        lo, hi = 1, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if count_tokens(text[:mid]) <= budget:
                lo = mid
            else:
                hi = mid - 1
        out.append(text[:lo])
        text = text[lo:]
    return out
