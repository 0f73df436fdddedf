"""The Cranfield collection is found beside the main checkout and beside a worktree alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import cranfield

RECORDS = """.I 1
.T
experimental investigation of the aerodynamics of a
wing in a slipstream .
.A
brenckmann,m.
.W
experimental investigation of the aerodynamics of a
wing in a slipstream .
.I 2
.T
.W
"""


@pytest.mark.parametrize("depth", [("main",), ("wt", "feature")], ids=["main checkout", "worktree"])
def test_the_collection_is_found_above_the_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     depth: tuple[str, ...]) -> None:
    (tmp_path / "shared" / "data" / "cranfield").mkdir(parents=True)
    (tmp_path / "shared" / "data" / "cranfield" / "cran.all.1400").write_text(RECORDS)
    monkeypatch.delenv("ATELIER_CRANFIELD_DIR", raising=False)
    monkeypatch.setattr(cranfield, "CHECKOUT", tmp_path.joinpath(*depth))
    docs = cranfield.documents()
    assert [d.id for d in docs] == [1, 2]
    assert docs[0].title == "experimental investigation of the aerodynamics of a wing in a slipstream ."
    assert docs[1].content == ""  # an empty record, as 471 and 995 are


def test_a_missing_collection_says_where_to_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ATELIER_CRANFIELD_DIR", raising=False)
    monkeypatch.setattr(cranfield, "CHECKOUT", tmp_path / "checkout")
    with pytest.raises(SystemExit, match="ATELIER_CRANFIELD_DIR"):
        cranfield.documents()
