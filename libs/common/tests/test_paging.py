"""One reading of page number and size for every list endpoint: defaults, bounds, clear 400s."""

from __future__ import annotations

import pytest

from atelier_common.errors import InvalidArgument
from atelier_common.paging import MAX_PAGE_NUMBER, Page, page, page_or_default


def test_defaults_and_offsets() -> None:
    assert page(None, None, default_size=20, max_size=50) == Page(1, 20)
    assert page(3, 10, default_size=20, max_size=50).offset == 20
    assert page(MAX_PAGE_NUMBER, 50, default_size=20, max_size=50).offset < 2**63


@pytest.mark.parametrize("number, size, field", [
    (9223372036854775806, 10, "page"), (MAX_PAGE_NUMBER + 1, 10, "page"), (0, 10, "page"), (-1, 10, "page"),
    (1, 0, "size"), (1, 51, "size"), (1, -5, "size"), (1, 2**63 - 1, "size"),
])
def test_out_of_range_is_a_400_naming_the_field(number: int, size: int, field: str) -> None:
    with pytest.raises(InvalidArgument, match=f"field '{field}': must be between 1 and") as err:
        page(number, size, default_size=20, max_size=50)
    assert err.value.http_status == 400


def test_field_names_follow_the_api_and_zero_can_mean_unset() -> None:
    with pytest.raises(InvalidArgument, match="field 'page_num'"):
        page(-1, None, default_size=20, max_size=50, number_field="page_num", size_field="page_size")
    # Proto3 fields without presence send 0 for "not given".
    assert page_or_default(0, 0, default_size=20, max_size=50) == Page(1, 20)
    with pytest.raises(InvalidArgument, match="field 'size'"):
        page_or_default(1, 500, default_size=20, max_size=50)


def test_rows_cursor_and_time_bounds() -> None:
    from datetime import UTC, datetime

    from atelier_common.paging import id_cursor, rows, unix_time

    assert rows(None, default=20, max_value=100) == 20 and rows(7, default=20, max_value=100) == 7
    with pytest.raises(InvalidArgument, match="field 'limit': must be between 1 and 100, got 0"):
        rows(0, default=20, max_value=100)
    assert id_cursor("") is None and id_cursor("42") == 42
    with pytest.raises(InvalidArgument, match="'x1' is not a cursor"):
        id_cursor("x1")
    assert unix_time(None, "start_time") is None
    assert unix_time(86400, "start_time") == datetime(1970, 1, 2, tzinfo=UTC)
    with pytest.raises(InvalidArgument, match="field 'end_time': must be unix seconds"):
        unix_time(-1, "end_time")
