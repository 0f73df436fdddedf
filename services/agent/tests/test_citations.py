"""Citations (atelier_agent.citations): marks the model wrote repaired to [n] and checked against
the passages it was given; none written: inserted by matching sentences to passages, with the
embeddings of the suite's OpenAI-compatible stub (real HTTP)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from atelier_agent.citations import CITATION_INSTRUCTION, Passage, cite, passages_block
from atelier_agent.citations.marks import repair
from atelier_agent.citations.sentences import split
from atelier_common.ai import OpenAIEmbedder
from atelier_devstack.openai_stub import OpenAIStub

PASSAGES = [
    Passage("1", "The Eiffel Tower in Paris is 330 metres tall. It was completed in 1889 for the World's Fair.",
            dataset_id=11, dataset_name="travel", document_id=21, document_name="paris.md", slice_id=31,
            url="https://files.example/paris.md", score=0.9),
    Passage("2", "Mount Fuji is the highest mountain in Japan, rising 3776 metres above sea level. "
                 "Its last eruption was in 1707.",
            dataset_id=11, dataset_name="travel", document_id=22, document_name="japan.md", slice_id=32, score=0.8),
    Passage("3", "Penguins live almost exclusively in the Southern Hemisphere. Emperor penguins breed during "
                 "the Antarctic winter.", dataset_id=12, dataset_name="animals", document_id=23,
            document_name="birds.pdf", slice_id=33, score=0.7),
]


@pytest.fixture
async def embedder(stub: OpenAIStub) -> AsyncIterator[OpenAIEmbedder]:
    client = OpenAIEmbedder(base_url=stub.base_url, api_key="test", model="stub-embedding", dimensions=256)
    yield client
    await client.aclose()


def test_the_prompt_shows_each_passage_under_its_mark_and_asks_for_that_form() -> None:
    block = passages_block(PASSAGES[:2])
    assert block.startswith("[1] Source: paris.md (travel)\nThe Eiffel Tower")
    assert "\n\n[2] Source: japan.md (travel)\nMount Fuji" in block
    assert "[1]" in CITATION_INSTRUCTION and "(ID: 1)" in CITATION_INSTRUCTION  # the form, and what not to write


async def test_well_formed_marks_are_kept_and_name_their_sources(embedder: OpenAIEmbedder) -> None:
    answer = "The tower is 330 metres tall [1]. Fuji is higher [2][1]."
    cited = await cite(answer, PASSAGES, embedder)
    assert cited.text == answer
    assert [s.id for s in cited.sources] == ["1", "2"]
    first = cited.sources[0]
    assert (first.dataset_id, first.document_id, first.slice_id, first.document_name, first.url) == (
        11, 21, 31, "paris.md", "https://files.example/paris.md")
    assert first.snippet.startswith("The Eiffel Tower in Paris")
    assert not cited.inserted


@pytest.mark.parametrize(("written", "expected"), [
    ("Tall (ID: 1).", "Tall [1]."),
    ("Tall [ID: 1].", "Tall [1]."),
    ("Tall [id:1, 2].", "Tall [1][2]."),
    ("Tall 【1】.", "Tall [1]."),
    ("Tall ［1］.", "Tall [1]."),
    ("Tall 【ID：1】.", "Tall [1]."),
    ("Tall （ID：1）.", "Tall [1]."),
    ("Tall ref 1.", "Tall [1]."),
    ("Tall (ref. 2).", "Tall [2]."),
    ("Tall [^1].", "Tall [1]."),
    ("Tall ^[1].", "Tall [1]."),
    ("Tall [[1]].", "Tall [1]."),
    ("Tall [1, 2].", "Tall [1][2]."),
    ("Tall (Source: 2).", "Tall [2]."),
    ("Tall [Passage 3].", "Tall [3]."),
    ("Tall [source 1][source 2].", "Tall [1][2]."),
])
async def test_malformed_marks_are_repaired_to_the_one_format(written: str, expected: str,
                                                             embedder: OpenAIEmbedder) -> None:
    cited = await cite(written, PASSAGES, embedder)
    assert cited.text == expected
    assert [s.id for s in cited.sources] == [m for m in "123" if f"[{m}]" in expected]


def test_prose_code_and_links_are_not_taken_for_marks() -> None:
    text = "Step (3) is optional; see `x[1]` and [1](https://a.example) or\n```\ny = a[2]\n```"
    repaired = repair(text, {"1", "2", "3"})
    assert repaired.text == text and not repaired.found


async def test_marks_to_passages_not_given_are_dropped(embedder: OpenAIEmbedder) -> None:
    cited = await cite("Tall [1][7]. Mountains (ID: 9). High [2, 8].", PASSAGES, embedder)
    assert cited.text == "Tall [1]. Mountains. High [2]."
    assert [s.id for s in cited.sources] == ["1", "2"]
    assert cited.dropped == ["7", "9", "8"]


async def test_without_marks_each_sentence_from_a_passage_gets_that_passage(embedder: OpenAIEmbedder) -> None:
    answer = ("Sure! Mount Fuji rises 3776 metres above sea level and is the highest mountain in Japan. "
              "The Eiffel Tower was completed in 1889 for the World's Fair. "
              "My favourite pizza topping is mushrooms with olive oil and garlic.")
    cited = await cite(answer, PASSAGES, embedder)
    assert cited.inserted
    assert cited.text == ("Sure! Mount Fuji rises 3776 metres above sea level and is the highest mountain in "
                          "Japan [2]. The Eiffel Tower was completed in 1889 for the World's Fair [1]. "
                          "My favourite pizza topping is mushrooms with olive oil and garlic.")
    assert [s.id for s in cited.sources] == ["2", "1"]


async def test_without_marks_paraphrases_still_find_their_passage_when_the_threshold_backs_off(
        embedder: OpenAIEmbedder) -> None:
    cited = await cite("Emperor penguins breed in winter.", PASSAGES, embedder)
    assert cited.text == "Emperor penguins breed in winter [3]."


async def test_an_answer_unrelated_to_every_passage_cites_nothing(embedder: OpenAIEmbedder) -> None:
    answer = "I cannot find that in your documents. Could you rephrase the question about invoices?"
    cited = await cite(answer, PASSAGES, embedder)
    assert (cited.text, cited.sources, cited.inserted) == (answer, [], False)


async def test_without_an_embedder_keywords_alone_place_the_marks() -> None:
    cited = await cite("Penguins live almost exclusively in the Southern Hemisphere.", PASSAGES, None)
    assert cited.text == "Penguins live almost exclusively in the Southern Hemisphere [3]."


def test_sentences_end_at_stops_not_at_abbreviations_or_list_numbers() -> None:
    text = "Use e.g. a wrench. Then stop!\n1. First item\n- second 3.5 m\n这是第一句。这是第二句"
    assert [s.text for s in split(text)] == ["Use e.g. a wrench.", "Then stop!", "1. First item", "- second 3.5 m",
                                             "这是第一句。", "这是第二句"]
