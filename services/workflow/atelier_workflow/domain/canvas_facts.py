"""The little the definition store reads from a canvas it otherwise keeps as text: a hash of what
runs, the workflows it uses, its interface (the start node's parameters, the end node's outputs)
and what the console asks about its nodes (node_type). Canvases reaching here passed
check_canvas, so nodes are objects with a string id and type; everything else is looked at with
care (a draft may be half edited).

Start and end nodes are found by their fixed ids (Coze's "100001" and "900001")."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from atelier_common.errors import InvalidArgument
from atelier_proto.enums import NodeType, WorkflowReferType
from atelier_workflow.domain.canvas_check import FIELD, CanvasDoc
from atelier_workflow.domain.entities import Reference

START_NODE_ID = "100001"
END_NODE_ID = "900001"
START_NODE_TYPE = "1"  # the IDL's NodeType 1 and 2
END_NODE_TYPE = "2"
SUB_WORKFLOW_TYPE = str(NodeType.SubWorkflow.value)
LLM_TYPE = str(NodeType.LLM.value)
USER_INPUT_FIELDS = ("USER_INPUT", "BOT_USER_INPUT")  # a chatflow's start parameters for the user's message
GLOBAL_VARIABLE_SOURCE = "global_variable_"  # "global_variable_app" | "_user" | "_system"
ANSWER_END = "useAnswerContent"  # the end node's terminatePlan when it answers with text (end_type 1)


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _inputs(node: dict[str, Any]) -> dict[str, Any]:
    return _object(_object(node.get("data")).get("inputs"))


def all_nodes(doc: CanvasDoc) -> Iterator[dict[str, Any]]:
    """Every node, those inside loop and batch bodies included."""
    def walk(nodes: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        for node in nodes:
            yield node
            yield from walk(_list(node.get("blocks")))

    return walk(doc["nodes"])


def content_hash(doc: CanvasDoc) -> str:
    """sha256 of what runs: the canvas in canonical JSON without the nodes' `meta` (their place on
    the screen), so moving a node keeps a passed test run valid."""
    def without_layout(node: dict[str, Any]) -> dict[str, Any]:
        kept = {k: v for k, v in node.items() if k != "meta"}
        if "blocks" in kept:
            kept["blocks"] = [without_layout(n) for n in _list(kept["blocks"])]
        return kept

    logic = {**doc, "nodes": [without_layout(n) for n in doc["nodes"]]}
    text = json.dumps(logic, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _workflow_id(node: dict[str, Any], value: Any) -> int | None:
    """A workflow id as canvases spell it (a decimal string; a number from hand-written JSON); None
    for a node whose workflow is not chosen yet."""
    if value in (None, "", "0", 0):
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 19:
        return int(value)
    raise InvalidArgument(f"field '{FIELD}': node {node['id']} names workflow {value!r}, which is not a workflow id")


def references(doc: CanvasDoc) -> set[Reference]:
    """The workflows the canvas uses: SubWorkflow nodes' `inputs.workflowId`, and the workflows LLM
    nodes call as tools (`inputs.fcParam.workflowFCParam.workflowList[].workflow_id`, as Coze spells it)."""
    found: set[Reference] = set()
    for node in all_nodes(doc):
        inputs = _inputs(node)
        if node["type"] == SUB_WORKFLOW_TYPE:
            ids = [inputs.get("workflowId")]
            refer_type = WorkflowReferType.SubWorkflow
        elif node["type"] == LLM_TYPE:
            tools = _object(_object(inputs.get("fcParam")).get("workflowFCParam")).get("workflowList")
            ids = [_object(tool).get("workflow_id") for tool in _list(tools)]
            refer_type = WorkflowReferType.Tool
        else:
            continue
        for value in ids:
            workflow_id = _workflow_id(node, value)
            if workflow_id is not None:
                found.add(Reference(workflow_id, refer_type))
    return found


@dataclass(frozen=True)
class Interface:
    inputs: list[Any]  # the start node's output variables: what a run is given
    outputs: list[Any]  # the end node's input parameters: what a run returns
    end_type: int  # 0 returns variables, 1 answers with text


def interface(doc: CanvasDoc) -> Interface:
    by_id = {node["id"]: node for node in doc["nodes"]}
    start = _object(by_id.get(START_NODE_ID))
    end_inputs = _inputs(_object(by_id.get(END_NODE_ID)))
    return Interface(inputs=_list(_object(start.get("data")).get("outputs")),
                     outputs=_list(end_inputs.get("inputParameters")),
                     end_type=1 if end_inputs.get("terminatePlan") == ANSWER_END else 0)


@dataclass(frozen=True)
class SubWorkflowCall:
    workflow_id: int
    version: str  # "" runs its draft


@dataclass(frozen=True)
class NodeProperties:
    id: str
    type: str
    chat_history: bool  # reads the conversation's history (chatflows)
    user_query: bool  # a start node taking the user's message
    global_variable: bool  # reads or writes app / user / system variables
    calls: SubWorkflowCall | None  # the workflow a SubWorkflow node runs


def _refers_to_global_variable(value: Any) -> bool:
    if isinstance(value, dict):
        source = value.get("source")
        if isinstance(source, str) and source.startswith(GLOBAL_VARIABLE_SOURCE):
            return True
        return any(_refers_to_global_variable(v) for v in value.values())
    if isinstance(value, list):
        return any(_refers_to_global_variable(v) for v in value)
    return False


def _properties(node: dict[str, Any]) -> NodeProperties:
    data, inputs = _object(node.get("data")), _inputs(node)
    outputs = [_object(o).get("name") for o in _list(data.get("outputs"))]
    calls = None
    if node["type"] == SUB_WORKFLOW_TYPE:
        workflow_id = _workflow_id(node, inputs.get("workflowId"))
        version = inputs.get("workflowVersion")
        calls = None if workflow_id is None else SubWorkflowCall(workflow_id, version if isinstance(version, str) else "")
    return NodeProperties(
        id=node["id"], type=node["type"],
        chat_history=_object(inputs.get("chatHistorySetting")).get("enableChatHistory") is True,
        user_query=node["id"] == START_NODE_ID and any(name in USER_INPUT_FIELDS for name in outputs),
        global_variable=_refers_to_global_variable(data), calls=calls)


def _connected(nodes: list[dict[str, Any]], edges: list[Any]) -> Iterator[dict[str, Any]]:
    """The nodes of one level (the canvas, or a loop / batch body) that take part in a run: an edge
    of the level leads to them, or they are the start or end node. Notes and nodes left
    unconnected in a draft do not run."""
    entered = {_object(edge).get("targetNodeID") for edge in edges}
    for node in nodes:
        if node["id"] in entered or node["id"] in (START_NODE_ID, END_NODE_ID):
            yield node
            yield from _connected(_list(node.get("blocks")), _list(node.get("edges")))


def node_properties(doc: CanvasDoc) -> list[NodeProperties]:
    """The properties of the nodes that run, in canvas order (bodies after their loop or batch)."""
    return [_properties(node) for node in _connected(doc["nodes"], doc["edges"])]


@dataclass(frozen=True)
class SubWorkflowNode:
    """A SubWorkflow node anywhere on the canvas (loop and batch bodies included) and what it runs."""

    node_id: str
    calls: SubWorkflowCall


def sub_workflow_nodes(doc: CanvasDoc) -> list[SubWorkflowNode]:
    """The SubWorkflow nodes whose workflow is chosen and spelled as an id, in canvas order (the
    validator reports the others)."""
    found = []
    for node in all_nodes(doc):
        if node["type"] != SUB_WORKFLOW_TYPE:
            continue
        inputs = _inputs(node)
        try:
            workflow_id = _workflow_id(node, inputs.get("workflowId"))
        except InvalidArgument:
            continue
        version = inputs.get("workflowVersion")
        if workflow_id is not None:
            found.append(SubWorkflowNode(node["id"], SubWorkflowCall(workflow_id, version if isinstance(version, str)
                                                                     else "")))
    return found


def replace_sub_workflow_ids(doc: CanvasDoc, replace: Callable[[dict[str, Any], Any], Any]) -> CanvasDoc:
    """A copy of the canvas whose SubWorkflow nodes' `inputs.workflowId` is replace(node, value)."""
    copied = copy.deepcopy(doc)
    for node in all_nodes(copied):
        inputs = _inputs(node)
        if node["type"] == SUB_WORKFLOW_TYPE and inputs.get("workflowId") not in (None, ""):
            inputs["workflowId"] = replace(node, inputs["workflowId"])
    return copied
