"""An LLM node's user prompt with pictures: a `{{name}}` placeholder naming an image input (a file
input of assist type Image or Svg, or a list of them) becomes image_url parts of the message, in
the place it has in the prompt, the text around it text parts (Coze's nodes/llm/prompt.go). Other
files stay their URLs in the text. Only a model whose config gives it the multimodal capability
takes such a message; for any other the node fails saying so."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from atelier_proto.enums import AssistType, VariableType
from atelier_workflow.domain.plan import PlanNode
from atelier_workflow.domain.typeinfo import TypeInfo
from atelier_workflow.engine.template import render

_PLACEHOLDER = re.compile(r"{{\s*([^}]+?)\s*}}")
_PICTURES = (AssistType.Image, AssistType.Svg)


def _is_picture(typed: TypeInfo) -> bool:
    if typed.type == VariableType.List and typed.element is not None:
        typed = typed.element
    return typed.is_file and typed.assist_type in _PICTURES


def picture_inputs(node: PlanNode) -> frozenset[str]:
    """The node's inputs that hold pictures."""
    return frozenset(binding.path for binding in node.inputs if _is_picture(binding.type))


def user_content(template: str, inputs: Mapping[str, Any], pictures: frozenset[str],
                 suffix: str = "", prefix: str = "") -> str | list[dict[str, Any]]:
    """The user message's content (`prefix`, the rendered template, `suffix`): plain text, or
    text and image_url parts when the template shows a picture (one with no value shows nothing)."""
    parts: list[dict[str, Any]] = []
    _text(parts, prefix)
    at = 0
    for match in _PLACEHOLDER.finditer(template):
        if match.group(1) not in pictures:
            continue
        _text(parts, render(template[at:match.start()], inputs))
        value = inputs.get(match.group(1))
        for url in value if isinstance(value, list) else [value]:
            if isinstance(url, str) and url:
                parts.append({"type": "image_url", "image_url": {"url": url}})
        at = match.end()
    if not any(part["type"] == "image_url" for part in parts):
        return prefix + render(template, inputs) + suffix
    _text(parts, render(template[at:], inputs) + suffix)
    return parts


def _text(parts: list[dict[str, Any]], text: str) -> None:
    if text:
        parts.append({"type": "text", "text": text})
