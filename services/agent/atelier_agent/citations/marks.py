"""Citation marks in an answer: found in the forms models write, rewritten to the one format [n].
Pure.

Recognised (case-insensitive, ASCII or full-width brackets and colons):
  [3]  [3, 4]  [3][4]  [^3]  ^[3]  [[3]]          (bracketed numbers)
  [ID: 3]  [id 3, 5]  [ref 3]  [source 3]  [passage 3]  [doc 3]  [citation: 3]
  (ID: 3)  (ref 3)  (source: 3)  (passage 3)      (round brackets only with a keyword: "(3)" is prose)
  【3】 ［3］ 【ID:3】 （ID：3）
  ref 3  ref. 3  ref: 3                           (bare, only with "ref")
Code (``` fences and `inline`) is left alone, and so is a markdown link ([3](url)).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from atelier_agent.citations.passages import mark

_KEYWORD = r"(?:ids?|refs?\.?|references?|sources?|passages?|docs?|documents?|citations?|cite|chunks?|slices?)"
_COLON = r"\s*[:：#]?\s*"
_SEP = r"\s*[,，、;；]\s*"
_NUMBERS = rf"\d+(?:{_SEP}(?:{_KEYWORD}{_COLON})?\d+)*"
_OPEN_SQUARE, _CLOSE_SQUARE = r"[\[［【〔]", r"[\]］】〕]"
_OPEN_ROUND, _CLOSE_ROUND = r"[(（]", r"[)）]"

_MARK = re.compile(
    "|".join([
        # footnote-style, doubled, caret-prefixed and keyword forms in square brackets
        rf"\^?{_OPEN_SQUARE}{{1,2}}\^?(?:{_KEYWORD}{_COLON})?(?P<square>{_NUMBERS})\^?{_CLOSE_SQUARE}{{1,2}}(?!\()",
        rf"{_OPEN_ROUND}{_KEYWORD}{_COLON}(?P<round>{_NUMBERS}){_CLOSE_ROUND}",
        rf"\bref(?:erence)?\.?{_COLON}(?P<bare>\d+)\b",
    ]),
    re.IGNORECASE,
)
_CODE = re.compile(r"```.*?(?:```|\Z)|`[^`\n]*`", re.DOTALL)
_DIGITS = re.compile(r"\d+")
_GONE = "\x00"
_GONE_WITH_SPACE = re.compile(r"[ \t]*\x00")
_CANONICAL = re.compile(r"\[(\d+)\](?!\()")


@dataclass(frozen=True)
class Repaired:
    text: str
    cited: list[str]  # passage ids, in order of first mark
    dropped: list[str]  # ids of marks to passages that were not given
    found: bool  # the answer had marks (well-formed or not), known or not


def _outside_code(text: str, rewrite: Callable[[str], str]) -> str:
    out, last = [], 0
    for code in _CODE.finditer(text):
        out += [rewrite(text[last:code.start()]), code.group(0)]
        last = code.end()
    out.append(rewrite(text[last:]))
    return "".join(out)


def repair(text: str, known: Collection[str]) -> Repaired:
    """Marks rewritten to [n] (several: [1][3]); marks to ids not in `known` removed with the
    space before them."""
    cited: list[str] = []
    dropped: list[str] = []
    found = False

    def one(match: re.Match[str]) -> str:
        nonlocal found
        found = True
        ids = _DIGITS.findall(match.group("square") or match.group("round") or match.group("bare"))
        kept = []
        for passage_id in (str(int(n)) for n in ids):
            if passage_id in known:
                if passage_id not in kept:
                    kept.append(passage_id)
                if passage_id not in cited:
                    cited.append(passage_id)
            elif passage_id not in dropped:
                dropped.append(passage_id)
        return "".join(mark(i) for i in kept) or _GONE

    def rewrite(segment: str) -> str:
        # a mark dropped whole takes the space before it along (no "word ." left behind)
        return _GONE_WITH_SPACE.sub("", _MARK.sub(one, segment))

    text = _outside_code(text, rewrite)
    return Repaired(text=text, cited=cited, dropped=dropped, found=found)


def cited_ids(text: str) -> list[str]:
    """Ids of the well-formed marks in `text`, in order of first appearance."""
    seen: list[str] = []
    for m in _CANONICAL.finditer(_CODE.sub("", text)):
        if m.group(1) not in seen:
            seen.append(m.group(1))
    return seen
