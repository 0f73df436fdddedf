"""Memory databases through the gateway and the agent's per-table SQL tool: schema and records,
limited mode isolation, read-only tables, and statements the tool refuses."""

from __future__ import annotations

import json

import pytest

from atelier_devstack.api_client import ApiError, AtelierClient
from atelier_devstack.openai_stub import OpenAIStub

pytestmark = pytest.mark.e2e


async def add_table(client: AtelierClient, name: str, rw_mode: int = 1, bot_id: str | None = None) -> dict:
    body = {"space_id": client.space_id, "table_name": name, "table_desc": "reading list", "rw_mode": rw_mode,
            "field_list": [{"name": "title", "type": 1, "must_required": True}, {"name": "pages", "type": 2}]}
    if bot_id:
        body["bot_id"] = bot_id
    return (await client.call("/api/memory/database/add", body))["database_info"]


def uniq(prefix: str) -> str:
    import uuid

    return f"{prefix}_{uuid.uuid4().hex[:6]}"


async def test_schema_records_and_errors(client: AtelierClient) -> None:
    table = await add_table(client, uniq("books"))
    assert [f["name"] for f in table["field_list"]] == ["title", "pages"]
    records = "/api/memory/database/update_records"
    added = await client.call(records, {"database_id": table["id"], "record_data_add": [
        {"values": {"title": "Dune", "pages": "412"}}, {"values": {"title": "Emma"}}]})
    dune_id = added["data"][0]["values"]["id"]
    await client.call(records, {"database_id": table["id"], "record_data_alter": [
        {"values": {"id": dune_id, "pages": "500"}}]})
    listed = await client.call("/api/memory/database/list_records", {"database_id": table["id"]})
    assert [(r["values"]["title"], r["values"]["pages"]) for r in listed["data"]] == [("Dune", "500"), ("Emma", "")]
    for body, needle in (({"record_data_add": [{"values": {"title": "x", "pages": "many"}}]}, "record_data_add[0].pages"),
                         ({"record_data_add": [{"values": {"pages": "3"}}]}, "record_data_add[0].title"),
                         ({"record_data_add": [{"values": {"title": "x", "color": "red"}}]}, "color")):
        with pytest.raises(ApiError) as err:
            await client.call(records, {"database_id": table["id"], **body})
        assert err.value.status == 400 and needle in err.value.msg
    assert (await client.call("/api/memory/database/list_records", {"database_id": table["id"]}))["TotalNum"] == 2
    with pytest.raises(ApiError) as err:
        await client.call("/api/memory/database/add", {"space_id": client.space_id, "table_name": uniq("t"),
                                                       "field_list": [{"name": "user_id", "type": 1}]})
    assert err.value.status == 400 and "field_list[0].name" in err.value.msg
    # A new field adds a column; a removed one drops it.
    updated = await client.call("/api/memory/database/update", {"id": table["id"], "field_list": [
        {"name": "title", "type": 1, "must_required": True}, {"name": "rating", "type": 4}]})
    assert [f["name"] for f in updated["database_info"]["field_list"]] == ["title", "rating"]
    listed = await client.call("/api/memory/database/list_records", {"database_id": table["id"]})
    assert set(listed["data"][0]["values"]) == {"id", "user_id", "created_at", "title", "rating"}
    await client.call("/api/memory/database/delete", {"id": table["id"]})
    with pytest.raises(ApiError) as err:
        await client.call("/api/memory/database/get_by_id", {"id": table["id"]})
    assert err.value.status == 404


async def test_sql_tool_in_limited_mode_reads_and_writes_only_the_users_rows(
        client: AtelierClient, new_bot, runner, stub: OpenAIStub) -> None:
    bot = await new_bot()
    name = uniq("notes")
    table = await add_table(client, name, rw_mode=1, bot_id=bot)
    tool = f"db_{name}"
    stub.script({"tool_calls": [{"name": tool, "arguments": {"sql": f"INSERT INTO {name} (title, pages) VALUES ('mine', 1)"}}]},
                {"content": "saved"},
                {"tool_calls": [{"name": tool, "arguments": {"sql": f"SELECT title, pages FROM {name}"}}]},
                {"content": "listed"},
                {"tool_calls": [{"name": tool, "arguments": {"sql": f"INSERT INTO {name} (title) VALUES ('theirs')"}}]},
                {"content": "saved"},
                {"tool_calls": [{"name": tool, "arguments": {"sql": f"UPDATE {name} SET pages = 9"}}]},
                {"content": "updated"})
    await runner.run(bot, "save mine", user_id="alice")
    events = await runner.run(bot, "list", user_id="alice")
    assert json.loads(next(e.content for e in events if e.type == "tool_response")) == {
        "rows": [{"title": "mine", "pages": "1"}]}
    await runner.run(bot, "save theirs", user_id="bob")
    events = await runner.run(bot, "update all", user_id="bob")
    assert json.loads(next(e.content for e in events if e.type == "tool_response")) == {"affected": 1}
    rows = (await client.call("/api/memory/database/list_records", {"database_id": table["id"],
                                                                    "not_filter_by_user_id": True}))["data"]
    assert {(r["values"]["user_id"], r["values"]["title"], r["values"]["pages"]) for r in rows} == {
        ("alice", "mine", "1"), ("bob", "theirs", "9")}


async def test_sql_tool_refuses_writes_on_read_only_and_other_tables(client: AtelierClient, new_bot, runner,
                                                                     stub: OpenAIStub) -> None:
    bot = await new_bot()
    name = uniq("catalog")
    table = await add_table(client, name, rw_mode=2, bot_id=bot)
    await client.call("/api/memory/database/update_records", {"database_id": table["id"], "record_data_add": [
        {"values": {"title": "kept", "pages": "5"}}]})
    tool = f"db_{name}"
    stub.script({"tool_calls": [
        {"name": tool, "arguments": {"sql": f"DELETE FROM {name}"}},
        {"name": tool, "arguments": {"sql": "SELECT * FROM bots"}},
        {"name": tool, "arguments": {"sql": f"SELECT title FROM {name}; DROP TABLE {name}"}},
        {"name": tool, "arguments": {"sql": f"SELECT pg_sleep(10) FROM {name}"}}]},
        {"content": "could not"})
    events = await runner.run(bot, "break things")
    responses = [e.content for e in events if e.type == "tool_response"]
    assert "read-only" in responses[0] and "only table" in responses[1]
    assert "exactly one statement" in responses[2] and "pg_sleep" in responses[3].lower()
    rows = (await client.call("/api/memory/database/list_records", {"database_id": table["id"]}))["data"]
    assert [r["values"]["title"] for r in rows] == ["kept"]
