"""Workflow runs through the gateway: a sync run of the published version, a streamed run
(Coze's SSE events), a console test run executed by a workflow worker and polled with
get_process, run history, cancelling a run; and what is refused, naming the problem."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import asyncpg

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.canvas_builders import chain, concat, entry, exit_, node, out, param, ref

START_ID, END_ID = "100001", "900001"
RUNNING, SUCCESS, FAIL, CANCEL, INTERRUPTED = 1, 2, 3, 4, 5  # WorkflowExeStatus
NODE_RUNNING, NODE_SUCCESS = 2, 3  # NodeExeStatus


async def _published(workflows, doc: dict[str, Any]) -> str:
    workflow_id = await workflows.create()
    await workflows.save(workflow_id, doc)
    await workflows.publish(workflow_id, force=True)
    return workflow_id


async def process(workflows, workflow_id: str, execute_id: str) -> dict[str, Any]:
    return (await workflows.client.call("/api/workflow_api/get_process", {
        "workflow_id": workflow_id, "space_id": workflows.space_id, "execute_id": execute_id}, method="GET"))["data"]


async def wait_status(workflows, workflow_id: str, execute_id: str, *statuses: int,
                      timeout_s: float = 20.0) -> dict[str, Any]:
    deadline = asyncio.get_running_loop().time() + timeout_s
    while True:
        found = await process(workflows, workflow_id, execute_id)
        if found["executeStatus"] in statuses:
            return found
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"run {execute_id} still {found['executeStatus']} after {timeout_s}s: {found}")
        await asyncio.sleep(0.1)


async def test_a_sync_run_answers_with_the_published_versions_output(run_canvases, workflows, client: AtelierClient) -> None:
    workflow_id = await _published(workflows, run_canvases.chain(3))
    await workflows.save(workflow_id, run_canvases.chain(1))  # the draft moved on: the published version runs

    reply = await client.call("/v1/workflow/run", {"workflow_id": workflow_id,
                                                   "parameters": json.dumps({"text": "hi"})})
    assert json.loads(reply["data"]) == {"result": run_canvases.expected("hi", 3)}
    execute_id = reply["execute_id"]
    as_object = await client.call("/v1/workflow/run", {"workflow_id": workflow_id, "parameters": {"text": "ho"}})
    assert json.loads(as_object["data"]) == {"result": run_canvases.expected("ho", 3)}

    # its history, by query and by path, and its node-by-node progress
    history = (await client.call("/v1/workflow/get_run_history", {"workflow_id": workflow_id,
                                                                  "execute_id": execute_id}, method="GET"))["data"]
    assert [(h["execute_id"], h["execute_status"], h["run_mode"]) for h in history] == [(execute_id, "Success", 0)]
    assert json.loads(history[0]["output"]) == {"result": run_canvases.expected("hi", 3)}
    assert json.loads(history[0]["input"]) == {"text": "hi"}
    by_path = (await client.call(f"/v1/workflows/{workflow_id}/run_histories/{execute_id}", method="GET"))["data"]
    assert by_path == history
    shown = await process(workflows, workflow_id, execute_id)
    assert shown["executeStatus"] == SUCCESS and shown["rate"] == "1.00"
    nodes = {n["nodeId"]: n for n in shown["nodeResults"]}
    assert set(nodes) == {START_ID, "200001", "200002", "200003", END_ID}
    assert all(n["nodeStatus"] == NODE_SUCCESS for n in nodes.values())
    assert json.loads(nodes["200002"]["output"]) == {"output": "hi<1><2>"}
    assert json.loads(nodes["200002"]["input"]) == {"before": "hi<1>"}
    assert nodes["200002"]["NodeName"] == "Step 2" and nodes["200002"]["NodeType"] == "15"


async def test_what_a_run_refuses(run_canvases, workflows, client: AtelierClient) -> None:
    unpublished = await workflows.create()
    await workflows.save(unpublished, run_canvases.chain(1))
    await expect_error(client.call("/v1/workflow/run", {"workflow_id": unpublished, "parameters": "{}"}),
                       409, "not published")
    published = await _published(workflows, run_canvases.chain(1))
    await expect_error(client.call("/v1/workflow/run", {"workflow_id": published, "parameters": "{text"}),
                       400, "parameters")
    await expect_error(client.call("/v1/workflow/run", {"workflow_id": published, "parameters": "[1]"}),
                       400, "parameters", "object")
    # a required start input left out: the run fails, naming it
    await expect_error(client.call("/v1/workflow/run", {"workflow_id": published, "parameters": "{}"}),
                       422, "text", "required")
    await expect_error(client.call("/v1/workflow/run", {"workflow_id": published, "version": "v9.9.9"}),
                       404, "v9.9.9")


def _sse(text: str) -> list[dict[str, Any]]:
    events = []
    for block in text.strip().split("\n\n"):
        fields: dict[str, Any] = {}
        for line in block.splitlines():
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
        events.append({"event": fields.get("event"), "id": fields.get("id"), "data": json.loads(fields["data"])})
    return events


async def _stream(client: AtelierClient, body: dict[str, Any]) -> list[dict[str, Any]]:
    reply = await client.raw("POST", "/v1/workflow/stream_run", json=body)
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("text/event-stream"), reply.text
    return _sse(reply.text)


async def test_a_streamed_run_sends_cozes_events(run_canvases, workflows, client: AtelierClient) -> None:
    workflow_id = await _published(workflows, run_canvases.chain(2, answer=True))
    events = await _stream(client, {"workflow_id": workflow_id, "parameters": json.dumps({"text": "go"})})
    assert [(e["event"], e["id"]) for e in events] == [("Message", "0"), ("Done", "1")]
    message = events[0]["data"]
    assert message["content"] == "done: " + run_canvases.expected("go", 2)
    assert (message["node_id"], message["node_type"], message["node_title"], message["node_seq_id"],
            message["node_is_finish"], message["content_type"]) == (END_ID, "End", "End", "0", True, "text")

    # a run returning variables streams them as the End node's message; a failed run ends in Error
    variables = await _published(workflows, run_canvases.chain(1))
    events = await _stream(client, {"workflow_id": variables, "parameters": json.dumps({"text": "x"})})
    assert [e["event"] for e in events] == ["Message", "Done"]
    assert json.loads(events[0]["data"]["content"]) == {"result": "x<1>"}
    events = await _stream(client, {"workflow_id": variables, "parameters": "{}"})
    assert [(e["event"], e["id"]) for e in events] == [("Error", "0")]
    assert "text" in events[0]["data"]["error_message"] and events[0]["data"]["error_code"]


async def test_a_test_run_is_executed_by_a_worker_and_polled(run_canvases, workflows, client: AtelierClient,
                                                              workflow_db: asyncpg.Pool) -> None:
    workflow_id = await workflows.create()
    await workflows.save(workflow_id, run_canvases.chain(4))  # the draft runs: nothing is published
    started = (await workflows.call("test_run", workflow_id=workflow_id, input={"text": "draft"}))["data"]
    execute_id = started["execute_id"]
    assert started["workflow_id"] == workflow_id
    done = await wait_status(workflows, workflow_id, execute_id, SUCCESS, FAIL)
    assert done["executeStatus"] == SUCCESS, done
    nodes = {n["nodeId"]: n for n in done["nodeResults"]}
    assert len(nodes) == 6 and all(n["nodeStatus"] == NODE_SUCCESS for n in nodes.values())
    assert json.loads(nodes[END_ID]["output"]) == {"result": run_canvases.expected("draft", 4)}
    # the latest run is what get_process shows without an execute_id
    latest = (await workflows.client.call("/api/workflow_api/get_process", {
        "workflow_id": workflow_id, "space_id": workflows.space_id}, method="GET"))["data"]
    assert latest["executeId"] == execute_id
    row = await workflow_db.fetchrow("SELECT status, lease_owner, attempts, mode, checkpoint"
                                     " FROM workflow.workflow_executions WHERE id = $1", int(execute_id))
    assert (row["status"], row["lease_owner"], row["attempts"], row["mode"]) == (SUCCESS, None, 1, 3)
    assert len(json.loads(row["checkpoint"])["completed"]) == 6


SLOW_CODE = """
import asyncio

async def main(args):
    await asyncio.sleep(20)
    return {"output": "late"}
"""


async def test_a_running_run_is_cancelled(run_canvases, workflows, client: AtelierClient) -> None:
    workflow_id = await workflows.create()
    await workflows.save(workflow_id, run_canvases.with_code(run_canvases.chain(1), START_ID, SLOW_CODE))
    execute_id = (await workflows.call("test_run", workflow_id=workflow_id, input={"text": "t"}))["data"]["execute_id"]
    deadline = asyncio.get_running_loop().time() + 20
    while True:  # the slow node is running
        shown = await process(workflows, workflow_id, execute_id)
        if any(n["nodeId"] == "300001" and n["nodeStatus"] == NODE_RUNNING for n in shown["nodeResults"]):
            break
        assert asyncio.get_running_loop().time() < deadline, shown
        await asyncio.sleep(0.1)
    await workflows.call("cancel", execute_id=execute_id, workflow_id=workflow_id)
    ended = await wait_status(workflows, workflow_id, execute_id, CANCEL, SUCCESS, FAIL, timeout_s=10)
    assert ended["executeStatus"] == CANCEL and "cancel" in ended["reason"]
    assert all(n["nodeId"] != "200001" for n in ended["nodeResults"])  # nothing ran after it
    await expect_error(workflows.call("cancel", execute_id=execute_id), 409, "not running")
    await expect_error(workflows.call("cancel", execute_id="12345"), 404, "12345")


async def test_runs_of_another_space_are_not_found(run_canvases, workflows, other, client: AtelierClient) -> None:
    workflow_id = await _published(workflows, run_canvases.chain(1))
    reply = await client.call("/v1/workflow/run", {"workflow_id": workflow_id, "parameters": '{"text": "a"}'})
    await expect_error(other.client.call("/v1/workflow/run", {"workflow_id": workflow_id, "parameters": "{}"}),
                       404, workflow_id)
    await expect_error(other.client.call(f"/v1/workflows/{workflow_id}/run_histories/{reply['execute_id']}",
                                         method="GET"), 404)


async def _interrupted_after_first_step(workflows, run_canvases, db: asyncpg.Pool, length: int) -> tuple[str, str]:
    """A finished test run put back as interrupted right after Step 1, whose stored output is
    "resumed<1>": what the resumed run produces shows it carried on from that checkpoint."""
    workflow_id = await workflows.create()
    await workflows.save(workflow_id, run_canvases.chain(length))
    execute_id = (await workflows.call("test_run", workflow_id=workflow_id, input={"text": "t"}))["data"]["execute_id"]
    await wait_status(workflows, workflow_id, execute_id, SUCCESS)
    checkpoint = {"completed": {START_ID: None, "200001": None},
                  "outputs": {START_ID: {"text": "t"}, "200001": {"output": "resumed<1>"}}}
    await db.execute("UPDATE workflow.workflow_executions SET status = 5, output = NULL, finished_at = NULL,"
                     " checkpoint = $2::jsonb WHERE id = $1", int(execute_id), json.dumps(checkpoint))
    return workflow_id, execute_id


async def test_an_interrupted_run_resumes_from_its_checkpoint(run_canvases, workflows, client: AtelierClient,
                                                              workflow_db: asyncpg.Pool) -> None:
    # test_resume: a worker carries the run on from the checkpoint
    workflow_id, execute_id = await _interrupted_after_first_step(workflows, run_canvases, workflow_db, 3)
    await workflows.call("test_resume", workflow_id=workflow_id, execute_id=execute_id,
                         event_id=f"{execute_id}/1", data="yes")
    done = await wait_status(workflows, workflow_id, execute_id, SUCCESS, FAIL)
    nodes = {n["nodeId"]: n for n in done["nodeResults"]}
    assert json.loads(nodes[END_ID]["output"]) == {"result": "resumed<1><2><3>"}
    await expect_error(workflows.call("test_resume", workflow_id=workflow_id, execute_id=execute_id,
                                      event_id=f"{execute_id}/1", data="again"), 409, "not waiting")

    # stream_resume: the run carries on in the caller's request, streamed
    workflow_id, execute_id = await _interrupted_after_first_step(workflows, run_canvases, workflow_db, 2)
    reply = await client.raw("POST", "/v1/workflow/stream_resume", json={
        "workflow_id": workflow_id, "event_id": f"{execute_id}/1", "interrupt_type": 2, "resume_data": "yes"})
    events = _sse(reply.text)
    assert [e["event"] for e in events] == ["Message", "Done"]
    assert json.loads(events[0]["data"]["content"]) == {"result": "resumed<1><2>"}
    await expect_error(client.call("/v1/workflow/stream_resume", {
        "workflow_id": workflow_id, "event_id": "nope", "interrupt_type": 2, "resume_data": "x"}), 400, "event_id")


def _question_canvas() -> dict[str, Any]:
    """Start(name) -> QuestionAnswer "Hi {{name}}, which city?" -> reply text -> End(reply)."""
    return {"nodes": [
        entry(out("name")),
        node("qa", 18, {"inputParameters": [param("name", ref(START_ID, "name"))],
                        "question": "Hi {{name}}, which city?", "answer_type": "text"},
             [out("USER_RESPONSE")], title="Ask"),
        concat("reply", "{{name}} lives in {{city}}", param("name", ref(START_ID, "name")),
               param("city", ref("qa", "USER_RESPONSE"))),
        exit_(param("reply", ref("reply", "output")))], "edges": chain(START_ID, "qa", "reply", END_ID)}


async def test_a_question_interrupts_the_run_and_the_answer_finishes_it(workflows, client: AtelierClient) -> None:
    # console: the test run stops at the question, get_process shows it, test_resume answers it
    workflow_id = await workflows.create()
    await workflows.save(workflow_id, _question_canvas())
    execute_id = (await workflows.call("test_run", workflow_id=workflow_id, input={"name": "Ada"}))["data"]["execute_id"]
    waiting = await wait_status(workflows, workflow_id, execute_id, INTERRUPTED, FAIL)
    assert waiting["executeStatus"] == INTERRUPTED, waiting
    [event] = waiting["nodeEvents"]
    assert (event["id"], event["node_id"], event["type"], event["node_title"]) == (f"{execute_id}/1", "qa", 2, "Ask")
    assert json.loads(event["data"])["messages"][0]["content"] == "Hi Ada, which city?"
    await workflows.call("test_resume", workflow_id=workflow_id, execute_id=execute_id, event_id=event["id"],
                         data="Paris")
    done = await wait_status(workflows, workflow_id, execute_id, SUCCESS, FAIL)
    nodes = {n["nodeId"]: n for n in done["nodeResults"]}
    assert json.loads(nodes[END_ID]["output"]) == {"reply": "Ada lives in Paris"} and not done["nodeEvents"]

    # OpenAPI: stream_run ends in an Interrupt event, stream_resume with its event id finishes the run
    await workflows.publish(workflow_id, force=True)
    events = await _stream(client, {"workflow_id": workflow_id, "parameters": {"name": "Bo"}})
    assert [e["event"] for e in events] == ["Interrupt"]
    interrupt = events[0]["data"]
    assert interrupt["node_title"] == "Ask" and interrupt["interrupt_data"]["type"] == 2
    reply = await client.raw("POST", "/v1/workflow/stream_resume", json={
        "workflow_id": workflow_id, "event_id": interrupt["interrupt_data"]["event_id"], "interrupt_type": 2,
        "resume_data": "Lima"})
    events = _sse(reply.text)
    assert [e["event"] for e in events] == ["Message", "Done"]
    assert json.loads(events[0]["data"]["content"]) == {"reply": "Bo lives in Lima"}
