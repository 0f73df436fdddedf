"""Memory databases against a real Postgres: schema validation, physical tables, records with type
conversion, limited-mode isolation, binding to agents, space checks, and the agent's per-table SQL
tool; then the same through the gateway and agent turns (e2e)."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from redis.asyncio import Redis

from atelier_agent import bots
from atelier_agent.databases import service
from atelier_agent.databases.sql import Planned
from atelier_agent.databases.tool import (
    MAX_RESULT_CHARS,
    MAX_VALUE_CHARS,
    ToolInputError,
    execute,
    load_bound_tables,
    run_sql_tool,
    tool_definition,
)
from atelier_agent.store import bots as bot_store
from atelier_common.auth import RequestContext, use_context
from atelier_common.db.migrations import apply_migrations
from atelier_common.db.pool import create_pool
from atelier_common.errors import InvalidArgument, NotFound
from atelier_common.ids import IdGenerator
from atelier_common.service import ServiceDeps
from atelier_devstack.api_client import ApiError, AtelierClient
from atelier_devstack.openai_stub import OpenAIStub
from atelier_proto import agent_pb2 as apb
from atelier_proto import base_pb2
from atelier_proto.enums import BotTableRWMode, FieldItemType

MIGRATIONS = Path(__file__).resolve().parents[1] / "atelier_agent" / "migrations"
SPACE, OTHER_SPACE = 9101, 9102


@pytest.fixture(scope="module")
async def deps(database_url: str, redis_url: str) -> AsyncIterator[ServiceDeps]:
    await apply_migrations(database_url, "agent", [MIGRATIONS])
    pool = await create_pool(database_url, schema="agent")
    redis = Redis.from_url(redis_url)
    ids = IdGenerator(redis, namespace="agent-db-tests")
    await ids.start()
    yield ServiceDeps(settings=None, pool=pool, redis=redis, ids=ids, storage=None)
    await ids.stop()
    await pool.close()
    await redis.aclose()


@pytest.fixture
def as_user() -> Iterator[Any]:
    """as_user(user_id, *spaces): a console caller (default: user 1 in SPACE)."""
    def ctx(user_id: int = 1, *spaces: int) -> Any:
        return use_context(RequestContext(user_id=user_id, space_ids=frozenset(spaces or (SPACE,))))

    with ctx():
        yield ctx


def uniq(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:6]}"


def field(name: str, type_: FieldItemType = FieldItemType.Text, *, required: bool = False, id_: int = 0) -> apb.FieldItem:
    return apb.FieldItem(name=name, type=type_, must_required=required, id=id_)


async def add_table(deps: ServiceDeps, *fields: apb.FieldItem,
                    rw_mode: BotTableRWMode = BotTableRWMode.LimitedReadWrite, space: int = SPACE,
                    bot_id: int = 0) -> apb.DatabaseInfo:
    req = apb.AddDatabaseRequest(space_id=space, table_name=uniq("books"), table_desc="reading list",
                                 rw_mode=rw_mode, field_list=list(fields) or [field("title", required=True),
                                                                              field("pages", FieldItemType.Number)])
    if bot_id:
        req.bot_id = bot_id
    return await service.add(deps, req)


async def records(deps: ServiceDeps, table: apb.DatabaseInfo, *, all_users: bool = False) -> list[dict[str, str]]:
    resp = await service.list_records(deps, apb.ListDatabaseRecordsRequest(database_id=table.id,
                                                                          not_filter_by_user_id=all_users))
    return [dict(r.values) for r in resp.data]


async def change(deps: ServiceDeps, table: apb.DatabaseInfo, **rows: list[dict[str, str]]) -> list[dict[str, str]]:
    req = apb.UpdateDatabaseRecordsRequest(database_id=table.id, **{
        f"record_data_{kind}": [base_pb2.StringMap(values=v) for v in values] for kind, values in rows.items()})
    return [dict(r.values) for r in (await service.update_records(deps, req)).data]


async def physical_columns(deps: ServiceDeps, table: apb.DatabaseInfo) -> dict[str, str]:
    rows = await deps.pool.fetch("SELECT column_name, data_type FROM information_schema.columns"
                                 " WHERE table_schema = 'agent_user_tables' AND table_name = $1",
                                 f"t_{table.id}")
    return {r["column_name"]: r["data_type"] for r in rows}


async def new_bot(deps: ServiceDeps, space: int = SPACE) -> int:
    return await bots.create(deps, apb.DraftBotCreateRequest(space_id=space, name=uniq("bot")))


async def bound(deps: ServiceDeps, bot_id: int) -> list[dict[str, Any]]:
    return (await bot_store.get(deps.pool, bot_id)).draft.entries("database_list")


# ------------------------------------------------------------------------- schema and physical tables


@pytest.mark.parametrize("names, where", [
    (["title", "user_id"], "field_list[1].name"),
    (["2nd"], "field_list[0].name"),
    (["ok", "sys_flag"], "field_list[1].name"),
    (["title", "bad-name"], "field_list[1].name"),
    (["title", "Title"], "field_list[1].name"),
    ([f"f{i}" for i in range(21)], "field_list"),
])
async def test_invalid_field_names_are_refused_naming_the_field(deps: ServiceDeps, as_user: Any, names: list[str],
                                                              where: str) -> None:
    name = uniq("bad")
    with pytest.raises(InvalidArgument) as err:
        await service.add(deps, apb.AddDatabaseRequest(space_id=SPACE, table_name=name,
                                                       field_list=[field(n) for n in names]))
    assert f"'{where}" in str(err.value)
    listed = await service.list_(deps, apb.ListDatabaseRequest(space_id=SPACE, table_name=name))
    assert listed.total_count == 0


async def test_physical_table_has_typed_id_named_columns(deps: ServiceDeps, as_user: Any) -> None:
    table = await add_table(deps, field("title", required=True), field("pages", FieldItemType.Number), field("read_on", FieldItemType.Date),
                            field("rating", FieldItemType.Float), field("done", FieldItemType.Boolean))
    assert [(f.name, f.id) for f in table.field_list] == [("title", 1), ("pages", 2), ("read_on", 3), ("rating", 4),
                                                          ("done", 5)]
    assert table.actual_table_name == f"agent_user_tables.t_{table.id}"
    assert await physical_columns(deps, table) == {
        "id": "bigint", "user_id": "text", "created_at": "timestamp with time zone", "c_1": "text", "c_2": "bigint",
        "c_3": "timestamp with time zone", "c_4": "double precision", "c_5": "boolean"}
    with pytest.raises(Exception, match="already exists"):
        await service.add(deps, apb.AddDatabaseRequest(space_id=SPACE, table_name=table.table_name.upper(),
                                                       field_list=[field("x")]))


async def test_records_are_converted_by_type_and_bad_values_name_the_row(deps: ServiceDeps, as_user: Any) -> None:
    table = await add_table(deps, field("title", required=True), field("pages", FieldItemType.Number), field("read_on", FieldItemType.Date),
                            field("rating", FieldItemType.Float), field("done", FieldItemType.Boolean))
    added = await change(deps, table, add=[
        {"title": "Dune", "pages": "412", "read_on": "2024-03-01T10:00:00+00:00", "rating": "4.5", "done": "true"},
        {"title": "Emma"}])
    dune_id = added[0]["id"]
    assert (await deps.pool.fetchrow(f"SELECT c_2, c_4, c_5 FROM agent_user_tables.t_{table.id} WHERE id = $1",
                                     int(dune_id))) == (412, 4.5, True)
    rows = await records(deps, table)
    assert [(r["title"], r["pages"], r["rating"], r["done"]) for r in rows] == [("Dune", "412", "4.5", "true"),
                                                                              ("Emma", "", "", "")]
    assert rows[0]["read_on"].startswith("2024-03-01T10:00:00") and rows[0]["user_id"] == "1"

    for bad, where in (({"title": "x", "pages": "many"}, "record_data_add[1].pages"),
                       ({"title": "x", "done": "maybe"}, "record_data_add[1].done"),
                       ({"title": "x", "read_on": "yesterday"}, "record_data_add[1].read_on"),
                       ({"pages": "3"}, "record_data_add[1].title"),
                       ({"title": "x", "colour": "red"}, "record_data_add[1].colour")):
        with pytest.raises(InvalidArgument) as err:
            await change(deps, table, add=[{"title": "fine"}, bad])
        assert f"'{where}'" in str(err.value)
    assert len(await records(deps, table)) == 2  # a refused batch adds nothing

    await change(deps, table, alter=[{"id": dune_id, "pages": "500", "done": "false"}])
    with pytest.raises(InvalidArgument, match="record_data_alter\\[0\\].title"):
        await change(deps, table, alter=[{"id": dune_id, "title": ""}])
    await change(deps, table, delete=[{"id": added[1]["id"]}])
    assert [(r["title"], r["pages"], r["done"]) for r in await records(deps, table)] == [("Dune", "500", "false")]
    with pytest.raises(NotFound, match="record_data_delete\\[0\\].id"):
        await change(deps, table, delete=[{"id": added[1]["id"]}])


async def test_limited_tables_keep_each_users_rows_apart(deps: ServiceDeps, as_user: Any) -> None:
    table = await add_table(deps, rw_mode=BotTableRWMode.LimitedReadWrite)
    (mine,) = await change(deps, table, add=[{"title": "mine"}])
    with as_user(2):
        await change(deps, table, add=[{"title": "theirs"}])
        assert [r["title"] for r in await records(deps, table)] == ["theirs"]
        with pytest.raises(NotFound):  # user 2 cannot touch user 1's row
            await change(deps, table, alter=[{"id": mine["id"], "title": "hijacked"}])
    assert [r["title"] for r in await records(deps, table)] == ["mine"]
    assert {(r["user_id"], r["title"]) for r in await records(deps, table, all_users=True)} == {("1", "mine"),
                                                                                               ("2", "theirs")}
    shared = await add_table(deps, rw_mode=BotTableRWMode.UnlimitedReadWrite)
    await change(deps, shared, add=[{"title": "a"}])
    with as_user(2):
        assert [r["title"] for r in await records(deps, shared)] == ["a"]


async def test_updating_fields_adds_and_drops_columns_and_keeps_ids(deps: ServiceDeps, as_user: Any) -> None:
    table = await add_table(deps, field("title", required=True), field("pages", FieldItemType.Number))
    await change(deps, table, add=[{"title": "Dune", "pages": "412"}])
    # Rename title (same id), drop pages, add rating.
    updated = await service.update(deps, apb.UpdateDatabaseRequest(id=table.id, field_list=[
        field("name", required=True, id_=1), field("rating", FieldItemType.Float)]))
    assert [(f.name, f.id) for f in updated.field_list] == [("name", 1), ("rating", 3)]
    assert set(await physical_columns(deps, table)) == {"id", "user_id", "created_at", "c_1", "c_3"}
    (row,) = await records(deps, table)
    assert (row["name"], row["rating"]) == ("Dune", "") and "pages" not in row
    with pytest.raises(InvalidArgument) as err:
        await service.update(deps, apb.UpdateDatabaseRequest(id=table.id, field_list=[
            field("name", required=True, id_=1), field("rating", FieldItemType.Text, id_=3)]))
    assert "field_list[1].type" in str(err.value)
    assert set(await physical_columns(deps, table)) == {"id", "user_id", "created_at", "c_1", "c_3"}


async def test_callers_of_another_space_find_nothing(deps: ServiceDeps, as_user: Any) -> None:
    table = await add_table(deps)
    with as_user(7, OTHER_SPACE):
        for call in (service.get(deps, apb.GetDatabaseByIDRequest(id=table.id)),
                     service.update(deps, apb.UpdateDatabaseRequest(id=table.id, table_desc="mine now")),
                     service.list_records(deps, apb.ListDatabaseRecordsRequest(database_id=table.id)),
                     change(deps, table, add=[{"title": "x"}]),
                     service.delete(deps, table.id)):
            with pytest.raises(NotFound, match=f"database {table.id} not found"):
                await call
    assert (await service.get(deps, apb.GetDatabaseByIDRequest(id=table.id))).table_desc == "reading list"


# ------------------------------------------------------------------------- binding and deleting


async def test_bind_update_unbind_and_delete_edit_the_agent_draft(deps: ServiceDeps, as_user: Any) -> None:
    bot_id = await new_bot(deps)
    table = await add_table(deps, bot_id=bot_id)
    (entry,) = await bound(deps, bot_id)
    assert entry["table_id"] == str(table.id) and [f["name"] for f in entry["field_list"]] == ["title", "pages"]
    listed = await service.list_(deps, apb.ListDatabaseRequest(space_id=SPACE, bot_id=bot_id,
                                                               table_name=table.table_name))
    assert listed.database_info_list[0].is_added_to_bot
    await service.update(deps, apb.UpdateDatabaseRequest(id=table.id, field_list=[field("title", required=True),
                                                                                  field("isbn")]))
    assert [f["name"] for f in (await bound(deps, bot_id))[0]["field_list"]] == ["title", "isbn"]
    await service.unbind(deps, table.id, bot_id)
    assert await bound(deps, bot_id) == []
    await service.bind(deps, table.id, bot_id)
    await service.bind(deps, table.id, bot_id)  # idempotent: one entry
    assert [d["table_id"] for d in await bound(deps, bot_id)] == [str(table.id)]

    await service.delete(deps, table.id)
    assert await bound(deps, bot_id) == []
    assert await deps.pool.fetchval("SELECT to_regclass($1)", f"agent_user_tables.t_{table.id}") is None
    with pytest.raises(NotFound):
        await service.get(deps, apb.GetDatabaseByIDRequest(id=table.id))
    assert await load_bound_tables(deps.pool, [table.id]) == []


async def test_a_bot_of_another_space_cannot_bind(deps: ServiceDeps, as_user: Any) -> None:
    with as_user(1, SPACE, OTHER_SPACE):
        other_bot = await new_bot(deps, OTHER_SPACE)
        table = await add_table(deps)
        with pytest.raises(InvalidArgument, match="different spaces"):
            await service.bind(deps, table.id, other_bot)
        assert await bound(deps, other_bot) == []
    with pytest.raises(NotFound):  # and a caller outside that space cannot even see the bot
        await service.bind(deps, table.id, other_bot)


# ------------------------------------------------------------------------- the agent's SQL tool


async def tool_for(deps: ServiceDeps, table: apb.DatabaseInfo) -> Any:
    (bound_table,) = await load_bound_tables(deps.pool, [table.id])
    return bound_table


async def sql(deps: ServiceDeps, table: Any, user: str, statement: str) -> Any:
    return json.loads(await run_sql_tool(deps.pool, table, user_id=user, arguments=json.dumps({"sql": statement})))


async def test_sql_tool_in_limited_mode_only_touches_the_users_rows(deps: ServiceDeps, as_user: Any) -> None:
    info = await add_table(deps, field("title", required=True), field("pages", FieldItemType.Number), field("rating", FieldItemType.Float),
                           rw_mode=BotTableRWMode.LimitedReadWrite)
    table = await tool_for(deps, info)
    name = info.table_name
    definition = tool_definition(table)["function"]
    assert definition["name"] == f"db_{name}" and "pages (integer)" in definition["description"]
    assert definition["parameters"]["required"] == ["sql"]

    assert await sql(deps, table, "alice", f"INSERT INTO {name} (title, pages) VALUES ('a1', 10), ('a2', 20)") == {
        "affected": 2}
    assert await sql(deps, table, "bob", f"INSERT INTO {name} (title, pages, rating) VALUES ('b1', 5, 2.5)") == {
        "affected": 1}
    assert await sql(deps, table, "alice", f"SELECT title, pages FROM {name} ORDER BY pages") == {
        "rows": [{"title": "a1", "pages": 10}, {"title": "a2", "pages": 20}]}
    (bob_row,) = (await sql(deps, table, "bob", f"SELECT * FROM {name}"))["rows"]
    assert (bob_row["title"], bob_row["rating"]) == ("b1", 2.5) and set(bob_row) == {
        "id", "title", "pages", "rating", "created_at"}
    # "WHERE true OR ..." cannot escape the owner check.
    assert await sql(deps, table, "bob", f"UPDATE {name} SET pages = 0 WHERE true OR title = 'a1'") == {"affected": 1}
    assert await sql(deps, table, "bob", f"DELETE FROM {name} WHERE pages = 0 OR pages > 0") == {"affected": 1}
    assert await sql(deps, table, "alice", f"SELECT count(*) AS n, sum(pages) AS total FROM {name}") == {
        "rows": [{"n": 2, "total": 30}]}
    with pytest.raises(ToolInputError, match="statement failed"):
        await sql(deps, table, "alice", f"INSERT INTO {name} (title, pages) VALUES ('x', 'many')")
    with pytest.raises(ToolInputError, match="not valid JSON"):
        await run_sql_tool(deps.pool, table, user_id="alice", arguments="{sql: nope")
    # What the console sees of it: alice's rows under her id, bob's gone.
    assert {(r["user_id"], r["title"]) for r in await records(deps, info, all_users=True)} == {
        ("alice", "a1"), ("alice", "a2")}


async def test_sql_tool_on_read_only_table_refuses_writes_and_other_tables(deps: ServiceDeps, as_user: Any) -> None:
    info = await add_table(deps, rw_mode=BotTableRWMode.ReadOnly)
    other = await add_table(deps)
    await change(deps, info, add=[{"title": "kept", "pages": "5"}])
    table = await tool_for(deps, info)
    assert "SELECT only" in tool_definition(table)["function"]["description"]
    for statement, needle in ((f"INSERT INTO {info.table_name} (title) VALUES ('x')", "read-only"),
                              (f"DELETE FROM {info.table_name}", "read-only"),
                              ("SELECT * FROM bots", "only table"),
                              (f"SELECT * FROM {other.table_name}", "only table"),
                              (f"SELECT title FROM {info.table_name}; DROP TABLE {info.table_name}", "one statement")):
        with pytest.raises(ToolInputError, match=needle):
            await sql(deps, table, "anyone", statement)
    # Read-only tables are shared: any end user reads the console's rows.
    assert await sql(deps, table, "anyone", f"SELECT title, pages FROM {info.table_name}") == {
        "rows": [{"title": "kept", "pages": 5}]}
    assert [r["title"] for r in await records(deps, info)] == ["kept"]


async def test_sql_tool_caps_values_and_results_in_the_database(deps: ServiceDeps, as_user: Any) -> None:
    info = await add_table(deps, rw_mode=BotTableRWMode.UnlimitedReadWrite)
    await change(deps, info, add=[{"title": f"book {i}", "pages": str(i)} for i in range(60)])
    table = await tool_for(deps, info)
    # One value of 20 million characters: cut in Postgres, the model is told so.
    raw = await run_sql_tool(deps.pool, table, user_id="u", arguments=json.dumps(
        {"sql": f"SELECT lpad(title, 20000000) AS padded FROM {info.table_name} WHERE pages = 1"}))
    assert len(raw) < MAX_RESULT_CHARS + 1000
    result = json.loads(raw)
    (row,) = result["rows"]
    assert len(row["padded"]) == MAX_VALUE_CHARS + 1 and row["padded"].endswith("…")
    assert "cut" in result["truncated"] and str(MAX_VALUE_CHARS) in result["truncated"]
    # Many rows of capped values: the result stops at its size cap and says so.
    wide = ", ".join(f"lpad(title, {MAX_VALUE_CHARS}) AS p{i}" for i in range(4))
    raw = await run_sql_tool(deps.pool, table, user_id="u", arguments=json.dumps(
        {"sql": f"SELECT {wide} FROM {info.table_name}"}))
    result = json.loads(raw)
    assert len(raw) <= MAX_RESULT_CHARS + 1000 and 0 < len(result["rows"]) < 60
    assert "rows" in result["truncated"]
    # Small results are untouched and carry no note.
    assert json.loads(await run_sql_tool(deps.pool, table, user_id="u", arguments=json.dumps(
        {"sql": f"SELECT title FROM {info.table_name} WHERE pages < 2 ORDER BY pages"}))) == {
        "rows": [{"title": "book 0"}, {"title": "book 1"}]}


async def test_sql_tool_runs_as_a_role_that_reaches_only_the_memory_tables(deps: ServiceDeps, as_user: Any) -> None:
    info = await add_table(deps, rw_mode=BotTableRWMode.UnlimitedReadWrite)
    await new_bot(deps)  # agent.bots has a row to leak
    table = await tool_for(deps, info)
    # Statements that slipped past the checker (run as planned, unchecked) still cannot leave the schema.
    whoami = json.loads(await execute(deps.pool, Planned("SELECT current_user AS who", (), True)))
    assert whoami == {"rows": [{"who": "atelier_agent_memory"}]}
    for sneaky in ("SELECT * FROM agent.bots", "SELECT * FROM agent.databases",
                   "SELECT * FROM agent.schema_migrations", "SELECT pg_read_file('/etc/hostname')"):
        with pytest.raises(ToolInputError, match="permission denied"):
            await execute(deps.pool, Planned(sneaky, (), True))
    with pytest.raises(ToolInputError, match="permission denied"):
        await execute(deps.pool, Planned("DELETE FROM agent.bots", (), False))
    assert await deps.pool.fetchval("SELECT count(*) FROM agent.bots") > 0
    # The memory tables themselves stay fully usable under it, new ones included.
    assert json.loads(await execute(deps.pool, Planned(
        f"INSERT INTO agent_user_tables.t_{table.database_id} (c_1, user_id) VALUES ('x', $1)", ("u",), False))) == {
        "affected": 1}


# ------------------------------------------------------------------------- whole stack (e2e)


async def gw_add_table(client: AtelierClient, name: str, rw_mode: int = 1, bot_id: str | None = None) -> dict:
    body = {"space_id": client.space_id, "table_name": name, "table_desc": "reading list", "rw_mode": rw_mode,
            "field_list": [{"name": "title", "type": 1, "must_required": True}, {"name": "pages", "type": 2}]}
    if bot_id:
        body["bot_id"] = bot_id
    return (await client.call("/api/memory/database/add", body))["database_info"]


@pytest.mark.e2e
async def test_gateway_schema_records_and_errors(client: AtelierClient) -> None:
    table = await gw_add_table(client, uniq("books"))
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


@pytest.mark.e2e
async def test_agent_turns_sql_tool_in_limited_mode_reads_and_writes_only_the_users_rows(
        client: AtelierClient, new_bot, runner, stub: OpenAIStub) -> None:
    bot = await new_bot()
    name = uniq("notes")
    table = await gw_add_table(client, name, rw_mode=1, bot_id=bot)
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
        "rows": [{"title": "mine", "pages": 1}]}
    await runner.run(bot, "save theirs", user_id="bob")
    events = await runner.run(bot, "update all", user_id="bob")
    assert json.loads(next(e.content for e in events if e.type == "tool_response")) == {"affected": 1}
    rows = (await client.call("/api/memory/database/list_records", {"database_id": table["id"],
                                                                    "not_filter_by_user_id": True}))["data"]
    assert {(r["values"]["user_id"], r["values"]["title"], r["values"]["pages"]) for r in rows} == {
        ("alice", "mine", "1"), ("bob", "theirs", "9")}


@pytest.mark.e2e
async def test_agent_turns_sql_tool_refuses_writes_on_read_only_and_other_tables(client: AtelierClient, new_bot, runner,
                                                                     stub: OpenAIStub) -> None:
    bot = await new_bot()
    name = uniq("catalog")
    table = await gw_add_table(client, name, rw_mode=2, bot_id=bot)
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


@pytest.mark.e2e
async def test_a_huge_value_reaches_the_model_capped_and_the_turn_completes(client: AtelierClient, new_bot, runner,
                                                                          stub: OpenAIStub) -> None:
    bot = await new_bot()
    name = uniq("notes")
    table = await gw_add_table(client, name, rw_mode=3, bot_id=bot)
    await client.call("/api/memory/database/update_records", {"database_id": table["id"], "record_data_add": [
        {"values": {"title": "t", "pages": "1"}}]})
    tool = f"db_{name}"
    stub.script({"tool_calls": [{"name": tool, "arguments": {"sql": f"SELECT lpad(title, 20000000) FROM {name}"}}]},
                {"content": "that was long"})
    events = await runner.run(bot, "pad it")
    response = next(e.content for e in events if e.type == "tool_response")
    assert len(response) < MAX_RESULT_CHARS and "truncated" in json.loads(response)
    assert runner.answer(events) == "that was long"
    # What the model was sent back is the capped result, not 20 MB.
    assert all(len(json.dumps(r["json"])) < 100_000 for r in stub.requests("/v1/chat/completions"))
