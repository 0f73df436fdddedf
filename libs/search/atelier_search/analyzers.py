"""Client-side text analysis for the Milvus BM25 full-text index.

Milvus Lite (3.2.x) only knows the regex "standard" tokenizer (`\\w+`, lowercase, optional
explicit stop-word list) and "jieba" (when the `jieba` package is importable); it has no
"english" analyzer (no stemming), no multi-language analyzer, and its standard tokenizer keeps a
whole run of Chinese characters as one token. So the text is analyzed here, identically at
index time and at query time, and Milvus only splits the result on whitespace.

Latin-script text is analyzed the way the reference BM25 (bm25s with PyStemmer) does:

* words (`\\w+`, lowercased) of one character are dropped (bm25s splits on `\\w\\w+`);
* English stop words (the Lucene / bm25s "en" set) are dropped;
* the rest are stemmed with Snowball English (PyStemmer: "engines" -> "engin", "running" -> "run").

CJK runs (Han, kana, Hangul) become overlapping character bigrams like Elasticsearch's `cjk`
analyzer ("机器学习" -> "机器 器学 学习"); a lone character stays a unigram.

The same analyzed text works unchanged on a full Milvus server (its standard tokenizer splits on
the spaces), so results do not depend on which Milvus answers. `ANALYZER_VERSION` names this
analysis: text stored under an older one is re-analyzed (see the indexer's `reanalyze`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

import Stemmer

# 1: Porter stemming, one-character words kept. 2: Snowball (PyStemmer), one-character words dropped.
ANALYZER_VERSION = 2

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


@functools.cache
def _stemmer() -> Stemmer.Stemmer:
    return Stemmer.Stemmer("english")


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Snowball English stem of a lowercase word (PyStemmer, as bm25s uses)."""
    return _stemmer().stemWord(word)


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
            if len(run) < 2 or run in ENGLISH_STOP_WORDS:
                continue
            yield stem(run)
