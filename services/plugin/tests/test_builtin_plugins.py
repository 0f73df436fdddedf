"""Built-in plugins in a running plugin service: in every space without registration, listed for
binding (marked official), described to the console, refused any change, resolved for agents and
run in-process by InvokeTool with the outcomes of other plugins. The HTTP request tool and the web
reader reach a local ToolServer through the SSRF guard (the stack allow-lists 127.0.0.1 only)."""

from __future__ import annotations

import datetime as dt
import json
import zoneinfo

import asyncpg
import pytest

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.tool_servers import ToolServer
from atelier_plugin.domain.builtin import catalog
from atelier_proto import plugin_pb2 as ppb

HTTP, READER, CALCULATOR, CLOCK = 1, 2, 3, 4
HTTP_REQUEST, READ_WEB_PAGE, CALCULATE, CURRENT_TIME, ADD_TO_DATE, DATE_DIFFERENCE = 1001, 2001, 3001, 4001, 4002, 4003

ARTICLE = """<!doctype html><html><head><title>Tea harvests in 2024</title></head><body>
<nav><a href="/">Home</a> | <a href="/shop">Shop</a></nav>
<article><h1>Tea harvests</h1>
<p>The first flush of Darjeeling arrived early this year, after a warm and dry spring in the hills.</p>
<p>Growers in Assam reported a larger second flush than in any of the previous five seasons,
and prices at the Kolkata auctions rose for the third year running.</p>
</article>
<footer>Copyright 2024 Example Tea Company. All rights reserved.</footer></body></html>"""


async def playground(client: AtelierClient, **fields) -> dict:
    return (await client.call("/api/plugin_api/get_playground_plugin_list",
                              {"space_id": client.space_id, **fields}))["data"]


# ---------------------------------------------------------------- listed, described, not editable


async def test_the_bind_list_shows_the_built_ins_first_then_the_space_plugins(
        client: AtelierClient, register, weather_api, tool_server: ToolServer, plugin_db: asyncpg.Connection) -> None:
    plugin_id, tools = await register(weather_api(tool_server.url()), name="Weather for the list")
    listed = await playground(client, size=100)
    entries = listed["plugin_list"]
    assert [e["id"] for e in entries[:4]] == ["1", "2", "3", "4"]
    assert all(e["is_official"] and e["kind"] == "builtin" and e["published"] for e in entries[:4])
    clock = entries[3]
    assert (clock["name"], clock["plugin_type"]) == ("Date and time", 1)
    assert [(a["name"], a["api_id"], a["plugin_id"]) for a in clock["plugin_apis"]] == [
        ("current_time", "4001", "4"), ("add_to_date", "4002", "4"), ("date_difference", "4003", "4")]
    difference = clock["plugin_apis"][2]
    assert [(p["name"], p["type"], p.get("required", False)) for p in difference["parameters"]] == [
        ("start", "string", True), ("end", "string", True)]

    mine = next(e for e in entries if e["id"] == plugin_id)
    assert not mine.get("is_official") and mine["kind"] == "openapi" and not mine.get("published")
    assert mine["creator"]["self"] is True and mine["space_id"] == client.space_id
    assert {a["name"]: a["api_id"] for a in mine["plugin_apis"]} == tools
    weather = next(a for a in mine["plugin_apis"] if a["name"] == "get_weather")
    assert [(p["name"], p["type"]) for p in weather["parameters"]] == [
        ("city", "string"), ("days", "integer"), ("X-Trace", "string")]
    stored = await plugin_db.fetchval("SELECT count(*) FROM plugin.plugins WHERE space_id = $1 AND deleted_at IS NULL",
                                      int(client.space_id))
    assert listed["total"] == 4 + stored

    # Pages run on from the built-ins into the space's plugins.
    second = await playground(client, page=2, size=3)
    assert [e["id"] for e in second["plugin_list"]] == [e["id"] for e in entries[3:6]]
    # Filters: by name (built-ins too), by id, only the caller's own (no built-ins).
    assert [e["id"] for e in (await playground(client, name="CALC"))["plugin_list"]] == ["3"]
    assert [e["id"] for e in (await playground(client, plugin_ids=["2", plugin_id]))["plugin_list"]] == [
        "2", plugin_id]
    own = (await playground(client, self_created=True, size=100))["plugin_list"]
    assert plugin_id in [e["id"] for e in own] and not any(e.get("is_official") for e in own)


async def test_a_built_in_plugin_is_described_like_any_other(client: AtelierClient) -> None:
    info = await client.call("/api/plugin_api/get_plugin_info", {"plugin_id": "2"})
    assert (info["meta_info"]["name"], info["meta_info"]["kind"], info["published"]) == ("Web reader", "builtin", True)
    assert info["manifest"]["auth"]["type"] == "none"
    apis = (await client.call("/api/plugin_api/get_plugin_apis", {"plugin_id": "2", "space_id": client.space_id}))
    [reader] = apis["api_info"]
    assert (reader["name"], reader["api_id"], reader["online_status"], reader["debug_status"]) == (
        "read_web_page", "2001", 1, 1)
    assert [p["name"] for p in reader["request_params"]] == ["url", "max_chars"]
    assert (await client.call("/api/plugin_api/get_oauth_status", {"plugin_id": "2"})).get("is_oauth", False) is False


@pytest.mark.parametrize(("path", "fields", "said"), [
    ("/api/plugin_api/del_plugin", {}, "it cannot be deleted"),
    ("/api/plugin_api/update_plugin_meta", {"name": "Mine now"}, "it cannot be edited"),
    ("/api/plugin_api/update", {"ai_plugin": "{}", "openapi": "openapi: 3.0.3"}, "it cannot be edited"),
    ("/api/plugin_api/publish_plugin", {}, "it cannot be published"),
    ("/api/plugin_api/create_api", {"name": "extra", "desc": "x"}, "it cannot have tools added"),
    ("/api/plugin_api/update_api", {"api_id": "3001", "name": "calc"}, "it cannot have its tools edited"),
    ("/api/plugin_api/delete_api", {"api_id": "3001"}, "it cannot have its tools deleted"),
])
async def test_a_built_in_plugin_cannot_be_changed(client: AtelierClient, runtime, path: str, fields: dict,
                                                   said: str) -> None:
    await expect_error(client.call(path, {"plugin_id": "3", "space_id": client.space_id, **fields}), 403,
                       "plugin 3 ('Calculator') is a built-in plugin", said)
    still = await runtime.invoke(CALCULATOR, CALCULATE, {"expression": "6 * 7"})
    assert still.outcome == "ok" and still.result_for_model == "6 * 7 = 42"


async def test_a_built_in_tool_can_be_debugged_from_the_console(client: AtelierClient) -> None:
    debugged = await client.call("/api/plugin_api/debug_api", {
        "plugin_id": "3", "api_id": "3001", "parameters": json.dumps({"expression": "2 ** 16"}), "operation": 1})
    assert debugged["success"] is True and debugged["resp"] == "2 ** 16 = 65536"
    assert json.loads(debugged["raw_resp"]) == {"expression": "2 ** 16", "result": 65536}


# ---------------------------------------------------------------- resolved for agents


@pytest.mark.parametrize("draft", [True, False])
async def test_built_in_tools_resolve_for_draft_and_online_agents(runtime, draft: bool) -> None:
    refs = [ppb.ToolRef(plugin_id=p.id, api_id=t.id) for p in catalog.PLUGINS for t in p.tools]
    refs.append(ppb.ToolRef(plugin_id=CALCULATOR, api_id=9999))
    resolved = await runtime.resolve(refs, draft=draft)
    assert [t.name for t in resolved.tools] == ["http_request", "read_web_page", "calculate", "current_time",
                                                "add_to_date", "date_difference"]
    reader = next(t for t in resolved.tools if t.name == "read_web_page")
    assert (reader.plugin_name, reader.version) == ("Web reader", "")
    schema = json.loads(reader.parameters)
    assert schema["required"] == ["url"] and schema["properties"]["max_chars"]["maximum"] == 15_000
    [missing] = resolved.unresolved
    assert missing.reason == "tool 9999 not found in plugin 'Calculator'"


async def test_an_agents_hidden_default_is_applied_and_kept_from_the_model(runtime) -> None:
    defaults = [ppb.ToolDefaultParam(name="timezone", value="Asia/Tokyo", hidden=True)]
    [tool] = (await runtime.resolve([ppb.ToolRef(plugin_id=CLOCK, api_id=CURRENT_TIME, default_params=defaults)])).tools
    assert "timezone" not in json.loads(tool.parameters)["properties"]
    answer = await runtime.invoke(CLOCK, CURRENT_TIME, {}, default_params=defaults)
    now = dt.datetime.now(zoneinfo.ZoneInfo("Asia/Tokyo"))
    told = dt.datetime.fromisoformat(json.loads(answer.body)["datetime"])
    assert answer.outcome == "ok" and "in Asia/Tokyo, UTC+09:00" in answer.result_for_model
    assert told.utcoffset() == dt.timedelta(hours=9) and abs((told - now).total_seconds()) < 60


# ---------------------------------------------------------------- the HTTP request tool


async def test_the_http_tool_sends_what_the_model_asked_through_the_guard(runtime, tool_server: ToolServer) -> None:
    tool_server.respond("POST", "/v1/orders", {"id": 17, "state": "placed"}, status=201)
    answer = await runtime.invoke(HTTP, HTTP_REQUEST, {
        "method": "POST", "url": tool_server.url("/v1/orders"), "query": {"dry_run": False, "n": 2},
        "headers": {"Authorization": "Bearer tok-123", "X-Trace": "t-9"}, "body": {"item": "tea", "qty": 2}})
    assert answer.outcome == "ok" and answer.status_code == 201, answer.error
    [sent] = tool_server.calls("POST", "/v1/orders")
    assert sent.query == {"dry_run": ["false"], "n": ["2"]} and sent.json() == {"item": "tea", "qty": 2}
    assert sent.headers["authorization"] == "Bearer tok-123" and sent.headers["content-type"] == "application/json"
    assert answer.result_for_model == 'HTTP 201; Content-Type: application/json\n\n{"id":17,"state":"placed"}'
    record = json.loads(answer.request)
    assert record["headers"] == {"Authorization": "***", "X-Trace": "t-9", "Content-Type": "application/json"}
    assert "tok-123" not in answer.request and (answer.plugin_name, answer.tool_name) == ("HTTP request",
                                                                                          "http_request")


async def test_a_long_answer_is_trimmed_for_the_model_and_kept_whole(runtime, tool_server: ToolServer) -> None:
    text = "".join(f"line {i}: the quick brown fox jumps over the lazy dog\n" for i in range(1000))
    tool_server.respond("GET", "/log.txt", raw=text.encode(), content_type="text/plain; charset=utf-8")
    answer = await runtime.invoke(HTTP, HTTP_REQUEST, {"url": tool_server.url("/log.txt")})
    assert answer.outcome == "ok" and answer.truncated
    assert answer.result_for_model.startswith("HTTP 200; Content-Type: text/plain; charset=utf-8\n\nline 0:")
    assert len(answer.result_for_model.encode()) <= 16_384 and "[truncated" in answer.result_for_model
    assert answer.body == text


async def test_error_statuses_caps_and_bad_arguments(runtime, tool_server: ToolServer) -> None:
    tool_server.respond("DELETE", "/v1/orders/9", {"error": "no such order"}, status=404)
    gone = await runtime.invoke(HTTP, HTTP_REQUEST, {"method": "DELETE", "url": tool_server.url("/v1/orders/9")})
    assert (gone.outcome, gone.status_code) == ("http_error", 404)
    assert gone.result_for_model.endswith('{"error":"no such order"}') and "answered HTTP 404" in gone.error

    tool_server.respond("GET", "/huge", raw=b"x" * (1_048_576 + 10), content_type="text/plain")
    huge = await runtime.invoke(HTTP, HTTP_REQUEST, {"url": tool_server.url("/huge")})
    assert huge.outcome == "failed" and "over the 1048576-byte limit" in huge.error

    tool_server.respond("GET", "/slow", {"ok": True}, delay_s=4)
    slow = await runtime.invoke(HTTP, HTTP_REQUEST, {"url": tool_server.url("/slow")})
    assert slow.outcome == "failed" and "did not answer within 3 s" in slow.error

    before = len(tool_server.requests)
    for arguments, said in [({"url": tool_server.url("/x"), "body": "hi"}, "'body': a GET request carries no body"),
                            ({"url": "file:///etc/passwd"}, "is not an absolute http or https URL"),
                            ({"url": tool_server.url("/x"), "method": "TRACE"}, "'method'")]:
        refused = await runtime.invoke(HTTP, HTTP_REQUEST, arguments)
        assert refused.outcome == "invalid_arguments" and said in refused.error
        assert refused.result_for_model.endswith("Correct the arguments and call the tool again.")
    assert len(tool_server.requests) == before  # nothing was sent


@pytest.mark.parametrize(("url", "reason"), [
    ("http://127.0.0.2:{port}/admin", "resolves to 127.0.0.2, a loopback address; allow it with "
                                      "ATELIER_OUTBOUND_ALLOWLIST=127.0.0.2"),
    ("http://169.254.169.254/latest/meta-data/", "169.254.169.254, a cloud metadata address"),
    ("http://10.1.2.3/", "10.1.2.3, a private address"),
])
@pytest.mark.parametrize(("plugin_id", "api_id"), [(HTTP, HTTP_REQUEST), (READER, READ_WEB_PAGE)])
async def test_the_guard_refuses_addresses_the_allow_list_does_not_open(runtime, url: str, reason: str,
                                                                       plugin_id: int, api_id: int) -> None:
    with ToolServer(host="127.0.0.2") as intranet:
        target = url.format(port=intranet.port)
        answer = await runtime.invoke(plugin_id, api_id, {"url": target})
        assert answer.outcome == "failed" and reason in answer.error, answer.error
        assert answer.result_for_model.startswith("The tool call failed:")
        assert intranet.requests == []


async def test_a_redirect_to_a_refused_address_is_not_followed(runtime, tool_server: ToolServer) -> None:
    tool_server.respond("GET", "/go", None, status=302, headers={"Location": "http://169.254.169.254/latest/"})
    answer = await runtime.invoke(READER, READ_WEB_PAGE, {"url": tool_server.url("/go")})
    assert answer.outcome == "failed" and "redirects to http://169.254.169.254/latest/, which resolves to" in \
        answer.error


# ---------------------------------------------------------------- the web page reader


async def test_the_reader_returns_a_pages_title_and_main_text(runtime, tool_server: ToolServer) -> None:
    tool_server.respond("GET", "/news/tea", raw=ARTICLE.encode(), content_type="text/html; charset=utf-8")
    answer = await runtime.invoke(READER, READ_WEB_PAGE, {"url": tool_server.url("/news/tea")})
    assert answer.outcome == "ok" and answer.status_code == 200, answer.error
    text = answer.result_for_model
    assert text.startswith(f"Title: Tea harvests in 2024\nURL: {tool_server.url('/news/tea')}\n\n")
    assert "first flush of Darjeeling" in text and "Kolkata auctions" in text
    assert "Copyright" not in text and "Shop" not in text and not answer.truncated
    [sent] = tool_server.calls("GET", "/news/tea")
    assert sent.headers["user-agent"].startswith("AtelierBot/1.0")

    short = await runtime.invoke(READER, READ_WEB_PAGE, {"url": tool_server.url("/news/tea"), "max_chars": 200})
    assert short.truncated and "[cut at 200 of" in short.result_for_model
    assert "Kolkata auctions" not in short.result_for_model and "Kolkata auctions" in short.body  # the record: all


async def test_the_reader_refuses_what_is_not_a_page(runtime, tool_server: ToolServer) -> None:
    tool_server.respond("GET", "/report.pdf", raw=b"%PDF-1.7\n\x00\x01\x02", content_type="application/pdf")
    pdf = await runtime.invoke(READER, READ_WEB_PAGE, {"url": tool_server.url("/report.pdf")})
    assert pdf.outcome == "tool_error" and pdf.status_code == 200
    assert f"{tool_server.url('/report.pdf')} is application/pdf, not an HTML or text page" in pdf.result_for_model
    tool_server.respond("GET", "/missing", raw=b"<h1>Not found</h1>", content_type="text/html", status=404)
    missing = await runtime.invoke(READER, READ_WEB_PAGE, {"url": tool_server.url("/missing")})
    assert (missing.outcome, missing.status_code) == ("http_error", 404)
    too_much = await runtime.invoke(READER, READ_WEB_PAGE, {"url": tool_server.url("/x"), "max_chars": 10**6})
    assert too_much.outcome == "invalid_arguments" and "max_chars" in too_much.error


# ---------------------------------------------------------------- calculator and dates


async def test_the_calculator_answers_and_reports_what_it_cannot_compute(runtime) -> None:
    done = await runtime.invoke(CALCULATOR, CALCULATE, {"expression": "(3.5 + 2) * sqrt(16) / 2"})
    assert (done.outcome, done.result_for_model) == ("ok", "(3.5 + 2) * sqrt(16) / 2 = 11")
    assert json.loads(done.body) == {"expression": "(3.5 + 2) * sqrt(16) / 2", "result": 11.0}
    zero = await runtime.invoke(CALCULATOR, CALCULATE, {"expression": "1 / (2 - 2)"})
    assert zero.outcome == "tool_error" and zero.result_for_model == "The tool reported an error: 1 / (2 - 2) divides by zero"
    huge = await runtime.invoke(CALCULATOR, CALCULATE, {"expression": "10 ** 10 ** 10"})
    assert huge.outcome == "tool_error" and "the result is too large" in huge.error
    bad = await runtime.invoke(CALCULATOR, CALCULATE, {"expression": "__import__('os').system('id')"})
    assert bad.outcome == "invalid_arguments" and "invalid arguments for tool 'calculate'" in bad.error


async def test_date_arithmetic_and_differences(runtime) -> None:
    shifted = await runtime.invoke(CLOCK, ADD_TO_DATE, {"date": "2024-01-31", "months": 1, "days": 1})
    assert shifted.outcome == "ok" and shifted.result_for_model == \
        "2024-01-31 plus 1 month, 1 day is 2024-03-01 (Friday)"
    span = await runtime.invoke(CLOCK, DATE_DIFFERENCE, {"start": "2024-02-10", "end": "2024-12-25"})
    assert span.result_for_model == "From 2024-02-10 to 2024-12-25: 10 months, 15 days (319 days)"
    zone = await runtime.invoke(CLOCK, CURRENT_TIME, {"timezone": "Europe/Atlantis"})
    assert zone.outcome == "invalid_arguments" and "'Europe/Atlantis' is not an IANA time zone name" in zone.error
