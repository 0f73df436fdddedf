"""The shared guard of model-written SQL: operators are syntax, functions are whitelisted by name."""

from __future__ import annotations

import pytest

from atelier_common.sqlguard import SqlRefused, check_functions, parse_one

# Every condition a question over a table needs: none of it is a function call.
CONDITIONS = [
    "pages > 1 AND pages < 5", "pages = 1 OR pages = 2", "pages IN (1, 2)", "pages NOT IN (1)",
    "pages BETWEEN 1 AND 3", "title LIKE 'a%'", "title ILIKE 'a%'", "title NOT LIKE 'b%'", "title IS NULL",
    "title IS NOT NULL", "NOT (pages = 1)", "(pages + 1) * 2 - pages / 3 % 2 > 0", "-pages < 0", "pages <> 3",
    "pages >= 2 AND (pages <= 9 OR title = 'x')", "title ~ '^a'", "title ~* '^a'", "title || 'x' = 'ax'",
    "pages ^ 2 > 4", "title IS DISTINCT FROM 'a'", "pages = ANY(ARRAY[1, 2])",
]


@pytest.mark.parametrize("condition", CONDITIONS)
def test_boolean_connectives_comparisons_and_arithmetic_are_not_functions(condition: str) -> None:
    check_functions(parse_one(f"SELECT title FROM books WHERE {condition}"))


@pytest.mark.parametrize("sql", [
    "SELECT count(*), sum(pages), avg(pages), min(title), max(title) FROM books",
    "SELECT lower(title), upper(title), length(title), coalesce(title, ''), round(pages / 3.0, 2) FROM books",
    "SELECT extract(year FROM created_at), date_trunc('month', created_at), now(), current_date FROM books",
    "SELECT CASE WHEN pages > 1 THEN 'long' ELSE 'short' END, CAST(pages AS text), pages::text FROM books",
    "SELECT stddev(pages), variance(pages), percentile_cont(0.5) WITHIN GROUP (ORDER BY pages) FROM books",
])
def test_ordinary_scalar_and_aggregate_functions_pass(sql: str) -> None:
    check_functions(parse_one(sql))


@pytest.mark.parametrize("sql, name", [
    ("SELECT pg_sleep(10) FROM books", "pg_sleep"),
    ("SELECT title FROM books WHERE pg_read_file('/etc/passwd') = '' AND pages > 1", "pg_read_file"),
    ("SELECT set_config('role', 'postgres', true)", "set_config"),
    ("SELECT current_setting('is_superuser') FROM books", "current_setting"),
    ("SELECT 1 WHERE EXISTS (SELECT 1)", "exists"),
])
def test_other_functions_are_refused_by_name(sql: str, name: str) -> None:
    with pytest.raises(SqlRefused, match=f"function {name} is not allowed"):
        check_functions(parse_one(sql))


def test_exactly_one_statement_that_parses() -> None:
    with pytest.raises(SqlRefused, match="exactly one statement"):
        parse_one("SELECT 1; DROP TABLE books")
    with pytest.raises(SqlRefused, match="does not parse"):
        parse_one("SELECT 'unterminated FROM books")
