"""Parsed blocks -> chunks of at most max_tokens tokens, cut only at block, line, sentence or word boundaries.

Text is broken into small atomic units (a whole block when it fits, else lines, sentences, words, CJK
characters) whose tokens are counted once each; units are then packed greedily. Each packed chunk is
counted once more as a whole, since tokens of a join can differ slightly from the sum of its parts.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from atelier_knowledge.chunking.rules import CHUNK_BY_LEVEL, CHUNK_CUSTOM, ChunkRules
from atelier_knowledge.chunking.tokens import count_tokens, split_by_tokens
from atelier_knowledge.parsing.model import Block, ParsedDocument

TITLE_JOIN = " > "
BLOCK_SEP = "\n\n"


@dataclass(frozen=True)
class Chunk:
    content: str
    tokens: int
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


@functools.lru_cache(maxsize=4096)
def _sep_tokens(sep: str) -> int:
    # cl100k folds a single space into the next word's token (" word"), so it costs nothing in the
    # estimate; where it doesn't (numbers, punctuation), the whole-chunk recount in flush() catches it.
    return 0 if sep == " " else count_tokens(sep)


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


def fit(text: str, budget: int, sep: str, level: int = 0, hard: bool = True) -> Iterator[tuple[str, str, int]]:
    """(sep, text, tokens) pieces of text, each within budget, split at the coarsest boundary that works.
    hard=False leaves a single over-long word whole instead of cutting it."""
    tokens = count_tokens(text)
    if tokens <= budget:
        yield sep, text, tokens
        return
    for depth in range(level, len(_SPLITTERS)):
        parts = _SPLITTERS[depth](text)
        if len(parts) > 1:
            for i, (part_sep, part) in enumerate(parts):
                yield from fit(part, budget, sep if i == 0 else part_sep, depth + 1, hard)
            return
    if not hard:
        yield sep, text, tokens
        return
    # One "word" longer than a whole chunk (a URL, base64...): the only place a word is cut.
    for i, piece in enumerate(split_by_tokens(text, budget)):
        yield (sep if i == 0 else ""), piece, count_tokens(piece)


# ---- packing --------------------------------------------------------------------------------


class _Packer:
    """Greedy packing of units into chunks of one section, carrying an overlap tail between chunks."""

    def __init__(self, budget: int, max_tokens: int, overlap: int, title: str, out: list[_Draft]) -> None:
        self.budget, self.max_tokens, self.overlap, self.title, self.out = budget, max_tokens, overlap, title, out
        self.units: list[_Unit] = []
        self.carried = 0  # leading units that are overlap from the previous chunk, not new content
        self.tokens = 0

    def _cost(self, unit: _Unit) -> int:
        return unit.tokens + (_sep_tokens(unit.sep) if self.units else 0)

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
        while (excess := count_tokens(content) - self.max_tokens) > 0 and len(units) > 1:
            if len(units) - carried > 1:
                # Give back at least `excess` tokens' worth at once: one recount per round, not per unit.
                while len(units) - carried > 1 and excess > 0:
                    excess -= units[-1].tokens + _sep_tokens(units[-1].sep)
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
                used += unit.tokens + _sep_tokens(unit.sep)
                continue
            # The unit is too long to carry whole: take its last sentences/words that fit.
            pieces = list(fit(unit.text, max(1, self.overlap - used), unit.sep, level=1, hard=False))
            kept: list[tuple[str, str, int]] = []
            for piece in reversed(pieces):
                if used + piece[2] > self.overlap:
                    break
                kept.insert(0, piece)
                used += piece[2] + _sep_tokens(piece[0])
            tail[:0] = [_Unit(text, tokens, sep, unit.page, unit.path) for sep, text, tokens in kept]
            break
        return tail


def _table_drafts(
    rows: list[str], budget: int, max_tokens: int, title: str, page: int | None, path: tuple[str, ...]
) -> list[_Draft]:
    """Rows are atomic: packed under a repeated header line. Exception (by design): a single row longer
    than the budget is emitted alone, over max_tokens, rather than cut mid-row."""
    prefix = f"{title}\n" if title else ""
    header, body = rows[0], rows[1:]
    if not body:
        return [_Draft(prefix + header, path, page, "table")]
    header_tokens = count_tokens(header)
    drafts: list[_Draft] = []
    current: list[str] = []
    used = header_tokens

    def emit(lines: list[str]) -> None:
        content = prefix + "\n".join([header, *lines])
        if count_tokens(content) > max_tokens:
            if len(lines) > 1:  # join effects pushed it over: split the rows in two
                half = len(lines) // 2
                emit(lines[:half])
                emit(lines[half:])
                return
            content = prefix + lines[0]  # one huge row: drop the header rather than grow further
        drafts.append(_Draft(content, path, page, "table"))

    for row in body:
        cost = count_tokens(row) + 1  # +1: the newline joining it
        if current and used + cost > budget:
            emit(current)
            current, used = [], header_tokens
        current.append(row)
        used += cost
    if current:
        emit(current)
    return drafts


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


def chunk_document(doc: ParsedDocument, rules: ChunkRules) -> list[Chunk]:
    rules = rules.normalized()
    overlap = rules.max_tokens * rules.overlap // 100
    drafts: list[_Draft] = []
    sections = _sections(doc.blocks, rules)
    for index, section in enumerate(sections):
        title = TITLE_JOIN.join(section.path) if rules.chunk_type == CHUNK_BY_LEVEL and rules.save_title else ""
        budget = rules.max_tokens - (count_tokens(title + "\n") if title else 0)
        if title and budget < rules.max_tokens // 2:
            title, budget = "", rules.max_tokens  # a title eating half the chunk: keep it only as heading_path
        before = len(drafts)
        _chunk_section(section, rules, title, budget, overlap, drafts)
        later = sections[index + 1].path if index + 1 < len(sections) else ()
        if len(drafts) == before and title and later[: len(section.path)] != section.path:
            # A heading with no text and no sub-sections: its title alone is the content.
            drafts.append(_Draft(title, section.path, None, "text"))
    return [Chunk(d.content, count_tokens(d.content), i, d.path, d.page, d.kind) for i, d in enumerate(drafts)]


def _chunk_section(
    section: _Section, rules: ChunkRules, title: str, budget: int, overlap: int, drafts: list[_Draft]
) -> None:
    packer = _Packer(budget, rules.max_tokens, min(overlap, budget // 2), title, drafts)
    headings: list[tuple[int, str]] = []  # outside level mode: the heading path for chunk metadata
    for block in section.blocks:
        if block.kind == "table":
            rows = [r for r in (clean(row, rules) for row in block.rows) if r]
            if rows:
                packer.flush()  # tables are chunks of their own ("table" kind); no overlap across them
                path = section.path or tuple(t for _, t in headings)
                drafts.extend(_table_drafts(rows, budget, rules.max_tokens, title, block.page, path))
            continue
        text = clean(block.text, rules)
        if not text:
            continue
        if block.kind == "heading" and rules.chunk_type != CHUNK_BY_LEVEL:
            while headings and headings[-1][0] >= block.level:
                headings.pop()
            headings.append((block.level, " ".join(text.split())))
        path = section.path or tuple(t for _, t in headings)
        for sep, piece, tokens in _block_pieces(text, rules, budget):
            packer.add(_Unit(piece, tokens, sep, block.page, path))
    packer.flush()


def _block_pieces(text: str, rules: ChunkRules, budget: int) -> Iterator[tuple[str, str, int]]:
    if rules.chunk_type != CHUNK_CUSTOM:
        yield from fit(text, budget, BLOCK_SEP)
        return
    # Custom: the separator decides the pieces; pieces join back with it inside a chunk.
    sep = BLOCK_SEP
    for part in text.split(rules.separator):
        part = part.strip()
        if part:
            yield from fit(part, budget, sep)
            sep = rules.separator
