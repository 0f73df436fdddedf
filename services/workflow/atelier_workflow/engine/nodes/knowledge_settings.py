"""The knowledge nodes' settings as Coze's canvas writes them (nodes/knowledge Adapt), read into
typed values; pure (no I/O). A setting that will not read fails the node naming it.

  datasetParam   named literals: datasetList (knowledge ids, as strings), and for the retriever
                 topK, minScore, strategy (0 semantic, 1 hybrid, 20 full text), useRerank,
                 useRewrite, useNl2sql (isPersonalOnly has no meaning here: ignored)
  strategyParam  the indexer's parsingStrategy {parsingType fast|accurate, imageExtraction,
                 tableExtraction, imageOcr} and chunkStrategy {chunkType default|custom,
                 separator, maxToken, overlap (a fraction of maxToken)}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from atelier_proto.enums import ChunkType, ParsingType, SearchStrategy
from atelier_workflow.clients.knowledge import Chunking, Parsing, RetrievalSettings
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.model import NodeError

_PARSING_TYPES = {"fast": ParsingType.FastParsing, "accurate": ParsingType.AccurateParsing}
_CHUNK_TYPES = {"default": ChunkType.DefaultChunk, "custom": ChunkType.CustomChunk}


def _invalid(what: str, value: Any) -> NodeError:
    return NodeError(f"the node's {what} is invalid: {value!r}", "invalid_setting")


def named_params(params: Any) -> dict[str, Any]:
    """A list of {"name", "input": {"value": {"content"}}} by name (the literal contents)."""
    found: dict[str, Any] = {}
    for param in params or []:
        if isinstance(param, dict) and param.get("name"):
            found[param["name"]] = (((param.get("input") or {}).get("value") or {}).get("content"))
    return found


def knowledge_ids(node: PlanNode) -> list[int]:
    """datasetList: the knowledge bases the node reads or writes (at least one)."""
    listed = named_params(node.config.extra("datasetParam")).get("datasetList")
    if not isinstance(listed, list) or not listed:
        raise NodeError("the node names no knowledge base (datasetParam.datasetList is empty)", "invalid_setting")
    return [as_id(item, "datasetList") for item in listed]


def as_id(value: Any, what: str) -> int:
    text = str(value).strip() if isinstance(value, str | int) and not isinstance(value, bool) else ""
    if not text.isdigit() or int(text) == 0:
        raise _invalid(what, value)
    return int(text)


def _int(value: Any, what: str) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        raise _invalid(what, value) from None


def _float(value: Any, what: str) -> float:
    try:
        return float(str(value).strip())
    except ValueError:
        raise _invalid(what, value) from None


def _bool(value: Any) -> bool:
    return value is True or (isinstance(value, str) and value.strip().lower() in ("true", "1"))


def search_type(value: Any, what: str) -> SearchStrategy:
    try:
        return SearchStrategy(_int(value, what))
    except ValueError:
        raise NodeError(f"the node's {what} must be 0 (semantic), 1 (hybrid) or 20 (full text), not {value!r}",
                        "invalid_setting") from None


def retrieval_settings(node: PlanNode) -> RetrievalSettings:
    params = named_params(node.config.extra("datasetParam"))

    def given(name: str) -> bool:
        return params.get(name) not in (None, "")

    return RetrievalSettings(
        search_type=search_type(params["strategy"], "strategy") if given("strategy") else None,
        top_k=_int(params["topK"], "topK") if given("topK") else None,
        min_score=_float(params["minScore"], "minScore") if given("minScore") else None,
        use_rerank=_bool(params.get("useRerank")), use_rewrite=_bool(params.get("useRewrite")),
        use_nl2sql=_bool(params.get("useNl2sql")))


def _strategy(node: PlanNode, part: str) -> Mapping[str, Any]:
    found = (node.config.extra("strategyParam") or {}).get(part) or {}
    if not isinstance(found, Mapping):
        raise _invalid(f"strategyParam.{part}", found)
    return found


def parsing(node: PlanNode) -> Parsing:
    given = _strategy(node, "parsingStrategy")
    kind = str(given.get("parsingType") or "fast")
    if kind not in _PARSING_TYPES:
        raise NodeError(f"the node's parsingType must be fast or accurate, not {kind!r}", "invalid_setting")
    return Parsing(_PARSING_TYPES[kind], image_extraction=_bool(given.get("imageExtraction")),
                   table_extraction=_bool(given.get("tableExtraction")), image_ocr=_bool(given.get("imageOcr")))


def chunking(node: PlanNode) -> Chunking:
    given = _strategy(node, "chunkStrategy")
    kind = str(given.get("chunkType") or "default")
    if kind not in _CHUNK_TYPES:
        raise NodeError(f"the node's chunkType must be default or custom, not {kind!r}", "invalid_setting")
    if _CHUNK_TYPES[kind] == ChunkType.DefaultChunk:
        return Chunking()
    max_tokens = _int(given["maxToken"], "maxToken") if given.get("maxToken") not in (None, "") else None
    overlap = given.get("overlap")
    # Coze gives the overlap as a fraction of maxToken (0.1); knowledge counts it in percent.
    overlap_percent = round(_float(overlap, "overlap") * 100) if overlap not in (None, "") else None
    separator = given.get("separator")
    return Chunking(ChunkType.CustomChunk, separator=str(separator) if separator not in (None, "") else None,
                    max_tokens=max_tokens, overlap_percent=overlap_percent)
