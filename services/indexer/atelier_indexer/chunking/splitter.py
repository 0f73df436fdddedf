"""Parsed blocks -> chunks of at most max_tokens tokens, cut only at block, line, sentence or word boundaries.

Tokens are those of the `TokenCounter` the caller passes: the dataset embedder's own tokenizer when
it is on this machine (a local model: MiniLM's word pieces), else cl100k (see
atelier_indexer.chunking.sizing). `max_tokens`, the overlap and every bound below are in its units,
so a chunk is exactly as long as the embedder reads; `Chunk.tokens` stays in cl100k (what slices
store and prompt budgets count).

Text is broken into small atomic units (a whole block when it fits, else lines, sentences, words, CJK
characters) whose tokens are counted once each; units are then packed greedily. Each packed chunk is
counted once more as a whole, since tokens of a join can differ slightly from the sum of its parts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from atelier_indexer.chunking.rules import CHUNK_BY_LEVEL, CHUNK_CUSTOM, ChunkRules
from atelier_indexer.chunking.tokens import CL100K, TokenCounter, count_tokens
from atelier_indexer.parsing.model import Block, ParsedDocument

TITLE_JOIN = " > "
BLOCK_SEP = "\n\n"


@dataclass(frozen=True)
class Chunk:
    content: str
    tokens: int  # cl100k tokens, whatever the chunk was measured in (slices' token_count)
    sequence: int  # 0-based order in the document
    heading_path: tuple[str, ...] = ()
    page: int | None = None  # page of the chunk's first (new) block, PDF only
    kind: str = "text"  # "text" | "table"


@dataclass(frozen=True)
class _Unit:
    text: str
    tokens: int
    sep: str  # joins this unit to the previous one inside a chunk
    page: int | None = None
    path: tuple[str, ...] = ()


@dataclass
class _Section:
    path: tuple[str, ...]
    blocks: list[Block] = field(default_factory=list)


@dataclass(frozen=True)
class _Draft:
    content: str
    path: tuple[str, ...]
    page: int | None
    kind: str


class _Remembered:
    """A counter that remembers what it counted in one document: a chunk of a single block has the
    block's text, counted once when the block was measured, not tokenized again whole."""

    MAX_KNOWN = 4096  # texts remembered at most (past that, forgotten all at once and remembered anew)

    def __init__(self, counter: TokenCounter) -> None:
        self._counter = counter
        self.unit = counter.unit
        self._known: dict[str, int] = {}

    def count(self, text: str) -> int:
        tokens = self._known.get(text)
        if tokens is None:
            if len(self._known) >= self.MAX_KNOWN:
                self._known.clear()
            tokens = self._known[text] = self._counter.count(text)
        return tokens

    def split(self, text: str, budget: int) -> list[str]:
        return self._counter.split(text, budget)


class _Measure:
    """The counter (remembering a document's counts) plus a cache of separator costs (a handful of
    distinct separators per document)."""

    def __init__(self, counter: TokenCounter) -> None:
        self.counter: TokenCounter = _Remembered(counter)
        self.count = self.counter.count
        self._seps: dict[str, int] = {}

    def sep(self, sep: str) -> int:
        # cl100k folds a single space into the next word's token (" word"), and word-piece
        # tokenizers drop whitespace, so it costs nothing in the estimate; where it does cost
        # (numbers, punctuation), the whole-chunk recount in flush() catches it.
        if sep == " ":
            return 0
        if sep not in self._seps:
            self._seps[sep] = self.count(sep)
        return self._seps[sep]


# ---- cleaning -------------------------------------------------------------------------------

_URL = re.compile(r"(?:https?://|www\.)[^\s<>\"'，。、；！？（）【】「」]+", re.IGNORECASE)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_URL_TAIL = re.compile(r"[.,;:!?)\]]*$")


def clean(text: str, rules: ChunkRules) -> str:
    if rules.remove_urls_emails:
        text = _EMAIL.sub("", text)  # first: "a@www.b.com" must go whole, not leave "a@"
        # Sentence punctuation right after a URL belongs to the sentence, not the URL.
        text = _URL.sub(lambda m: _URL_TAIL.search(m.group()).group(), text)  # type: ignore[union-attr]
    if rules.remove_extra_spaces:
        text = re.sub(r"[ \t]+", " ", text)
        text = re.sub(r" ?\n ?", "\n", text)
        text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip()


# ---- splitting one text into units that fit -------------------------------------------------

_SENTENCE_END = re.compile(r"[.!?]+[\"'”’)\]]*(?=\s)|[。！？；]+[”’」』）)]*")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\u3000-\u303f\uff00-\uffef]")


def _cut(text: str, cuts: list[int]) -> list[tuple[str, str]]:
    """(leading whitespace, stripped text) of each segment between cut positions."""
    parts, start = [], 0
    for cut in [*cuts, len(text)]:
        segment, start = text[start:cut], cut
        body = segment.strip()
        if body:
            parts.append((segment[: len(segment) - len(segment.lstrip())], body))
    return parts


def _lines(text: str) -> list[tuple[str, str]]:
    return _cut(text, [m.start() for m in re.finditer(r"\n", text)])


def _sentences(text: str) -> list[tuple[str, str]]:
    return _cut(text, [m.end() for m in _SENTENCE_END.finditer(text)])


def _words(text: str) -> list[tuple[str, str]]:
    return _cut(text, [m.start() for m in re.finditer(r"\s+", text)])


def _cjk_chars(text: str) -> list[tuple[str, str]]:
    # Chinese/Japanese have no spaces between words: any boundary between CJK characters is a word boundary.
    cuts = sorted({i for m in _CJK.finditer(text) for i in (m.start(), m.end())} - {0, len(text)})
    return _cut(text, cuts)


_SPLITTERS: tuple[Callable[[str], list[tuple[str, str]]], ...] = (_lines, _sentences, _words, _cjk_chars)


def fit(text: str, budget: int, sep: str, level: int = 0, hard: bool = True,
        counter: TokenCounter = CL100K) -> Iterator[tuple[str, str, int]]:
    """(sep, text, tokens) pieces of text, each within budget, split at the coarsest boundary that works.
    hard=False leaves a single over-long word whole instead of cutting it."""
    tokens = counter.count(text)
    if tokens <= budget:
        yield sep, text, tokens
        return
    for depth in range(level, len(_SPLITTERS)):
        parts = _SPLITTERS[depth](text)
        if len(parts) > 1:
            for i, (part_sep, part) in enumerate(parts):
                yield from fit(part, budget, sep if i == 0 else part_sep, depth + 1, hard, counter)
            return
    if not hard:
        yield sep, text, tokens
        return
    # One "word" longer than a whole chunk (a URL, base64...): the only place a word is cut.
    for i, piece in enumerate(counter.split(text, budget)):
        yield (sep if i == 0 else ""), piece, counter.count(piece)


# ---- packing --------------------------------------------------------------------------------


class _Packer:
    """Greedy packing of units into chunks of one section, carrying an overlap tail between chunks."""

    def __init__(self, budget: int, max_tokens: int, overlap: int, title: str, out: list[_Draft],
                 measure: _Measure) -> None:
        self.budget, self.max_tokens, self.overlap, self.title, self.out = budget, max_tokens, overlap, title, out
        self.measure = measure
        self.units: list[_Unit] = []
        self.carried = 0  # leading units that are overlap from the previous chunk, not new content
        self.tokens = 0

    def _cost(self, unit: _Unit) -> int:
        return unit.tokens + (self.measure.sep(unit.sep) if self.units else 0)

    def add(self, unit: _Unit) -> None:
        while self.units and self.tokens + self._cost(unit) > self.budget:
            if len(self.units) > self.carried:
                self.flush(carry=True)  # may leave overlap plus units given back by the recount
            else:
                self._reset()  # the overlap and the next unit don't fit together: drop the overlap
        self.tokens += self._cost(unit)
        self.units.append(unit)

    def _reset(self) -> None:
        self.units, self.carried, self.tokens = [], 0, 0

    def _content(self, units: list[_Unit]) -> str:
        body = "".join((u.sep if i else "") + u.text for i, u in enumerate(units))
        return f"{self.title}\n{body}" if self.title else body

    def flush(self, carry: bool = False) -> None:
        units, carried = self.units, self.carried
        self._reset()
        if len(units) <= carried:
            return
        pending: list[_Unit] = []
        content = self._content(units)
        # The sum of unit tokens is an estimate; the whole chunk's count is the truth. Give back
        # trailing units (then the overlap) until it fits; a lone oversized unit is emitted as is.
        while (excess := self.measure.count(content) - self.max_tokens) > 0 and len(units) > 1:
            if len(units) - carried > 1:
                # Give back at least `excess` tokens' worth at once: one recount per round, not per unit.
                while len(units) - carried > 1 and excess > 0:
                    excess -= units[-1].tokens + self.measure.sep(units[-1].sep)
                    pending.insert(0, units.pop())
            else:
                units, carried = units[carried:], 0
            content = self._content(units)
        first = units[carried] if carried < len(units) else units[0]
        self.out.append(_Draft(content, first.path, first.page, "text"))
        if (carry or pending) and self.overlap > 0:
            for unit in self._tail(units):
                self.tokens += self._cost(unit)
                self.units.append(unit)
            self.carried = len(self.units)
        for unit in pending:
            self.add(unit)
        if pending and not carry:
            self.flush()  # a final flush must also emit what the recount gave back

    def _tail(self, units: list[_Unit]) -> list[_Unit]:
        """The last units worth about `overlap` tokens, cut at sentence/word boundaries."""
        tail: list[_Unit] = []
        used = 0
        for unit in reversed(units):
            if used + unit.tokens <= self.overlap:
                tail.insert(0, unit)
                used += unit.tokens + self.measure.sep(unit.sep)
                continue
            # The unit is too long to carry whole: take its last sentences/words that fit.
            pieces = list(fit(unit.text, max(1, self.overlap - used), unit.sep, level=1, hard=False,
                              counter=self.measure.counter))
            kept: list[tuple[str, str, int]] = []
            for piece in reversed(pieces):
                if used + piece[2] > self.overlap:
                    break
                kept.insert(0, piece)
                used += piece[2] + self.measure.sep(piece[0])
            tail[:0] = [_Unit(text, tokens, sep, unit.page, unit.path) for sep, text, tokens in kept]
            break
        return tail


def _table_drafts(
    rows: list[str], budget: int, max_tokens: int, title: str, page: int | None, path: tuple[str, ...],
    measure: _Measure,
) -> list[_Draft]:
    """Rows are atomic: packed under a repeated header line. A row longer than a chunk is the exception:
    it is cut at sentence or word boundaries into pieces that fit (each under the header), since the
    embedder would read no further than its limit anyway. A header longer than half a chunk is not
    repeated: it becomes a chunk of its own."""
    prefix = f"{title}\n" if title else ""
    header, body = rows[0], rows[1:]
    count = measure.count
    drafts: list[_Draft] = []
    header_tokens = count(header)
    repeat = bool(body) and header_tokens + 1 <= budget // 2
    if not repeat:
        drafts += [_Draft(prefix + piece, path, page, "table") for piece in _row_pieces(header, budget, measure)]
        if not body:
            return drafts
    head = [header] if repeat else []
    start = header_tokens if repeat else -1  # the estimate of the header line, or no newline before the first row
    width = budget - header_tokens - 1 if repeat else budget  # the longest row that fits in a chunk

    def emit(lines: list[str]) -> None:
        content = prefix + "\n".join([*head, *lines])
        if count(content) <= max_tokens:
            drafts.append(_Draft(content, path, page, "table"))
        elif len(lines) > 1:  # join effects pushed it over: split the rows in two
            half = len(lines) // 2
            emit(lines[:half])
            emit(lines[half:])
        else:  # one row or piece that the header's join pushed over: alone, cut if still too long
            drafts.extend(_Draft(prefix + piece, path, page, "table")
                          for piece in measure.counter.split(lines[0], max(1, max_tokens - count(prefix))))

    current: list[str] = []
    used = start
    for row in body:
        tokens = count(row)
        if tokens > width:  # a row longer than a chunk: pieces of it, each a chunk of its own
            if current:
                emit(current)
                current, used = [], start
            for piece in _row_pieces(row, width, measure):
                emit([piece])
            continue
        cost = tokens + 1  # +1: the newline joining it
        if current and used + cost > budget:
            emit(current)
            current, used = [], start
        current.append(row)
        used += cost
    if current:
        emit(current)
    return drafts


def _row_pieces(row: str, width: int, measure: _Measure) -> list[str]:
    """A row cut at its coarsest boundaries (sentences, words) into the fewest pieces of at most `width` tokens."""
    out: list[_Draft] = []
    packer = _Packer(width, width, 0, "", out, measure)
    for sep, part, tokens in fit(row, width, "", counter=measure.counter):
        packer.add(_Unit(part, tokens, sep))
    packer.flush()
    return [draft.content for draft in out]


# ---- sections -------------------------------------------------------------------------------


def _sections(blocks: tuple[Block, ...], rules: ChunkRules) -> list[_Section]:
    """Level chunking: a section per heading of level <= max_level (path = enclosing such headings).
    Other modes: one section; headings are ordinary text."""
    if rules.chunk_type != CHUNK_BY_LEVEL:
        return [_Section((), list(blocks))]
    sections = [_Section(())]
    stack: list[tuple[int, str]] = []
    for block in blocks:
        if block.kind == "heading" and 1 <= block.level <= rules.max_level and block.text.strip():
            while stack and stack[-1][0] >= block.level:
                stack.pop()
            stack.append((block.level, " ".join(block.text.split())))
            section = _Section(tuple(t for _, t in stack))
            if not rules.save_title:
                section.blocks.append(block)  # no title line: keep the heading as the section's text
            sections.append(section)
        else:
            sections[-1].blocks.append(block)
    return sections


def chunk_document(doc: ParsedDocument, rules: ChunkRules, counter: TokenCounter = CL100K) -> list[Chunk]:
    """Chunks of at most rules.max_tokens tokens as `counter` counts them (module docstring)."""
    rules = rules.normalized()
    measure = _Measure(counter)
    overlap = rules.max_tokens * rules.overlap // 100
    drafts: list[_Draft] = []
    sections = _sections(doc.blocks, rules)
    for index, section in enumerate(sections):
        title = TITLE_JOIN.join(section.path) if rules.chunk_type == CHUNK_BY_LEVEL and rules.save_title else ""
        budget = rules.max_tokens - (measure.count(title + "\n") if title else 0)
        if title and budget < rules.max_tokens // 2:
            title, budget = "", rules.max_tokens  # a title eating half the chunk: keep it only as heading_path
        before = len(drafts)
        _chunk_section(section, rules, title, budget, overlap, drafts, measure)
        later = sections[index + 1].path if index + 1 < len(sections) else ()
        if len(drafts) == before and title and later[: len(section.path)] != section.path:
            # A heading with no text and no sub-sections: its title alone is the content.
            drafts.append(_Draft(title, section.path, None, "text"))
    # Chunk.tokens in cl100k whatever the chunk was measured in: slices store it, prompt budgets count it
    # (measured in cl100k, a chunk's count is known already).
    cl100k = measure.count if counter is CL100K else count_tokens
    return [Chunk(d.content, cl100k(d.content), i, d.path, d.page, d.kind) for i, d in enumerate(drafts)]


def _chunk_section(
    section: _Section, rules: ChunkRules, title: str, budget: int, overlap: int, drafts: list[_Draft],
    measure: _Measure,
) -> None:
    packer = _Packer(budget, rules.max_tokens, min(overlap, budget // 2), title, drafts, measure)
    headings: list[tuple[int, str]] = []  # outside level mode: the heading path for chunk metadata
    for block in section.blocks:
        if block.kind == "table":
            rows = [r for r in (clean(row, rules) for row in block.rows) if r]
            if rows:
                packer.flush()  # tables are chunks of their own ("table" kind); no overlap across them
                path = section.path or tuple(t for _, t in headings)
                drafts.extend(_table_drafts(rows, budget, rules.max_tokens, title, block.page, path, measure))
            continue
        text = clean(block.text, rules)
        if not text:
            continue
        if block.kind == "heading" and rules.chunk_type != CHUNK_BY_LEVEL:
            while headings and headings[-1][0] >= block.level:
                headings.pop()
            headings.append((block.level, " ".join(text.split())))
        path = section.path or tuple(t for _, t in headings)
        for sep, piece, tokens in _block_pieces(text, rules, budget, measure.counter):
            packer.add(_Unit(piece, tokens, sep, block.page, path))
    packer.flush()


def _block_pieces(text: str, rules: ChunkRules, budget: int, counter: TokenCounter) -> Iterator[tuple[str, str, int]]:
    if rules.chunk_type != CHUNK_CUSTOM:
        yield from fit(text, budget, BLOCK_SEP, counter=counter)
        return
    # Custom: the separator decides the pieces; pieces join back with it inside a chunk.
    sep = BLOCK_SEP
    for part in text.split(rules.separator):
        part = part.strip()
        if part:
            yield from fit(part, budget, sep, counter=counter)
            sep = rules.separator
