"""Chats that run without a client reading them (/v3/chat with stream=false, Coze's default): the
request answers at once with the chat in progress, the run goes on here and the client polls
/v3/chat/retrieve. Each process tracks its runs so a shutdown ends them properly: on SIGTERM they
get the shutdown grace to finish, then are stopped and recorded as cancelled with what was said.
Runs of a process that died without that (a crash) stay in progress until the reaper fails them."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from atelier_conversation.chat.engine import Run

log = logging.getLogger("atelier.conversation.background")

STOP_WAIT_S = 5.0  # after a stop, how long a run may take to record itself before it is cut off


class BackgroundRuns:
    def __init__(self) -> None:
        self._runs: dict[asyncio.Task[None], Run] = {}

    def __len__(self) -> int:
        return len(self._runs)

    def start(self, run: Run) -> None:
        """Runs `run` to its end in a task of its own (the caller's context goes with it)."""
        task = asyncio.create_task(self._consume(run), name=f"chat-{run.chat.id}")
        self._runs[task] = run
        task.add_done_callback(self._runs.pop)

    @staticmethod
    async def _consume(run: Run) -> None:
        try:
            async for _ in run.updates():
                pass
        except asyncio.CancelledError:
            raise
        except Exception:  # the run records its own failures; this is a bug or a lost database
            log.exception("background chat %s failed", run.chat.id,
                          extra={"chat_id": str(run.chat.id), "bot_id": str(run.chat.bot_id)})

    async def drain(self, grace_s: float) -> None:
        """Shutdown: wait up to grace_s for the runs to end, then stop the rest and wait for them to
        record their partial answers (cut off after STOP_WAIT_S more)."""
        if not self._runs:
            return
        log.info("waiting for %d background chats", len(self._runs), extra={"grace_s": grace_s})
        await asyncio.wait(list(self._runs), timeout=max(0.0, grace_s))
        if not self._runs:
            return
        log.warning("stopping %d background chats still running after the grace period", len(self._runs))
        for run in list(self._runs.values()):
            run.stop("shutdown")
        pending = list(self._runs)
        await asyncio.wait(pending, timeout=STOP_WAIT_S)
        for task in pending:
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*pending, return_exceptions=True)
