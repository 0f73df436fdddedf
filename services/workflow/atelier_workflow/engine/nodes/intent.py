"""IntentDetector: the model sorts the `query` input into the node's intents (Coze's
nodes/intentdetector). The system prompt lists the intents as classificationId 1..n (0: other
intentions) and carries the node's own `systemPrompt` as advice; the model answers
{"classificationId", "reason"} (in `top_speed` mode just the id). Intent i leaves by port
`branch_<i-1>`, 0 by `default`; outputs classificationId and reason."""

from __future__ import annotations

import json
from typing import Any

from atelier_proto.enums import NodeType
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.domain.ports import PORT_DEFAULT, branch_port
from atelier_workflow.engine.context import NodeContext
from atelier_workflow.engine.model import NodeError, NodeOutput
from atelier_workflow.engine.nodes.chatting import ask, model_request, with_history
from atelier_workflow.engine.nodes.services import declared_outputs, fill_outputs
from atelier_workflow.engine.template import render
from atelier_workflow.engine.values import to_text

CLASSIFICATION_ID = "classificationId"

SYSTEM_PROMPT = """
# Role
You are an intention classification expert, good at being able to judge which classification the user's input belongs to.

## Skills
Skill 1: Clearly determine which of the following intention classifications the user's input belongs to.
Intention classification list:
[
{"classificationId": 0, "content": "Other intentions"},
{{intents}}
]

Note:
- Please determine the match only between the user's input content and the Intention classification list content, without judging or categorizing the match with the classification ID.

{{advance}}

## Reply requirements
- The answer must be returned in JSON format.
- Strictly ensure that the output is in a valid JSON format.
- Do not add prefix "json or suffix""
- The answer needs to include the following fields such as:
{
"classificationId": 0,
"reason": "Unclear intentions"
}

##Limit
- Please do not reply in text.
"""

FAST_SYSTEM_PROMPT = """
# Role
You are an intention classification expert, good at  being able to judge which classification the user's input belongs to.

## Skills
Skill 1: Clearly determine which of the following intention classifications the user's input belongs to.
Intention classification list:
[
{"classificationId": 0, "content": "Other intentions"},
{{intents}}
]

Note:
- Please determine the match only between the user's input content and the Intention classification list content, without judging or categorizing the match with the classification ID.


## Reply requirements
- The answer must be a number indicated classificationId.
- if not match, please just output an number 0.
- do not output json format data, just output an number.

##Limit
- Please do not reply in text."""


def intents_text(intents: list[str]) -> str:
    return ",".join(json.dumps({"classificationId": i + 1, "content": name}, ensure_ascii=False,
                               separators=(",", ":")) for i, name in enumerate(intents))


def parse_answer(content: str, fast: bool) -> dict[str, Any]:
    if not content:
        raise NodeError("the intent model answered nothing", "model_answer_invalid")
    if fast:
        try:
            return {CLASSIFICATION_ID: int(content.strip())}
        except ValueError:
            raise NodeError(f"the intent model answered {content[:80]!r}, not an intent number",
                            "model_answer_invalid") from None
    left, right = content.find("{"), content.find("}")
    if left < 0 or right < left:
        raise NodeError(f"the intent model's answer is not JSON: {content[:200]}", "model_answer_invalid")
    try:
        answer = json.loads(content[left:right + 1])
    except ValueError:
        raise NodeError(f"the intent model's answer is not JSON: {content[:200]}", "model_answer_invalid") from None
    if not isinstance(answer, dict):
        raise NodeError(f"the intent model's answer is not a JSON object: {content[:200]}", "model_answer_invalid")
    return answer


def port_of(classification: Any, intents: int) -> str:
    if isinstance(classification, bool) or not isinstance(classification, int | float):
        raise NodeError(f"the intent model chose {classification!r}, not an intent number", "model_answer_invalid")
    chosen = int(classification)
    if chosen == 0:
        return PORT_DEFAULT
    if not 1 <= chosen <= intents:
        raise NodeError(f"the intent model chose intent {chosen}, but the node has {intents}", "model_answer_invalid")
    return branch_port(chosen - 1)


async def detect(node: PlanNode, inputs: dict[str, Any], ctx: NodeContext) -> NodeOutput:
    intents = [option.name for option in node.config.intents]
    if not intents:
        raise NodeError("the intent detector has no intents", "invalid_setting")
    if "query" not in inputs:
        raise NodeError("the intent detector needs its query input", "missing_input")
    query = to_text(inputs["query"])
    settings = node.config.extra("llmParam") or {}
    if not isinstance(settings, dict):
        raise NodeError("the intent detector's llmParam must be an object", "invalid_setting")
    fast = node.config.extra("mode") == "top_speed"
    template = FAST_SYSTEM_PROMPT if fast else SYSTEM_PROMPT
    system = template.replace("{{intents}}", intents_text(intents))
    if not fast:
        advice = ((settings.get("systemPrompt") or {}).get("value") or {}).get("content") or ""
        system = system.replace("{{advance}}", render(str(advice), {"query": query}))
    history = node.config.extra("chatHistorySetting") or {}
    messages = await with_history(ctx, [{"role": "system", "content": system}, {"role": "user", "content": query}],
                                  bool(history.get("enableChatHistory")), int(history.get("chatHistoryRound") or 0))
    reply, usage = await ask(ctx, model_request(settings, messages))
    answer = parse_answer(reply.text, fast)
    port = port_of(answer.get(CLASSIFICATION_ID), len(intents))
    return NodeOutput(fill_outputs(answer, declared_outputs(node)), port, usage)


EXECUTORS = {NodeType.IntentDetector: detect}
