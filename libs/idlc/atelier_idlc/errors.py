"""Compile errors carry file:line so a bad IDL edit is found at once."""

from __future__ import annotations

from .ast import Loc


class CompileError(Exception):
    def __init__(self, msg: str, loc: Loc | None = None):
        self.msg = msg
        self.loc = loc
        super().__init__(f"{loc}: {msg}" if loc else msg)


class CompileErrors(Exception):
    """Every error found in one run (the compiler reports all of them, not just the first)."""

    def __init__(self, errors: list[CompileError]):
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))
