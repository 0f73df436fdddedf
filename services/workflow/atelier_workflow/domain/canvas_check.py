"""The one gate a canvas passes before a draft stores it and before it is published.

Canvases are Coze Studio canvas JSON, kept as the text the console sent. This gate makes sure the
text is a canvas at all: within the size limit, JSON, an object whose `nodes` and `edges` are lists,
every node (loop and batch bodies included) an object with a string `id` and `type`, every edge an
object. Whether the nodes make a workflow that can run is the validator's question
(domain.validation.validate_tree): this function is where it plugs in, so every save and every
publish passes it.
"""

from __future__ import annotations

import json
from typing import Any

from atelier_common.errors import InvalidArgument, PayloadTooLarge

FIELD = "schema"
SIZE_SETTING = "ATELIER_WORKFLOW_MAX_CANVAS_BYTES"

CanvasDoc = dict[str, Any]


def check_canvas(canvas_json: str, *, max_bytes: int) -> CanvasDoc:
    """The canvas decoded; PayloadTooLarge (413) above max_bytes, InvalidArgument (400) naming the
    field and the place for anything that is not a canvas."""
    size = len(canvas_json.encode())
    if size > max_bytes:
        raise PayloadTooLarge(f"field '{FIELD}': the canvas is {size} bytes, above the limit of {max_bytes} "
                              f"({SIZE_SETTING})")
    try:
        doc = json.loads(canvas_json)
    except json.JSONDecodeError as e:
        raise InvalidArgument(f"field '{FIELD}': not JSON ({e})") from None
    check_shape(doc)
    return doc


def check_shape(doc: object) -> CanvasDoc:
    """The decoded canvas, if it has the shape of one (InvalidArgument otherwise)."""
    if not isinstance(doc, dict):
        raise InvalidArgument(f"field '{FIELD}': a canvas is a JSON object with 'nodes' and 'edges'")
    _check_level(doc, "")
    return doc


def _check_level(holder: dict[str, Any], where: str) -> None:
    """`nodes` and `edges` of the canvas (where="") or of a loop / batch body (where = "node X: ")."""
    nodes_key, edges_key = ("nodes", "edges") if not where else ("blocks", "edges")
    nodes, edges = holder.get(nodes_key), holder.get(edges_key)
    if where:  # a node's own body: absent or null (Coze's console saves "edges": null) is none
        nodes, edges = [] if nodes is None else nodes, [] if edges is None else edges
    if not isinstance(nodes, list):
        raise InvalidArgument(f"field '{FIELD}': {where}'{nodes_key}' must be a list")
    if not isinstance(edges, list):
        raise InvalidArgument(f"field '{FIELD}': {where}'{edges_key}' must be a list")
    for i, node in enumerate(nodes):
        if not isinstance(node, dict) or not isinstance(node.get("id"), str) or not node["id"]:
            raise InvalidArgument(f"field '{FIELD}': {where}{nodes_key}[{i}] must be an object with a string 'id'")
        if not isinstance(node.get("type"), str) or not node["type"]:
            raise InvalidArgument(f"field '{FIELD}': node {node['id']} has no string 'type'")
        _check_level(node, f"node {node['id']}: ")
    for i, edge in enumerate(edges):
        if not isinstance(edge, dict):
            raise InvalidArgument(f"field '{FIELD}': {where}{edges_key}[{i}] must be an object")
