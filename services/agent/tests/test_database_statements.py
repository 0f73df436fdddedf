"""ExecuteDatabaseSql, the workflow database nodes' RPC: values bound by the database (never in the
SQL text), the SQL tool's rules (one table, read-only, limited rows) and the caller's space."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlglot
from redis.asyncio import Redis
from sqlglot import exp

from atelier_agent.databases import service, statements
from atelier_agent.databases.schema import FieldSpec
from atelier_agent.databases.sql import SqlRefused, plan
from atelier_agent.databases.values import ValueRefused, bind
from atelier_common.auth import RequestContext, internal_context, use_context
from atelier_common.db.migrations import apply_migrations
from atelier_common.db.pool import create_pool
from atelier_common.errors import InvalidArgument, NotFound, PermissionDenied
from atelier_common.ids import IdGenerator
from atelier_common.service import ServiceDeps
from atelier_proto import agent_pb2 as apb
from atelier_proto import base_pb2
from atelier_proto.enums import BotTableRWMode, FieldItemType

MIGRATIONS = Path(__file__).resolve().parents[1] / "atelier_agent" / "migrations"
SPACE, OTHER_SPACE = 9201, 9202
FIELDS = [FieldSpec(1, "title", "", FieldItemType.Text, True), FieldSpec(2, "pages", "", FieldItemType.Number, False)]
SNEAKY = "x'); DROP TABLE books; --"


# ------------------------------------------------------------------------- planning with values (pure)


def planned(sql: str, values: list[Any], rw_mode: BotTableRWMode = BotTableRWMode.UnlimitedReadWrite):
    return plan(sql, table_name="books", database_id=42, fields=FIELDS, rw_mode=rw_mode, user_id="u1", values=values)


def test_values_stay_parameters_and_follow_the_users_id() -> None:
    free = planned("SELECT title FROM books WHERE title = $1 AND pages > $2", [SNEAKY, 3])
    assert "$1" in free.sql and SNEAKY not in free.sql and free.params == (SNEAKY, 3) and free.values_from == 0
    limited = planned("SELECT title FROM books WHERE title = $1 AND pages > $2", [SNEAKY, 3],
                      BotTableRWMode.LimitedReadWrite)
    where = sqlglot.parse_one(limited.sql, read="postgres").find(exp.Where).sql(dialect="postgres")
    assert where == "WHERE (c_1 = $2 AND c_2 > $3) AND user_id = $1"
    assert limited.params == ("u1", SNEAKY, 3) and limited.values_from == 1
    insert = planned("INSERT INTO books (title, pages) VALUES ($2, $1)", [7, SNEAKY])
    assert insert.sql == "INSERT INTO agent_user_tables.t_42 (c_1, c_2, user_id) VALUES ($3, $2, $1)"
    assert insert.params == ("u1", 7, SNEAKY)


def test_a_bound_limit_is_capped_and_stays_bound() -> None:
    query = planned("SELECT title FROM books LIMIT $1", [5000])
    assert sqlglot.parse_one(query.sql, read="postgres").args["limit"].sql(dialect="postgres") == "LIMIT LEAST($1, 100)"


@pytest.mark.parametrize("sql, values, needle", [
    ("SELECT title FROM books WHERE pages = $2", [1, 2], "$1 does not appear"),
    ("SELECT title FROM books WHERE pages = $3", [1, 2], "not $3"),
    ("SELECT title FROM books WHERE pages = $0", [1], "not $0"),
    ("SELECT title FROM books WHERE pages = ?", [1], "parameters"),
    ("SELECT title FROM books WHERE pages = :p", [1], "parameters"),
    ("SELECT title FROM books WHERE pages = $1", [], "parameters"),
    ("DROP TABLE books", [1], "only SELECT"),
    ("SELECT * FROM bots WHERE id = $1", [1], "only table books"),
])
def test_parameters_other_than_one_per_value_are_refused(sql: str, values: list[Any], needle: str) -> None:
    with pytest.raises(SqlRefused, match=needle.replace("$", r"\$")):
        planned(sql, values)


def test_values_convert_to_the_type_expected_where_they_stand() -> None:
    assert bind(["42", 7.0, "2.5", "true", 1, 3, True, {"a": 1}, None],
                ["int8", "int8", "float8", "bool", "bool", "text", "text", "text", "int8"]) == [
        42, 7, 2.5, True, True, "3", "true", '{"a": 1}', None]
    moment = bind(["2025-01-02T03:04:05"], ["timestamptz"])[0]
    assert (moment.isoformat()) == "2025-01-02T03:04:05+00:00"
    for value, type_name, needle in (("many", "int8", "not an integer"), (2.5, "int8", "not an integer"),
                                     (True, "int8", "not an integer"), ("maybe", "bool", "true or false"),
                                     ("soon", "timestamptz", "ISO 8601"), ([1], "_int8", "_int8")):
        with pytest.raises(ValueRefused, match=needle):
            bind([value], [type_name], first_number=3)
    with pytest.raises(ValueRefused, match=r"value \$3"):
        bind(["many"], ["int8"], first_number=3)


# ------------------------------------------------------------------------- the RPC on real tables


@pytest.fixture(scope="module")
async def deps(database_url: str, redis_url: str) -> AsyncIterator[ServiceDeps]:
    await apply_migrations(database_url, "agent", [MIGRATIONS])
    pool = await create_pool(database_url, schema="agent")
    redis = Redis.from_url(redis_url)
    ids = IdGenerator(redis, namespace="agent-db-statement-tests")
    await ids.start()
    yield ServiceDeps(settings=None, pool=pool, redis=redis, ids=ids, storage=None)
    await ids.stop()
    await pool.close()
    await redis.aclose()


@pytest.fixture
def console() -> Iterator[None]:
    with use_context(RequestContext(user_id=1, space_ids=frozenset({SPACE, OTHER_SPACE}))):
        yield


async def add_table(deps: ServiceDeps, rw_mode: BotTableRWMode, space: int = SPACE) -> apb.DatabaseInfo:
    fields = [apb.FieldItem(name="title", type=FieldItemType.Text, must_required=True),
              apb.FieldItem(name="pages", type=FieldItemType.Number),
              apb.FieldItem(name="read_at", type=FieldItemType.Date)]
    return await service.add(deps, apb.AddDatabaseRequest(space_id=space, table_name=f"books_{uuid.uuid4().hex[:6]}",
                                                          rw_mode=rw_mode, field_list=fields))


async def run(deps: ServiceDeps, table: apb.DatabaseInfo, sql: str, *params: Any, user: str = "7",
              space: int = SPACE) -> apb.ExecuteDatabaseSqlResponse:
    req = apb.ExecuteDatabaseSqlRequest(database_id=table.id, space_id=space, user_id=user, sql=sql,
                                        params=[json.dumps(p) for p in params])
    with internal_context():
        return await statements.execute_sql(deps, req)


def rows(resp: apb.ExecuteDatabaseSqlResponse) -> list[dict[str, Any]]:
    return json.loads(resp.rows)


async def test_limited_table_binds_values_and_keeps_each_users_rows(deps: ServiceDeps, console: None) -> None:
    table = await add_table(deps, BotTableRWMode.LimitedReadWrite)
    name = table.table_name
    added = await run(deps, table, f"INSERT INTO {name} (title, pages, read_at) VALUES ($1, $2, $3)",
                      SNEAKY, "12", "2025-03-04T05:06:07Z")
    assert (added.is_select, added.row_count, rows(added)) == (False, 1, [])
    await run(deps, table, f"INSERT INTO {name} (title, pages) VALUES ($1, $2)", "other", 5, user="8")
    got = await run(deps, table, f"SELECT title, pages, read_at FROM {name} WHERE title = $1 OR pages > $2",
                    SNEAKY, 0)
    assert got.is_select and got.row_count == 1
    assert rows(got) == [{"title": SNEAKY, "pages": 12, "read_at": "2025-03-04T05:06:07+00:00"}]
    # Another user's UPDATE with a condition matching everything changes only that user's rows.
    changed = await run(deps, table, f"UPDATE {name} SET pages = $1 WHERE pages >= $2 OR true", 99, 0, user="8")
    assert changed.row_count == 1
    assert [r["pages"] for r in rows(await run(deps, table, f"SELECT pages FROM {name}"))] == [12]
    # The console sees who wrote what: the run's user is recorded on insert.
    listed = await service.list_records(deps, apb.ListDatabaseRecordsRequest(database_id=table.id,
                                                                             not_filter_by_user_id=True))
    assert sorted((r.values["user_id"], r.values["pages"]) for r in listed.data) == [("7", "12"), ("8", "99")]
    gone = await run(deps, table, f"DELETE FROM {name} WHERE title = $1", SNEAKY)
    assert gone.row_count == 1


async def test_refused_sql_and_bad_values_are_invalid_arguments_naming_the_problem(deps: ServiceDeps,
                                                                                  console: None) -> None:
    table = await add_table(deps, BotTableRWMode.UnlimitedReadWrite)
    other = await add_table(deps, BotTableRWMode.UnlimitedReadWrite)
    name = table.table_name
    for sql, params, needle in (
            (f"DROP TABLE {name}", (), "only SELECT, INSERT, UPDATE and DELETE"),
            (f"SELECT * FROM {other.table_name}", (), f"only table {name}"),
            (f"SELECT title FROM {name}; DELETE FROM {name}", (), "exactly one statement"),
            (f"SELECT title FROM {name} WHERE pages = $1", ("many",), r"value \$1 \(\"many\"\) is not an integer"),
            (f"INSERT INTO {name} (pages) VALUES ($1)", (1,), "title is required"),
            (f"SELECT nope FROM {name}", (), "no column nope")):
        with pytest.raises(InvalidArgument, match=needle) as err:
            await run(deps, table, sql, *params)
        assert name in err.value.msg
    with pytest.raises(InvalidArgument, match="params"):
        with internal_context():
            await statements.execute_sql(deps, apb.ExecuteDatabaseSqlRequest(
                database_id=table.id, space_id=SPACE, user_id="7", sql=f"SELECT title FROM {name}", params=["{x"]))


async def test_read_only_tables_answer_selects_only(deps: ServiceDeps, console: None) -> None:
    table = await add_table(deps, BotTableRWMode.ReadOnly)
    await service.update_records(deps, apb.UpdateDatabaseRecordsRequest(
        database_id=table.id, record_data_add=[base_pb2.StringMap(values={"title": "kept", "pages": "3"})]))
    with pytest.raises(InvalidArgument, match="read-only"):
        await run(deps, table, f"DELETE FROM {table.table_name} WHERE pages = $1", 3)
    assert rows(await run(deps, table, f"SELECT title FROM {table.table_name} WHERE pages = $1", "3")) == [
        {"title": "kept"}]


async def test_only_services_call_it_and_only_for_their_own_space(deps: ServiceDeps, console: None) -> None:
    table = await add_table(deps, BotTableRWMode.UnlimitedReadWrite, space=OTHER_SPACE)
    with pytest.raises(NotFound, match=f"not found in space {SPACE}"):
        await run(deps, table, f"SELECT title FROM {table.table_name}", space=SPACE)
    with pytest.raises(PermissionDenied, match="services only"):
        await statements.execute_sql(deps, apb.ExecuteDatabaseSqlRequest(
            database_id=table.id, space_id=OTHER_SPACE, user_id="1", sql=f"SELECT title FROM {table.table_name}"))
    with pytest.raises(InvalidArgument, match="user_id"):
        await run(deps, table, f"SELECT title FROM {table.table_name}", space=OTHER_SPACE, user="")
    assert rows(await run(deps, table, f"SELECT title FROM {table.table_name}", space=OTHER_SPACE)) == []
