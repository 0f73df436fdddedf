"""Every response carries the request's trace id in x-tt-logid (cozepy's log id), so a user can
report any failure with it."""

from __future__ import annotations

import re

import httpx
import pytest

from atelier_common.telemetry import setup_telemetry

pytestmark = pytest.mark.timeout(60)

CLIENT_TRACE = "0af7651916cd43dd8448eb211c80319c"
TRACEPARENT = f"00-{CLIENT_TRACE}-b7ad6b7169203331-01"


@pytest.fixture(autouse=True)
def _telemetry() -> None:
    setup_telemetry("gateway-tests")  # as `python -m atelier_gateway` does


def _create(rig, name: str) -> dict:
    return {"name": name, "space_id": str(rig.space_id), "format_type": 0}


async def test_log_id_is_the_trace_id_services_see(rig) -> None:
    async with rig.client() as c:
        r = await c.post("/api/knowledge/create", json=_create(rig, "traced"))
    log_id = r.headers["x-tt-logid"]
    assert r.status_code == 200 and re.fullmatch(r"[0-9a-f]{32}", log_id)
    assert log_id in rig.knowledge.seen[-1]["traceparent"]  # the same trace reached the service
    async with rig.client() as c:
        again = await c.post("/api/knowledge/create", json=_create(rig, "traced"))
    assert again.headers["x-tt-logid"] != log_id  # one per request


async def test_a_client_trace_is_continued(rig) -> None:
    async with rig.client() as c:
        r = await c.post("/api/knowledge/create", json=_create(rig, "joined"), headers={"traceparent": TRACEPARENT})
    assert r.headers["x-tt-logid"] == CLIENT_TRACE


async def test_errors_carry_the_log_id_too(rig) -> None:
    async with rig.client(token=None) as anonymous:
        unauthenticated = await anonymous.post("/api/knowledge/create", json=_create(rig, "x"))
        unknown = await anonymous.get("/api/no/such/route")
    async with rig.client() as c:
        service_error = await c.post("/api/knowledge/create", json=_create(rig, "raise:NotFound"))
        sse = await c.post("/api/conversation/chat", json={"query": "hi", "bot_id": "1", "conversation_id": "2"})
    # an unexpected failure (Starlette re-raises it to the server after answering 500)
    transport = httpx.ASGITransport(app=rig.app(openapi=object()), raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://gw") as broken:
        crash = await broken.get("/openapi.json")
    for r, status in ((unauthenticated, 401), (unknown, 404), (service_error, 404), (sse, 200), (crash, 500)):
        assert r.status_code == status, r.text
        assert re.fullmatch(r"[0-9a-f]{32}", r.headers.get("x-tt-logid", "")), (status, r.headers)
    assert crash.json() == {"code": 500, "msg": "internal error"}
