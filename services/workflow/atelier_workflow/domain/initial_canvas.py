"""The canvas a new workflow starts with: a start node and an end node, as Coze Studio's editor
expects to find them (ids "100001" and "900001"). A workflow takes one text input and returns
variables; a chatflow takes the user's message and the conversation's name and answers with text."""

from __future__ import annotations

from typing import Any

from atelier_proto.enums import WorkflowMode
from atelier_workflow.domain.canvas_check import CanvasDoc
from atelier_workflow.domain.canvas_facts import ANSWER_END, END_NODE_ID, END_NODE_TYPE, START_NODE_ID, START_NODE_TYPE

DEFAULT_CONVERSATION = "Default"
_END_X = 1000


def _empty_ref(name: str) -> dict[str, Any]:
    return {"name": name, "input": {"type": "string", "value": {"type": "ref", "content": {
        "source": "block-output", "blockID": "", "name": ""}}}}


def _start(outputs: list[dict[str, Any]]) -> dict[str, Any]:
    return {"id": START_NODE_ID, "type": START_NODE_TYPE, "meta": {"position": {"x": 0, "y": 0}},
            "data": {"nodeMeta": {"title": "Start", "description": "What a run of the workflow is given."},
                     "outputs": outputs, "trigger_parameters": outputs}}


def _end(terminate_plan: str) -> dict[str, Any]:
    inputs: dict[str, Any] = {"terminatePlan": terminate_plan, "inputParameters": [_empty_ref("output")]}
    if terminate_plan == ANSWER_END:
        inputs["streamingOutput"] = True
    return {"id": END_NODE_ID, "type": END_NODE_TYPE, "meta": {"position": {"x": _END_X, "y": 0}},
            "data": {"nodeMeta": {"title": "End", "description": "What a run of the workflow returns."},
                     "inputs": inputs}}


def initial_canvas(mode: WorkflowMode) -> CanvasDoc:
    if mode == WorkflowMode.ChatFlow:
        nodes = [_start([{"type": "string", "name": "USER_INPUT", "required": True},
                         {"type": "string", "name": "CONVERSATION_NAME", "required": False,
                          "description": "The conversation the run reads history from and writes messages to.",
                          "defaultValue": DEFAULT_CONVERSATION}]),
                 _end(ANSWER_END)]
    else:
        nodes = [_start([{"type": "string", "name": "input", "required": False}]), _end("returnVariables")]
    return {"nodes": nodes, "edges": [], "versions": {"loop": "v2"}}
