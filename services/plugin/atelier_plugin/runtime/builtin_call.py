"""One call of a built-in tool (arguments already validated against its schema), in-process: the
edge of the pure tool modules in domain.builtin. The HTTP request tool and the web page reader send
through the plugins' guarded client with the plugin call limits (time and size caps, retries for
idempotent methods); the others compute. Outcomes are the other plugins': invalid_arguments for a
value the tool cannot take, tool_error when it ran and could not answer, failed when the request
got no usable answer, http_error for a non-2xx status."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from atelier_plugin.domain.builtin import calculator, catalog, clock, http_request, web_reader
from atelier_plugin.domain.errors import ArgumentValueError, ToolArgumentsError, ToolRunError
from atelier_plugin.domain.request_building import PreparedRequest
from atelier_plugin.domain.response_shaping import header, shape_response, trim_for_model
from atelier_plugin.domain.tools import is_idempotent
from atelier_plugin.entities import PluginView, Tool
from atelier_plugin.runtime import http_call
from atelier_plugin.runtime.results import CallResult, failed, invalid, reported
from atelier_plugin.state import PluginState
from atelier_proto.enums import InvokeOutcome

Runner = Callable[[PluginState, dict[str, Any], CallResult], Awaitable[CallResult]]


async def call(state: PluginState, view: PluginView, tool: Tool, arguments: dict[str, Any],
               base: CallResult) -> CallResult:
    run = _RUNNERS.get(tool.id)
    if run is None:
        return failed(base, f"tool {tool.id} is not a built-in tool")
    try:
        return await run(state, arguments, base)
    except ArgumentValueError as exc:
        return invalid(base, ToolArgumentsError(tool.name, [str(exc)]))
    except ToolRunError as exc:
        return reported(base, str(exc))


async def _send(state: PluginState, request: PreparedRequest, base: CallResult
                ) -> tuple[http_call.Answer | None, CallResult]:
    """The answer, or None with the failed result (the request as sent in both)."""
    base = replace(base, request=request.for_record())
    try:
        return await http_call.send(request, state.http, state.limits, idempotent=is_idempotent(request.method)), base
    except http_call.CallFailed as exc:
        return None, failed(base, str(exc))


def _status(base: CallResult, answer: http_call.Answer, for_model: str, truncated: bool) -> CallResult:
    ok = 200 <= answer.status_code < 300
    return replace(base, outcome=InvokeOutcome.Ok if ok else InvokeOutcome.HttpError, status_code=answer.status_code,
                   body=answer.body, result_for_model=for_model, truncated=truncated,
                   error="" if ok else f"{answer.url} answered HTTP {answer.status_code}")


async def _http_request(state: PluginState, arguments: dict[str, Any], base: CallResult) -> CallResult:
    request = http_request.prepare(arguments)
    answer, base = await _send(state, request, base)
    if answer is None:
        return base
    text, cut = http_request.for_model(request.method, answer.status_code, answer.headers, answer.body)
    return _status(base, answer, text, cut > 0)


async def _read_web_page(state: PluginState, arguments: dict[str, Any], base: CallResult) -> CallResult:
    answer, base = await _send(state, web_reader.prepare(str(arguments["url"])), base)
    if answer is None:
        return base
    if not 200 <= answer.status_code < 300:
        shaped = shape_response(answer.status_code, answer.headers, answer.body)
        return _status(base, answer, shaped.for_model, shaped.truncated_bytes > 0)
    try:
        page = await asyncio.to_thread(web_reader.read, answer.url, header(answer.headers, "content-type"),
                                       answer.body)
    except ToolRunError as exc:
        return replace(reported(base, str(exc)), status_code=answer.status_code)
    text, cut = page.for_model(int(arguments.get("max_chars", web_reader.DEFAULT_CHARS)))
    shown, trimmed = trim_for_model(text)  # max_chars of wide characters may still pass the byte budget
    return replace(_status(base, answer, shown, cut or trimmed > 0), body=page.full.encode())


def _computed(base: CallResult, for_model: str, values: dict[str, Any]) -> CallResult:
    return replace(base, body=json.dumps(values, ensure_ascii=False).encode(), result_for_model=for_model)


async def _calculate(state: PluginState, arguments: dict[str, Any], base: CallResult) -> CallResult:
    done = calculator.evaluate(str(arguments["expression"]))
    return _computed(replace(base, request={"expression": done.expression}), done.for_model,
                     {"expression": done.expression, "result": done.value})


async def _current_time(state: PluginState, arguments: dict[str, Any], base: CallResult) -> CallResult:
    reading = clock.current_time(str(arguments.get("timezone", clock.DEFAULT_ZONE)), dt.datetime.now(dt.UTC))
    return _computed(replace(base, request=arguments), reading.for_model, reading.values)


async def _add_to_date(state: PluginState, arguments: dict[str, Any], base: CallResult) -> CallResult:
    reading = clock.add(str(arguments["date"]), {u: int(arguments[u]) for u in clock.UNITS if u in arguments})
    return _computed(replace(base, request=arguments), reading.for_model, reading.values)


async def _date_difference(state: PluginState, arguments: dict[str, Any], base: CallResult) -> CallResult:
    reading = clock.difference(str(arguments["start"]), str(arguments["end"]))
    return _computed(replace(base, request=arguments), reading.for_model, reading.values)


_RUNNERS: dict[int, Runner] = {
    catalog.HTTP_REQUEST.id: _http_request,
    catalog.READ_WEB_PAGE.id: _read_web_page,
    catalog.CALCULATE.id: _calculate,
    catalog.CURRENT_TIME.id: _current_time,
    catalog.ADD_TO_DATE.id: _add_to_date,
    catalog.DATE_DIFFERENCE.id: _date_difference,
}
