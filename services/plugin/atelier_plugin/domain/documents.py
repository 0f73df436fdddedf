"""JSON or YAML text -> a plain JSON-like mapping, bounded in size.

Every importer reads its text here, so the limits hold for all formats: the text's length, and the
number of nodes once YAML anchors are expanded (a few aliases can stand for billions of nodes)."""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Mapping
from typing import Any

import yaml

from atelier_plugin.domain.errors import PluginSpecError

MAX_DOCUMENT_CHARS = 2_000_000
MAX_DOCUMENT_NODES = 200_000

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_document(text: str) -> dict[str, Any]:
    """Parse JSON or YAML text whose top level is a mapping; keys become strings (YAML reads
    `200:` as an int) and YAML dates become ISO strings, as JSON would carry them."""
    if len(text) > MAX_DOCUMENT_CHARS:
        raise PluginSpecError("", f"the document is {len(text)} characters long; at most {MAX_DOCUMENT_CHARS} are accepted")
    if not text.strip():
        raise PluginSpecError("", "the document is empty")
    return as_document(_parse_json(text) if text.lstrip().startswith(("{", "[")) else _parse_yaml(text))


def as_document(value: Any) -> dict[str, Any]:
    """A parsed value checked and copied as load_document would return it."""
    if not isinstance(value, Mapping):
        raise PluginSpecError("", f"the document must be a mapping (a JSON object), not {type(value).__name__}")
    _check_size(value)
    try:
        return _plain(value)
    except RecursionError:
        raise PluginSpecError("", "the document is nested too deeply") from None


def _parse_json(text: str) -> Any:
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise PluginSpecError("", f"not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    except RecursionError:
        raise PluginSpecError("", "the document is nested too deeply") from None


def _no_constant(name: str) -> Any:
    raise PluginSpecError("", f"not valid JSON: {name} is not a JSON number")


def _parse_yaml(text: str) -> Any:
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        raise PluginSpecError("", f"not valid YAML: {e.problem or e.context}{where}") from None
    except yaml.YAMLError as e:
        raise PluginSpecError("", f"not valid YAML: {e}") from None
    except RecursionError:
        raise PluginSpecError("", "the document is nested too deeply") from None


def _check_size(value: Any) -> None:
    """Count nodes as a reader of the expanded document would meet them, stopping at the limit."""
    seen = 0
    stack = [value]
    while stack:
        node = stack.pop()
        seen += 1
        if seen > MAX_DOCUMENT_NODES:
            raise PluginSpecError("", f"the document has more than {MAX_DOCUMENT_NODES} values "
                                      "(YAML anchors count once per use)")
        if isinstance(node, Mapping):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {_key(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, datetime.date):  # includes datetime
        return value.isoformat()
    if isinstance(value, float) and not math.isfinite(value):
        raise PluginSpecError("", f"{value} is not a JSON number")
    if isinstance(value, bytes):  # YAML !!binary
        raise PluginSpecError("", "binary YAML values are not supported")
    return value


def _key(key: Any) -> str:
    if isinstance(key, bool):
        return "true" if key else "false"
    if key is None:
        return "null"
    return key.isoformat() if isinstance(key, datetime.date) else str(key)
