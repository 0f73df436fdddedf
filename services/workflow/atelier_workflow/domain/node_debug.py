"""Debugging one node of a canvas (Coze's nodeDebug): the canvas a single-node run executes.

`debug_canvas(doc, node_id)` gives Start -> the node -> End, built from the node as the canvas
has it (a Loop or Batch with its body). As Coze does it, the node's values that refer to other
nodes' outputs become inputs of the run, one Start variable each (`DebugCanvas.inputs`): an
input parameter's reference takes the parameter's name, any other reference (a Selector's
condition, a loop count, an HTTP template's `{{block_output_<node>.<field>}}`) the name of the
field it reads, made unique. Literals and app/user/system variables stay as they are, and so do
a body's references to its own Loop/Batch or to each other. The End returns every declared
output of the node, and each port of a branching node leads to it.

Pure: canvas JSON in, canvas JSON out.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from atelier_common.errors import InvalidArgument, NotFound
from atelier_proto.enums import NodeType
from atelier_workflow.domain.canvas import ENTRY_NODE_ID, EXIT_NODE_ID, REF_BLOCK_OUTPUT, parse_canvas
from atelier_workflow.domain.ports import node_ports

_UNDEBUGGABLE = {str(int(NodeType.Entry)): "the Start node: test-run the workflow instead",
                 str(int(NodeType.Exit)): "the End node: test-run the workflow instead",
                 str(int(NodeType.Comment)): "a comment, which does not run"}
_TEMPLATE = re.compile(r"\{\{\s*block_output_([^.}\s]+)\.([^}\s]+)\s*}}")
_NOT_NAME = re.compile(r"[^A-Za-z0-9_]")


@dataclass(frozen=True)
class DebugCanvas:
    doc: dict[str, Any]
    inputs: tuple[str, ...]  # the Start variables: what the caller gives the node


def find_node(doc: dict[str, Any], node_id: str) -> dict[str, Any] | None:
    """The node with this id, on the canvas or in a Loop's or Batch's body."""
    for node in _walk(doc.get("nodes") or []):
        if node.get("id") == node_id:
            return node
    return None


def _walk(nodes: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for node in nodes:
        yield node
        yield from _walk(node.get("blocks") or [])


class _Inputs:
    """The Start variables collected while rewriting references: one per distinct reference."""

    def __init__(self) -> None:
        self.variables: list[dict[str, Any]] = []
        self._by_source: dict[tuple[str, str], str] = {}

    def name_for(self, block_id: str, field: str, wanted: str, value: dict[str, Any] | None) -> str:
        key = (block_id, field)
        if key in self._by_source:
            return self._by_source[key]
        base = _NOT_NAME.sub("_", wanted) or "input"
        if base[0].isdigit():
            base = f"input_{base}"
        name, taken, n = base, {v["name"] for v in self.variables}, 2
        while name in taken:
            name, n = f"{base}_{n}", n + 1
        variable: dict[str, Any] = {"name": name, "type": (value or {}).get("type", "string"), "required": False}
        for extra in ("schema", "assistType"):
            if value and extra in value:
                variable[extra] = value[extra]
        self.variables.append(variable)
        self._by_source[key] = name
        return name


def _outside_ref(value: Any, kept: set[str]) -> tuple[str, str] | None:
    """(node, field) when `value` is a BlockInput reading the output of a node not kept."""
    if not isinstance(value, dict) or not isinstance(value.get("value"), dict):
        return None
    inner = value["value"]
    content = inner.get("content")
    if inner.get("type") != "ref" or not isinstance(content, dict):
        return None
    if content.get("source", REF_BLOCK_OUTPUT) != REF_BLOCK_OUTPUT or content.get("blockID") in kept:
        return None
    if not content.get("blockID"):
        return None
    return str(content["blockID"]), str(content.get("name") or "")


def _to_entry(value: dict[str, Any], name: str) -> None:
    value["value"]["content"] = {"source": REF_BLOCK_OUTPUT, "blockID": ENTRY_NODE_ID, "name": name}


def _rewrite(tree: Any, kept: set[str], inputs: _Inputs, param_name: str | None = None) -> Any:
    """Every reference out of the kept nodes in `tree` (in place, strings returned rewritten)."""
    if isinstance(tree, dict):
        source = _outside_ref(tree, kept)
        if source is not None:
            wanted = param_name or source[1].split(".")[-1] or source[0]
            _to_entry(tree, inputs.name_for(*source, wanted, tree))
            return tree
        name = tree.get("name") if isinstance(tree.get("name"), str) and "input" in tree else None
        for key, item in tree.items():
            tree[key] = _rewrite(item, kept, inputs, name if key == "input" else None)
        return tree
    if isinstance(tree, list):
        return [_rewrite(item, kept, inputs) for item in tree]
    if isinstance(tree, str) and "block_output_" in tree:
        def replace(match: re.Match[str]) -> str:
            block_id, field = match.group(1), match.group(2)
            if block_id in kept:
                return match.group(0)
            name = inputs.name_for(block_id, field, field.split(".")[-1], None)
            return "{{block_output_" + ENTRY_NODE_ID + "." + name + "}}"
        return _TEMPLATE.sub(replace, tree)
    return tree


def _returned(node_id: str, output: dict[str, Any]) -> dict[str, Any]:
    """An End input returning one output of the node (a Loop's or Batch's outputs are declared as
    the values they gather: their type is that value's)."""
    declared = output["input"] if isinstance(output.get("input"), dict) else output
    typed = {"type": declared.get("type", "string"), **({"schema": declared["schema"]} if "schema" in declared else {})}
    return {"name": output["name"], "input": {**typed, "value": {"type": "ref", "content": {
        "source": REF_BLOCK_OUTPUT, "blockID": node_id, "name": output["name"]}}}}


def debug_canvas(doc: dict[str, Any], node_id: str) -> DebugCanvas:
    """The canvas running only `node_id` (NotFound when the canvas has no such node)."""
    found = find_node(doc, node_id)
    if found is None:
        raise NotFound(f"node {node_id} is not on the workflow's canvas")
    why = _UNDEBUGGABLE.get(str(found.get("type")))
    if why is not None:
        raise InvalidArgument(f"field 'node_id': node {node_id} is {why}")
    node = copy.deepcopy(found)
    kept = {n["id"] for n in _walk([node]) if isinstance(n.get("id"), str)}
    inputs = _Inputs()
    data = node.setdefault("data", {})
    if "inputs" in data:
        data["inputs"] = _rewrite(data["inputs"], kept, inputs)
    for inner in node.get("blocks") or []:
        inner_data = inner.get("data") or {}
        if "inputs" in inner_data:
            inner_data["inputs"] = _rewrite(inner_data["inputs"], kept, inputs)
    returned = [_returned(node_id, out) for out in data.get("outputs") or [] if isinstance(out, dict) and out.get("name")]
    entry = {"id": ENTRY_NODE_ID, "type": str(int(NodeType.Entry)), "meta": {"position": {"x": 0, "y": 0}},
             "data": {"nodeMeta": {"title": "Start"}, "outputs": inputs.variables}}
    exit_ = {"id": EXIT_NODE_ID, "type": str(int(NodeType.Exit)), "meta": {"position": {"x": 1000, "y": 0}},
             "data": {"nodeMeta": {"title": "End"},
                      "inputs": {"terminatePlan": "returnVariables", "inputParameters": returned}}}
    ports = node_ports(parse_canvas({"nodes": [node], "edges": []}).nodes[0]) or ("",)
    edges = [{"sourceNodeID": ENTRY_NODE_ID, "targetNodeID": node_id, "sourcePortID": ""}]
    edges += [{"sourceNodeID": node_id, "targetNodeID": EXIT_NODE_ID, "sourcePortID": port} for port in ports]
    return DebugCanvas({"nodes": [entry, node, exit_], "edges": edges},
                       tuple(v["name"] for v in inputs.variables))
