"""Through a real uvicorn server: a client leaving an SSE stream cancels the gRPC call."""

from __future__ import annotations

import asyncio
import contextlib

import httpx
import pytest
import uvicorn

from atelier_devstack.ports import free_port

pytestmark = pytest.mark.timeout(60)


@contextlib.asynccontextmanager
async def _serving(app):  # type: ignore[no-untyped-def]
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_config=None, lifespan="off"))
    server.capture_signals = contextlib.nullcontext  # type: ignore[method-assign]  # the test runner owns signals
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.02)
        if task.done():
            task.result()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task


async def test_client_disconnect_cancels_the_stream(rig) -> None:
    rig.conversation.cancelled.clear()
    async with _serving(rig.app()) as url, httpx.AsyncClient(base_url=url, timeout=10) as c:
        body = {"bot_id": "1", "conversation_id": "2", "query": "endless"}
        headers = {"Authorization": f"Bearer {rig.token}"}
        async with c.stream("POST", "/api/conversation/chat", json=body, headers=headers) as r:
            assert r.status_code == 200
            assert r.headers["x-accel-buffering"] == "no"
            seen = 0
            async for line in r.aiter_lines():
                if line == "data: tick":
                    seen += 1
                    if seen == 3:
                        break
        # the response is closed here: the server must notice and cancel the gRPC stream
        await asyncio.wait_for(rig.conversation.cancelled.wait(), 5)
