"""Names checked one way: display names and identifiers, errors naming the field."""

from __future__ import annotations

import pytest

from atelier_common.errors import InvalidArgument
from atelier_common.names import MAX_NAME_CHARS, display_name, identifier


def test_display_names_are_trimmed_and_bounded() -> None:
    assert display_name("  Manuals ") == "Manuals"
    assert display_name("x" * MAX_NAME_CHARS) == "x" * MAX_NAME_CHARS
    with pytest.raises(InvalidArgument, match="field 'bot_info.name': must not be empty"):
        display_name("   ", "bot_info.name")
    with pytest.raises(InvalidArgument, match=f"field 'name': at most {MAX_NAME_CHARS} characters"):
        display_name("x" * (MAX_NAME_CHARS + 1))


@pytest.mark.parametrize("value", ["2nd", "bad-name", "", "_x", "a" * 65, "naïve"])
def test_identifiers_start_with_a_letter_and_hold_letters_digits_underscores(value: str) -> None:
    with pytest.raises(InvalidArgument, match="field 'table_name': .* must start with a letter"):
        identifier(value, "table_name", max_chars=64)


def test_identifiers_pass_unchanged() -> None:
    assert identifier("Books_2", "table_name", max_chars=64) == "Books_2"
