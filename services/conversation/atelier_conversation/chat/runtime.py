"""What the chat runs of one process share, started and stopped with the service: the cancel
subscription, the runs nobody streams (stream=false) and the reaper of runs lost by dead replicas."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

from atelier_common.service import ServiceDeps
from atelier_conversation.chat.background import STOP_WAIT_S, BackgroundRuns
from atelier_conversation.chat.cancel import CancelSignals
from atelier_conversation.chat.engine import saves_finished
from atelier_conversation.chat.reaper import run_reaper


@dataclass(frozen=True)
class ChatRuntime:
    cancels: CancelSignals
    background: BackgroundRuns


@contextlib.asynccontextmanager
async def chat_runtime(deps: ServiceDeps) -> AsyncIterator[ChatRuntime]:
    cancels = CancelSignals(deps.redis)
    await cancels.start()  # before any chat can run, so no cancel is missed
    reaper = asyncio.create_task(run_reaper(deps), name="chat-reaper")
    runtime = ChatRuntime(cancels=cancels, background=BackgroundRuns())
    try:
        yield runtime
    finally:
        # The grace period, then unfinished runs are cancelled and recorded.
        await runtime.background.drain(deps.settings.shutdown_grace_s)
        # Streamed runs the server cut off after its own grace record themselves in the background too.
        await saves_finished(STOP_WAIT_S)
        reaper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reaper
        await cancels.stop()
