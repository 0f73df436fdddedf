"""What the MCP endpoint serves, whatever serves it (pure): the caller, a tool, a tool's result and
the narrow interface a tool source implements. Published agents are one source (agents.py),
published workflows another (workflows.py), listed and called the same way."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from atelier_common.auth import RequestContext


@dataclass(frozen=True)
class Caller:
    """Who calls, as the endpoint authenticated them: the token's user, limited to the workspaces
    the request chose (all the token reaches by default), and the trace to continue."""

    ctx: RequestContext
    traceparent: str | None = None

    @property
    def space_ids(self) -> list[int]:
        return sorted(self.ctx.space_ids)


@dataclass(frozen=True)
class Tool:
    name: str
    title: str
    description: str
    input_schema: Mapping[str, Any]
    output_schema: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class ToolResult:
    """A finished call: text blocks for a model to read, and the same facts as structured content."""

    texts: tuple[str, ...]
    structured: Mapping[str, Any] = field(default_factory=dict)


class ToolFailed(Exception):
    """A call that could not give a result; its message goes back as the tool's error result, so a
    model (or a person) reading it can correct the call."""


class ToolSource(Protocol):
    """One kind of callable thing. Sources own disjoint tool names: `claims` tells, without I/O,
    whether a name is one of theirs, so a call reaches exactly one source."""

    def claims(self, name: str) -> bool: ...

    def input_schema(self, name: str) -> Mapping[str, Any] | None:
        """The input schema of a claimed name when known without I/O (the same for every tool of a
        kind), None otherwise (then no Mcp-Param header is checked)."""
        ...

    async def list_tools(self, caller: Caller) -> list[Tool]: ...

    async def call_tool(self, caller: Caller, name: str, arguments: Mapping[str, Any]) -> ToolResult:
        """Raises ToolFailed with a readable reason when the call cannot give a result."""
        ...
