"""The datasets a retrieval searches are kept by the knowledge service (retrieval.dataset_cache): a
retrieval of a kept dataset reads no dataset row, a change made anywhere (another process writing
the database) reaches the next retrievals, and the caller's access is still checked each time."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import asyncpg
import pytest

from atelier_devstack.api_client import ApiError, AtelierClient, eventually
from atelier_devstack.stack_fixtures import KnowledgeStack, new_user

pytestmark = pytest.mark.e2e


async def retrieve(client: AtelierClient, dataset_id: str, query: str) -> dict[str, Any]:
    return await client.call("/api/knowledge/retrieve", {"space_id": client.space_id, "dataset_ids": [dataset_id],
                                                         "query": query, "strategy": {"min_score": 0, "top_k": 1}})


async def test_a_kept_dataset_is_not_read_again_and_its_changes_reach_the_next_retrievals(
        client: AtelierClient, knowledge_stack: KnowledgeStack) -> None:
    name = f"kept-{uuid.uuid4().hex[:8]}"
    dataset_id = await client.create_dataset(name)
    doc = await client.create_text_document(dataset_id, "gears", "The gearbox oil is changed every 400 hours.")
    await client.wait_documents([doc["document_id"]])
    query = "when is the gearbox oil changed?"
    assert (await retrieve(client, dataset_id, query))["slices"][0]["dataset_name"] == name

    conn = await asyncpg.connect(knowledge_stack.env["ATELIER_DATABASE_URL"])
    try:
        # No one may read the datasets table meanwhile: a retrieval that read it would wait for the lock.
        async with conn.transaction():
            await conn.execute("LOCK TABLE knowledge.datasets IN ACCESS EXCLUSIVE MODE")
            reply = await asyncio.wait_for(retrieve(client, dataset_id, query), 10)
            assert reply["slices"][0]["document_id"] == doc["document_id"]

        # Renamed behind the service's back: only the database's notification tells it.
        await conn.execute("UPDATE knowledge.datasets SET name = $2 WHERE id = $1", int(dataset_id), f"{name}-renamed")

        async def renamed() -> bool:
            return (await retrieve(client, dataset_id, query))["slices"][0]["dataset_name"] == f"{name}-renamed"

        await eventually(renamed, 5, "the rename heard")

        # Another user's retrieval of the kept dataset answers like an unknown id, as before.
        token, (space,) = await new_user(knowledge_stack.env["ATELIER_DATABASE_URL"])
        async with AtelierClient(knowledge_stack.gateway_url, token, space) as other:
            with pytest.raises(ApiError) as refused:
                await retrieve(other, dataset_id, query)
            assert refused.value.status == 404

        await conn.execute("UPDATE knowledge.datasets SET deleted_at = now() WHERE id = $1", int(dataset_id))

        async def gone() -> bool:
            try:
                await retrieve(client, dataset_id, query)
            except ApiError as e:
                return e.status == 404
            return False

        await eventually(gone, 5, "the deletion heard")
    finally:
        await conn.close()
