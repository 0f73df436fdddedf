"""A caller's values (JSON: text, numbers, booleans, null, lists, objects) -> the Python values
asyncpg binds for the parameter types Postgres inferred from where each `$n` stands. Pure: no I/O.

A workflow's values are loosely typed (Coze passes every one as text): "42" fills an integer
column, 42 a text one. What cannot become the type is refused naming the parameter, never
guessed."""

from __future__ import annotations

import datetime as dt
import decimal
import json
from collections.abc import Sequence
from typing import Any

INTEGERS = {"int2", "int4", "int8", "oid"}
FLOATS = {"float4", "float8"}
TEXTS = {"text", "varchar", "bpchar", "name", "unknown", "char"}
TIMES = {"timestamptz", "timestamp"}
TRUE, FALSE = {"true", "t", "1", "yes"}, {"false", "f", "0", "no"}


class ValueRefused(ValueError):
    """A value cannot be bound where its parameter stands."""


def bind(values: Sequence[Any], type_names: Sequence[str], *, first_number: int = 1) -> list[Any]:
    """Each value as its parameter's type; `first_number` is how the caller numbers the first one."""
    return [_convert(v, t, first_number + i) for i, (v, t) in enumerate(zip(values, type_names, strict=True))]


def _convert(value: Any, type_name: str, number: int) -> Any:
    if value is None:
        return None
    try:
        if type_name in TEXTS:
            return _text(value)
        if type_name in INTEGERS:
            return _integer(value)
        if type_name in FLOATS:
            return float(_number(value))
        if type_name == "numeric":
            return decimal.Decimal(str(_number(value)))
        if type_name == "bool":
            return _boolean(value)
        if type_name in TIMES or type_name == "date":
            return _time(value, type_name)
        if type_name in ("json", "jsonb"):
            return json.dumps(value, ensure_ascii=False)
    except (ValueError, TypeError, ArithmeticError):
        shown = json.dumps(value, ensure_ascii=False)[:80]
        raise ValueRefused(f"value ${number} ({shown}) is not {_kind(type_name)}, which the statement needs there"
                           ) from None
    raise ValueRefused(f"value ${number} stands where the statement needs {type_name}, which a value cannot fill")


def _kind(type_name: str) -> str:
    if type_name in INTEGERS:
        return "an integer"
    if type_name in FLOATS or type_name == "numeric":
        return "a number"
    if type_name == "bool":
        return "true or false"
    if type_name in TIMES or type_name == "date":
        return "an ISO 8601 time"
    return type_name


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def _number(value: Any) -> int | float:
    if isinstance(value, bool) or isinstance(value, dict | list):
        raise TypeError
    if isinstance(value, int | float):
        return value
    text = str(value).strip()
    return int(text) if text.lstrip("+-").isdigit() else float(text)


def _integer(value: Any) -> int:
    number = _number(value)
    if isinstance(number, float) and not number.is_integer():
        raise ValueError
    return int(number)


def _boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in TRUE | FALSE:
        return value.strip().lower() in TRUE
    raise ValueError


def _time(value: Any, type_name: str) -> dt.datetime | dt.date:
    """An ISO 8601 text; without a zone it is UTC (the memory tables' timestamps are UTC)."""
    if not isinstance(value, str):
        raise TypeError
    parsed = dt.datetime.fromisoformat(value.strip())
    aware = parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.UTC)
    if type_name == "date":
        return aware.date()
    return aware if type_name == "timestamptz" else aware.astimezone(dt.UTC).replace(tzinfo=None)
