"""Calls to the agent service: who owns a bot (and whether it is published), and the run stream."""

from __future__ import annotations

import time
from dataclasses import dataclass

import grpc

from atelier_common.auth import RequestContext, current_context, require_visible
from atelier_common.errors import from_rpc_error
from atelier_common.grpc.client import stub
from atelier_common.shared_calls import SharedCalls
from atelier_proto import agent_pb2 as apb
from atelier_proto import agent_pb2_grpc


@dataclass(frozen=True)
class Bot:
    id: int
    space_id: int
    published: bool


def _stub(addr: str) -> agent_pb2_grpc.AgentServiceStub:
    return stub(agent_pb2_grpc.AgentServiceStub, addr)


# Published bots seen recently: a bot's space never changes and it rarely goes offline, so a chat can
# skip asking the agent service again (the caller's access to that space is still checked here, and
# the agent re-checks everything when the run starts). So for up to PUBLISHED_TTL_S after a bot is
# unpublished or deleted, a chat may still start and then fail with the agent's 404; that failure
# drops the entry (forget), so the next chat is refused with 404 at once.
PUBLISHED_TTL_S = 10.0
_published: dict[int, tuple[float, Bot]] = {}


def forget(bot_id: int) -> None:
    _published.pop(bot_id, None)


async def bot(addr: str, bot_id: int, timeout_s: float) -> Bot:
    """NotFound (also for a bot in a space the caller is not in) from the agent service passes through."""
    known = _published.get(bot_id)
    if known is not None and time.monotonic() - known[0] < PUBLISHED_TTL_S:
        require_visible(known[1].space_id, f"bot {bot_id} not found")
        return known[1]
    # Chats of one caller arriving together once the entry expired ask once (the answer depends on
    # who asks: NotFound for a bot in a space the caller is not in).
    return await _lookups.call((bot_id, current_context()), lambda: _look_up(addr, bot_id, timeout_s))


_lookups: SharedCalls[tuple[int, RequestContext], Bot] = SharedCalls()


async def _look_up(addr: str, bot_id: int, timeout_s: float) -> Bot:
    try:
        reply = await _stub(addr).GetDraftBotInfoAgw(apb.GetDraftBotInfoAgwRequest(bot_id=bot_id), timeout=timeout_s)
    except grpc.aio.AioRpcError as e:
        _published.pop(bot_id, None)
        raise from_rpc_error(e) from None
    found = Bot(id=bot_id, space_id=reply.data.space_id, published=reply.data.has_publish)
    if found.published:
        _published[bot_id] = (time.monotonic(), found)
    return found


def execute(addr: str, request: apb.StreamExecuteRequest, timeout_s: float) -> grpc.aio.UnaryStreamCall:
    return _stub(addr).StreamExecute(request, timeout=timeout_s)
