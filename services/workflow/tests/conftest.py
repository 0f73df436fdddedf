"""Canvases of the workflow domain tests: hand-written Coze Studio canvases in tests/data (an LLM
triage with an if/else, a loop with a break, a batch, an exception branch, parallel branches),
loaded fresh for each test so a test may break one to see validation catch it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent / "data"


class Canvases:
    def load(self, name: str) -> dict[str, Any]:
        """The canvas JSON of tests/data/<name>.json, decoded."""
        return json.loads((DATA / f"{name}.json").read_text())

    @staticmethod
    def node(doc: dict[str, Any], node_id: str) -> dict[str, Any]:
        """A node of the decoded canvas, looked for in bodies too."""
        for node in doc["nodes"]:
            for candidate in [node, *(node.get("blocks") or [])]:
                if candidate["id"] == node_id:
                    return candidate
        raise KeyError(node_id)

    def input(self, doc: dict[str, Any], node_id: str, name: str) -> dict[str, Any]:
        """The BlockInput of a node's named input."""
        params = self.node(doc, node_id)["data"]["inputs"]["inputParameters"]
        return next(p["input"] for p in params if p.get("name") == name)


@pytest.fixture
def canvases() -> Canvases:
    return Canvases()


def ref(block_id: str, name: str, type_: str = "string", **extra: Any) -> dict[str, Any]:
    """A BlockInput referring to a node's output field."""
    return {"type": type_, **extra,
            "value": {"type": "ref", "content": {"source": "block-output", "blockID": block_id, "name": name}}}


@pytest.fixture
def make_ref():
    return ref
