"""bench-console's canvases: the size asked for, one chain from Start to End, each node's
reference pointing at the node before it (so the workflow is valid and its data flow real)."""

from __future__ import annotations

from atelier_devstack.canvas_builders import ENTRY_ID, EXIT_ID
from benchmarks.bench_console import grid_canvas


def test_grid_canvas_is_one_referenced_chain() -> None:
    canvas = grid_canvas(500)
    nodes, edges = canvas["nodes"], canvas["edges"]
    assert len(nodes) == 500 and len({n["id"] for n in nodes}) == 500
    assert len(edges) == 499
    order = [ENTRY_ID]
    following = {e["sourceNodeID"]: e["targetNodeID"] for e in edges}
    while order[-1] in following:
        order.append(following[order[-1]])
    assert order[-1] == EXIT_ID and len(order) == 500
    by_id = {n["id"]: n for n in nodes}
    for before, node_id in zip(order[1:], order[2:-1], strict=False):
        reference = by_id[node_id]["data"]["inputs"]["inputParameters"][0]["input"]["value"]["content"]
        assert reference["blockID"] == before
    assert all("position" in n["meta"] for n in nodes)
