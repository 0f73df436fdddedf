"""An MCP server's tools and tool results as Atelier uses them; conversion from the SDK's types. No I/O."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import mcp_types as types


@dataclass(frozen=True)
class McpTool:
    name: str
    description: str
    input_schema: dict[str, Any]  # JSON schema of the arguments object, as the server declares it


@dataclass(frozen=True)
class McpToolResult:
    text: str  # what the model reads: the content parts joined
    structured: Any  # the server's structuredContent (a JSON value; an object before MCP 2026-07-28), or None
    is_error: bool  # the tool ran and failed; `text` says how (the model may correct itself)
    raw: dict[str, Any] = field(repr=False)  # the whole CallToolResult as JSON, for the run record


def tool_from_sdk(tool: types.Tool) -> McpTool:
    description = tool.description or tool.title or ""
    schema = dict(tool.input_schema) if tool.input_schema else {"type": "object", "properties": {}}
    return McpTool(name=tool.name, description=description, input_schema=schema)


def result_from_sdk(result: types.CallToolResult) -> McpToolResult:
    parts = [part_text(block) for block in result.content]
    text = "\n".join(p for p in parts if p)
    if not text and result.structured_content is not None:
        text = json.dumps(result.structured_content, ensure_ascii=False)
    return McpToolResult(text=text, structured=result.structured_content, is_error=result.is_error,
                         raw=result.model_dump(mode="json", by_alias=True, exclude_none=True))


def part_text(block: types.ContentBlock) -> str:
    """One content part as text for the model; binary parts are named, not inlined."""
    if isinstance(block, types.TextContent):
        return block.text
    if isinstance(block, types.ImageContent | types.AudioContent):
        kind = "image" if isinstance(block, types.ImageContent) else "audio"
        return f"[{kind} {block.mime_type}, {len(block.data) * 3 // 4} bytes]"
    if isinstance(block, types.ResourceLink):
        return f"[resource {block.uri}{f' ({block.name})' if block.name else ''}]"
    if isinstance(block, types.EmbeddedResource):
        resource = block.resource
        if isinstance(resource, types.TextResourceContents):
            return resource.text
        return f"[resource {resource.uri}, {resource.mime_type or 'binary'}]"
    return ""
