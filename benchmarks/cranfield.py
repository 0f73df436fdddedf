"""The Cranfield collection (shared/data/cranfield beside the checkout, or ATELIER_CRANFIELD_DIR):
1400 aeronautics abstracts, 225 queries, graded relevance judgements."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]
IN_SHARED = Path("shared") / "data" / "cranfield"


@dataclass(frozen=True)
class CranDoc:
    id: int
    title: str
    text: str  # the abstract (.W), which repeats the title first

    @property
    def content(self) -> str:
        """What is indexed: title and abstract (as the reference figures were measured); empty
        for the two records (471, 995) that have neither."""
        return f"{self.title} {self.text}".strip()


def data_dir() -> Path:
    """ATELIER_CRANFIELD_DIR, else the nearest shared/data/cranfield above the checkout (the main
    checkout and a worktree under wt/ sit at different depths beside the same shared folder)."""
    if os.environ.get("ATELIER_CRANFIELD_DIR"):
        return Path(os.environ["ATELIER_CRANFIELD_DIR"])
    for parent in CHECKOUT.parents:
        if (parent / IN_SHARED / "cran.all.1400").is_file():
            return parent / IN_SHARED
    raise SystemExit(f"the Cranfield collection is not in {IN_SHARED} above {CHECKOUT}: set ATELIER_CRANFIELD_DIR")


def _records(path: Path) -> list[tuple[int, dict[str, str]]]:
    out: list[tuple[int, dict[str, str]]] = []
    field = ""
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        match = re.match(r"^\.I\s+(\d+)", line)
        if match:
            out.append((int(match.group(1)), {}))
            field = ""
            continue
        match = re.match(r"^\.([A-Z])\s*$", line)
        if match:
            field = match.group(1)
            out[-1][1][field] = ""
            continue
        if out and field:
            out[-1][1][field] += line + "\n"
    return out


def documents(limit: int | None = None) -> list[CranDoc]:
    docs = [CranDoc(i, " ".join(f.get("T", "").split()), " ".join(f.get("W", "").split()))
            for i, f in _records(data_dir() / "cran.all.1400")]
    return docs[:limit] if limit else docs


def queries() -> list[str]:
    """In file order; the k-th query is query k of cranqrel (its .I numbers are not)."""
    return [" ".join(f.get("W", "").split()) for _, f in _records(data_dir() / "cran.qry")]


def relevance() -> dict[int, dict[int, int]]:
    """query number (1-based) -> {doc id: grade 1..4, 1 best}; grade -1 entries dropped."""
    qrels: dict[int, dict[int, int]] = {}
    for line in (data_dir() / "cranqrel").read_text().split("\n"):
        parts = line.split()
        if len(parts) >= 3 and int(parts[2]) > 0:
            qrels.setdefault(int(parts[0]), {})[int(parts[1])] = int(parts[2])
    return qrels
