"""Conversations by name: a user's conversations within one bot or one app, as workflow
conversation nodes address them (Coze's app conversations). Internal calls only: the workflow
acts for its run's user, whom the scope names; every other operation on a conversation found
here goes by its id."""

from __future__ import annotations

from dataclasses import dataclass

from atelier_common import names
from atelier_common.auth import require_internal
from atelier_common.errors import InvalidArgument, NotFound
from atelier_common.service import ServiceDeps
from atelier_conversation import agent_client
from atelier_conversation.conversations import API_CONNECTOR
from atelier_conversation.domain.entities import Conversation
from atelier_conversation.store import conversations
from atelier_proto import conversation_pb2 as cpb

MAX_LISTED = 500  # named conversations of one user in one bot or app, listed at once


@dataclass(frozen=True)
class Scope:
    space_id: int
    user_id: int
    bot_id: int = 0
    app_id: int = 0

    @classmethod
    def of(cls, req: cpb.ConversationScope) -> Scope:
        require_internal()
        if not req.space_id or not req.user_id:
            raise InvalidArgument("field 'scope': space_id and user_id are required")
        if bool(req.bot_id) == bool(req.app_id):
            raise InvalidArgument("field 'scope': give exactly one of bot_id and app_id")
        return cls(space_id=req.space_id, user_id=req.user_id, bot_id=req.bot_id, app_id=req.app_id)


async def _check_bot(deps: ServiceDeps, scope: Scope) -> None:
    """A bot's conversations live in its space: the bot must be in the run's."""
    if scope.bot_id:
        found = await agent_client.bot(deps.settings.agent_addr, scope.bot_id, deps.settings.grpc_deadline_s)
        if found.space_id != scope.space_id:
            raise NotFound(f"bot {scope.bot_id} not found in space {scope.space_id}")


async def get(deps: ServiceDeps, scope: Scope, name: str, *, create: bool) -> tuple[Conversation | None, bool]:
    """(the conversation, whether this call created it); (None, False) when there is none and
    `create` is false. Creating is serialised per name, so two runs never make two."""
    name = names.display_name(name)
    found = await conversations.by_name(deps.pool, bot_id=scope.bot_id, app_id=scope.app_id,
                                        creator_id=scope.user_id, name=name)
    if found is not None or not create:
        return found, False
    await _check_bot(deps, scope)
    key = f"atelier.named-conversation:{scope.bot_id}:{scope.app_id}:{scope.user_id}:{name}"
    async with deps.pool.acquire() as conn, conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(hashtext($1))", key)
        found = await conversations.by_name(conn, bot_id=scope.bot_id, app_id=scope.app_id,
                                            creator_id=scope.user_id, name=name)
        if found is not None:
            return found, False
        row = await conversations.insert(conn, id=deps.ids.next_id(), space_id=scope.space_id, bot_id=scope.bot_id,
                                         app_id=scope.app_id, creator_id=scope.user_id,
                                         section_id=deps.ids.next_id(), name=name, connector_id=API_CONNECTOR)
    return row, True


async def listed(deps: ServiceDeps, scope: Scope) -> list[Conversation]:
    return await conversations.named(deps.pool, bot_id=scope.bot_id, app_id=scope.app_id,
                                     creator_id=scope.user_id, limit=MAX_LISTED)
