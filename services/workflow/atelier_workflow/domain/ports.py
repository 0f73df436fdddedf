"""The ports a node's outgoing edges leave from: which branch of the node they follow.

A node that chooses where the run goes has named ports; every other node has none (its edges
carry no `sourcePortID`, or the console's "" ), and all its outgoing edges are followed. Port
names are Coze's once normalized:
- Selector: `branch_0` (the "if", the console's "true"), `branch_<i>` (the i-th "else if",
  "true_<i>"), `default` (the "else", "false");
- IntentDetector: `branch_<i>` per intent, `default` when no intent matches;
- QuestionAnswer with options: `branch_<i>` per fixed option (one `branch_0` for dynamic
  options), `default` for any other answer;
- any node whose settingOnError takes the exception branch: `branch_error` when it fails,
  `default` (or its own branches) when it succeeds.
A Loop's or Batch's own port names ("loop-output", "batch-function-inline-output"...) only say
which side of the node an edge is drawn on: they normalize to no port.

Interface: `PORT_DEFAULT`, `PORT_ERROR`, `branch_port(i)`, `node_ports(node)`,
`normalize_port(node, raw)`.
"""

from __future__ import annotations

from atelier_proto.enums import ErrorProcessType, NodeType
from atelier_workflow.domain.canvas import CanvasNode

PORT_DEFAULT = "default"
PORT_ERROR = "branch_error"
_COMPOSITE_SIDES = frozenset({
    "loop-output", "batch-output", "loop-function-inline-output", "batch-function-inline-output",
})


def branch_port(index: int) -> str:
    return f"branch_{index}"


def _branches(node: CanvasNode) -> int:
    inputs = node.inputs
    match node.node_type:
        case NodeType.Selector:
            return len(inputs.branches)
        case NodeType.IntentDetector:
            return len(inputs.intents)
        case NodeType.QuestionAnswer if inputs.answer_type == "option":
            return len(inputs.options) if inputs.option_type != "dynamic" else 1
    return -1  # does not branch


def node_ports(node: CanvasNode) -> tuple[str, ...]:
    """The ports of the node, in the order a console lists them; () when it does not branch."""
    count = _branches(node)
    ports = ([branch_port(i) for i in range(count)] + [PORT_DEFAULT]) if count >= 0 else []
    setting = node.inputs.setting_on_error
    if setting is not None and setting.process_type == ErrorProcessType.ExceptionBranch:
        ports += [PORT_DEFAULT] if not ports else []
        ports.append(PORT_ERROR)
    return tuple(ports)


def normalize_port(node: CanvasNode, raw: str) -> str | None:
    """The port an edge leaves `node` from, as `node_ports` names it; None for no port."""
    if not raw or raw in _COMPOSITE_SIDES:
        return None
    if node.node_type == NodeType.Selector:
        if raw == "true":
            return branch_port(0)
        if raw == "false":
            return PORT_DEFAULT
        if raw.startswith("true_") and raw[5:].isdigit():
            return branch_port(int(raw[5:]))
    return raw
