"""stream_run's server-sent events, as Coze sends them: `Message` for each piece of answer (an
OutputEmitter's text, the Exit node's answer or output variables; a streaming one's answer in
several pieces as its LLM writes it, `node_is_finish` false until its last), then `Done`, `Interrupt` (a
question or input form waits for the user: `interrupt_data` {event_id, type, data}), or `Error`
when the run failed or was cancelled. SSE ids count from 0; `node_seq_id` counts each node's
messages from 0."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from atelier_proto import workflow_pb2 as wpb
from atelier_proto.enums import NodeType, WorkflowExeStatus
from atelier_workflow.domain.runs import RunEnd
from atelier_workflow.engine.model import Interrupt
from atelier_workflow.engine.observer import MessageEvent, NodeEvent

MESSAGE, ERROR, DONE, INTERRUPT = "Message", "Error", "Done", "Interrupt"
# Coze's display keys of the nodes that answer (entity.NodeMeta.DisplayKey).
DISPLAY_KEYS = {NodeType.Exit: "End", NodeType.OutputEmitter: "Message", NodeType.Entry: "Start"}
RUN_FAILED_CODE = 720701013  # Coze's errno for a workflow execution that failed


def interrupt_event_id(execute_id: int, number: int) -> str:
    """Coze's interrupt event id: "<execute_id>/<n>" (resuming names the run by it)."""
    return f"{execute_id}/{number}"


class StreamEvents:
    """A RunListener turning the run into SSE events on a queue (None marks the end)."""

    def __init__(self, execute_id: int) -> None:
        self.execute_id = execute_id
        self.queue: asyncio.Queue[wpb.WorkflowStreamEvent | None] = asyncio.Queue()
        self._seq = 0
        self._node_seq: dict[str, int] = {}
        self._titles: dict[str, tuple[str, NodeType]] = {}
        self._answered: set[str] = set()

    def _put(self, event: str, data: dict[str, Any]) -> None:
        self.queue.put_nowait(wpb.WorkflowStreamEvent(event=event, data=json.dumps(data, ensure_ascii=False),
                                                      id=str(self._seq)))
        self._seq += 1

    def _message(self, node_id: str, title: str, node_type: NodeType, content: str, last: bool = True) -> None:
        seq = self._node_seq.get(node_id, 0)
        self._node_seq[node_id] = seq + 1
        self._put(MESSAGE, {"node_seq_id": str(seq), "node_title": title, "content": content,
                            "content_type": "text", "node_is_finish": last,
                            "node_type": DISPLAY_KEYS.get(node_type, node_type.name), "node_id": node_id})

    def node_started(self, event: NodeEvent) -> None:
        self._titles[event.node_id] = (event.title, event.node_type)

    def message(self, event: MessageEvent) -> None:
        if event.scope is not None:
            return
        title, node_type = self._titles.get(event.node_id, (event.title, event.node_type or NodeType.OutputEmitter))
        self._answered.add(event.node_id)
        self._message(event.node_id, title, node_type, event.text, event.last)

    def node_finished(self, event: NodeEvent) -> None:
        self._titles[event.node_id] = (event.title, event.node_type)
        if event.node_type == NodeType.Exit and event.scope is None and event.node_id not in self._answered:
            self._message(event.node_id, event.title, event.node_type,
                          json.dumps(dict(event.outputs or {}), ensure_ascii=False, default=str))

    def end(self, end: RunEnd | None) -> None:
        if end is not None and end.status == WorkflowExeStatus.Success:
            self._put(DONE, {"debug_url": ""})
        elif end is not None and end.status == WorkflowExeStatus.Interrupted:
            recorded = (end.checkpoint or {}).get("interrupted") or {}
            for number, (node_id, record) in enumerate(recorded.items(), start=1):
                waiting = Interrupt.from_record(node_id, record)
                self._put(INTERRUPT, {"interrupt_data": {"event_id": interrupt_event_id(self.execute_id, number),
                                                         "type": int(waiting.type), "data": waiting.data},
                                      "node_title": waiting.node_title})
        elif end is None:
            self._put(ERROR, {"error_code": RUN_FAILED_CODE,
                              "error_message": "the run was taken over by another process"})
        else:
            self._put(ERROR, {"error_code": RUN_FAILED_CODE, "error_message": end.error_msg or "the run failed"})
        self.queue.put_nowait(None)
