"""Coze's `{{name.field[0]}}` placeholders (nodes/template.go), as the Exit node's answer, the
OutputEmitter and the TextProcessor's concat render them.

A placeholder's root is one of the node's inputs, followed by fields and list indexes. Strings
print as they are, numbers as text, booleans as true/false, null as nothing, objects and lists
as JSON with sorted keys (or through a node's own renderer: the TextProcessor joins lists). A
placeholder whose field is not there prints as written; an index past a list's end is an error.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from atelier_workflow.engine.model import NodeError
from atelier_workflow.engine.values import to_text

_PLACEHOLDER = re.compile(r"{{\s*([^}]+)\s*}}")
_SEGMENT = re.compile(r"^([^\[]*)((?:\[\d+])*)$")
_INDEX = re.compile(r"\[(\d+)]")

_MISSING = object()


def _path(expression: str) -> list[str | int] | None:
    """The JSON path of a placeholder; None when it is malformed (then it prints as written)."""
    path: list[str | int] = []
    for segment in expression.split("."):
        match = _SEGMENT.match(segment)
        if match is None:
            return None
        if match.group(1):
            path.append(match.group(1))
        path.extend(int(index) for index in _INDEX.findall(match.group(2)))
    return path


def _lookup(values: Mapping[str, Any], path: list[str | int], expression: str) -> Any:
    current: Any = values
    for step, key in enumerate(path):
        if isinstance(key, int):
            if not isinstance(current, list):
                if current is None and step > 0:
                    raise NodeError(f"{expression}: cannot take element {key} of an empty value", "index_of_nil")
                return _MISSING
            if key >= len(current):
                raise NodeError(f"{expression}: index {key} is past the end of a list of {len(current)}",
                                "index_out_of_range")
            current = current[key]
        elif isinstance(current, Mapping) and key in current:
            current = current[key]
        else:
            return _MISSING
    return current


def value_of(expression: str, values: Mapping[str, Any]) -> tuple[bool, Any]:
    """(found, value) of one placeholder's expression (`name.field[0]`), read as `render` reads it."""
    path = _path(expression.strip())
    value = _lookup(values, path, expression) if path else _MISSING
    return (False, None) if value is _MISSING else (True, value)


def _default_render(value: Any) -> str:
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return to_text(value)


def render(template: str, values: Mapping[str, Any], render_list: Callable[[list], str] | None = None) -> str:
    """The template with each placeholder replaced by the value it names in `values`."""

    def replace(match: re.Match[str]) -> str:
        expression = match.group(1).strip()
        path = _path(expression)
        if not path:
            return match.group(0)
        value = _lookup(values, path, expression)
        if value is _MISSING:
            return match.group(0)
        if value is None:
            return ""
        if render_list is not None and isinstance(value, list):
            return render_list(value)
        return _default_render(value)

    return _PLACEHOLDER.sub(replace, template)
