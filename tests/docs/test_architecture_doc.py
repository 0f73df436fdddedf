"""docs/ARCHITECTURE.md stays true: the files it names exist, and it names every service and topic."""

from __future__ import annotations

import re
from pathlib import Path

from atelier_common.kafka.topics import TOPICS

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "ARCHITECTURE.md").read_text()


def test_every_path_it_names_exists() -> None:
    paths = {p for p in re.findall(r"`([\w./-]+)`", DOC) if "/" in p and not p.startswith("/")}
    assert paths, "the document names no files"
    missing = sorted(p for p in paths if not (ROOT / p).exists())
    assert not missing, f"docs/ARCHITECTURE.md names files that do not exist: {missing}"


def test_it_names_every_service_and_topic() -> None:
    services = sorted(p.name for p in (ROOT / "services").iterdir() if (p / "pyproject.toml").exists())
    assert len(services) >= 7
    unnamed = [s for s in services if f"`services/{s}/atelier_{s}`" not in DOC]
    assert not unnamed, f"services missing from docs/ARCHITECTURE.md: {unnamed}"
    topics = [t.name for t in TOPICS if f"`{t.name}`" not in DOC]
    assert not topics, f"topics missing from docs/ARCHITECTURE.md: {topics}"
