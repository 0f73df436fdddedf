"""The gateway end to end against a real gRPC server and Postgres: transcoding, auth, space
isolation, error mapping, deadlines, SSE."""

from __future__ import annotations

import time

import grpc
import pytest

from atelier_common import errors

pytestmark = pytest.mark.timeout(60)


def _create(rig, name: str = "ds", **extra):  # type: ignore[no-untyped-def]
    return {"name": name, "space_id": str(rig.space_id), "format_type": 0, **extra}


async def test_unary_call_transcodes_and_forwards_context(rig) -> None:
    async with rig.client() as c:
        r = await c.post(
            "/api/knowledge/create",
            json=_create(rig, "hello"),
            headers={"traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"},
        )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body == {"code": 0, "msg": "", "dataset_id": str(rig.space_id * 1_000_000_000_000 + 5)}
    md = rig.knowledge.seen[-1]
    assert md["x-atelier-user-id"] == str(rig.user_id)
    assert str(rig.space_id) in md["x-atelier-space-ids"].split(",")
    assert str(rig.other_space_id) not in md["x-atelier-space-ids"].split(",")
    assert "0af7651916cd43dd8448eb211c80319c" in md.get("traceparent", "")


async def test_client_cannot_forge_context_headers(rig) -> None:
    async with rig.client() as c:
        r = await c.post(
            "/api/knowledge/create",
            json=_create(rig, "forge"),
            headers={"x-atelier-user-id": "999", "x-atelier-internal": "1"},
        )
    assert r.status_code == 200
    md = rig.knowledge.seen[-1]
    assert md["x-atelier-user-id"] == str(rig.user_id)
    assert "x-atelier-internal" not in md


@pytest.mark.parametrize("cls", errors.ERROR_CLASSES, ids=lambda c: c.__name__)
async def test_atelier_errors_map_to_http(rig, cls) -> None:
    async with rig.client() as c:
        r = await c.post("/api/knowledge/create", json=_create(rig, f"raise:{cls.__name__}"))
    assert r.status_code == cls.http_status
    assert r.json() == {"code": cls.http_status * 1000 + 7, "msg": f"{cls.__name__} says no"}


@pytest.mark.parametrize(
    "code",
    [c for c in grpc.StatusCode if c not in (grpc.StatusCode.OK,)],
    ids=lambda c: c.name,
)
async def test_plain_grpc_statuses_map_to_http(rig, code) -> None:
    async with rig.client() as c:
        r = await c.post("/api/knowledge/create", json=_create(rig, f"status:{code.name}"))
    assert r.status_code == errors.http_status_for(code)
    body = r.json()
    assert set(body) == {"code", "msg"} and body["code"] == r.status_code and body["msg"]
    if r.status_code in (500, 503, 504):  # server-side detail text (addresses, exceptions) never leaks
        assert "10.0.0.1" not in body["msg"]


async def test_unknown_route_is_json_404(rig) -> None:
    async with rig.client() as c:
        r = await c.post("/api/nope", json={})
    assert r.status_code == 404
    assert r.json()["code"] == 404 and "/api/nope" in r.json()["msg"]


async def test_wrong_method_is_json_405(rig) -> None:
    async with rig.client() as c:
        r = await c.get("/api/knowledge/create")
        both = await c.patch("/v1/datasets", json={})
    assert r.status_code == 405
    assert r.json()["code"] == 405
    assert both.status_code == 405 and {"GET", "POST"} <= {m.strip() for m in both.headers["allow"].split(",")}


@pytest.mark.parametrize(
    ("content", "field"),
    [
        (b'{"name": "x", "space_id": ', "JSON"),
        (b'["not", "an", "object"]', "JSON object"),
        (b'{"name": 5, "space_id": "1", "format_type": 0}', "name"),
        (b'{"name": "x", "space_id": "abc", "format_type": 0}', "space_id"),
        (b'{"name": "x", "format_type": 0}', "space_id"),
        (b'{"space_id": "1", "format_type": 0}', "name"),
        (b'{"name": "x", "space_id": "1", "format_type": 77}', "format_type"),
    ],
)
async def test_bad_input_is_400_naming_the_field(rig, content: bytes, field: str) -> None:
    async with rig.client() as c:
        r = await c.post("/api/knowledge/create", content=content, headers={"content-type": "application/json"})
    assert r.status_code == 400, r.text
    assert r.json()["code"] == 400 and field in r.json()["msg"]


@pytest.mark.parametrize("token", [None, "pat_not-a-real-token", "garbage"])
async def test_missing_or_invalid_token_is_401(rig, token) -> None:
    async with rig.client(token=token) as c:
        r = await c.post("/api/knowledge/create", json=_create(rig))
    assert r.status_code == 401
    assert r.json()["code"] == 401


async def test_other_space_is_403_before_the_service(rig) -> None:
    before = len(rig.knowledge.seen)
    async with rig.client() as c:
        r = await c.post("/api/knowledge/create", json={**_create(rig), "space_id": str(rig.other_space_id)})
    assert r.status_code == 403
    assert r.json()["code"] == 403
    assert len(rig.knowledge.seen) == before
    async with rig.client(token=rig.other_token) as c:  # the owner of that space gets through
        r = await c.post("/api/knowledge/create", json={**_create(rig), "space_id": str(rig.other_space_id)})
    assert r.status_code == 200


async def test_space_check_reads_the_api_space_fields(rig) -> None:
    """/v1/bots carries its space as workspace_id (api.space): checked at the edge like space_id."""
    async with rig.client() as c:
        foreign = await c.get("/v1/bots", params={"workspace_id": str(rig.other_space_id)})
        own = await c.get("/v1/bots", params={"workspace_id": str(rig.space_id)})
    assert foreign.status_code == 403 and foreign.json()["msg"] == f"space {rig.other_space_id} is not yours"
    assert own.status_code == 501  # past the edge: this rig serves no agent RPCs


async def test_body_over_limit_is_413(rig) -> None:
    async with rig.client() as c:
        r = await c.post("/api/knowledge/create", json=_create(rig, "x" * 5000))
    assert r.status_code == 413
    assert r.json()["code"] == 413

    async def chunks():  # no Content-Length: counted while reading
        for _ in range(10):
            yield b" " * 1000

    async with rig.client() as c:
        r = await c.post("/api/knowledge/create", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


async def test_unimplemented_rpc_is_501(rig) -> None:
    async with rig.client() as c:
        r = await c.post("/api/knowledge/detail", json={"dataset_ids": ["1"], "space_id": str(rig.space_id)})
    assert r.status_code == 501
    assert r.json()["code"] == 501 and r.json()["msg"]


async def test_service_down_is_503(rig) -> None:
    app = rig.app(settings={"knowledge_addr": f"127.0.0.1:{rig.down_port}"})
    async with rig.client(app) as c:
        r = await c.post("/api/knowledge/create", json=_create(rig))
    assert r.status_code == 503, r.text
    assert r.json() == {"code": 503, "msg": errors.Unavailable.default_msg}


async def test_deadline_is_504(rig) -> None:
    app = rig.app(settings={"grpc_deadline_s": 0.2})
    async with rig.client(app) as c:
        r = await c.post("/api/knowledge/create", json=_create(rig, "slow"))
    assert r.status_code == 504
    assert r.json() == {"code": 504, "msg": errors.DeadlineExceeded.default_msg}


def _events(text: str) -> list[tuple[str, str]]:
    out = []
    for frame in text.strip().split("\n\n"):
        event, data = "message", []
        for line in frame.split("\n"):
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: "):
                data.append(line[6:])
        out.append((event, "\n".join(data)))
    return out


async def test_sse_stream_headers_and_order(rig) -> None:
    body = {"bot_id": "1", "conversation_id": "2", "query": "hi"}
    async with rig.client() as c:
        r = await c.post("/api/conversation/chat", json=body)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/event-stream")
    assert r.headers["x-accel-buffering"] == "no"
    assert r.headers["cache-control"] == "no-cache"
    assert _events(r.text) == [
        ("message", '{"n": 1, "query": "hi"}'),
        ("message", "line one\nline two"),
        ("done", ""),
    ]


async def test_sse_error_mid_stream_is_error_event(rig) -> None:
    body = {"bot_id": "1", "conversation_id": "2", "query": "fail"}
    async with rig.client() as c:
        r = await c.post("/api/conversation/chat", json=body)
    assert r.status_code == 200
    events = _events(r.text)
    assert [e for e, _ in events] == ["message", "message", "error"]
    assert events[-1][1] == '{"code": 404, "msg": "conversation vanished"}'


async def test_sse_frames_follow_the_api_sse_fields(rig) -> None:
    """WorkflowStreamEvent declares event, data and id (api.sse): a set id is the frame's id line."""
    async with rig.client() as c:
        r = await c.post("/v1/workflow/stream_run", json={"workflow_id": "5"})
    assert r.status_code == 200, r.text
    assert r.text == 'id: 0\nevent: Message\ndata: {"content": "hi"}\n\nevent: Done\ndata: {}\n\n'


async def test_chat_v3_streams_or_answers_the_services_one_event(rig) -> None:
    base = {"bot_id": "11", "user_id": "u1", "additional_messages": [{"role": "user", "content": "hi"}]}
    async with rig.client() as c:
        streamed = await c.post("/v3/chat", json={**base, "stream": True})
        started = time.monotonic()
        single = await c.post("/v3/chat", json=base)
        answered_in = time.monotonic() - started
        failed = await c.post("/v3/chat", json={**base, "user_id": "broken"})
    assert streamed.headers["content-type"].startswith("text/event-stream")
    assert [e for e, _ in _events(streamed.text)] == [
        "conversation.chat.created",
        "conversation.message.delta",
        "conversation.chat.completed",
        "done",
    ]
    assert single.status_code == 200, single.text
    assert single.json() == {
        "code": 0,
        "msg": "",
        "data": {"id": "7", "conversation_id": "8", "bot_id": "11", "status": "in_progress"},
    }
    assert answered_in < 1.5  # the first event is the answer: the gateway does not wait for the stream's end
    assert failed.status_code == 500 and failed.json() == {"code": 4029, "msg": "quota used up"}


async def test_healthz(rig) -> None:
    async with rig.client(token=None) as c:
        r = await c.get("/healthz")
    assert r.status_code == 200 and r.json()["code"] == 0


async def test_readyz_green_and_names_the_down_service(rig) -> None:
    async with rig.client(rig.app(downstream=["knowledge", "conversation"]), token=None) as c:
        r = await c.get("/readyz")
    assert r.status_code == 200, r.text
    assert r.json() == {"code": 0, "msg": "", "components": {"postgres": "ok", "redis": "ok", "knowledge": "ok",
                                                             "conversation": "ok"}}
    async with rig.client(rig.app(downstream=["knowledge", "plugin"]), token=None) as c:
        r = await c.get("/readyz")
    assert r.status_code == 503
    body = r.json()
    assert body["code"] == 503 and "plugin" in body["msg"]
    assert body["components"]["knowledge"] == "ok" and body["components"]["plugin"] != "ok"
