"""A small progress display: one line per component with its outcome and elapsed time.

On a terminal a status line below shows what is still starting and for how long; in a pipe
(CI, tests) only the finished lines are printed.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Awaitable
from typing import TextIO, TypeVar

T = TypeVar("T")


class Progress:
    def __init__(self, out: TextIO | None = None) -> None:
        self.out = out or sys.stdout
        self.tty = self.out.isatty()
        self._pending: dict[str, float] = {}
        self._ticker: asyncio.Task | None = None

    def line(self, name: str, outcome: str, elapsed_s: float | None = None, detail: str = "") -> None:
        self._clear()
        took = f"{elapsed_s:6.1f}s" if elapsed_s is not None else " " * 7
        print(f"  {name:<13} {outcome:<8} {took}  {detail}".rstrip(), file=self.out, flush=True)
        self._draw()

    def note(self, text: str) -> None:
        self._clear()
        print(text, file=self.out, flush=True)
        self._draw()

    async def track(self, name: str, work: Awaitable[tuple[str, str]]) -> tuple[str, str]:
        """Await work -> (outcome, detail) and print its line; on an exception print 'failed'."""
        started = time.monotonic()
        self._pending[name] = started
        self._ensure_ticker()
        try:
            outcome, detail = await work
        except BaseException:
            self._pending.pop(name, None)
            self.line(name, "failed", time.monotonic() - started)
            raise
        self._pending.pop(name, None)
        self.line(name, outcome, time.monotonic() - started, detail)
        return outcome, detail

    def _ensure_ticker(self) -> None:
        if self.tty and (self._ticker is None or self._ticker.done()):
            self._ticker = asyncio.get_running_loop().create_task(self._tick())

    async def _tick(self) -> None:
        while self._pending:
            self._draw()
            await asyncio.sleep(0.2)
        self._clear()

    def _draw(self) -> None:
        if not (self.tty and self._pending):
            return
        now = time.monotonic()
        waiting = ", ".join(f"{n} {now - t:.0f}s" for n, t in self._pending.items())
        self.out.write(f"\r\x1b[2K  … starting: {waiting}"[:200])
        self.out.flush()

    def _clear(self) -> None:
        if self.tty:
            self.out.write("\r\x1b[2K")
            self.out.flush()
