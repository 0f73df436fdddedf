"""The knowledge nodes' settings read from Coze canvases: what knowledge is asked for (strategy,
chunking in knowledge's units) and the node failures that name a broken setting."""

from __future__ import annotations

from typing import Any

import pytest

from atelier_devstack.canvas_builders import chain, entry, exit_, lit, node, param
from atelier_proto.enums import ChunkType, ParsingType, SearchStrategy
from atelier_workflow.clients.knowledge import Chunking, Parsing, RetrievalSettings
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.plan import PlanNode, compile_plan
from atelier_workflow.engine.model import NodeError
from atelier_workflow.engine.nodes.knowledge_settings import chunking, knowledge_ids, parsing, retrieval_settings

NODE = "160001"


def knowledge_node(type_: int, inputs: dict[str, Any]) -> PlanNode:
    doc = {"nodes": [entry(), node(NODE, type_, {"inputParameters": [], **inputs}), exit_()],
           "edges": chain("100001", NODE, "900001")}
    return compile_plan(parse_canvas(doc)).nodes[NODE]


def datasets(*ids: Any, **settings: Any) -> list[dict[str, Any]]:
    return [param("datasetList", {"type": "list", "value": {"type": "literal", "content": list(ids)}}),
            *(param(name, lit(value)) for name, value in settings.items())]


def test_the_retrievers_dataset_param_is_read_as_coze_writes_it() -> None:
    found = knowledge_node(6, {"datasetParam": datasets("7480093452068470793", "12", topK=5, useRerank=True,
                                                        useRewrite=True, isPersonalOnly=True, minScore=0.5,
                                                        strategy=1)})
    assert knowledge_ids(found) == [7480093452068470793, 12]
    assert retrieval_settings(found) == RetrievalSettings(SearchStrategy.HybridSearch, 5, 0.5, use_rerank=True,
                                                          use_rewrite=True)
    # nothing but the list: the knowledge service's defaults
    assert retrieval_settings(knowledge_node(6, {"datasetParam": datasets("12")})) == RetrievalSettings()


def test_the_indexers_strategy_is_translated_to_knowledges_units() -> None:
    found = knowledge_node(27, {"datasetParam": datasets("12"), "strategyParam": {
        "parsingStrategy": {"parsingType": "accurate", "imageExtraction": True, "tableExtraction": True,
                            "imageOcr": False},
        "chunkStrategy": {"chunkType": "custom", "separatorType": "\n", "separator": "\n", "maxToken": 800,
                          "overlap": 0.1}}})
    assert parsing(found) == Parsing(ParsingType.AccurateParsing, image_extraction=True, table_extraction=True)
    # Coze's overlap is a fraction of maxToken; knowledge counts it in percent
    assert chunking(found) == Chunking(ChunkType.CustomChunk, "\n", 800, 10)
    default = knowledge_node(27, {"datasetParam": datasets("12"), "strategyParam": {
        "chunkStrategy": {"chunkType": "default", "maxToken": 800}}})
    assert chunking(default) == Chunking() and parsing(default) == Parsing()


@pytest.mark.parametrize(("inputs", "read", "named"), [
    ({"datasetParam": datasets()}, knowledge_ids, "datasetList is empty"),
    ({}, knowledge_ids, "datasetList is empty"),
    ({"datasetParam": datasets("abc")}, knowledge_ids, "datasetList is invalid: 'abc'"),
    ({"datasetParam": datasets("1", strategy=7)}, retrieval_settings, "strategy must be 0 (semantic)"),
    ({"datasetParam": datasets("1", topK="many")}, retrieval_settings, "topK is invalid"),
    ({"strategyParam": {"chunkStrategy": {"chunkType": "level"}}}, chunking, "chunkType must be default or custom"),
    ({"strategyParam": {"parsingStrategy": {"parsingType": "slow"}}}, parsing, "parsingType must be fast or accurate"),
])
def test_a_broken_setting_fails_the_node_naming_it(inputs: dict[str, Any], read: Any, named: str) -> None:
    with pytest.raises(NodeError, match=named.replace("(", r"\(").replace(")", r"\)")) as failed:
        read(knowledge_node(6, inputs))
    assert failed.value.code == "invalid_setting"
