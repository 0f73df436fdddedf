"""An answer split into sentences, with their places in the text. Pure.

A sentence ends at . ! ? followed by a space (not after a common abbreviation, an initial or a
list number), at 。！？ (CJK text has no spaces), and at every line break (list items, headings)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_ABBREVIATIONS = frozenset({"e.g", "i.e", "etc", "vs", "cf", "al", "fig", "eq", "no", "dr", "mr", "mrs", "ms",
                            "prof", "st", "approx", "ca", "resp", "ref", "sec", "vol", "pp", "inc", "ltd"})
_END = re.compile(r"[.!?]+[\"'”’)\]]*(?=\s)|[。！？]+[”’」』)]*|\n+")
_TRAILING = re.compile(r"[\s.!?。！？:;,，；：\"'”’」』)]*$")
_LAST_WORD = re.compile(r"([\w.]+)[.!?]*$")


@dataclass(frozen=True)
class Sentence:
    text: str  # stripped
    start: int  # offsets of `text` in the answer
    end: int

    @property
    def mark_at(self) -> int:
        """Where a citation mark goes: after the words, before the closing punctuation."""
        return self.start + len(_TRAILING.sub("", self.text))


def _ends_here(text: str, stop: re.Match[str]) -> bool:
    if stop.group(0).startswith(("\n", "。", "！", "？")) or not stop.group(0).startswith("."):
        return True
    word = _LAST_WORD.search(text, 0, stop.start() + 1)
    if word is None:
        return True
    token = word.group(1).rstrip(".").lower()
    # "e.g.", "Fig.", "J. Smith", "1. item" do not end a sentence
    return not (token in _ABBREVIATIONS or len(token) == 1 or (token.isdigit() and word.start() == 0)
                or (token.isdigit() and text[word.start() - 1] == "\n"))


def split(text: str) -> list[Sentence]:
    out: list[Sentence] = []
    start = 0
    for stop in _END.finditer(text):
        if not _ends_here(text, stop):
            continue
        _add(out, text, start, stop.end())
        start = stop.end()
    _add(out, text, start, len(text))
    return out


def _add(out: list[Sentence], text: str, start: int, end: int) -> None:
    piece = text[start:end]
    stripped = piece.strip()
    if stripped:
        lead = len(piece) - len(piece.lstrip())
        out.append(Sentence(stripped, start + lead, start + lead + len(stripped)))
