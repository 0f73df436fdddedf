"""Page number and size of list requests, read one way everywhere.

Numbers come from the wire as int64: an unchecked `(page - 1) * size` overflows Postgres' bigint
OFFSET (a 500) or asks the database to skip absurd numbers of rows. Out-of-range values are a 400
naming the field, with the range."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from atelier_common.errors import InvalidArgument

MAX_PAGE_NUMBER = 1_000_000  # x any page size stays far below bigint; nobody pages this deep


@dataclass(frozen=True)
class Page:
    number: int  # from 1
    size: int

    @property
    def offset(self) -> int:
        return (self.number - 1) * self.size


def _in_range(value: int, field: str, hi: int) -> int:
    if not 1 <= value <= hi:
        raise InvalidArgument(f"field '{field}': must be between 1 and {hi}, got {value}")
    return value


def page(number: int | None, size: int | None, *, default_size: int, max_size: int, number_field: str = "page",
         size_field: str = "size") -> Page:
    """None means not given (the first page, the default size); anything given must be in range."""
    return Page(_in_range(1 if number is None else number, number_field, MAX_PAGE_NUMBER),
                _in_range(default_size if size is None else size, size_field, max_size))


def page_or_default(number: int, size: int, *, default_size: int, max_size: int, number_field: str = "page",
                    size_field: str = "size") -> Page:
    """For proto3 fields without presence, where 0 is what an absent field reads as."""
    return page(number or None, size or None, default_size=default_size, max_size=max_size,
                number_field=number_field, size_field=size_field)


def limit(value: int | None, *, default: int, max_value: int, field: str = "limit") -> int:
    """A row count (limit, count): None or 0 means the default."""
    return _in_range(value or default, field, max_value)


def rows(value: int | None, *, default: int, max_value: int, field: str = "limit") -> int:
    """A row count with presence (an optional field): None means the default, anything given (0
    too) must be in range."""
    return _in_range(default if value is None else value, field, max_value)


def id_cursor(text: str, field: str = "cursor") -> int | None:
    """A keyset cursor (the id the previous page ended on, as the list gave it); empty: the first page."""
    if not text:
        return None
    if not text.isdigit():
        raise InvalidArgument(f"field '{field}': {text!r} is not a cursor this list gave")
    return int(text)


def unix_time(value: int | None, field: str) -> datetime | None:
    """A time bound in unix seconds; None: unbounded."""
    if value is None:
        return None
    if value < 0:
        raise InvalidArgument(f"field '{field}': must be unix seconds, got {value}")
    return datetime.fromtimestamp(value, UTC)
