"""A chatflow's USER_INPUT from a multimodal message (object_string), as Coze forms it: the texts,
then each attachment's URL (an uploaded file's signed URL, which opens the file; a file_url as
sent), joined by ","."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from cozepy import ChatEventType, Coze, CozeAPIError, Message, MessageObjectString, SyncHTTPClient, TokenAuth

from atelier_devstack.canvas_builders import ENTRY_ID, EXIT_ID, chain, entry, exit_, out, param, ref
from atelier_devstack.pytest_plugin import run_sync
from atelier_devstack.stack_fixtures import KnowledgeStack, new_user

pytestmark = [pytest.mark.timeout(120)]

CHATFLOW_MODE = 3
ECHO = {"nodes": [entry(out("USER_INPUT", required=True)),
                  exit_(param("said", ref(ENTRY_ID, "USER_INPUT")), text="{{said}}")],
        "edges": chain(ENTRY_ID, EXIT_ID)}


@pytest.fixture
def coze(chatflow_stack: KnowledgeStack) -> Iterator[Coze]:
    http = SyncHTTPClient(trust_env=False)
    yield Coze(auth=TokenAuth(chatflow_stack.token), base_url=chatflow_stack.gateway_url, http_client=http)
    http.close()


def published_chatflow(stack: KnowledgeStack, doc: dict[str, Any]) -> str:
    with httpx.Client(base_url=stack.gateway_url, trust_env=False, timeout=30,
                      headers={"Authorization": f"Bearer {stack.token}"}) as console:
        def api(route: str, **body: Any) -> dict[str, Any]:
            reply = console.post(f"/api/workflow_api/{route}", json={"space_id": stack.space_id, **body})
            assert reply.status_code == 200, reply.text
            return reply.json()["data"]

        workflow_id = api("create", name=f"echo_{uuid.uuid4().hex[:8]}", desc="echoes USER_INPUT",
                          flow_mode=CHATFLOW_MODE)["workflow_id"]
        commit = api("canvas", workflow_id=workflow_id)["vcs_data"]["submit_commit_id"]
        api("save", workflow_id=workflow_id, schema=json.dumps(doc), submit_commit_id=commit)
        api("publish", workflow_id=workflow_id, force=True)
    return workflow_id


def answer_to(coze: Coze, workflow_id: str, message: Message) -> str:
    events = list(coze.workflows.chat.stream(workflow_id=workflow_id, additional_messages=[message]))
    assert any(e.event == ChatEventType.CONVERSATION_CHAT_COMPLETED for e in events), [e.event for e in events]
    return [e.message.content for e in events
            if e.event == ChatEventType.CONVERSATION_MESSAGE_COMPLETED and e.message.type == "answer"][-1]


def test_user_input_carries_the_texts_then_the_attachments_urls(chatflow_stack, coze, tmp_path: Path) -> None:
    workflow_id = published_chatflow(chatflow_stack, ECHO)
    report = tmp_path / "report.txt"
    report.write_bytes(b"quarterly numbers: up 4%")
    file_id = coze.files.upload(file=report).id
    picture = "https://images.example.com/cat.png"

    said = answer_to(coze, workflow_id, Message.build_user_question_objects([
        MessageObjectString.build_text("what do these say?"), MessageObjectString.build_file(file_id=file_id),
        MessageObjectString.build_text("and this one"), MessageObjectString.build_image(file_url=picture)]))
    first, second, file_url, image_url = said.split(",")
    assert (first, second, image_url) == ("what do these say?", "and this one", picture)
    with httpx.Client(base_url=chatflow_stack.gateway_url, trust_env=False, timeout=30) as anyone:
        opened = anyone.get(file_url)  # a signed URL: it opens without the caller's token
    assert opened.status_code == 200 and opened.content == b"quarterly numbers: up 4%"

    # plain text stays as it is
    assert answer_to(coze, workflow_id, Message.build_user_question_text("a, b and c")) == "a, b and c"


def test_another_users_file_is_not_found(chatflow_stack, coze, tmp_path: Path) -> None:
    workflow_id = published_chatflow(chatflow_stack, ECHO)
    token, _ = run_sync(new_user(chatflow_stack.env["ATELIER_DATABASE_URL"]))
    secret = tmp_path / "theirs.txt"
    secret.write_bytes(b"not yours")
    http = SyncHTTPClient(trust_env=False)
    try:
        theirs = Coze(auth=TokenAuth(token), base_url=chatflow_stack.gateway_url, http_client=http).files.upload(
            file=secret).id
    finally:
        http.close()
    with pytest.raises(CozeAPIError) as refused:
        answer_to(coze, workflow_id, Message.build_user_question_objects([
            MessageObjectString.build_text("read this"), MessageObjectString.build_file(file_id=theirs)]))
    assert refused.value.code == 404 and f"file {theirs} not found" in refused.value.msg
