"""Follow-up suggestions: three short questions the user might ask next."""

from __future__ import annotations

import json
import re
from typing import Any

SUGGEST_PROMPT = (
    "Suggest exactly three short follow-up questions the user might ask next, in the user's language, "
    "each under 20 words. Answer with a JSON array of three strings and nothing else."
)
COUNT = 3


def suggestion_messages(question: str, answer: str, custom_prompt: str = "") -> list[dict[str, Any]]:
    instruction = SUGGEST_PROMPT if not custom_prompt else f"{custom_prompt}\n\n{SUGGEST_PROMPT}"
    return [
        {"role": "system", "content": instruction},
        {"role": "user", "content": f"User: {question}\n\nAssistant: {answer}"},
    ]


def parse_suggestions(text: str) -> list[str]:
    """The questions from the model's answer: a JSON array (also inside a code fence), else one per line."""
    fenced = re.search(r"\[.*\]", text, re.S)
    if fenced:
        try:
            value = json.loads(fenced.group(0))
            if isinstance(value, list):
                return [str(q).strip() for q in value if str(q).strip()][:COUNT]
        except json.JSONDecodeError:
            pass
    lines = [re.sub(r"^\s*(?:[-*]|\d+[.)])\s*", "", line).strip() for line in text.splitlines()]
    return [line for line in lines if line][:COUNT]
