"""What one tool call came to (OpenAPI or MCP), as InvokeTool and debug_api answer it."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from atelier_plugin.domain.errors import ToolArgumentsError
from atelier_proto.enums import InvokeOutcome


@dataclass(frozen=True)
class CallResult:
    outcome: InvokeOutcome
    tool_name: str
    plugin_name: str
    result_for_model: str
    status_code: int = 0
    body: bytes = b""
    request: dict[str, Any] | None = None  # as sent, credentials masked
    authorization_url: str = ""
    error: str = ""
    truncated: bool = False

    def request_json(self) -> str:
        return json.dumps(self.request, ensure_ascii=False) if self.request is not None else ""


def invalid(base: CallResult, exc: ToolArgumentsError) -> CallResult:
    return replace(base, outcome=InvokeOutcome.InvalidArguments, error=exc.msg,
                   result_for_model=f"{exc.msg}. Correct the arguments and call the tool again.")


def failed(base: CallResult, reason: str) -> CallResult:
    return replace(base, outcome=InvokeOutcome.Failed, error=reason, result_for_model=f"The tool call failed: {reason}")


def reported(base: CallResult, reason: str) -> CallResult:
    """The tool ran and reported an error (outcome tool_error): the model reads why."""
    return replace(base, outcome=InvokeOutcome.ToolError, error=f"the tool reported an error: {reason}",
                   result_for_model=f"The tool reported an error: {reason}")
