"""Tool calls go through the SSRF guard: the stack allow-lists 127.0.0.1 for the test servers, and
nothing else that is not public is reached, directly or by a redirect from an allowed server."""

from __future__ import annotations

import pytest

from atelier_devstack.tool_servers import ToolServer


@pytest.fixture
def intranet_server():  # noqa: ANN201 - a ToolServer on a loopback address the stack does not allow
    with ToolServer(host="127.0.0.2") as server:
        yield server


async def test_a_plugin_aimed_at_a_loopback_address_is_refused(register, weather_api, runtime,
                                                               intranet_server: ToolServer) -> None:
    plugin_id, tools = await register(weather_api(intranet_server.url()))
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"})
    assert answer.outcome == "failed"
    assert "resolves to 127.0.0.2, a loopback address; allow it with ATELIER_OUTBOUND_ALLOWLIST=127.0.0.2" in \
        answer.error and answer.result_for_model.startswith("The tool call failed:")
    assert intranet_server.requests == []


@pytest.mark.parametrize(("target", "reason"), [
    ("http://127.0.0.2:{port}/weather", "127.0.0.2, a loopback address"),
    ("http://[::ffff:127.0.0.2]:{port}/weather", "a loopback address (127.0.0.2 inside an IPv6 address)"),
    ("http://169.254.169.254/latest/meta-data/", "169.254.169.254, a cloud metadata address"),
    ("http://10.0.0.7/admin", "10.0.0.7, a private address"),
])
async def test_a_redirect_from_an_allowed_server_to_a_refused_address_is_not_followed(
        register, weather_api, runtime, tool_server: ToolServer, intranet_server: ToolServer, target: str,
        reason: str) -> None:
    location = target.format(port=intranet_server.port)
    tool_server.respond("GET", "/weather/Oslo", None, status=302, headers={"Location": location})
    plugin_id, tools = await register(weather_api(tool_server.url()))
    answer = await runtime.invoke(plugin_id, tools["get_weather"], {"city": "Oslo"})
    assert answer.outcome == "failed" and f"redirects to {location}, which resolves to" in answer.error
    assert reason in answer.error
    assert len(tool_server.requests) == 1 and intranet_server.requests == []
