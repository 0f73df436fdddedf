"""What model-written SQL may contain, checked the same way wherever a model writes SQL (the agent's
memory-table tool, knowledge's NL2SQL). Pure: no I/O.

sqlglot models some operators as function nodes (AND/OR are `exp.Connector`s, `~` is RegexpLike,
`^` is Pow), so a whitelist of function names that walks every `exp.Func` must treat those as the
syntax they are; comparisons, IN, BETWEEN, LIKE, IS, NOT and arithmetic are no function nodes at
all. Real calls are allowed by sqlglot's name for them (its expression key) or, for functions it
does not know, by their SQL name. Anything else (pg_sleep, pg_read_file, set_config, dblink...)
is refused by name. The callers check the statement's shape (which tables, which kinds) themselves.
"""

from __future__ import annotations

import sqlglot
from sqlglot import exp

# sqlglot expression keys of ordinary scalar, aggregate and window functions.
SAFE_FUNCTIONS = frozenset({
    "count", "sum", "avg", "min", "max", "stddev", "stddevpop", "stddevsamp", "variance", "variancepop",
    "percentilecont", "percentiledisc", "groupconcat", "arrayagg",
    "lower", "upper", "length", "trim", "substring", "concat", "concatws", "replace", "strposition", "splitpart",
    "initcap", "pad", "left", "right", "abs", "round", "floor", "ceil", "sqrt", "pow", "exp", "ln", "log", "sign",
    "coalesce", "nullif", "greatest", "least", "case", "if", "cast", "trycast", "array",
    "currenttimestamp", "currentdate", "currenttime", "localtimestamp", "timestamptrunc", "datetrunc", "extract",
    "date", "timetostr", "regexplike", "regexpilike",
    "rownumber", "rank", "denserank", "ntile", "lag", "lead", "firstvalue", "lastvalue",
})
# Functions sqlglot parses as Anonymous, by their SQL name.
SAFE_ANONYMOUS = frozenset({"age", "date_part", "char_length", "btrim", "to_char", "now"})
# Boolean connectives (AND, OR, XOR): operators, whatever sqlglot's class hierarchy says.
OPERATORS: tuple[type[exp.Expression], ...] = (exp.Connector,)


class SqlRefused(ValueError):
    """Why the statement cannot run, written for the model that wrote it."""


def parse_one(sql: str) -> exp.Expression:
    """The single PostgreSQL statement in `sql`."""
    try:
        statements = [s for s in sqlglot.parse(sql, read="postgres") if s is not None]
    except sqlglot.errors.SqlglotError as e:
        raise SqlRefused(f"the SQL does not parse: {str(e).splitlines()[0]}") from None
    if len(statements) != 1:
        raise SqlRefused(f"send exactly one statement, not {len(statements)}")
    return statements[0]


def function_name(func: exp.Func) -> str:
    """How the caller wrote it, as far as sqlglot can tell (for messages)."""
    if isinstance(func, exp.Anonymous):
        return func.name.lower()
    return func.sql(dialect="postgres").split("(")[0].strip().lower() or func.key


def is_allowed(func: exp.Func) -> bool:
    if isinstance(func, OPERATORS):
        return True
    if isinstance(func, exp.Anonymous):
        return func.name.lower() in SAFE_ANONYMOUS
    return func.key in SAFE_FUNCTIONS


def check_functions(stmt: exp.Expression) -> None:
    """SqlRefused naming the first function call that is not on the whitelist."""
    for func in stmt.find_all(exp.Func):
        if not is_allowed(func):
            raise SqlRefused(f"function {function_name(func)} is not allowed")
