"""NL2SQL's guard: the model's SQL becomes a read-only SELECT on the dataset's physical table, or
is refused with the reason."""

from __future__ import annotations

import pytest

from atelier_knowledge.domain.table_schema import Column
from atelier_knowledge.retrieval.nl2sql import (
    Nl2SqlError,
    TableSpec,
    UnsafeSQL,
    create_table_ddl,
    parse_llm_answer,
    to_physical_sql,
)

SPEC = TableSpec.of(42, "Parts List", [Column(11, "Item", 0, True, "part name", 0),
                                       Column(12, "Price", 2, False, "", 1)])


def test_virtual_names_map_to_the_physical_table_and_columns() -> None:
    sql, with_slice = to_physical_sql("SELECT item, price FROM parts_list WHERE price > 3 ORDER BY price DESC",
                                      SPEC, row_limit=100)
    assert sql == ('SELECT c_11 AS "item", c_12 AS "price", _slice_id FROM knowledge_tables.t_42 AS parts_list'
                   " WHERE c_12 > 3 ORDER BY c_12 DESC LIMIT 100")
    assert with_slice


def test_star_means_the_virtual_columns_and_aggregates_carry_no_slice_id() -> None:
    sql, with_slice = to_physical_sql("SELECT * FROM parts_list", SPEC, row_limit=5)
    assert sql.startswith('SELECT c_11 AS "Item", c_12 AS "Price", _slice_id FROM') and with_slice
    sql, with_slice = to_physical_sql("SELECT item, count(*) AS n FROM parts_list GROUP BY item", SPEC, row_limit=5)
    assert "_slice_id" not in sql and not with_slice


@pytest.mark.parametrize(("given", "limit"), [("", 100), (" LIMIT 500", 100), (" LIMIT 7", 7)])
def test_the_row_limit_is_enforced(given: str, limit: int) -> None:
    sql, _ = to_physical_sql(f"SELECT item FROM parts_list{given}", SPEC, row_limit=100)
    assert sql.endswith(f"LIMIT {limit}")


@pytest.mark.parametrize(("sql", "reason"), [
    ("UPDATE parts_list SET price = 0", "only a SELECT"),
    ("DELETE FROM parts_list", "only a SELECT"),
    ("INSERT INTO parts_list VALUES ('x', 1)", "only a SELECT"),
    ("DROP TABLE parts_list", "only a SELECT"),
    ("SELECT 1; DROP TABLE parts_list", "exactly one statement"),
    ("SELECT * FROM users", "table 'users' is not the dataset's table"),
    ("SELECT * FROM knowledge.documents", "no schema-qualified names"),
    ("SELECT * FROM pg_catalog.pg_user", "no schema-qualified names"),
    ("SELECT pg_sleep(10)", "function pg_sleep is not allowed"),
    ("SELECT pg_read_file('/etc/passwd')", "function pg_read_file is not allowed"),
    ("WITH d AS (DELETE FROM parts_list RETURNING *) SELECT * FROM d", "DELETE is not allowed"),
    ("SELECT * INTO copy FROM parts_list", "SELECT ... INTO is not allowed"),
    ("SELECT item FROM parts_list FOR UPDATE", "FOR UPDATE"),
    ("SELECT colour FROM parts_list", "unknown column 'colour'"),
    ("SELEC item FROM", "does not parse"),
])
def test_anything_but_one_read_only_select_on_the_table_is_refused(sql: str, reason: str) -> None:
    with pytest.raises(UnsafeSQL, match=reason.replace("(", r"\(").replace(".", r"\.")):
        to_physical_sql(sql, SPEC, row_limit=100)


@pytest.mark.parametrize("condition", [
    "price > 1 AND price < 5", "price = 1 OR item = 'nut'", "price IN (1, 2) AND NOT item LIKE 'b%'",
    "price BETWEEN 1 AND 3 OR item ILIKE 'g%'", "item IS NULL OR item IS NOT NULL", "(price + 1) * 2 - price / 3 > 0",
    "item ~ '^g' AND price ^ 2 > 4",
])
def test_boolean_connectives_comparisons_and_operators_are_allowed(condition: str) -> None:
    sql, _ = to_physical_sql(f"SELECT item FROM parts_list WHERE {condition}", SPEC, row_limit=100)
    assert "knowledge_tables.t_42" in sql and "c_11" in sql


def test_the_model_answer_is_json_with_sql_or_a_reason() -> None:
    assert parse_llm_answer('```json\n{"sql": "SELECT 1", "err_code": 0, "err_msg": ""}\n```') == "SELECT 1"
    with pytest.raises(Nl2SqlError, match="no such data"):
        parse_llm_answer('{"sql": "", "err_code": 1, "err_msg": "no such data"}')
    with pytest.raises(Nl2SqlError, match="JSON"):
        parse_llm_answer("SELECT 1")


def test_the_prompt_shows_virtual_names_types_and_descriptions() -> None:
    ddl = create_table_ddl(SPEC)
    assert ddl.startswith("CREATE TABLE parts_list (") and '"Item" text -- part name' in ddl
    dated = TableSpec.of(43, "Orders", [Column(21, "Placed", 3, False, "", 0)])
    assert '"Placed" timestamptz' in create_table_ddl(dated)  # like the agent's memory tables
    assert "c_11" not in ddl and "t_42" not in ddl
