"""chatflow_waits rows: the chatflow run a conversation's next message resumes."""

from __future__ import annotations

from dataclasses import dataclass

from atelier_workflow.store import Conn


@dataclass(frozen=True)
class ChatflowWait:
    conversation_id: int
    workflow_id: int
    execute_id: int
    chat_id: int  # the chat that ended requires_action


async def put(conn: Conn, wait: ChatflowWait) -> None:
    """The run waits for the conversation's next message (replacing any earlier wait there)."""
    await conn.execute(
        "INSERT INTO chatflow_waits (conversation_id, workflow_id, execute_id, chat_id) VALUES ($1,$2,$3,$4)"
        " ON CONFLICT (conversation_id, workflow_id) DO UPDATE SET execute_id = EXCLUDED.execute_id,"
        " chat_id = EXCLUDED.chat_id, created_at = now()",
        wait.conversation_id, wait.workflow_id, wait.execute_id, wait.chat_id)


async def get(conn: Conn, conversation_id: int, workflow_id: int) -> ChatflowWait | None:
    row = await conn.fetchrow("SELECT * FROM chatflow_waits WHERE conversation_id = $1 AND workflow_id = $2",
                              conversation_id, workflow_id)
    return None if row is None else _wait(row)


async def take(conn: Conn, conversation_id: int, workflow_id: int, execute_id: int) -> bool:
    """Removes the wait for `execute_id`; False when another message took it up first."""
    row = await conn.fetchrow("DELETE FROM chatflow_waits WHERE conversation_id = $1 AND workflow_id = $2"
                              " AND execute_id = $3 RETURNING execute_id", conversation_id, workflow_id, execute_id)
    return row is not None


def _wait(row) -> ChatflowWait:  # noqa: ANN001 - an asyncpg record
    return ChatflowWait(row["conversation_id"], row["workflow_id"], row["execute_id"], row["chat_id"])
