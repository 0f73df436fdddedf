"""Agents binding a workflow (their workflow_info_list, draft or published): workflow_references
lists them next to the workflows using it, and the workflow is not deleted from under them
unless forced."""

from __future__ import annotations

import uuid
from typing import Any

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.stack_fixtures import STUB_MODEL_ID


async def new_agent(client: AtelierClient, name: str) -> str:
    bot_id = (await client.call("/api/draftbot/create", {"space_id": client.space_id, "name": name}))["data"]["bot_id"]
    await update_agent(client, bot_id, model_info={"model_id": STUB_MODEL_ID})
    return bot_id


async def update_agent(client: AtelierClient, bot_id: str, **info: Any) -> None:
    await client.call("/api/playground_api/draftbot/update_draft_bot_info",
                      {"space_id": client.space_id, "bot_info": {"bot_id": bot_id, **info}})


async def bind(client: AtelierClient, bot_id: str, *workflow_ids: str) -> None:
    await update_agent(client, bot_id, workflow_info_list=[{"workflow_id": w} for w in workflow_ids])


async def publish_agent(client: AtelierClient, bot_id: str) -> None:
    await client.call("/api/draftbot/publish", {"space_id": client.space_id, "bot_id": bot_id})


async def published_workflow(workflows, run_canvases) -> str:
    workflow_id = await workflows.create()
    await workflows.save(workflow_id, run_canvases.chain(1))
    await workflows.publish(workflow_id, force=True)
    return workflow_id


async def references(workflows, workflow_id: str) -> dict[str, Any]:
    return (await workflows.call("workflow_references", workflow_id=workflow_id))["data"]


async def test_references_name_the_agents_binding_a_workflow(client, workflows, run_canvases, parts) -> None:
    tool = await published_workflow(workflows, run_canvases)
    other_tool = await published_workflow(workflows, run_canvases)
    parent = await workflows.create()
    await workflows.save(parent, parts.canvas(parts.sub_workflow_node("130001", tool)))
    helper_name, drafter_name = f"helper-{uuid.uuid4().hex[:6]}", f"drafter-{uuid.uuid4().hex[:6]}"
    helper, drafter = await new_agent(client, helper_name), await new_agent(client, drafter_name)
    await new_agent(client, f"bystander-{uuid.uuid4().hex[:6]}")  # binds nothing
    await bind(client, helper, other_tool, tool)
    await publish_agent(client, helper)
    await bind(client, drafter, tool)

    data = await references(workflows, tool)
    assert [w["workflow_id"] for w in data["workflow_list"]] == [parent]  # Coze's answer, as before
    assert data["bot_list"] == sorted([
        {"bot_id": helper, "name": helper_name, "in_draft": True, "in_published": True},
        {"bot_id": drafter, "name": drafter_name, "in_draft": True, "in_published": False},
    ], key=lambda b: int(b["bot_id"]))

    # the helper's draft drops it: its online version still binds it
    await bind(client, helper, other_tool)
    bots = {b["bot_id"]: b for b in (await references(workflows, tool))["bot_list"]}
    assert (bots[helper]["in_draft"], bots[helper]["in_published"]) == (False, True)
    assert (await references(workflows, other_tool))["bot_list"][0]["bot_id"] == helper
    assert (await references(workflows, parent))["bot_list"] == []


async def test_a_workflow_an_agent_binds_is_not_deleted_unless_forced(client, workflows, run_canvases) -> None:
    tool = await published_workflow(workflows, run_canvases)
    name = f"binder-{uuid.uuid4().hex[:6]}"
    agent = await new_agent(client, name)
    await bind(client, agent, tool)

    refused = await expect_error(workflows.call("delete", workflow_id=tool), 409, name, agent, "force")
    assert "agent" in refused["msg"]
    await workflows.canvas(tool)  # still there

    await bind(client, agent, await published_workflow(workflows, run_canvases))  # bound elsewhere now

    await workflows.call("delete", workflow_id=tool)
    await expect_error(workflows.canvas(tool), 404)

    bound = await published_workflow(workflows, run_canvases)
    await bind(client, agent, bound)
    await workflows.call("delete", workflow_id=bound, force=True)
    await expect_error(workflows.canvas(bound), 404)


async def test_agents_of_other_spaces_are_not_listed(client, workflows, other, run_canvases) -> None:
    mine = await published_workflow(workflows, run_canvases)
    agent = await new_agent(client, f"mine-{uuid.uuid4().hex[:6]}")
    await bind(client, agent, mine)
    await expect_error(other.call("workflow_references", workflow_id=mine), 404)
    theirs = await other.create()
    assert (await other.call("workflow_references", workflow_id=theirs))["data"]["bot_list"] == []
