"""The published configurations the agent keeps for its chats (run_configs): a change made anywhere
(another process writing the database, a publish through this one) reaches the next turn."""

from __future__ import annotations

import json

import asyncpg
import grpc
import pytest

from atelier_devstack.api_client import AtelierClient, eventually
from atelier_devstack.openai_stub import OpenAIStub
from atelier_devstack.stack_fixtures import KnowledgeStack

pytestmark = pytest.mark.e2e

CHAT = "/v1/chat/completions"


def system_prompt(stub: OpenAIStub) -> str:
    return stub.requests(CHAT)[-1]["json"]["messages"][0]["content"]


async def agent_db(stack: KnowledgeStack) -> asyncpg.Connection:
    conn = await asyncpg.connect(stack.env["ATELIER_DATABASE_URL"])
    await conn.execute("SET search_path = agent")
    return conn


async def test_a_published_version_changed_by_another_process_reaches_the_next_turn(
        runner, new_bot, chat_stack: KnowledgeStack, stub: OpenAIStub) -> None:
    bot = await new_bot(publish=True, prompt_info={"prompt": "Persona one."})
    for _ in range(2):  # the second turn runs on the kept configuration
        await runner.run(bot, "hi", draft_mode=False)
        assert "Persona one." in system_prompt(stub)
    conn = await agent_db(chat_stack)
    try:
        # Written behind the agent's back: only the database's notification tells it.
        await conn.execute("UPDATE bot_versions SET config = jsonb_set(config, '{prompt_info,prompt}', $2::jsonb)"
                           " WHERE bot_id = $1", int(bot), json.dumps("Persona two."))

        async def runs_version_two() -> bool:
            await runner.run(bot, "hi", draft_mode=False)
            return "Persona two." in system_prompt(stub)

        await eventually(runs_version_two, 5, "version two runs")
        await conn.execute("UPDATE bots SET online_version = NULL WHERE id = $1", int(bot))

        async def refused() -> bool:
            try:
                await runner.run(bot, "hi", draft_mode=False)
            except grpc.aio.AioRpcError as e:
                return e.code() == grpc.StatusCode.NOT_FOUND and "not published" in e.details()
            return False

        await eventually(refused, 5, "the unpublished agent refused")
    finally:
        await conn.close()


async def test_a_publish_reaches_the_very_next_turn(runner, new_bot, client: AtelierClient, stub: OpenAIStub) -> None:
    bot = await new_bot(publish=True, prompt_info={"prompt": "Before."})
    await runner.run(bot, "hi", draft_mode=False)
    assert "Before." in system_prompt(stub)
    await client.call("/api/playground_api/draftbot/update_draft_bot_info",
                      {"bot_info": {"bot_id": bot, "prompt_info": {"prompt": "After."}}})
    await runner.run(bot, "hi", draft_mode=False)
    assert "Before." in system_prompt(stub)  # the draft is not what the API chats with
    await client.call("/api/draftbot/publish", {"space_id": client.space_id, "bot_id": bot})
    await runner.run(bot, "hi", draft_mode=False)
    assert "After." in system_prompt(stub)
    await client.call("/api/draftbot/delete", {"space_id": client.space_id, "bot_id": bot})
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await runner.run(bot, "hi", draft_mode=False)
    assert err.value.code() == grpc.StatusCode.NOT_FOUND


async def test_nothing_is_kept_while_the_agent_cannot_hear_changes(
        runner, new_bot, chat_stack: KnowledgeStack, stub: OpenAIStub) -> None:
    bot = await new_bot(publish=True, prompt_info={"prompt": "Heard."})
    await runner.run(bot, "hi", draft_mode=False)
    conn = await agent_db(chat_stack)
    try:
        listening = [r["pid"] for r in await conn.fetch(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            " AND (query LIKE 'LISTEN %bot_changed%' OR query LIKE '%pg_listening_channels()%')")]
        assert listening
        for pid in listening:  # the listening connection goes away: a change may go unheard
            await conn.execute("SELECT pg_terminate_backend($1)", pid)
        await conn.execute("UPDATE bot_versions SET config = jsonb_set(config, '{prompt_info,prompt}', $2::jsonb)"
                           " WHERE bot_id = $1", int(bot), json.dumps("Unheard."))

        async def runs_the_change() -> bool:
            await runner.run(bot, "hi", draft_mode=False)
            return "Unheard." in system_prompt(stub)

        await eventually(runs_the_change, 5, "the change runs")
    finally:
        await conn.close()
