"""Client-side text analysis for the Milvus BM25 full-text index.

Milvus Lite (3.2.x) only knows the regex "standard" tokenizer (`\\w+`, lowercase, optional
explicit stop-word list) and "jieba" (when the `jieba` package is importable); it has no
"english" analyzer (no stemming), no multi-language analyzer, and its standard tokenizer keeps a
whole run of Chinese characters as one token. So the text is analyzed here, identically at
index time and at query time, and Milvus only splits the result on whitespace:

* Latin words: lowercased, English stop words (the Lucene / bm25s set) dropped, Porter-stemmed
  ("engines" -> "engin", "running" -> "run").
* CJK runs (Han, kana, Hangul): overlapping character bigrams like Elasticsearch's `cjk`
  analyzer ("机器学习" -> "机器 器学 学习"); a lone character stays a unigram.

The same analyzed text works unchanged on a full Milvus server (its standard tokenizer splits on
the spaces), so results do not depend on which Milvus answers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# Lucene's English stop set (also bm25s' "en").
ENGLISH_STOP_WORDS: frozenset[str] = frozenset(
    "a an and are as at be but by for if in into is it no not of on or such that the their then "
    "there these they this to was will with".split()
)

_CJK_CLASS = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_WORD = re.compile(r"\w+", re.UNICODE)
_RUNS = re.compile(f"[{_CJK_CLASS}]+|[^{_CJK_CLASS}]+")
_CJK_RUN = re.compile(f"[{_CJK_CLASS}]+")
_ASCII_ALPHA = re.compile(r"[a-z]+")


def detect_language(text: str, *, threshold: float = 0.3) -> str:
    """Return "zh" when Chinese (Han) characters make up at least `threshold` of the word characters, else "en"."""
    letters = sum(1 for ch in text if ch.isalnum())
    if not letters:
        return "en"
    han = len(_HAN.findall(text))
    return "zh" if han / letters >= threshold else "en"


def tokenize(text: str) -> list[str]:
    """Analyzed tokens of `text` (see module doc)."""
    return list(_tokens(text))


def analyze(text: str, *, max_bytes: int | None = None) -> str:
    """Tokens of `text` joined by single spaces, cut at a token boundary to `max_bytes` UTF-8 bytes."""
    if max_bytes is None:
        return " ".join(_tokens(text))
    out: list[str] = []
    used = 0
    for token in _tokens(text):
        size = len(token.encode("utf-8")) + (1 if out else 0)
        if used + size > max_bytes:
            break
        out.append(token)
        used += size
    return " ".join(out)


def _tokens(text: str) -> Iterator[str]:
    for word in _WORD.findall(text.lower()):
        for run in _RUNS.findall(word):
            if _CJK_RUN.fullmatch(run):
                if len(run) == 1:
                    yield run
                else:
                    for i in range(len(run) - 1):
                        yield run[i : i + 2]
                continue
            run = run.strip("_")
            if not run or run in ENGLISH_STOP_WORDS:
                continue
            yield porter_stem(run) if _ASCII_ALPHA.fullmatch(run) else run


# --------------------------------------------------------------------------- Porter stemmer
# M. F. Porter, "An algorithm for suffix stripping", 1980 (the original algorithm).


def _cons(w: str, i: int) -> bool:
    ch = w[i]
    if ch in "aeiou":
        return False
    if ch == "y":
        return i == 0 or not _cons(w, i - 1)
    return True


def _measure(stem: str) -> int:
    n, i, length = 0, 0, len(stem)
    while i < length and _cons(stem, i):
        i += 1
    while i < length:
        while i < length and not _cons(stem, i):
            i += 1
        if i >= length:
            break
        n += 1
        while i < length and _cons(stem, i):
            i += 1
    return n


def _has_vowel(stem: str) -> bool:
    return any(not _cons(stem, i) for i in range(len(stem)))


def _double_cons(w: str) -> bool:
    return len(w) >= 2 and w[-1] == w[-2] and _cons(w, len(w) - 1)


def _cvc(w: str) -> bool:
    n = len(w)
    return n >= 3 and _cons(w, n - 3) and not _cons(w, n - 2) and _cons(w, n - 1) and w[-1] not in "wxy"


_STEP2 = (
    ("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"), ("izer", "ize"),
    ("bli", "ble"), ("alli", "al"), ("entli", "ent"), ("eli", "e"), ("ousli", "ous"),
    ("ization", "ize"), ("ation", "ate"), ("ator", "ate"), ("alism", "al"), ("iveness", "ive"),
    ("fulness", "ful"), ("ousness", "ous"), ("aliti", "al"), ("iviti", "ive"), ("biliti", "ble"),
    ("logi", "log"),
)  # fmt: skip
_STEP3 = (
    ("icate", "ic"), ("ative", ""), ("alize", "al"), ("iciti", "ic"), ("ical", "ic"), ("ful", ""), ("ness", ""),
)  # fmt: skip
_STEP4 = (
    "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "ou", "ism",
    "ate", "iti", "ous", "ive", "ize",
)  # fmt: skip


def _replace_longest(w: str, rules: tuple[tuple[str, str], ...], min_measure: int) -> str:
    best: tuple[str, str] | None = None
    for suffix, repl in rules:
        if w.endswith(suffix) and (best is None or len(suffix) > len(best[0])):
            best = (suffix, repl)
    if best is not None:
        stem = w[: -len(best[0])]
        if _measure(stem) > min_measure:
            return stem + best[1]
    return w


def porter_stem(word: str) -> str:
    """Porter stem of a lowercase ASCII word."""
    w = word
    if len(w) <= 2:
        return w
    # step 1a
    if w.endswith("sses"):
        w = w[:-2]
    elif w.endswith("ies"):
        w = w[:-2]
    elif w.endswith("ss"):
        pass
    elif w.endswith("s"):
        w = w[:-1]
    # step 1b
    stripped = False
    if w.endswith("eed"):
        if _measure(w[:-3]) > 0:
            w = w[:-1]
    elif w.endswith("ed") and _has_vowel(w[:-2]):
        w, stripped = w[:-2], True
    elif w.endswith("ing") and _has_vowel(w[:-3]):
        w, stripped = w[:-3], True
    if stripped:
        if w.endswith(("at", "bl", "iz")):
            w += "e"
        elif _double_cons(w) and w[-1] not in "lsz":
            w = w[:-1]
        elif _measure(w) == 1 and _cvc(w):
            w += "e"
    # step 1c
    if w.endswith("y") and _has_vowel(w[:-1]):
        w = w[:-1] + "i"
    # steps 2, 3
    w = _replace_longest(w, _STEP2, 0)
    w = _replace_longest(w, _STEP3, 0)
    # step 4
    best = max((s for s in _STEP4 if w.endswith(s)), key=len, default=None)
    if best is not None:
        stem = w[: -len(best)]
        if _measure(stem) > 1 and (best != "ion" or (stem and stem[-1] in "st")):
            w = stem
    # step 5a
    if w.endswith("e"):
        stem = w[:-1]
        m = _measure(stem)
        if m > 1 or (m == 1 and not _cvc(stem)):
            w = stem
    # step 5b
    if _measure(w) > 1 and _double_cons(w) and w.endswith("l"):
        w = w[:-1]
    return w
