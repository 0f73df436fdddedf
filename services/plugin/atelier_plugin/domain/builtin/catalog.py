"""What the built-in plugins are: ids, names, descriptions and each tool's argument schema.

Ids are stable (agents keep {plugin_id, api_id}) and below 2**22, where the snowflake generator
never issues ids (its smallest, for 2024-01-01T00:00:00.001Z, is 2**22): a user plugin or tool
can never share one. Plugin n has tools n*1000 + 1, n*1000 + 2, ...

The README's table of built-ins is generated from here
(`python -m atelier_plugin.domain.builtin.catalog --readme README.md`); a test keeps it current.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atelier_common.readme_blocks import readme_cli, with_block
from atelier_plugin.domain.builtin import calculator, clock, http_request, web_reader

RESERVED_IDS_BELOW = 1 << 22
README_BLOCK = "builtin-plugins"


@dataclass(frozen=True)
class BuiltinTool:
    id: int  # the api_id agents bind
    name: str  # the function name the model calls
    description: str
    input_schema: dict[str, Any]  # JSON schema of the arguments object


@dataclass(frozen=True)
class BuiltinPlugin:
    id: int
    name: str
    description: str
    tools: tuple[BuiltinTool, ...]

    def tool(self, tool_id: int) -> BuiltinTool | None:
        return next((t for t in self.tools if t.id == tool_id), None)


def _arguments(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = list(required)
    return schema


_URL = {"type": "string", "minLength": 1, "maxLength": http_request.MAX_URL_CHARS,
        "description": "an absolute http or https URL"}
_DATE = {"type": "string", "minLength": 1, "maxLength": 64,
         "description": "an ISO 8601 date or date-time: 2024-01-31, 2024-01-31T09:30, 2024-01-31T09:30:00+02:00"}
_ZONE = {"type": "string", "minLength": 1, "maxLength": 64,
         "description": "an IANA time zone name: UTC, Europe/Paris, America/New_York, Asia/Tokyo"}


def _amount(unit: str) -> dict[str, Any]:
    return {"type": "integer", "minimum": -clock.MAX_AMOUNT, "maximum": clock.MAX_AMOUNT,
            "description": f"{unit} to add (negative to subtract)"}


HTTP_REQUEST = BuiltinTool(
    id=1001, name="http_request",
    description="Send an HTTP request to a public URL and get back the status, the content type and the body "
                "(a long body is cut). To read a web page as text, read_web_page does better.",
    input_schema=_arguments({
        "method": {"type": "string", "enum": list(http_request.METHODS), "default": "GET",
                   "description": "the HTTP method"},
        "url": {**_URL, "description": "an absolute http or https URL (it may carry a query string)"},
        "headers": {"type": "object", "additionalProperties": {"type": "string"},
                    "description": "request headers by name"},
        "query": {"type": "object", "additionalProperties": {"type": ["string", "number", "boolean"]},
                  "description": "query parameters added to the URL, by name"},
        "body": {"type": ["object", "array", "string", "number", "boolean"],
                 "description": "the request body: a string is sent as it is (text/plain unless a Content-Type "
                                "header says otherwise), anything else as JSON"},
    }, required=("url",)))

READ_WEB_PAGE = BuiltinTool(
    id=2001, name="read_web_page",
    description="Read a web page: its title and main text as markdown (menus, ads and footers left out). "
                "Works on HTML and plain-text pages, not on PDFs, images or other files.",
    input_schema=_arguments({
        "url": _URL,
        "max_chars": {"type": "integer", "minimum": web_reader.MIN_CHARS, "maximum": web_reader.MAX_CHARS,
                      "default": web_reader.DEFAULT_CHARS,
                      "description": "at most this many characters of the page's text"},
    }, required=("url",)))

CALCULATE = BuiltinTool(
    id=3001, name="calculate",
    description="Evaluate an arithmetic expression; use it for any arithmetic rather than working it out (integers "
                "are exact, decimals shown to 15 significant digits). Operators + - * / // % ** and parentheses, comparisons; functions "
                f"{', '.join(sorted(calculator.FUNCTIONS))}; constants {', '.join(sorted(calculator.CONSTANTS))}.",
    input_schema=_arguments({
        "expression": {"type": "string", "minLength": 1, "maxLength": calculator.MAX_EXPRESSION_CHARS,
                       "description": "the expression, e.g. (3.5 + 2) * sqrt(16) / 2"},
    }, required=("expression",)))

CURRENT_TIME = BuiltinTool(
    id=4001, name="current_time",
    description="The current date, time and weekday in a time zone.",
    input_schema=_arguments({"timezone": {**_ZONE, "default": "UTC"}}))

ADD_TO_DATE = BuiltinTool(
    id=4002, name="add_to_date",
    description="A date or date-time plus (or minus) years, months, weeks, days, hours, minutes and seconds, "
                "calendar-aware (2024-01-31 plus 1 month is 2024-02-29).",
    input_schema=_arguments({
        "date": _DATE, **{unit: _amount(unit) for unit in clock.UNITS},
    }, required=("date",)))

DATE_DIFFERENCE = BuiltinTool(
    id=4003, name="date_difference",
    description="The time from one date or date-time to another: in years, months and days, and in total days "
                "(and hours, minutes and seconds for date-times).",
    input_schema=_arguments({"start": _DATE, "end": _DATE}, required=("start", "end")))

PLUGINS: tuple[BuiltinPlugin, ...] = (
    BuiltinPlugin(1, "HTTP request", "Call a public HTTP API: method, URL, headers, query parameters and body.",
                  (HTTP_REQUEST,)),
    BuiltinPlugin(2, "Web reader", "Read web pages: the title and main text as markdown.", (READ_WEB_PAGE,)),
    BuiltinPlugin(3, "Calculator", "Exact arithmetic with math functions.", (CALCULATE,)),
    BuiltinPlugin(4, "Date and time", "The current date and time in any time zone, date arithmetic and differences.",
                  (CURRENT_TIME, ADD_TO_DATE, DATE_DIFFERENCE)),
)

_BY_ID = {p.id: p for p in PLUGINS}


def plugin(plugin_id: int) -> BuiltinPlugin | None:
    return _BY_ID.get(plugin_id)


def is_builtin(plugin_id: int) -> bool:
    return plugin_id in _BY_ID


def readme_table() -> str:
    """The README's table: one row per tool, with the ids an agent binds."""
    rows = ["| Plugin (`plugin_id`) | Tool (`api_id`) | What it does |", "| --- | --- | --- |"]
    rows.extend(f"| {p.name} (`{p.id}`) | `{t.name}` (`{t.id}`) | {t.description} |" for p in PLUGINS for t in p.tools)
    return "\n".join(rows)


def with_readme_table(readme: str) -> str:
    return with_block(readme, README_BLOCK, readme_table())


if __name__ == "__main__":
    readme_cli(README_BLOCK, readme_table())
