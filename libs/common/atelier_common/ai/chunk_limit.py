"""The longest chunk an embedding model reads whole, in the units chunks are counted in for it.

Two services need the same answer: knowledge, which refuses a user's chunk size the dataset's
embedder cannot read (the 400 names the limit), and the indexer, which cuts chunks to fit. Chunks
of a model whose tokenizer is on this machine (a local model, or a served one whose tokenizer
ATELIER_EMBEDDING_TOKENIZER names) are counted in that tokenizer; others in cl100k, with a margin
for a model that counts differently (`chunk_token_budget`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from atelier_common.ai.embedding import chunk_token_budget, input_limit
from atelier_common.ai.tokenizer import is_word_piece, model_tokenizer
from atelier_common.settings import Settings

if TYPE_CHECKING:
    from tokenizers import Tokenizer

CL100K_UNIT = "cl100k tokens"


@dataclass(frozen=True)
class ChunkLimit:
    max_tokens: int  # in `unit`
    embedder: str  # the model id
    reads: str  # what it reads: "254 word pieces", "254 of its own tokens, about 169 cl100k tokens"
    unit: str = CL100K_UNIT  # what max_tokens counts for this embedder: "word pieces"


def tokenizer_unit(tokenizer: Tokenizer) -> str:
    return "word pieces" if is_word_piece(tokenizer) else "tokens of its tokenizer"


def chunk_limit(model_id: str, settings: Settings | None = None) -> ChunkLimit | None:
    """None when the model's input limit is unknown (an unlisted model behind an OpenAI-compatible
    API with no ATELIER_EMBEDDING_MAX_INPUT_TOKENS): the chunk rules' own bounds apply. Raises a
    permanent EmbeddingError when the declared ATELIER_EMBEDDING_TOKENIZER cannot be loaded."""
    tokenizer = model_tokenizer(model_id, settings)
    limit = input_limit(model_id, settings)
    budget = chunk_token_budget(limit, own_tokenizer=tokenizer is not None)
    if limit is None or budget is None:
        return None
    unit = CL100K_UNIT if tokenizer is None else tokenizer_unit(tokenizer)
    if limit.cl100k:
        reads = f"{limit.tokens} cl100k tokens"
    elif tokenizer is not None:
        reads = f"{limit.tokens} {unit}"
    else:  # its own tokenizer is elsewhere (a server): a conservative share of it in cl100k
        reads = f"{limit.tokens} of its own tokens, about {budget} {unit}"
    return ChunkLimit(max_tokens=budget, embedder=model_id, reads=reads, unit=unit)
