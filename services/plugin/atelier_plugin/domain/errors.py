"""The plugin domain's errors: one for documents a user imports, one for arguments a model gives.

Both are InvalidArgument, so they reach the console as 400 {"code","msg"} and gRPC INVALID_ARGUMENT
without translation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from atelier_common.errors import InvalidArgument


def format_location(parts: Sequence[str | int]) -> str:
    """A position in a document as people read it: paths./weather.get.parameters[0]."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


class PluginSpecError(InvalidArgument):
    """A plugin document (OpenAPI, Swagger, cURL, Postman) that cannot become a plugin.

    `location` says where ("paths./weather.get.parameters[0]", "" for the whole document) and is
    also the message's prefix."""

    def __init__(self, location: str | Sequence[str | int], problem: str) -> None:
        self.location = location if isinstance(location, str) else format_location(location)
        self.problem = problem
        super().__init__(f"{self.location}: {problem}" if self.location else problem)


@dataclass(frozen=True)
class DuplicateOperation:
    """Several requests of an imported collection share a method and path (Coze's DuplicateAPIInfo)."""

    method: str
    path: str
    count: int


class DuplicateOperationsError(PluginSpecError):
    """Raised by conversion when requests share a method and path and merging was not asked for."""

    def __init__(self, duplicates: Sequence[DuplicateOperation]) -> None:
        self.duplicates = tuple(duplicates)
        listed = ", ".join(f"{d.method} {d.path} ({d.count} times)" for d in self.duplicates)
        super().__init__("", f"several requests share a method and path: {listed}; "
                             "merge them (merge_same_paths) or rename their paths")


class ToolArgumentsError(InvalidArgument):
    """Arguments a model (or an agent's defaults) gave a tool that do not fit the tool's schema.

    `problems` lists one readable line per problem; the message joins them so the model can
    correct its call."""

    def __init__(self, tool_name: str, problems: Sequence[str]) -> None:
        self.tool_name = tool_name
        self.problems = tuple(problems)
        listed = "; ".join(self.problems)
        super().__init__(f"invalid arguments for tool '{tool_name}': {listed}")


class ArgumentValueError(ValueError):
    """An argument that fits a built-in tool's schema but not its meaning ('2024-13-01' as a date, an
    unknown time zone, a URL without a host). The message names the argument; the caller turns it
    into a ToolArgumentsError of the tool, so the model corrects its call."""


class ToolRunError(Exception):
    """A built-in tool ran and could not give a result (division by zero, a page that is a PDF):
    the model reads why and may try otherwise."""
