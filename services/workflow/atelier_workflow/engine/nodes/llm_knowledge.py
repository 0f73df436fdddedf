"""An LLM node's knowledge (Coze's `fcParam.knowledgeFCParam`): before the model is asked, the
node's user prompt is searched in the knowledge bases of `knowledgeList` with `global_setting`
(top_k, min_score, search_mode, use_rerank, use_rewrite, use_nl2_sql), and what is found goes in
front of the user prompt, as Coze's LLM node injects it ("recall slice N:" blocks, then the
question). Nothing found: the prompt goes alone, or with the customized no-recall reply when
`no_recall_reply_mode` is 1.

Coze first has a built-in model pick which of the listed knowledge bases fit the prompt; here
every listed one is searched (the knowledge service ranks the slices of all of them together),
which is the same for one knowledge base and needs no second model.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from atelier_common.errors import AtelierError
from atelier_workflow.clients.knowledge import RetrievalSettings
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError
from atelier_workflow.engine.nodes.knowledge import knowledge_bases, refused
from atelier_workflow.engine.nodes.knowledge_settings import as_id, search_type

CUSTOM_NO_RECALL_REPLY = 1

KNOWLEDGE_PROMPT = """Answer the question with the referenced content:
 1. If the content holds <img src=""> tags, the src attribute is the address of an image: show the image in \
the answer as "![image name](image address)".
 2. If the content holds no <img src=""> tag, show no image.
You can refer to the following content and do relevant searches to improve:
---
%s

question is:

"""


def knowledge_setting(node: PlanNode) -> Mapping[str, Any] | None:
    """`fcParam.knowledgeFCParam` when it lists a knowledge base."""
    found = ((node.config.extra("fcParam") or {}).get("knowledgeFCParam")) or {}
    return found if isinstance(found, Mapping) and found.get("knowledgeList") else None


def _retrieval(setting: Mapping[str, Any]) -> RetrievalSettings:
    given = setting.get("global_setting") or {}
    if not isinstance(given, Mapping):
        raise NodeError(f"the node's knowledge global_setting is invalid: {given!r}", "invalid_setting")
    top_k, min_score = given.get("top_k"), given.get("min_score")
    try:
        return RetrievalSettings(
            search_type=search_type(given["search_mode"], "search_mode") if given.get("search_mode") is not None else None,
            top_k=int(top_k) if top_k not in (None, "") else None,
            min_score=float(min_score) if min_score not in (None, "") else None,
            use_rerank=given.get("use_rerank") is True, use_rewrite=given.get("use_rewrite") is True,
            use_nl2sql=given.get("use_nl2_sql") is True)
    except (TypeError, ValueError):
        raise NodeError(f"the node's knowledge top_k / min_score are invalid: {top_k!r}, {min_score!r}",
                        "invalid_setting") from None


async def recalled_knowledge(node: PlanNode, ctx: NodeContext, query: str) -> str:
    """What goes in front of the user prompt ("" when the node has no knowledge or nothing to say)."""
    setting = knowledge_setting(node)
    if setting is None:
        return ""
    ids = [as_id(item.get("id") if isinstance(item, Mapping) else item, "knowledgeList id")
           for item in setting["knowledgeList"]]
    retrieval = _retrieval(setting)
    given = setting.get("global_setting") or {}
    if not query.strip():
        return ""
    try:
        found = await knowledge_bases(ctx).retrieve(ids, query, retrieval)
    except AtelierError as exc:
        raise refused(exc) from None
    blocks = [s.content for s in found]
    if not blocks:
        if str(given.get("no_recall_reply_mode") or 0) != str(CUSTOM_NO_RECALL_REPLY):
            return ""
        blocks = [str(given.get("no_recall_reply_customize_prompt") or "")]
    recalled = "".join(f"recall slice {i}:\n{text}\n" for i, text in enumerate(blocks, 1))
    return KNOWLEDGE_PROMPT % recalled
