"""The built-in tools' own logic, without a service: the catalog's ids, the calculator (results,
refusals, caps), the date tools, the HTTP request tool's request and answer, and the web reader's
reading of a page."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from atelier_common import ids
from atelier_plugin.domain.builtin import calculator, catalog, clock, http_request, web_reader
from atelier_plugin.domain.errors import ArgumentValueError, ToolRunError

# ---------------------------------------------------------------- catalog


def test_built_in_ids_are_unique_and_below_any_snowflake_id():
    plugin_ids = [p.id for p in catalog.PLUGINS]
    tool_ids = [t.id for p in catalog.PLUGINS for t in p.tools]
    assert len(set(plugin_ids)) == len(plugin_ids) and len(set(tool_ids)) == len(tool_ids)
    smallest_snowflake = ids.compose(ids.EPOCH_MS + 1, 0, 0)
    assert max(plugin_ids + tool_ids) < catalog.RESERVED_IDS_BELOW <= smallest_snowflake
    for plugin in catalog.PLUGINS:
        for tool in plugin.tools:
            Draft202012Validator.check_schema(tool.input_schema)
            assert tool.input_schema["additionalProperties"] is False


def test_the_readme_lists_the_built_ins_as_the_catalog_has_them():
    readme = (Path(__file__).parents[3] / "README.md").read_text()
    assert catalog.with_readme_table(readme) == readme, \
        "README built-in plugins table is stale: python -m atelier_plugin.domain.builtin.catalog --readme README.md"


# ---------------------------------------------------------------- calculator


@pytest.mark.parametrize(("expression", "shown"), [
    ("2 ** 10 + sqrt(16)", "1028"),
    ("0.1 + 0.2", "0.3"),
    ("(3.5 + 2) * 4 / 2", "11"),
    ("factorial(25)", "15511210043330985984000000"),
    ("round(pi, 4)", "3.1416"),
    ("log(8, 2) + hypot(3, 4)", "8"),
    ("7 // 2 + 7 % 2", "4"),
    ("2 > 1", "true"),
    ("-2 ** 2", "-4"),
])
def test_expressions_are_evaluated(expression: str, shown: str):
    assert calculator.evaluate(expression).shown == shown


@pytest.mark.parametrize(("expression", "said"), [
    ("2 ^ 10", "'^' is not a power here; write **"),
    ("2 +", "is not an arithmetic expression"),
    ("x = 1", "is not an arithmetic expression"),
    ("__import__('os')", "is not a number"),
    ("(10).to_bytes(10**9)", "is not a function name"),
    ("'ab' * 10**9", "is not a number"),
    ("[1, 2][0]", "has no place in a calculation"),
    ("open(1)", "unknown function 'open'"),
    ("pie * 2", "unknown name 'pie'"),
    ("sqrt(1, 2)", "sqrt"),
])
def test_what_is_not_a_calculation_is_refused_naming_why(expression: str, said: str):
    with pytest.raises(ArgumentValueError, match="'expression'") as caught:
        calculator.evaluate(expression)
    assert said in str(caught.value)


@pytest.mark.parametrize(("expression", "said"), [
    ("1 / 0", "divides by zero"),
    ("sqrt(-1)", "math domain error"),
    ("9 ** 99999", "the result is too large (the power would have more than 1,024 digits)"),
    ("(2 ** 3000) * (2 ** 3000)", "the product would have more than"),
    ("factorial(100000)", "is over the limit of 10000"),
    ("exp(1000)", "the result is too large"),
    ("1e308 * 10", "the result is infinite"),
    ("(-8) ** 0.5", "not a real number"),
])
def test_what_cannot_be_computed_is_reported_and_huge_results_are_capped(expression: str, said: str):
    with pytest.raises(ToolRunError) as caught:
        calculator.evaluate(expression)
    assert said in str(caught.value)


def test_a_long_expression_is_refused():
    with pytest.raises(ArgumentValueError, match="longer than 500 characters"):
        calculator.evaluate("1+" * 300 + "1")


# ---------------------------------------------------------------- date and time

NOW = dt.datetime(2026, 3, 29, 0, 30, tzinfo=dt.UTC)  # Europe/Paris moves to summer time at 01:00 UTC


def test_the_current_time_is_read_in_the_given_zone():
    paris = clock.current_time("Europe/Paris", NOW)
    assert paris.values["datetime"] == "2026-03-29T01:30:00+01:00" and paris.values["weekday"] == "Sunday"
    assert paris.for_model == "2026-03-29T01:30:00+01:00 (Sunday) in Europe/Paris, UTC+01:00 (CET)"
    later = clock.current_time("Europe/Paris", NOW + dt.timedelta(hours=1))
    assert later.values["utc_offset"] == "+02:00"  # the zone's rules, not a fixed offset
    assert clock.current_time("Asia/Kolkata", NOW).values["time"] == "06:00:00"
    with pytest.raises(ArgumentValueError, match="'timezone': 'Mars/Olympus' is not an IANA time zone name"):
        clock.current_time("Mars/Olympus", NOW)


def test_dates_are_shifted_by_calendar_amounts():
    assert clock.add("2024-01-31", {"months": 1}).values["result"] == "2024-02-29"
    assert clock.add("2023-01-31", {"months": 1}).values["result"] == "2023-02-28"
    assert clock.add("2024-03-01", {"days": -1}).for_model == "2024-03-01 plus -1 day is 2024-02-29 (Thursday)"
    assert clock.add("2024-01-01", {"hours": 36}).values["result"] == "2024-01-02T12:00:00"  # a time unit: a date-time
    assert clock.add("2024-01-01T23:00:00+02:00", {"minutes": 90}).values["result"] == "2024-01-02T00:30:00+02:00"
    with pytest.raises(ToolRunError, match="outside the years 1 to 9999"):
        clock.add("2024-01-01", {"years": 9000})
    with pytest.raises(ArgumentValueError, match="'date': '31/01/2024' is not an ISO 8601 date"):
        clock.add("31/01/2024", {"days": 1})


def test_the_time_between_two_dates_is_counted_in_parts_and_totals():
    span = clock.difference("2024-01-31", "2025-03-15")
    assert (span.values["years"], span.values["months"], span.values["days"], span.values["total_days"]) == (1, 1, 15, 409)
    back = clock.difference("2024-03-15", "2024-01-01")
    assert back.values["total_days"] == -74
    timed = clock.difference("2024-01-01T10:00:00+02:00", "2024-01-02T09:30:00Z")
    assert (timed.values["days"], timed.values["hours"], timed.values["minutes"]) == (1, 1, 30)
    assert timed.values["total_hours"] == 25.5
    with pytest.raises(ArgumentValueError, match="one has a UTC offset and the other none"):
        clock.difference("2024-01-01T10:00", "2024-01-02T09:30Z")


# ---------------------------------------------------------------- HTTP request


def test_the_request_is_built_from_the_arguments():
    request = http_request.prepare({"method": "POST", "url": "https://api.example.org/v1/items?x=1#frag",
                                    "headers": {"Authorization": "Bearer t0k", "X-Trace": "a"},
                                    "query": {"limit": 5, "on": True, "q": "tea"}, "body": {"name": "cup"}})
    assert (request.method, request.url) == ("POST", "https://api.example.org/v1/items?x=1")
    assert request.query == (("limit", "5"), ("on", "true"), ("q", "tea"))
    assert (request.body_kind, request.json_body, request.headers["Content-Type"]) == ("json", {"name": "cup"},
                                                                                      "application/json")
    record = request.for_record()
    assert record["headers"]["Authorization"] == "***" and record["headers"]["X-Trace"] == "a"
    text = http_request.prepare({"method": "PUT", "url": "http://example.org/", "body": "plain words",
                                 "headers": {"content-type": "text/csv"}})
    assert (text.body_kind, text.text_body, text.headers) == ("text", "plain words", {"content-type": "text/csv"})
    assert http_request.prepare({"url": "http://example.org"}).method == "GET"


@pytest.mark.parametrize(("arguments", "said"), [
    ({"url": "ftp://example.org/file"}, "'url': 'ftp://example.org/file' is not an absolute http or https URL"),
    ({"url": "/relative"}, "is not an absolute http or https URL"),
    ({"url": "https://user:pw@example.org"}, "the URL carries credentials"),
    ({"url": "https://example.org", "body": {"a": 1}}, "'body': a GET request carries no body"),
    ({"url": "https://example.org", "headers": {"Host": "intranet"}}, "Host is set by the HTTP client"),
    ({"url": "https://example.org", "headers": {"X-A": "1\r\nX-B: 2"}}, "cannot contain line breaks"),
    ({"url": "https://example.org", "headers": {"bad name": "1"}}, "'bad name' is not a header name"),
])
def test_requests_that_cannot_be_sent_are_refused(arguments: dict, said: str):
    with pytest.raises(ArgumentValueError) as caught:
        http_request.prepare(arguments)
    assert said in str(caught.value)


def test_the_model_reads_status_content_type_and_a_trimmed_body():
    text, cut = http_request.for_model("GET", 200, [("Content-Type", "application/json")],
                                       json.dumps({"a": [1, 2]}, indent=2).encode())
    assert (text, cut) == ('HTTP 200; Content-Type: application/json\n\n{"a":[1,2]}', 0)
    text, cut = http_request.for_model("GET", 200, [("Content-Type", "text/plain")], b"x" * 40_000)
    assert cut > 0 and len(text.encode()) <= 16_384 and text.endswith(f"[truncated {cut} bytes]")
    text, _ = http_request.for_model("HEAD", 404, [("Content-Type", "text/html"), ("ETag", '"v1"')], b"")
    assert text == 'HTTP 404; Content-Type: text/html\nETag: "v1"\n\n(empty body)'


# ---------------------------------------------------------------- web reader

ARTICLE = """<html><head><title>Tea  harvests in 2024</title></head><body>
<nav><a href="/">Home</a> | <a href="/shop">Shop</a></nav>
<article><h1>Tea harvests</h1>
<p>The first flush of Darjeeling arrived early this year, after a warm and dry spring in the hills.</p>
<p>Growers in Assam reported a larger second flush than in any of the previous five seasons.</p>
</article>
<footer>Copyright 2024 Example Tea Company. All rights reserved.</footer></body></html>"""


def test_a_page_is_read_as_its_title_and_main_text():
    page = web_reader.read("https://tea.example/harvest", "text/html; charset=utf-8", ARTICLE.encode())
    assert page.title == "Tea harvests in 2024"
    assert "first flush of Darjeeling" in page.text and "Assam" in page.text
    assert "Copyright" not in page.text and "Shop" not in page.text
    full, cut = page.for_model(10_000)
    assert not cut and full.startswith("Title: Tea harvests in 2024\nURL: https://tea.example/harvest\n\n")
    short, cut = page.for_model(60)
    assert cut and "[cut at 60 of" in short and "Assam" not in short


def test_plain_text_is_read_and_other_files_are_refused():
    assert web_reader.read("https://x.example/a.txt", "text/plain", b"just words\n").text == "just words"
    with pytest.raises(ToolRunError, match=r"https://x.example/r.pdf is application/pdf, not an HTML or text page"):
        web_reader.read("https://x.example/r.pdf", "application/pdf", b"%PDF-1.7 \x00\x01")
    with pytest.raises(ToolRunError, match="has no readable text"):
        web_reader.read("https://x.example/", "text/html", b"<html><body><script>x()</script></body></html>")
