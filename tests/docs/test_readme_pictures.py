"""The README's console pictures: each one it shows exists, and each one the browser tests take is
shown (a page added to the console gets its picture in the README)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
SHOTS = ROOT / "docs" / "screenshots"


def test_every_picture_it_shows_exists() -> None:
    shown = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", README)
    assert shown, "the README shows no pictures"
    missing = [p for p in shown if not (ROOT / p).is_file()]
    assert not missing, f"README.md shows pictures that do not exist: {missing}"


def test_every_page_the_browser_tests_picture_is_shown() -> None:
    taken = set()
    for test in (ROOT / "tests" / "console").glob("test_*.py"):
        taken |= set(re.findall(r"screenshot\(\w+, \"([\w-]+)\"\)", test.read_text()))
    assert taken, "the browser tests take no pictures"
    unshown = sorted(name for name in taken if f"docs/screenshots/{name}.png" not in README)
    assert not unshown, f"pages pictured by the browser tests but not shown in README.md: {unshown}"
