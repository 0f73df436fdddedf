"""Writes the e2e suite's workflow canvases as JSON into web/src/pages/workflows/fixtures/, for
the console's round-trip tests (canvas JSON <-> the editor's nodes and edges). Rerun after an
e2e canvas changes: `.venv/bin/python scripts/workflow_canvas_fixtures.py`."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "src" / "pages" / "workflows" / "fixtures"
sys.path.insert(0, str(ROOT))


def _e2e(module: str) -> Any:
    """An e2e test module (the repository root is importable now)."""
    return importlib.import_module(f"tests.e2e.{module}")


TABLE = {"id": 7001, "field_list": [{"name": "title", "id": 1}, {"name": "pages", "id": 2}]}


def documents() -> dict[str, dict[str, Any]]:
    canvases, llm = _e2e("test_workflow_canvases"), _e2e("test_workflow_llm_node")
    conversations, databases = _e2e("test_workflow_conversation_nodes"), _e2e("test_workflow_database_nodes")
    knowledge = _e2e("test_workflow_knowledge_nodes")
    return {
        "e2e_greeting": canvases.greeting_canvas(),
        "e2e_loops": canvases.loops_canvas(),
        "e2e_batch": canvases.batch_canvas(),
        "e2e_parent": canvases.parent_canvas("7400000000000000001", "v0.0.1"),
        "e2e_interview": canvases.interview_canvas(),
        "e2e_router": canvases.router_canvas("http://127.0.0.1:9", "7300000000000000001", "7300000000000000002"),
        "e2e_forecast_llm": llm.forecast_canvas("7300000000000000001", "7300000000000000002"),
        "e2e_conversation_talk": conversations.TALK,
        "e2e_database": databases.canvas(TABLE, "SELECT title, pages FROM books WHERE title = {{title}}"),
        "e2e_knowledge_indexer": knowledge.indexer_canvas("7500000000000000001"),
        "e2e_knowledge_retriever": knowledge.retriever_canvas("7500000000000000001", "7500000000000000002"),
        "e2e_knowledge_llm": knowledge.llm_canvas("7500000000000000001", no_recall_reply="nothing found"),
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, doc in documents().items():
        (OUT / f"{name}.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
