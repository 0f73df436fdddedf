"""The memory-table SQL rewriter (pure): what the model may run, and what it becomes on the physical table."""

from __future__ import annotations

import pytest
import sqlglot
from sqlglot import exp

from atelier_agent.databases.schema import FieldSpec
from atelier_agent.databases.sql import SqlRefused, plan
from atelier_proto.enums import BotTableRWMode, FieldItemType

FIELDS = [FieldSpec(1, "title", "book title", FieldItemType.Text, True),
          FieldSpec(2, "pages", "", FieldItemType.Number, False), FieldSpec(7, "Rating", "", FieldItemType.Float, False)]
PHYSICAL = "agent_user_tables.t_42"
SNEAKY_USER = "alice' OR '1'='1"


def rewrite(sql: str, rw_mode: BotTableRWMode = BotTableRWMode.UnlimitedReadWrite, user_id: str = SNEAKY_USER):
    return plan(sql, table_name="books", database_id=42, fields=FIELDS, rw_mode=rw_mode, user_id=user_id)


def refused(sql: str, rw_mode: BotTableRWMode = BotTableRWMode.UnlimitedReadWrite) -> str:
    with pytest.raises(SqlRefused) as err:
        rewrite(sql, rw_mode)
    return str(err.value)


def test_columns_and_table_are_renamed_and_results_keep_user_facing_names() -> None:
    planned = rewrite("SELECT title, b.pages FROM books AS b WHERE rating > 3.5 ORDER BY pages DESC")
    tree = sqlglot.parse_one(planned.sql, read="postgres")
    assert [t.sql(dialect="postgres") for t in tree.find_all(exp.Table)] == [f"{PHYSICAL} AS b"]
    assert {c.name for c in tree.find_all(exp.Column)} <= {"c_1", "c_2", "c_7", "pages"}
    assert tree.find(exp.Where).sql(dialect="postgres") == "WHERE c_7 > 3.5"
    assert [p.alias for p in tree.expressions] == ["title", "pages"]
    assert planned.is_select and planned.params == ()


def test_star_expands_to_visible_columns_and_select_is_capped_at_100_rows() -> None:
    tree = sqlglot.parse_one(rewrite("select * from BOOKS limit 1000").sql, read="postgres")
    assert [p.alias for p in tree.expressions] == ["id", "title", "pages", "Rating", "created_at"]
    assert tree.args["limit"].expression.name == "100"
    assert sqlglot.parse_one(rewrite("SELECT title FROM books LIMIT 5").sql).args["limit"].expression.name == "5"


@pytest.mark.parametrize("sql, needle", [
    ("SELECT * FROM bots", "only table books"),
    ("SELECT title FROM public.books", "only table books"),
    ("SELECT title FROM books JOIN bots ON true", "only table books"),
    ("SELECT title FROM books WHERE id IN (SELECT bot_id FROM bot_versions)", "only table books"),
    ("SELECT title FROM books WHERE id IN (SELECT id FROM books)", "subqueries"),
    ("SELECT a.title FROM books a, books b", "joins"),
    ("SELECT title FROM books UNION SELECT name FROM bots", "only SELECT"),
    ("WITH b AS (SELECT 1) SELECT title FROM books", "WITH"),
    ("INSERT INTO books (title) SELECT title FROM books", "subqueries"),
    ("SELECT title FROM books; DROP TABLE books", "exactly one statement"),
    ("DROP TABLE books", "only SELECT, INSERT, UPDATE and DELETE"),
    ("ALTER TABLE books ADD COLUMN x text", "only SELECT, INSERT, UPDATE and DELETE"),
    ("SELECT pg_sleep(10) FROM books", "pg_sleep"),
    ("SELECT current_setting('is_superuser') FROM books", "current_setting"),
    ("SELECT user_id FROM books", "no column user_id"),
    ("UPDATE books SET created_at = now()", "created_at is set automatically"),
    ("INSERT INTO books (pages) VALUES (3)", "title is required"),
    ("SELECT title FROM books WHERE title = $1", "parameters"),
    ("SELECT 1", "exactly once"),
    ("SELECT 'unterminated FROM books", "does not parse"),
])
def test_statements_outside_the_table_or_the_allowed_shapes_are_refused(sql: str, needle: str) -> None:
    assert needle in refused(sql)


def test_read_only_tables_allow_select_only() -> None:
    for sql in ("INSERT INTO books (title) VALUES ('x')", "UPDATE books SET pages = 1", "DELETE FROM books"):
        assert "read-only" in refused(sql, BotTableRWMode.ReadOnly)
    assert rewrite("SELECT title FROM books", BotTableRWMode.ReadOnly).is_select


def test_limited_mode_confines_every_statement_to_the_user_with_a_bound_parameter() -> None:
    for sql in ("SELECT title FROM books WHERE pages > 1 OR 1 = 1", "UPDATE books SET pages = 2 WHERE true OR pages = 1",
                "DELETE FROM books WHERE title = 'x' OR true"):
        planned = rewrite(sql, BotTableRWMode.LimitedReadWrite)
        assert planned.params == (SNEAKY_USER,) and SNEAKY_USER not in planned.sql
        where = sqlglot.parse_one(planned.sql, read="postgres").find(exp.Where).this
        # The model's condition is parenthesised under a top-level AND with the owner check.
        assert isinstance(where, exp.And) and isinstance(where.this, exp.Paren)
        assert where.expression.sql(dialect="postgres") == "user_id = $1"


def test_insert_records_the_user_in_every_row_and_other_modes_share_rows() -> None:
    planned = rewrite("INSERT INTO books (title, pages) VALUES ('a', 1), ('b', 2)", BotTableRWMode.LimitedReadWrite)
    assert planned.sql == f"INSERT INTO {PHYSICAL} (c_1, c_2, user_id) VALUES ('a', 1, $1), ('b', 2, $1)"
    assert planned.params == (SNEAKY_USER,) and not planned.is_select
    unlimited = rewrite("SELECT title FROM books")
    assert unlimited.params == () and "user_id" not in unlimited.sql


@pytest.mark.parametrize("condition", [
    "pages > 1 AND title LIKE 'a%'", "pages = 1 OR pages BETWEEN 3 AND 5", "pages IN (1, 2) AND NOT title IS NULL",
    "(pages + 1) * 2 - pages / 3 > 0 OR title ~* '^a'", "rating IS NOT NULL AND lower(title) <> 'x'",
])
def test_conditions_with_connectives_and_operators_are_rewritten(condition: str) -> None:
    where = sqlglot.parse_one(rewrite(f"SELECT title FROM books WHERE {condition}").sql, read="postgres").find(exp.Where)
    assert {c.name for c in where.find_all(exp.Column)} <= {"c_1", "c_2", "c_7"}
