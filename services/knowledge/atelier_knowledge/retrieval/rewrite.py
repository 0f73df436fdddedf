"""Query rewrite: the chat history and a follow-up question ("and its price?") become one
standalone query the search channels can answer."""

from __future__ import annotations

from collections.abc import Sequence

from atelier_common.ai import ChatModel

SYSTEM_PROMPT = (
    "You rewrite the user's last question into one standalone search query. Use the conversation "
    "to resolve pronouns and references and to add the missing subject. Keep the user's language. "
    "Answer with the query only: no quotes, no explanation."
)
HISTORY_TURNS = 10


def messages(history: Sequence[tuple[str, str]], question: str) -> list[dict[str, str]]:
    lines = [f"{role}: {content}" for role, content in list(history)[-HISTORY_TURNS:] if content.strip()]
    user = "Conversation:\n" + "\n".join(lines) + f"\n\nLast question: {question}\n\nStandalone query:"
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]


def clean(answer: str) -> str:
    text = answer.strip().splitlines()[0].strip() if answer.strip() else ""
    return text.strip('"\u201c\u201d\'` ')


async def rewrite(model: ChatModel, history: Sequence[tuple[str, str]], question: str) -> str:
    """The standalone query; the caller keeps the original on error, timeout or an empty answer."""
    return clean(await model.complete(messages(history, question), temperature=0))
