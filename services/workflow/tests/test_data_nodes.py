"""Workflow nodes that read and write the user's data in other services, run by the engine
against the real services (the chat stack: agent, knowledge, conversation...)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.canvas_builders import chain, entry, exit_, lit, node, out, param, ref
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, KnowledgeStack
from atelier_workflow.clients import USER_VARIABLES
from atelier_workflow.clients.agent_variables import AgentUserVariables
from atelier_workflow.domain.canvas import parse_canvas
from atelier_workflow.domain.plan import Plan, compile_plan
from atelier_workflow.engine import Engine, RunContext, RunStatus
from atelier_workflow.engine.registry import data_registry

VARIABLE_ASSIGNER = 40
ADMIN_USER_ID = 1


def plan(nodes: list[dict[str, Any]], edges: list[dict[str, Any]]) -> Plan:
    return compile_plan(parse_canvas({"nodes": nodes, "edges": edges}))


@pytest.fixture
async def client(chat_stack: KnowledgeStack) -> AsyncIterator[AtelierClient]:
    async with chat_stack.client() as api:
        yield api


async def new_bot(client: AtelierClient, **bot_info: Any) -> str:
    bot_id = (await client.call("/api/draftbot/create", {"space_id": client.space_id,
                                                         "name": f"wf-{uuid.uuid4().hex[:8]}"}))["data"]["bot_id"]
    info = {"bot_id": bot_id, "model_info": {"model_id": STUB_MODEL_ID}, **bot_info}
    await client.call("/api/playground_api/draftbot/update_draft_bot_info", {"bot_info": info, "space_id": client.space_id})
    return bot_id


def user_variable(name: str, type_: str = "string") -> dict[str, Any]:
    return {"type": type_, "value": {"type": "ref", "content": {"source": "global_variable_user", "path": [name],
                                                                "blockID": "", "name": ""}}}


def assigner(*assignments: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    return node("assign", VARIABLE_ASSIGNER,
                {"inputParameters": [{"name": name, "left": user_variable(name), "input": value}
                                     for name, value in assignments]},
                [out("isSuccess", "boolean")], title="Remember")


def context(stack: KnowledgeStack, bot_id: str) -> RunContext:
    variables = AgentUserVariables(stack.env["ATELIER_AGENT_ADDR"], int(bot_id), ADMIN_USER_ID)
    return RunContext(services={USER_VARIABLES: variables})


async def memories(client: AtelierClient, bot_id: str) -> dict[str, str]:
    found = (await client.call("/api/memory/variable/get", {"bot_id": bot_id}))["memories"]
    return {item["keyword"]: item["value"] for item in found}


async def test_a_variable_assigner_sets_the_users_memory_variables(chat_stack, client) -> None:
    bot = await new_bot(client, variable_list=[{"key": "city", "default_value": "Oslo"}, {"key": "visits"}])
    canvas = plan([entry(out("city")), assigner(("city", ref("100001", "city")), ("visits", lit(3, "integer"))),
                   exit_(param("ok", ref("assign", "isSuccess", "boolean")))],
                  chain("100001", "assign", "900001"))
    assert (await memories(client, bot))["city"] == "Oslo"
    result = await Engine(data_registry()).run(canvas, {"city": "Rome"}, context=context(chat_stack, bot))
    assert result.status == RunStatus.SUCCEEDED, result.error
    assert result.output == {"ok": True}
    assert await memories(client, bot) == {"city": "Rome", "visits": "3"}  # what the user sees in the console


async def test_setting_a_variable_the_bot_does_not_define_fails_the_node_naming_it(chat_stack, client) -> None:
    bot = await new_bot(client, variable_list=[{"key": "city"}])
    canvas = plan([entry(), assigner(("nickname", lit("Bo"))), exit_(param("ok", ref("assign", "isSuccess", "boolean")))],
                  chain("100001", "assign", "900001"))
    result = await Engine(data_registry()).run(canvas, {}, context=context(chat_stack, bot))
    assert result.status == RunStatus.FAILED
    assert result.error.node_id == "assign" and "no variable 'nickname'" in result.error.message


async def test_a_run_of_no_bot_cannot_set_user_variables() -> None:
    canvas = plan([entry(), assigner(("city", lit("Rome"))), exit_(param("ok", ref("assign", "isSuccess", "boolean")))],
                  chain("100001", "assign", "900001"))
    result = await Engine(data_registry()).run(canvas, {})
    assert result.status == RunStatus.FAILED and "this run belongs to no bot" in result.error.message
